import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { AtlasTree } from '@/generated/AtlasTree';
import { type Coded, nameOf } from '@/features/question/question-dict';

export interface TreeListProps {
  trees: readonly AtlasTree[];
  selectedId: number | null;
  onSelect: (tree: AtlasTree) => void;
  atlasTypes: readonly Coded[];
}

/** The trees of the subject and stage: the centre's and mine (and those I edit), with their state. */
export function TreeList({ trees, selectedId, onSelect, atlasTypes }: TreeListProps) {
  if (trees.length === 0) return <Text c="dimmed">还没有图谱，点“新建图谱”或复制中心图谱</Text>;
  return (
    <Stack gap={4} component="nav" aria-label="图谱列表">
      {trees.map((t) => {
        const active = t.treeId === selectedId;
        return (
          <UnstyledButton
            key={t.treeId}
            onClick={() => onSelect(t)}
            aria-current={active ? 'true' : undefined}
            aria-label={t.name}
            p="xs"
            style={{
              borderRadius: 6,
              border: '1px solid var(--mantine-color-gray-3)',
              background: active ? 'var(--mantine-color-blue-light)' : undefined,
            }}
          >
            <Text size="sm" fw={600} truncate="end">
              {t.name}
            </Text>
            <Group gap={4} mt={4}>
              <Badge size="xs" variant="light" color={t.ownerId === 0 ? 'indigo' : 'grape'}>
                {t.ownerId === 0 ? '中心图谱' : t.ownerName || '我的'}
              </Badge>
              <Badge size="xs" variant="light" color={t.published ? 'green' : 'gray'}>
                {t.published ? '已发布' : '未发布'}
              </Badge>
              <Badge size="xs" variant="outline" color="gray">
                {nameOf(atlasTypes, t.atlasType) || `类型${t.atlasType}`}
              </Badge>
              <Text size="xs" c="dimmed">
                {t.nodeCount} 个知识点
              </Text>
            </Group>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
