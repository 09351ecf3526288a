import { Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { attendanceBadge } from '@/features/teaching/teaching-dict';
import type { VisitStudent } from '@/generated/VisitStudent';
import { showSuccess } from '@/lib/toast';
import { useSaveVisitStudent } from '../api/students';
import { attentionText, MAX_VISIT_STUDENT_NOTE_CHARS, NOT_RATED, VISIT_ATTENTION } from '../record-tool-dict';

export interface StudentRatingProps {
  visitId: number;
  student: VisitStudent;
  /** The visitor rates while recording; anyone else reads. */
  canEdit: boolean;
}

/** The student's attendance badge; 未考勤 before the lesson's attendance is recorded. */
function AttendanceBadge({ student }: { student: VisitStudent }) {
  const badge = attendanceBadge(student.attendanceStatus, student.attendanceName) ?? { text: '未考勤', color: 'gray' };
  return (
    <Badge variant="light" color={badge.color}>
      {badge.text}
    </Badge>
  );
}

/**
 * A student of the visited lesson (an article named by the student): code, grade and attendance,
 * the visitor's rating of their attention (none clears it) and a note, saved for this student
 * alone by 保存 once changed.
 */
export function StudentRating({ visitId, student, canEdit }: StudentRatingProps) {
  const save = useSaveVisitStudent(visitId);
  const [attention, setAttention] = useState(student.attention);
  const [note, setNote] = useState(student.note);
  const changed = attention !== student.attention || note.trim() !== student.note;

  const submit = () =>
    save.mutate(
      { id: visitId, studentId: student.studentId, attention, note: note.trim() },
      {
        onSuccess: (saved) => {
          setAttention(saved.attention);
          setNote(saved.note);
          showSuccess(`已保存${saved.studentName}的评价`);
        },
      },
    );

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={student.studentName}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6}>
            <Text fw={600}>{student.studentName}</Text>
            <Text size="sm" c="dimmed">
              {[student.studentCode, student.gradeName].filter(Boolean).join(' · ')}
            </Text>
          </Group>
          <AttendanceBadge student={student} />
        </Group>
        {canEdit ? (
          <Group gap="xs" align="flex-end">
            <Select
              label="专注度"
              w={140}
              placeholder="未评价"
              data={[...VISIT_ATTENTION]}
              value={attention === NOT_RATED ? null : String(attention)}
              onChange={(v) => setAttention(v === null ? NOT_RATED : Number(v))}
              clearable
              clearButtonProps={{ 'aria-label': `清除${student.studentName}的专注度`, 'aria-hidden': false }}
              allowDeselect={false}
            />
            <TextInput
              label="备注"
              placeholder="课堂表现"
              style={{ flex: 1, minWidth: 160 }}
              maxLength={MAX_VISIT_STUDENT_NOTE_CHARS}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Button variant="light" onClick={submit} disabled={!changed} loading={save.isPending}>
              保存
            </Button>
          </Group>
        ) : (
          <Group gap="lg">
            <Text size="sm">专注度：{attentionText(student.attention, student.attentionName)}</Text>
            <Text size="sm">备注：{student.note.trim() || '-'}</Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
