import { Alert, Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import {
  actionColumn,
  badgeColumn,
  countColumn,
  instantColumn,
  textColumn,
} from '@/features/teaching/components/columns';
import { Loading, NotLoaded } from '@/features/teaching/components/loading';
import { isChoice, optionLetter } from '@/features/question/question-dict';
import type { LessonTask } from '@/generated/LessonTask';
import type { StudentCodeResources } from '@/generated/StudentCodeResources';
import type { StudentTaskResource } from '@/generated/StudentTaskResource';
import type { TaskAnswerSheet } from '@/generated/TaskAnswerSheet';
import type { TaskQuestion } from '@/generated/TaskQuestion';
import { useAnswerSheet, useSaveAnswers } from '../api/answers';
import { useStudentTasks } from '../api/task-lists';
import { useTaskDetail } from '../api/tasks';
import { answeredCount, answersToSave, draftsOf, type SheetDrafts, toggleChoice } from '../answer-sheet';
import { FILL_IN, TASK_LIMITS, TASK_STATUS, taskKindName, taskStatusBadge } from '../task-dict';
import { taskIdOf } from '../task-paths';
import { StudentSheet } from './student-sheet';
import { TaskQuestionView } from './task-question';

/** The longest student code the server looks up. */
const CODE_LIMIT = 64;

/**
 * 标注答案 (/easyCorrect/markAnswer?studentCode=&taskId=): a student found by their code, their
 * tasks; an open task's sheet entered as the student wrote it — choices as option buttons, fill-in
 * and worked answers as text — and saved, which shows the marks (objective answers marked at once,
 * worked answers marked here or on 教师批改).
 */
export function MarkAnswer({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const code = (params.get('studentCode') ?? '').trim();
  const taskId = taskIdOf(params);
  const student = useStudentTasks(code);
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <CodeSearch key={code} value={code} onSearch={(c) => setParams(c ? { studentCode: c } : {})} />
      {code !== '' && student.isPending && <Loading />}
      {code !== '' && student.isError && <NotLoaded text={student.error.message || '学生不存在或无权查看'} />}
      {student.data && (
        <StudentTasks
          student={student.data}
          taskId={taskId}
          onPick={(id) => setParams({ studentCode: code, taskId: String(id) })}
        />
      )}
      {student.data && taskId !== null && (
        <SheetEntry key={`${student.data.studentId}-${taskId}`} taskId={taskId} studentId={student.data.studentId} />
      )}
    </Stack>
  );
}

function CodeSearch({ value, onSearch }: { value: string; onSearch: (code: string) => void }) {
  const [draft, setDraft] = useState(value);
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form onSubmit={submit} role="search" aria-label="查找学生">
      <Group gap="sm" align="flex-end">
        <TextInput
          size="xs"
          label="学生编号"
          placeholder="答题卡上的学生编号"
          maxLength={CODE_LIMIT}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          w={220}
        />
        <Button size="xs" type="submit" disabled={draft.trim() === ''}>
          查询
        </Button>
      </Group>
    </form>
  );
}

function StudentTasks({
  student,
  taskId,
  onPick,
}: {
  student: StudentCodeResources;
  taskId: number | null;
  onPick: (taskId: number) => void;
}) {
  const columns: ListTableColumn<StudentTaskResource>[] = [
    textColumn('name', '任务名称', 220),
    textColumn('kind', '类型', 100, (t) => taskKindName(t.kind)),
    textColumn('className', '班级', 160),
    badgeColumn('status', '状态', (t) => taskStatusBadge(t.status), 90),
    countColumn('questionCount', '题数', 70),
    countColumn('answered', '已答', 70),
    countColumn('toMark', '待批改', 80),
    instantColumn('createTime', '布置时间'),
    actionColumn(
      (t) => (
        <Button
          size="compact-sm"
          variant={t.taskId === taskId ? 'filled' : 'light'}
          onClick={() => onPick(t.taskId)}
          aria-label={`${t.status === TASK_STATUS.open ? '录入答案' : '查看作答'} ${t.name}`}
        >
          {t.status === TASK_STATUS.open ? '录入答案' : '查看作答'}
        </Button>
      ),
      110,
    ),
  ];
  return (
    <Stack gap="xs">
      <Text fw={600}>
        {student.studentName}（{student.studentCode}）的任务
      </Text>
      <ListTable<StudentTaskResource>
        label="学生的任务"
        storeKey="lesson-task-student-tasks"
        columns={columns}
        records={student.tasks}
        idAccessor="taskId"
        rowAttributes={(t) => ({ 'aria-label': t.name, 'aria-selected': t.taskId === taskId ? 'true' : undefined })}
        noRecordsText="该学生暂无任务"
        pinFirstColumn
        pinLastColumn
      />
    </Stack>
  );
}

function SheetEntry({ taskId, studentId }: { taskId: number; studentId: number }) {
  const task = useTaskDetail(taskId);
  const sheet = useAnswerSheet(taskId, studentId);
  if (task.isPending || sheet.isPending) return <Loading />;
  if (task.isError) return <NotLoaded text={task.error.message || '任务不存在或无权查看'} />;
  if (sheet.isError) return <NotLoaded text={sheet.error.message || undefined} />;
  return <SheetForm task={task.data} sheet={sheet.data} />;
}

/** The form while the task is open and nothing was saved yet (or 修改答案 was asked); the marks otherwise. */
function SheetForm({ task, sheet }: { task: LessonTask; sheet: TaskAnswerSheet }) {
  const open = task.status === TASK_STATUS.open;
  const [editing, setEditing] = useState(open && sheet.answers.length === 0);
  const [drafts, setDrafts] = useState<SheetDrafts>(() => draftsOf(sheet));
  const save = useSaveAnswers();
  const set = (questionId: number, answer: string) => setDrafts((d) => new Map(d).set(questionId, answer));

  if (!editing) {
    return (
      <Stack gap="sm" aria-label="批改结果" role="region">
        <Group justify="space-between">
          <Title order={5}>
            {task.name} · {taskStatusBadge(task.status).text}
          </Title>
          {open && (
            <Button size="xs" variant="light" onClick={() => setEditing(true)}>
              修改答案
            </Button>
          )}
        </Group>
        <StudentSheet task={task} studentId={sheet.studentId} />
      </Stack>
    );
  }
  const filled = answeredCount(task, drafts);
  return (
    <Stack gap="sm" role="form" aria-label="答题卡">
      <Group justify="space-between">
        <Title order={5}>{task.name}</Title>
        <Text size="sm" c="dimmed">
          已填 {filled}/{task.questions.length} 题，未填的题不记录，可稍后补录
        </Text>
      </Group>
      {task.questions.map((item) => (
        <TaskQuestionView key={item.question.questionId} item={item}>
          <AnswerInput item={item} value={drafts.get(item.question.questionId) ?? ''} onChange={set} />
        </TaskQuestionView>
      ))}
      {sheet.answers.length > 0 && (
        <Alert color="blue" variant="light">
          重新保存时，改动过的答案重新判分；未改动的答案保留原来的批改。
        </Alert>
      )}
      <Group justify="flex-end">
        {sheet.answers.length > 0 && (
          <Button variant="default" onClick={() => setEditing(false)}>
            取消
          </Button>
        )}
        <Button
          loading={save.isPending}
          disabled={filled === 0}
          onClick={() =>
            save.mutate(
              { taskId: task.taskId, studentId: sheet.studentId, answers: answersToSave(task, drafts) },
              { onSuccess: () => setEditing(false) },
            )
          }
        >
          保存答案
        </Button>
      </Group>
    </Stack>
  );
}

function AnswerInput({
  item,
  value,
  onChange,
}: {
  item: TaskQuestion;
  value: string;
  onChange: (questionId: number, answer: string) => void;
}) {
  const q = item.question;
  if (isChoice(q.questionType)) {
    return (
      <Group gap="xs" role="group" aria-label={`第${item.position}题作答`}>
        {q.options.map((_, i) => {
          const letter = optionLetter(i);
          const chosen = value.includes(letter);
          return (
            <Button
              key={letter}
              size="compact-md"
              w={44}
              variant={chosen ? 'filled' : 'default'}
              aria-pressed={chosen}
              onClick={() => onChange(q.questionId, toggleChoice(value, letter, q.questionType))}
            >
              {letter}
            </Button>
          );
        })}
      </Group>
    );
  }
  const label = `第${item.position}题作答`;
  const change = (answer: string) => onChange(q.questionId, answer);
  return q.questionType === FILL_IN ? (
    <TextInput
      size="sm"
      label={label}
      placeholder="填空答案"
      maxLength={TASK_LIMITS.answer}
      value={value}
      onChange={(e) => change(e.currentTarget.value)}
    />
  ) : (
    <Textarea
      size="sm"
      label={label}
      placeholder="学生的解答过程"
      autosize
      minRows={2}
      maxLength={TASK_LIMITS.answer}
      value={value}
      onChange={(e) => change(e.currentTarget.value)}
    />
  );
}
