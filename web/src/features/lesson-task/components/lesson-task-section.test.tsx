import { afterEach, describe, expect, it, vi } from 'vitest';
import { questionView } from '@/features/question/test-helpers';
import type { ClassDetail } from '@/generated/ClassDetail';
import type { ClassStudent } from '@/generated/ClassStudent';
import type { LessonTask } from '@/generated/LessonTask';
import type { TaskCheck } from '@/generated/TaskCheck';
import {
  bodiesOf,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  urlsOf,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { lessonTask } from '../test-helpers';
import { LessonTaskSection } from './lesson-task-section';

afterEach(() => vi.unstubAllGlobals());

const classStudent = (studentId: number, patch: Partial<ClassStudent> = {}): ClassStudent => ({
  studentId,
  studentCode: `ST${studentId}`,
  studentName: `学员${studentId}`,
  gradeName: '高一',
  joinedTime: 1,
  leftTime: 0,
  dueLessons: 0,
  present: 0,
  late: 0,
  absent: 0,
  leave: 0,
  reportCount: 0,
  submittedCount: 0,
  ...patch,
});

const CLASS = {
  class: { id: 57 },
  students: [classStudent(1), classStudent(2), classStudent(3), classStudent(4, { leftTime: 5 })],
  lessons: [],
} as unknown as ClassDetail;

const BASKET = {
  total: 2,
  limit: 100,
  groups: [
    { questionType: 1, typeName: '单选题', questions: [questionView(101)] },
    {
      questionType: 4,
      typeName: '解答题',
      questions: [questionView(102, { questionType: 4, typeName: '解答题', stem: '求 $x^2=4$ 的解', options: [] })],
    },
  ],
};

function server(check: TaskCheck, { limit = 2, task }: { limit?: number; task?: LessonTask } = {}) {
  const state = { check, task };
  const fetch = mockFetch([
    ['GET', '/api/task/check', () => envelope(state.check)],
    ['POST', '/api/task/detail', () => envelope(state.task)],
    [
      'POST',
      '/api/task/getTaskName',
      () => envelope({ lessonId: 14, taskId: 0, name: '高一数学精品班 第14次课 课后任务' }),
    ],
    ['POST', '/api/task/class/student/limit', () => envelope({ classId: 57, classType: 2, limit, studentCount: 3 })],
    ['POST', '/api/basket/question/list', () => envelope(BASKET)],
    ['POST', '/api/teaching/class/detail', () => envelope(CLASS)],
    [
      'POST',
      '/api/task/queryClassGroup',
      () =>
        envelope({
          lessonId: 14,
          taskId: 31,
          classId: 57,
          className: '高一数学精品班',
          groups: [
            { code: 'marked', name: '已批改', students: [] },
            { code: 'toMark', name: '待批改', students: [] },
            {
              code: 'unanswered',
              name: '未作答',
              students: [{ studentId: 2, studentCode: 'ST2', studentName: '学员2' }],
            },
          ],
        }),
    ],
    [
      'POST',
      '/api/task/checkTextContent',
      () => envelope({ pass: false, problems: ['内容不能包含手机号', '内容不能包含网址链接'] }),
    ],
    [
      'POST',
      '/api/task/submit',
      (_url, init) => {
        const body = jsonBody(init) as { name: string; questions: unknown[]; studentIds: number[] };
        state.task = lessonTask({ name: body.name, studentCount: body.studentIds.length });
        state.check = { ...check, exists: true, taskId: 31, status: 1 };
        return envelope(state.task);
      },
    ],
  ]);
  return fetch;
}

const NONE: TaskCheck = { lessonId: 14, exists: false, taskId: 0, status: 0, canEdit: true, reason: '' };

describe('课后任务 on a lesson', () => {
  it('布置任务: the default name, the basket’s questions with points, the class’s students within the limit', async () => {
    const fetch = server(NONE);
    render(<LessonTaskSection lessonId={14} classId={57} />, { route: '/easyServer/scheduleDetail/14' });
    const section = await screen.findByRole('region', { name: '课后任务' });
    expect(await within(section).findByText('本课次还没有布置课后任务。')).toBeInTheDocument();
    expect(urlsOf(fetch)).toContain('/api/task/check?lessonId=14');
    await userEvent.click(within(section).getByRole('button', { name: '布置任务' }));

    const dialog = await screen.findByRole('dialog', { name: '布置课后任务' });
    const name = await within(dialog).findByRole('textbox', { name: '任务名称' });
    expect(name).toHaveValue('高一数学精品班 第14次课 课后任务');
    const questions = within(dialog).getByRole('group', { name: '题目' });
    expect(within(questions).getByRole('group', { name: '试题篮第2题' }).querySelector('.katex')).not.toBeNull();
    expect(within(questions).getByText('已选 2 题，共 10 分')).toBeInTheDocument();
    const second = within(questions).getByRole('textbox', { name: '第2题分值' });
    await userEvent.clear(second);
    await userEvent.type(second, '12');
    expect(within(questions).getByText('已选 2 题，共 17 分')).toBeInTheDocument();

    // Two of the three current students are picked (the class type allows two); the one who left is not listed.
    const students = within(dialog).getByRole('group', { name: '学生' });
    expect(within(students).getByRole('checkbox', { name: '学员1（ST1）' })).toBeChecked();
    expect(within(students).getByRole('checkbox', { name: '学员2（ST2）' })).toBeChecked();
    expect(within(students).getByRole('checkbox', { name: '学员3（ST3）' })).not.toBeChecked();
    expect(within(students).queryByRole('checkbox', { name: '学员4（ST4）' })).not.toBeInTheDocument();
    expect(within(students).getByText('最多 2 名（本班 3 人）')).toBeInTheDocument();
    await userEvent.click(within(students).getByRole('checkbox', { name: '学员3（ST3）' }));
    expect(within(students).getByText('该班型最多布置给 2 名学生')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '布置任务' })).toBeDisabled();
    await userEvent.click(within(students).getByRole('checkbox', { name: '学员1（ST1）' }));

    // Before the first task the message is checked on submit.
    expect(within(dialog).getByRole('button', { name: '检查' })).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '留言' }), '请在周五前完成。');
    await userEvent.click(within(dialog).getByRole('button', { name: '布置任务' }));

    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/task/submit')).toEqual([
        {
          lessonId: 14,
          name: '高一数学精品班 第14次课 课后任务',
          textContent: '请在周五前完成。',
          questions: [
            { questionId: 101, score: 5 },
            { questionId: 102, score: 12 },
          ],
          studentIds: [2, 3],
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(section).findByLabelText('任务名称')).toHaveTextContent('高一数学精品班 第14次课 课后任务');
    expect(within(section).getByLabelText('题数')).toHaveTextContent('4 道题');
    expect(within(section).getByText('作答中')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: '教师批改' })).toHaveAttribute(
      'href',
      '/easyCorrect/teacherCorrect?taskId=31',
    );
    expect(within(section).getByRole('link', { name: '试卷分析' })).toHaveAttribute(
      'href',
      '/easyCorrect/paperAnalysis?taskId=31',
    );
  });

  it('修改任务 keeps the task’s students; 检查 shows what is wrong with the message', async () => {
    const fetch = server({ ...NONE, exists: true, taskId: 31, status: 1 }, { limit: 12, task: lessonTask() });
    render(<LessonTaskSection lessonId={14} classId={57} />, { route: '/easyServer/scheduleDetail/14' });
    const section = await screen.findByRole('region', { name: '课后任务' });
    expect(await within(section).findByLabelText('任务名称')).toHaveTextContent('导数课后练习');
    await userEvent.click(within(section).getByRole('button', { name: '修改任务' }));
    const dialog = await screen.findByRole('dialog', { name: '修改课后任务' });
    const students = await within(dialog).findByRole('group', { name: '学生' });
    expect(within(students).getByRole('checkbox', { name: '学员2（ST2）' })).toBeChecked();
    expect(within(students).getByRole('checkbox', { name: '学员1（ST1）' })).not.toBeChecked();
    const message = within(dialog).getByRole('textbox', { name: '留言' });
    expect(message).toHaveValue('请在周五前完成。');
    await userEvent.clear(message);
    await userEvent.type(message, '有问题打 13800001111 或看 www.x.cn');
    await userEvent.click(within(dialog).getByRole('button', { name: '检查' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('内容不能包含手机号');
    expect(alert).toHaveTextContent('内容不能包含网址链接');
    expect(bodiesOf(fetch, '/api/task/checkTextContent')).toEqual([
      { taskId: 31, textContent: '有问题打 13800001111 或看 www.x.cn' },
    ]);
    // A changed message needs checking again.
    await userEvent.type(message, '。');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why the task cannot be set', async () => {
    server(
      { ...NONE, exists: true, taskId: 31, status: 1, canEdit: false, reason: '已有学生作答，题目和学生不能再改' },
      {
        task: lessonTask(),
      },
    );
    render(<LessonTaskSection lessonId={14} classId={57} />, { route: '/easyServer/scheduleDetail/14' });
    const section = await screen.findByRole('region', { name: '课后任务' });
    expect(await within(section).findByText('已有学生作答，题目和学生不能再改')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /任务/ })).not.toBeInTheDocument();
    expect(await within(section).findByRole('link', { name: '教师批改' })).toBeInTheDocument();
  });
});
