import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TextbookChapter } from '@/generated/TextbookChapter';
import { formatCount } from '@/lib/report-format';

export interface ChapterPickerProps {
  chapters: readonly TextbookChapter[];
  selectedId: number | null;
  onSelect: (chapter: TextbookChapter) => void;
}

/**
 * A textbook's chapters and their sections as a list to pick one from, each with the bank's
 * questions on its own knowledge points (book/chapterTree's count).
 */
export function ChapterPicker({ chapters, selectedId, onSelect }: ChapterPickerProps) {
  const rows = (list: readonly TextbookChapter[], depth: number) =>
    list.map((chapter) => {
      const active = chapter.id === selectedId;
      return (
        <Stack key={chapter.id} gap={2}>
          <UnstyledButton
            onClick={() => onSelect(chapter)}
            aria-current={active ? 'true' : undefined}
            pl={depth * 14 + 8}
            pr={8}
            py={4}
            style={{ borderRadius: 4, background: active ? 'var(--mantine-color-blue-light)' : undefined }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={active || depth === 0 ? 600 : undefined}>
                {chapter.name}
              </Text>
              <Badge size="xs" variant="light" color={chapter.questionCount > 0 ? 'blue' : 'gray'}>
                {formatCount(chapter.questionCount)}
              </Badge>
            </Group>
          </UnstyledButton>
          {rows(chapter.children, depth + 1)}
        </Stack>
      );
    });
  return (
    <Stack gap={2} component="nav" aria-label="章节">
      {rows(chapters, 0)}
    </Stack>
  );
}
