import { ActionIcon, Badge, Group, Menu, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TextbookChapter } from '@/generated/TextbookChapter';

export type ChapterAction = 'addSection' | 'rename' | 'points' | 'delete';

export interface ChapterTreeProps {
  chapters: readonly TextbookChapter[];
  /** An editor's menu of each chapter; none: read-only. */
  onAction?: (action: ChapterAction, chapter: TextbookChapter) => void;
}

/**
 * A textbook's chapters and their sections as an outline: each with the knowledge points bound to
 * it and the bank's questions on them; a chapter folds its sections away. An editor's menu adds a
 * section to a chapter, renames, binds points and deletes.
 */
export function ChapterTree({ chapters, onAction }: ChapterTreeProps) {
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setClosed((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const rows = (list: readonly TextbookChapter[], depth: number) =>
    list.map((chapter) => {
      const open = !closed.has(chapter.id);
      const hasChildren = chapter.children.length > 0;
      return (
        <div key={chapter.id} role="treeitem" aria-label={chapter.name} aria-expanded={hasChildren ? open : undefined}>
          <Group
            gap={6}
            wrap="nowrap"
            pl={depth * 22}
            pr={4}
            py={6}
            align="flex-start"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={`${open ? '收起' : '展开'}${chapter.name}`}
              onClick={() => toggle(chapter.id)}
              style={{ visibility: hasChildren ? undefined : 'hidden' }}
              tabIndex={hasChildren ? undefined : -1}
            >
              {open ? '▾' : '▸'}
            </ActionIcon>
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={depth === 0 ? 600 : undefined}>
                {chapter.name}
              </Text>
              {chapter.knowledgePoints.length > 0 && (
                <Group gap={4} aria-label={`${chapter.name}的知识点`} role="list">
                  {chapter.knowledgePoints.map((p) => (
                    <Badge key={p.id} size="sm" variant="outline" color="indigo" role="listitem">
                      {p.name}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
            <Badge size="sm" variant="light" color={chapter.questionCount > 0 ? 'blue' : 'gray'}>
              {chapter.questionCount} 题
            </Badge>
            {onAction && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`章节操作：${chapter.name}`}>
                    ⋯
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {depth === 0 && <Menu.Item onClick={() => onAction('addSection', chapter)}>添加小节</Menu.Item>}
                  <Menu.Item onClick={() => onAction('rename', chapter)}>重命名</Menu.Item>
                  <Menu.Item onClick={() => onAction('points', chapter)}>绑定知识点</Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" onClick={() => onAction('delete', chapter)}>
                    删除
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
          {hasChildren && open && <div role="group">{rows(chapter.children, depth + 1)}</div>}
        </div>
      );
    });

  return (
    <Stack gap={0} role="tree" aria-label="章节">
      {rows(chapters, 0)}
    </Stack>
  );
}
