import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { TaskAnswerSheet } from '@/generated/TaskAnswerSheet';
import type { TaskSummaryInfo } from '@/generated/TaskSummaryInfo';
import {
  bodiesOf,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { answer, answerSheet, hasAnswerTask, lessonTask, studentSummary, summaryInfo } from '../test-helpers';
import { TeacherCorrect } from './teacher-correct';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/easyCorrect/teacherCorrect';

function Opened() {
  const { pathname, search } = useLocation();
  return <p>opened {pathname + search}</p>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: PATH, element: <TeacherCorrect title="教师批改" /> },
      { path: '*', element: <Opened /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const page = <T,>(records: T[]) => ({ records, total: records.length, pageNo: 1, pageSize: 30 });

describe('教师批改: my tasks with answers', () => {
  it('lists a page of them, filtered by class, lesson days and only those to mark; a name opens the task', async () => {
    const fetch = mockFetch([
      [
        'POST',
        '/api/lesson/report/hasAnswer/list/v2',
        () =>
          envelope(page([hasAnswerTask(31, { name: '导数课后练习' }), hasAnswerTask(32, { toMark: 0, accuracy: -1 })])),
      ],
      [
        'POST',
        '/api/lesson/report/hasAnswer/list',
        () => envelope([hasAnswerTask(31), hasAnswerTask(40, { classId: 58, className: '高二物理班' })]),
      ],
    ]);
    const router = renderAt(PATH);
    const table = await screen.findByRole('table', { name: '有作答的任务' });
    const row = await within(table).findByRole('row', { name: '导数课后练习' });
    expect(row).toHaveTextContent('2/3');
    expect(row).toHaveTextContent('50.00%');
    expect(row).toHaveTextContent('作答中');
    expect(within(table).getByRole('row', { name: '任务32' })).toHaveTextContent('/');
    expect(bodiesOf(fetch, '/api/lesson/report/hasAnswer/list/v2')).toEqual([{ pageNo: 1, pageSize: 30 }]);

    await userEvent.click(screen.getByRole('checkbox', { name: '只看待批改' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/lesson/report/hasAnswer/list/v2').at(-1)).toEqual({
        toMark: true,
        pageNo: 1,
        pageSize: 30,
      }),
    );
    await userEvent.click(screen.getByRole('textbox', { name: '班级' }));
    await userEvent.click(await screen.findByRole('option', { name: '高二物理班' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/lesson/report/hasAnswer/list/v2').at(-1)).toEqual({
        classId: 58,
        toMark: true,
        pageNo: 1,
        pageSize: 30,
      }),
    );
    await userEvent.type(screen.getByLabelText('开始日期'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('结束日期'), '2026-11-30');
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/lesson/report/hasAnswer/list/v2').at(-1)).toEqual({
        classId: 58,
        startTime: new Date(2026, 10, 1).getTime(),
        endTime: new Date(2026, 11, 1).getTime(),
        toMark: true,
        pageNo: 1,
        pageSize: 30,
      }),
    );

    await userEvent.click(within(row).getByRole('link', { name: '导数课后练习' }));
    await waitFor(() => expect(router.state.location.search).toBe('?taskId=31'));
  });
});

describe('教师批改: a task', () => {
  /** A server whose summary and sheet of student 1 follow the marks given. */
  function server() {
    const state: { status: number; summary: TaskSummaryInfo; sheet: TaskAnswerSheet } = {
      status: 1,
      summary: summaryInfo(),
      sheet: answerSheet(1, [
        answer(1, 'C', true),
        answer(2, 'A', false),
        answer(3, '2', true),
        answer(4, '极大值为 $2$'),
      ]),
    };
    const fetch = mockFetch([
      ['POST', '/api/task/detail', () => envelope(lessonTask({ status: state.status }))],
      ['POST', '/api/task/studentSummaryInfo', () => envelope(state.summary)],
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
              {
                code: 'marked',
                name: '已批改',
                students: [{ studentId: 2, studentCode: 'ST2', studentName: '学员2' }],
              },
              {
                code: 'toMark',
                name: '待批改',
                students: [{ studentId: 1, studentCode: 'ST1', studentName: '学员1' }],
              },
              {
                code: 'unanswered',
                name: '未作答',
                students: [{ studentId: 3, studentCode: 'ST3', studentName: '学员3' }],
              },
            ],
          }),
      ],
      ['POST', '/api/task/answer/sheet', () => envelope(state.sheet)],
      [
        'POST',
        '/api/task/answer/mark',
        (_url, init) => {
          const body = jsonBody(init);
          state.sheet = answerSheet(1, [
            ...state.sheet.answers.slice(0, 3),
            {
              ...answer(4, '极大值为 $2$', body.correct as boolean, body.score as number),
              comment: String(body.comment),
            },
          ]);
          state.summary = summaryInfo({
            toMark: 0,
            students: [studentSummary(1, { toMark: 0, right: 3, score: 18, accuracy: 0.75 })],
          });
          return envelope(state.sheet);
        },
      ],
      [
        'POST',
        '/api/task/close',
        () => {
          state.status = 2;
          return envelope(lessonTask({ status: 2 }));
        },
      ],
    ]);
    return fetch;
  }

  it('shows the groups and the results; a student’s sheet marks a worked answer, and the results follow', async () => {
    const fetch = server();
    renderAt(`${PATH}?taskId=31`);
    expect(await screen.findByRole('heading', { name: '导数课后练习' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/task/queryClassGroup')).toEqual([{ lessonId: 14 }]);
    const overview = screen.getByRole('region', { name: '作答概况' });
    await waitFor(() => expect(within(overview).getByRole('group', { name: '平均分' })).toHaveTextContent('12.5'));
    expect(within(overview).getByRole('group', { name: '正确率' })).toHaveTextContent('50.00%');
    expect(within(overview).getByRole('group', { name: '待批改' })).toHaveTextContent('1');
    const groups = await screen.findByRole('region', { name: '学生分组' });
    const toMark = within(groups).getByRole('group', { name: '待批改' });
    expect(
      within(within(groups).getByRole('group', { name: '未作答' })).getByRole('button', { name: '学员3' }),
    ).toBeInTheDocument();

    const table = screen.getByRole('table', { name: '学生成绩' });
    expect(within(table).getByRole('row', { name: '学员2' })).toHaveTextContent('15/25');

    await userEvent.click(within(toMark).getByRole('button', { name: '学员1' }));
    const drawer = await screen.findByRole('dialog', { name: '学员1 的作答' });
    const worked = await within(drawer).findByRole('article', { name: '第4题' });
    expect(within(drawer).getByRole('article', { name: '第1题' })).toHaveTextContent('对');
    expect(within(drawer).getByRole('article', { name: '第2题' })).toHaveTextContent('错');
    expect(within(worked).getByLabelText('学生作答').querySelector('.katex')).not.toBeNull();
    expect(within(worked).getByText('待批改')).toBeInTheDocument();

    const form = within(worked).getByRole('form', { name: '批改第4题' });
    await userEvent.click(within(form).getByText('错'));
    await userEvent.click(within(form).getByText('对'));
    const score = within(form).getByRole('textbox', { name: '得分' });
    expect(score).toHaveValue('10');
    await userEvent.clear(score);
    await userEvent.type(score, '8');
    await userEvent.type(within(form).getByRole('textbox', { name: '评语' }), '步骤不全');
    await userEvent.click(within(form).getByRole('button', { name: '提交批改' }));

    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/task/answer/mark')).toEqual([
        { taskId: 31, studentId: 1, questionId: 4, correct: true, score: 8, comment: '步骤不全' },
      ]),
    );
    await waitFor(() => expect(within(worked).queryByRole('form')).not.toBeInTheDocument());
    expect(within(worked).getByLabelText('得分')).toHaveTextContent('8/10');
    expect(within(worked).getByLabelText('评语')).toHaveTextContent('步骤不全');
    // The summary is read again after the mark.
    await waitFor(() => expect(within(overview).getByRole('group', { name: '待批改' })).toHaveTextContent('0'));
    expect(bodiesOf(fetch, '/api/task/studentSummaryInfo').length).toBeGreaterThan(1);
  });

  it('关闭作答 closes the task after asking', async () => {
    const fetch = server();
    renderAt(`${PATH}?taskId=31`);
    await userEvent.click(await screen.findByRole('button', { name: '关闭作答' }));
    const dialog = await screen.findByRole('dialog', { name: '关闭作答' });
    await userEvent.click(within(dialog).getByRole('button', { name: '关闭作答' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/task/close')).toEqual([{ taskId: 31 }]));
    expect(await screen.findByText('已关闭')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '关闭作答' })).not.toBeInTheDocument();
  });
});
