import { ActionIcon, Badge, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { SortableItem, SortableList } from '@/features/camp/components/sortable';
import { movedIds } from '@/features/camp/reorder';
import type { AidSeries } from '@/generated/AidSeries';

export interface SeriesListProps {
  series: readonly AidSeries[];
  selectedId: number | null;
  onSelect: (series: AidSeries) => void;
  /** The library's editors reorder (drag, or 上移 and 下移), rename and delete; others only read. */
  editor: boolean;
  /** The ids of every series in the new order. */
  onReorder: (ids: number[]) => void;
  onRename: (series: AidSeries) => void;
  onDelete: (series: AidSeries) => void;
}

/**
 * The series of a subject and stage in the library's order, each with its count of aids. An
 * editor drags a series by its handle (pointer or keyboard) or steps it with 上移 and 下移.
 */
export function SeriesList({ series, selectedId, onSelect, editor, onReorder, onRename, onDelete }: SeriesListProps) {
  const ids = series.map((s) => s.id);
  const nameOf = (id: number) => series.find((s) => s.id === id)?.name ?? '';
  const step = (id: number, by: -1 | 1) => {
    const over = ids[ids.indexOf(id) + by];
    const next = over === undefined ? null : movedIds(ids, id, over);
    if (next) onReorder(next);
  };

  return (
    <SortableList ids={ids} nameOf={nameOf} onReorder={onReorder}>
      <Stack gap={4} component="nav" aria-label="教辅系列">
        {series.map((s, i) => {
          const active = s.id === selectedId;
          return (
            <SortableItem key={s.id} id={s.id} label={`系列「${s.name}」`} disabled={!editor || series.length < 2}>
              {(handle) => (
                <Group
                  gap={4}
                  wrap="nowrap"
                  px={4}
                  style={{
                    borderRadius: 6,
                    border: '1px solid var(--mantine-color-gray-3)',
                    background: active ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-body)',
                  }}
                >
                  {handle}
                  <UnstyledButton
                    onClick={() => onSelect(s)}
                    aria-current={active ? 'true' : undefined}
                    aria-label={s.name}
                    py={6}
                    px={4}
                    style={{ flex: 1, minWidth: 0 }}
                  >
                    <Text size="sm" fw={active ? 600 : undefined} truncate="end">
                      {s.name}
                    </Text>
                  </UnstyledButton>
                  <Badge size="xs" variant="light" color="gray">
                    {s.aidCount} 本
                  </Badge>
                  {editor && (
                    <>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="gray"
                        aria-label={`上移：${s.name}`}
                        disabled={i === 0}
                        onClick={() => step(s.id, -1)}
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="gray"
                        aria-label={`下移：${s.name}`}
                        disabled={i === series.length - 1}
                        onClick={() => step(s.id, 1)}
                      >
                        ↓
                      </ActionIcon>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`系列操作：${s.name}`}>
                            ⋯
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => onRename(s)}>重命名</Menu.Item>
                          <Menu.Item color="red" onClick={() => onDelete(s)}>
                            删除
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </>
                  )}
                </Group>
              )}
            </SortableItem>
          );
        })}
      </Stack>
    </SortableList>
  );
}
