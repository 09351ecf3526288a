// The parts of a verdict on AI output after 有用 / 没用 is chosen: the tags offered for that
// verdict and a note. Replies (FeedbackButtons) and recognised papers (PaperFeedback) share them.

import { Chip, Group, Textarea } from '@mantine/core';

export interface FeedbackFieldsProps {
  offered: string[];
  tags: string[];
  onTagsChange: (tags: string[]) => void;
  note: string;
  onNoteChange: (note: string) => void;
  /** The longest note accepted, when the form bounds it. */
  noteMaxLength?: number;
}

export function FeedbackFields({
  offered,
  tags,
  onTagsChange,
  note,
  onNoteChange,
  noteMaxLength,
}: FeedbackFieldsProps) {
  return (
    <>
      <Chip.Group multiple value={tags} onChange={onTagsChange}>
        <Group gap={6}>
          {offered.map((t) => (
            <Chip key={t} value={t} size="xs">
              {t}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Textarea
        aria-label="补充说明"
        placeholder="补充说明（可选）"
        size="xs"
        value={note}
        maxLength={noteMaxLength}
        onChange={(e) => onNoteChange(e.currentTarget.value)}
      />
    </>
  );
}
