import { Button, Group, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { LessonTask } from '@/generated/LessonTask';
import type { TaskAnswer } from '@/generated/TaskAnswer';
import type { TaskAnswerSheet } from '@/generated/TaskAnswerSheet';
import type { TaskQuestion } from '@/generated/TaskQuestion';
import { formatDcRate, formatInstant } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useAnswerSheet, useMarkAnswer } from '../api/answers';
import { scoreText, TASK_LIMITS } from '../task-dict';
import { AnswerText, MarkBadge, TaskQuestionView } from './task-question';
import { Loading, NotLoaded } from '@/features/teaching/components/loading';

export interface StudentSheetProps {
  task: LessonTask;
  studentId: number;
}

/**
 * A student's sheet of a task: each question with the student's answer, its mark (对/错, points)
 * and the teacher's comment; a worked answer waiting for the teacher is marked here (right or
 * wrong, points, comment), any other answer's mark may be changed (修改批改).
 */
export function StudentSheet({ task, studentId }: StudentSheetProps) {
  const sheet = useAnswerSheet(task.taskId, studentId);
  if (sheet.isPending) return <Loading />;
  if (sheet.isError) return <NotLoaded text={sheet.error.message || undefined} />;
  return <SheetView task={task} sheet={sheet.data} />;
}

/** The sheet's results in one line. */
export function SheetSummary({ sheet }: { sheet: TaskAnswerSheet }) {
  const s = sheet.summary;
  return (
    <Group gap="lg" role="group" aria-label="作答结果">
      <Text size="sm">
        得分{' '}
        <Text span fw={700}>
          {s.score}/{s.totalScore}
        </Text>
      </Text>
      <Text size="sm">对 {s.right}</Text>
      <Text size="sm">错 {s.wrong}</Text>
      <Text size="sm">待批改 {s.toMark}</Text>
      <Text size="sm">正确率 {formatDcRate(s.accuracy)}</Text>
      <Text size="sm" c="dimmed">
        作答时间 {formatInstant(s.answerTime)}
      </Text>
    </Group>
  );
}

function SheetView({ task, sheet }: { task: LessonTask; sheet: TaskAnswerSheet }) {
  const byQuestion = new Map(sheet.answers.map((a) => [a.questionId, a]));
  return (
    <Stack gap="sm">
      <SheetSummary sheet={sheet} />
      {task.questions.map((item) => {
        const answer = byQuestion.get(item.question.questionId);
        return (
          <TaskQuestionView
            key={item.question.questionId}
            item={item}
            withAnswer
            badges={
              answer && (
                <>
                  <MarkBadge answer={answer} />
                  <Text size="sm" aria-label="得分">
                    {scoreText(answer, item.score)}
                  </Text>
                </>
              )
            }
          >
            <AnswerPart taskId={task.taskId} studentId={sheet.studentId} item={item} answer={answer} />
          </TaskQuestionView>
        );
      })}
    </Stack>
  );
}

function AnswerPart({
  taskId,
  studentId,
  item,
  answer,
}: {
  taskId: number;
  studentId: number;
  item: TaskQuestion;
  answer: TaskAnswer | undefined;
}) {
  const [changing, setChanging] = useState(false);
  if (!answer) {
    return (
      <Text size="sm" c="dimmed">
        学生作答：未录入
      </Text>
    );
  }
  const waiting = answer.correct === undefined;
  return (
    <Stack gap={6}>
      <Text size="sm" component="div" aria-label="学生作答">
        <Text span fw={600}>
          学生作答：
        </Text>
        <AnswerText answer={answer.answer} />
      </Text>
      {answer.comment && (
        <Text size="sm" c="blue.8" aria-label="评语">
          评语：{answer.comment}
        </Text>
      )}
      {waiting || changing ? (
        <MarkForm
          taskId={taskId}
          studentId={studentId}
          item={item}
          answer={answer}
          onDone={() => setChanging(false)}
          onCancel={waiting ? undefined : () => setChanging(false)}
        />
      ) : (
        <Group justify="flex-end">
          <Button size="compact-sm" variant="subtle" onClick={() => setChanging(true)}>
            修改批改
          </Button>
        </Group>
      )}
    </Stack>
  );
}

type Verdict = 'right' | 'wrong';

function MarkForm({
  taskId,
  studentId,
  item,
  answer,
  onDone,
  onCancel,
}: {
  taskId: number;
  studentId: number;
  item: TaskQuestion;
  answer: TaskAnswer;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const mark = useMarkAnswer();
  const [verdict, setVerdict] = useState<Verdict>(answer.correct === false ? 'wrong' : 'right');
  const [score, setScore] = useState<number | string>(answer.score ?? item.score);
  const [comment, setComment] = useState(answer.comment);
  const points = typeof score === 'number' ? score : Number(score);
  const scoreError =
    Number.isInteger(points) && points >= 0 && points <= item.score ? null : `得分需在0到${item.score}之间`;

  const choose = (value: string) => {
    const next: Verdict = value === 'wrong' ? 'wrong' : 'right';
    setVerdict(next);
    setScore(next === 'right' ? item.score : 0);
  };
  const submit = () =>
    mark.mutate(
      {
        taskId,
        studentId,
        questionId: item.question.questionId,
        correct: verdict === 'right',
        score: points,
        comment: comment.trim(),
      },
      {
        onSuccess: () => {
          showSuccess(`第${item.position}题已批改`);
          onDone();
        },
      },
    );

  return (
    <Stack gap={6} p="xs" bg="yellow.0" style={{ borderRadius: 4 }} role="form" aria-label={`批改第${item.position}题`}>
      <Group gap="sm" align="flex-end">
        <SegmentedControl
          size="xs"
          aria-label="批改结果"
          value={verdict}
          onChange={choose}
          data={[
            { value: 'right', label: '对' },
            { value: 'wrong', label: '错' },
          ]}
        />
        <NumberInput
          size="xs"
          label="得分"
          w={100}
          min={0}
          max={item.score}
          allowDecimal={false}
          value={score}
          onChange={setScore}
          error={scoreError}
        />
      </Group>
      <Textarea
        size="xs"
        label="评语"
        autosize
        minRows={1}
        maxLength={TASK_LIMITS.answer}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
      />
      <Group justify="flex-end" gap="xs">
        {onCancel && (
          <Button size="compact-sm" variant="default" onClick={onCancel}>
            取消
          </Button>
        )}
        <Button size="compact-sm" onClick={submit} loading={mark.isPending} disabled={scoreError !== null}>
          提交批改
        </Button>
      </Group>
    </Stack>
  );
}
