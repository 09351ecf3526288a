import { Badge, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CellBadge } from '@/components/data-table/cell-badge';
import { MathText } from '@/components/math-text';
import { isChoice, optionLetter } from '@/features/question/question-dict';
import type { WrongQuestion } from '@/generated/WrongQuestion';
import { formatInstant } from '@/lib/report-format';
import { useStudentWrongQuestions } from '../api/wrong-questions';
import { WRONG_STATUSES, wrongStatusBadge } from '../wrong-dict';

const ALL = 'all';
const FILTERS = [
  { value: ALL, label: '全部' },
  ...WRONG_STATUSES.map((s) => ({ value: String(s.status), label: s.text })),
];

/** A student's correction notebook: their wrong questions, all or of one state. */
export function WrongQuestionList({ studentId, studentName }: { studentId: number; studentName: string }) {
  const [filter, setFilter] = useState(ALL);
  const status = filter === ALL ? null : Number(filter);
  const query = useStudentWrongQuestions(studentId, status);
  const rows = query.data ?? [];
  return (
    <Stack gap="sm" role="region" aria-label={`${studentName}的错题`}>
      <Group justify="space-between">
        <Text fw={600}>{studentName} 的错题</Text>
        <SegmentedControl size="xs" aria-label="错题状态" data={FILTERS} value={filter} onChange={setFilter} />
      </Group>
      {query.isPending && (
        <Text size="sm" c="dimmed">
          加载中…
        </Text>
      )}
      {query.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          暂无错题
        </Text>
      )}
      {rows.map((w, i) => (
        <WrongQuestionCard key={`${w.question.questionId}-${w.classId}`} wrong={w} index={i + 1} />
      ))}
    </Stack>
  );
}

function WrongQuestionCard({ wrong, index }: { wrong: WrongQuestion; index: number }) {
  const q = wrong.question;
  const status = wrongStatusBadge(wrong.status, wrong.statusName);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="article"
      aria-label={`错题${index}`}
      data-question-id={q.questionId}
      data-status={wrong.status}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6}>
            <Text fw={600}>{index}.</Text>
            <Badge variant="light">{q.typeName}</Badge>
            <CellBadge color={status.color} text={status.text} />
          </Group>
          <Text size="xs" c="dimmed">
            错 {wrong.wrongCount} 次 · 最近 {formatInstant(wrong.lastWrongTime)}
          </Text>
        </Group>
        <MathText component="div" text={q.stem} data-part="stem" />
        {isChoice(q.questionType) && q.options.length > 0 && (
          <Stack gap={4} pl="sm" aria-label="选项" role="list">
            {q.options.map((option, i) => (
              <Group key={i} gap={6} wrap="nowrap" align="flex-start" role="listitem">
                <Text span fw={500}>
                  {optionLetter(i)}.
                </Text>
                <MathText text={option} />
              </Group>
            ))}
          </Stack>
        )}
        <Stack gap={2} p="xs" bg="gray.0" style={{ borderRadius: 4 }}>
          <Text size="sm" component="div" aria-label="最近错答">
            <Text span fw={600} c="red.8">
              最近错答：
            </Text>
            {wrong.lastAnswer.trim() ? (
              <MathText text={wrong.lastAnswer} />
            ) : (
              <Text span c="dimmed">
                未作答
              </Text>
            )}
          </Text>
          <Text size="sm" component="div" aria-label="正确答案">
            <Text span fw={600} c="green.8">
              正确答案：
            </Text>
            <MathText text={q.answer} />
          </Text>
          {q.analysis && (
            <Text size="sm" component="div">
              <Text span fw={600}>
                解析：
              </Text>
              <MathText text={q.analysis} />
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
