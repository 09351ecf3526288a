import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import { MAX_NOTE_MINUTE, MAX_VISIT_NOTE_CHARS, MAX_VISIT_NOTES } from '../record-tool-dict';
import { minuteOfLesson } from '../visit-rules';
import { type NoteValue, toScoreValue } from '../visit-sheet-values';

export interface TimelineNotesProps {
  lesson: Pick<ScheduleLesson, 'startTime' | 'endTime'>;
  notes: readonly NoteValue[];
  /** The error of a note's field (`notes.{i}.minute`, `notes.{i}.text`). */
  errorOf: (path: string) => string | undefined;
  onChange: (index: number, patch: Partial<Omit<NoteValue, 'uid'>>) => void;
  onRemove: (index: number) => void;
  /** A new note, to go into the timeline at its minute. */
  onAdd: (note: { minute: number; text: string }) => void;
}

/**
 * 过程记录 (a region): what happened and at which minute of the lesson, each note editable and
 * removable; a new note starts at the minute the lesson has reached (its start before it, its end
 * after it). At most MAX_VISIT_NOTES notes of MAX_VISIT_NOTE_CHARS characters.
 */
export function TimelineNotes({ lesson, notes, errorOf, onChange, onRemove, onAdd }: TimelineNotesProps) {
  const [minute, setMinute] = useState<number | ''>(() => minuteOfLesson(lesson, Date.now()));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = notes.length >= MAX_VISIT_NOTES;

  const add = () => {
    if (!text.trim()) {
      setError('请填写记录内容');
      return;
    }
    onAdd({ minute: minute === '' ? minuteOfLesson(lesson, Date.now()) : minute, text: text.trim() });
    setText('');
    setError(null);
    setMinute(minuteOfLesson(lesson, Date.now()));
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="过程记录">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={5}>过程记录</Title>
          <Text size="xs" c="dimmed">
            {notes.length}/{MAX_VISIT_NOTES} 条
          </Text>
        </Group>
        {notes.length === 0 && (
          <Text size="sm" c="dimmed">
            还没有记录，按课堂进程随时添加。
          </Text>
        )}
        {notes.map((note, i) => (
          <Group key={note.uid} gap="xs" align="flex-start" wrap="nowrap" role="group" aria-label={`记录 ${i + 1}`}>
            <NumberInput
              label="分钟"
              w={90}
              min={0}
              max={MAX_NOTE_MINUTE}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={note.minute}
              error={errorOf(`notes.${i}.minute`)}
              onChange={(v) => onChange(i, { minute: toScoreValue(v) })}
            />
            <Textarea
              label="内容"
              style={{ flex: 1 }}
              autosize
              minRows={1}
              maxRows={6}
              maxLength={MAX_VISIT_NOTE_CHARS}
              value={note.text}
              error={errorOf(`notes.${i}.text`)}
              onChange={(e) => onChange(i, { text: e.currentTarget.value })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={`删除记录 ${i + 1}`}
              onClick={() => onRemove(i)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group
          gap="xs"
          align="flex-start"
          wrap="nowrap"
          role="group"
          aria-label="添加记录"
          pt="xs"
          style={{ borderTop: '1px dashed var(--mantine-color-gray-4)' }}
        >
          <NumberInput
            label="第几分钟"
            w={90}
            min={0}
            max={MAX_NOTE_MINUTE}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={minute}
            disabled={full}
            onChange={(v) => setMinute(toScoreValue(v))}
          />
          <Textarea
            label="记录内容"
            placeholder={full ? `最多 ${MAX_VISIT_NOTES} 条记录` : '此刻课堂上发生了什么'}
            style={{ flex: 1 }}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={MAX_VISIT_NOTE_CHARS}
            disabled={full}
            value={text}
            error={error}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
          />
          <Button mt={25} variant="light" disabled={full} onClick={add}>
            添加
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
