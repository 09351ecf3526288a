import { Badge, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { StudentTask } from '@/generated/StudentTask';
import { optionLetter } from '../task-content';

export interface AnswerResult {
  score: number | null;
  myAnswers: number[];
  rightAnswers: number[];
}

/** A question set answered: each question with the member's choice and the right one, and the score. */
function AnswerReview({ task, result }: { task: StudentTask; result: AnswerResult }) {
  const questions = task.questions ?? [];
  const right = result.rightAnswers.filter((a, i) => a === result.myAnswers[i]).length;
  return (
    <Stack gap="xs" aria-label="答题结果">
      <Group gap="xs">
        <Text fw={600} size="lg" c="teal">
          得分：{result.score ?? '-'}分
        </Text>
        <Text size="sm" c="dimmed">
          答对 {right}/{result.rightAnswers.length} 题
        </Text>
      </Group>
      {questions.map((q, i) => {
        const mine = result.myAnswers[i];
        const answer = result.rightAnswers[i];
        const correct = mine === answer;
        return (
          <Stack key={i} gap={2}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge color={correct ? 'teal' : 'red'} variant="light" style={{ flexShrink: 0 }}>
                {correct ? '正确' : '错误'}
              </Badge>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {i + 1}. {q.stem}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              你的答案：{mine === undefined ? '-' : `${optionLetter(mine)}. ${q.options[mine] ?? ''}`}；正确答案：
              {answer === undefined ? '-' : `${optionLetter(answer)}. ${q.options[answer] ?? ''}`}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}

export interface QuestionAnswerProps {
  task: StudentTask;
  /** The result when the set is done (from the view, or the answer just sent). */
  result: AnswerResult | null;
  disabled: boolean;
  busy: boolean;
  onSubmit: (answers: number[]) => void;
}

/** A question set: one choice per question and 提交 (once every question is answered); then the review. */
export function QuestionAnswer({ task, result, disabled, busy, onSubmit }: QuestionAnswerProps) {
  const questions = task.questions ?? [];
  const [answers, setAnswers] = useState<(number | null)[]>(() => questions.map(() => null));
  if (result) return <AnswerReview task={task} result={result} />;
  const complete = answers.every((a) => a !== null);
  return (
    <Stack gap="md">
      {questions.map((q, i) => (
        <Radio.Group
          key={i}
          label={`${i + 1}. ${q.stem}`}
          value={answers[i] === null ? null : String(answers[i])}
          onChange={(v) => setAnswers(answers.map((a, j) => (j === i ? Number(v) : a)))}
          styles={{ label: { whiteSpace: 'pre-wrap' } }}
        >
          <Stack gap={6} mt={6}>
            {q.options.map((option, k) => (
              <Radio key={k} value={String(k)} label={`${optionLetter(k)}. ${option}`} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      ))}
      <Button
        onClick={() => onSubmit(answers.map((a) => a ?? 0))}
        disabled={disabled || !complete}
        loading={busy}
        fullWidth
      >
        提交
      </Button>
      {!complete && !disabled && (
        <Text size="xs" c="dimmed" ta="center">
          回答全部 {questions.length} 道题后可提交
        </Text>
      )}
    </Stack>
  );
}
