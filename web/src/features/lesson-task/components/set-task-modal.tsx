import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { MathText } from '@/components/math-text';
import { routesByName } from '@/config/paths';
import { useBasket } from '@/features/basket/api/basket';
import { useClassDetail } from '@/features/teaching/api/classes';
import { Loading, NotLoaded } from '@/features/teaching/components/loading';
import type { ClassStudent } from '@/generated/ClassStudent';
import type { LessonTask } from '@/generated/LessonTask';
import type { QuestionView } from '@/generated/QuestionView';
import type { TaskStudentLimit } from '@/generated/TaskStudentLimit';
import { showSuccess } from '@/lib/toast';
import { useClassGroups } from '../api/answers';
import { useStudentLimit, useSubmitTask, useTaskDetail, useTaskName } from '../api/tasks';
import { TASK_LIMITS } from '../task-dict';
import { MessageField } from './task-message';

export interface SetTaskModalProps {
  opened: boolean;
  onClose: () => void;
  lessonId: number;
  classId: number;
  /** The lesson's task being set again (0: none yet). */
  taskId: number;
}

/**
 * 布置任务: the name (the lesson's default prefilled), the questions of my basket each with its
 * points, the class's students (as many as the class type allows) and a message checked before
 * it is sent; submitting sets (or replaces) the lesson's task.
 */
export function SetTaskModal({ opened, onClose, lessonId, classId, taskId }: SetTaskModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={taskId > 0 ? '修改课后任务' : '布置课后任务'} size="xl">
      {opened && <SetTaskLoader lessonId={lessonId} classId={classId} taskId={taskId} onDone={onClose} />}
    </Modal>
  );
}

function SetTaskLoader({
  lessonId,
  classId,
  taskId,
  onDone,
}: {
  lessonId: number;
  classId: number;
  taskId: number;
  onDone: () => void;
}) {
  const name = useTaskName(lessonId, true);
  const limit = useStudentLimit(classId, true);
  const basket = useBasket();
  const klass = useClassDetail(classId);
  const existing = useTaskDetail(taskId > 0 ? taskId : null);
  const groups = useClassGroups(taskId > 0 ? lessonId : null);
  const reading = [name, limit, basket, klass, ...(taskId > 0 ? [existing, groups] : [])];
  const failed = reading.find((q) => q.isError);
  if (failed) return <NotLoaded text={failed.error.message || undefined} />;
  if (!name.data || !limit.data || !basket.data || !klass.data || (taskId > 0 && (!existing.data || !groups.data))) {
    return <Loading />;
  }
  const questions = basket.data.groups.flatMap((g) => g.questions);
  const students = klass.data.students.filter((s) => s.leftTime === 0);
  // Set again: the task's students stay picked; first set: the class's, as many as allowed.
  const taskStudents = groups.data?.groups.flatMap((g) => g.students.map((s) => s.studentId));
  const picked = taskStudents ?? students.slice(0, limit.data.limit).map((s) => s.studentId);
  return (
    <SetTaskForm
      lessonId={lessonId}
      taskId={taskId}
      initialName={name.data.name}
      initialText={existing.data?.textContent ?? ''}
      questions={questions}
      students={students}
      initialStudents={picked}
      limit={limit.data}
      existing={existing.data}
      onDone={onDone}
    />
  );
}

interface SetTaskFormProps {
  lessonId: number;
  taskId: number;
  initialName: string;
  initialText: string;
  questions: QuestionView[];
  students: ClassStudent[];
  initialStudents: number[];
  limit: TaskStudentLimit;
  existing: LessonTask | undefined;
  onDone: () => void;
}

type Score = number | string;

const scoreError = (score: Score) => {
  const n = typeof score === 'number' ? score : Number(score);
  return Number.isInteger(n) && n >= TASK_LIMITS.scoreMin && n <= TASK_LIMITS.scoreMax
    ? null
    : `${TASK_LIMITS.scoreMin}–${TASK_LIMITS.scoreMax}分`;
};

function SetTaskForm({
  lessonId,
  taskId,
  initialName,
  initialText,
  questions,
  students,
  initialStudents,
  limit,
  existing,
  onDone,
}: SetTaskFormProps) {
  const submit = useSubmitTask();
  const [name, setName] = useState(initialName);
  const [text, setText] = useState(initialText);
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  const [scores, setScores] = useState<ReadonlyMap<number, Score>>(() => {
    const before = new Map((existing?.questions ?? []).map((q) => [q.question.questionId, q.score]));
    return new Map(questions.map((q) => [q.questionId, before.get(q.questionId) ?? TASK_LIMITS.scoreDefault]));
  });
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set(initialStudents));

  const chosen = questions.filter((q) => !left.has(q.questionId));
  const scoreOf = (id: number): Score => scores.get(id) ?? TASK_LIMITS.scoreDefault;
  const total = chosen.reduce((sum, q) => sum + (Number(scoreOf(q.questionId)) || 0), 0);
  const nameError = name.trim() === '' ? '请输入任务名称' : null;
  const questionError =
    chosen.length === 0
      ? '请至少选择一道题'
      : chosen.length > TASK_LIMITS.questions
        ? `一个任务最多 ${TASK_LIMITS.questions} 道题`
        : chosen.some((q) => scoreError(scoreOf(q.questionId)))
          ? '请检查每题的分值'
          : null;
  const studentError =
    picked.size === 0
      ? '请至少选择一名学生'
      : picked.size > limit.limit
        ? `该班型最多布置给 ${limit.limit} 名学生`
        : null;
  const toggle = <T,>(set: ReadonlySet<T>, item: T, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(item);
    else next.delete(item);
    return next;
  };
  const allPicked = students.length > 0 && students.every((s) => picked.has(s.studentId));

  const send = () =>
    submit.mutate(
      {
        lessonId,
        name: name.trim(),
        textContent: text.trim(),
        questions: chosen.map((q) => ({ questionId: q.questionId, score: Number(scoreOf(q.questionId)) })),
        studentIds: students.filter((s) => picked.has(s.studentId)).map((s) => s.studentId),
      },
      {
        onSuccess: (task) => {
          showSuccess(`已布置“${task.name}”：${task.questions.length} 道题，${task.studentCount} 名学生`);
          onDone();
        },
      },
    );

  return (
    <Stack gap="md">
      <TextInput
        label="任务名称"
        required
        maxLength={TASK_LIMITS.name}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={nameError}
      />
      <Stack gap={6} role="group" aria-label="题目">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            题目（来自试题篮）
          </Text>
          <Text size="sm" c="dimmed">
            已选 {chosen.length} 题，共 {total} 分
          </Text>
        </Group>
        {questions.length === 0 ? (
          <Alert color="yellow" variant="light">
            试题篮是空的。请先在
            <Anchor component={Link} to={routesByName.get('KnowledgePaper')?.path ?? '/'} mx={4}>
              知识点组卷
            </Anchor>
            把题目加入试题篮。
          </Alert>
        ) : (
          questions.map((q, i) => {
            const on = !left.has(q.questionId);
            return (
              <Paper key={q.questionId} withBorder p="xs" aria-label={`试题篮第${i + 1}题`} role="group">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Checkbox
                    mt={4}
                    aria-label={`选择第${i + 1}题`}
                    checked={on}
                    onChange={(e) => setLeft(toggle(left, q.questionId, !e.currentTarget.checked))}
                  />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap={6}>
                      <Text size="sm" fw={600}>
                        {i + 1}.
                      </Text>
                      <Badge size="sm" variant="light">
                        {q.typeName}
                      </Badge>
                    </Group>
                    <MathText component="div" text={q.stem} fz="sm" />
                  </Stack>
                  <NumberInput
                    size="xs"
                    w={90}
                    aria-label={`第${i + 1}题分值`}
                    suffix=" 分"
                    min={TASK_LIMITS.scoreMin}
                    max={TASK_LIMITS.scoreMax}
                    allowDecimal={false}
                    disabled={!on}
                    value={scoreOf(q.questionId)}
                    onChange={(v) => setScores(new Map(scores).set(q.questionId, v))}
                    error={on ? scoreError(scoreOf(q.questionId)) : null}
                  />
                </Group>
              </Paper>
            );
          })
        )}
        {questions.length > 0 && questionError && (
          <Text size="xs" c="red">
            {questionError}
          </Text>
        )}
      </Stack>
      <Stack gap={6} role="group" aria-label="学生">
        <Group justify="space-between">
          <Checkbox
            label={`学生（已选 ${picked.size} 人）`}
            checked={allPicked}
            indeterminate={!allPicked && picked.size > 0}
            onChange={(e) => setPicked(e.currentTarget.checked ? new Set(students.map((s) => s.studentId)) : new Set())}
            aria-label="全选学生"
          />
          <Text size="sm" c="dimmed">
            最多 {limit.limit} 名（本班 {limit.studentCount} 人）
          </Text>
        </Group>
        <Group gap="md">
          {students.map((s) => (
            <Checkbox
              key={s.studentId}
              label={`${s.studentName}（${s.studentCode}）`}
              checked={picked.has(s.studentId)}
              onChange={(e) => setPicked(toggle(picked, s.studentId, e.currentTarget.checked))}
            />
          ))}
        </Group>
        {studentError && (
          <Text size="xs" c="red">
            {studentError}
          </Text>
        )}
      </Stack>
      <MessageField value={text} onChange={setText} taskId={taskId} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          取消
        </Button>
        <Button
          onClick={send}
          loading={submit.isPending}
          disabled={nameError !== null || questionError !== null || studentError !== null}
        >
          {taskId > 0 ? '保存任务' : '布置任务'}
        </Button>
      </Group>
    </Stack>
  );
}
