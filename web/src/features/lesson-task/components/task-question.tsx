import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CellBadge } from '@/components/data-table/cell-badge';
import { MathText } from '@/components/math-text';
import { isChoice, optionLetter } from '@/features/question/question-dict';
import type { QuestionView } from '@/generated/QuestionView';
import type { TaskAnswer } from '@/generated/TaskAnswer';
import type { TaskQuestion } from '@/generated/TaskQuestion';
import { markBadge, markOf } from '../task-dict';

export interface TaskQuestionViewProps {
  item: TaskQuestion;
  /** Shows the stored answer (and the analysis) under the question. */
  withAnswer?: boolean;
  /** Beside the number and type (a mark). */
  badges?: ReactNode;
  /** Under the question (the student's answer, a form). */
  children?: ReactNode;
}

/** A question of a task: its number, type and points, the stem and options with their formulas. */
export function TaskQuestionView({ item, withAnswer = false, badges, children }: TaskQuestionViewProps) {
  const q = item.question;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`第${item.position}题`}>
      <Stack gap="xs">
        <Group gap={6}>
          <Text fw={600}>{item.position}.</Text>
          <Badge variant="light">{q.typeName}</Badge>
          <Text size="sm" c="dimmed">
            {item.score} 分
          </Text>
          {badges}
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
        {withAnswer && <StoredAnswer question={q} />}
        {children}
      </Stack>
    </Paper>
  );
}

/** The question's stored answer and analysis. */
export function StoredAnswer({ question }: { question: QuestionView }) {
  return (
    <Stack gap={2} p="xs" bg="gray.0" style={{ borderRadius: 4 }} aria-label="参考答案">
      <Text size="sm" component="div">
        <Text span fw={600}>
          【答案】
        </Text>
        <MathText text={question.answer} />
      </Text>
      {question.analysis && (
        <Text size="sm" component="div">
          <Text span fw={600}>
            【解析】
          </Text>
          <MathText text={question.analysis} />
        </Text>
      )}
    </Stack>
  );
}

/** A student's answer as written (formulas drawn), '未作答' when blank. */
export function AnswerText({ answer }: { answer: string }) {
  return answer.trim() === '' ? (
    <Text span c="dimmed">
      未作答
    </Text>
  ) : (
    <MathText text={answer} />
  );
}

/** An answer's mark as a badge: 对, 错 or 待批改. */
export function MarkBadge({ answer }: { answer: Pick<TaskAnswer, 'correct'> }) {
  const badge = markBadge(markOf(answer));
  return <CellBadge color={badge.color} text={badge.text} />;
}
