import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { StudentCodeResources } from '@/generated/StudentCodeResources';
import type { TaskAnswerSheet } from '@/generated/TaskAnswerSheet';
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
import { AT, answer, answerSheet, lessonTask } from '../test-helpers';
import { MarkAnswer } from './mark-answer';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/easyCorrect/markAnswer';

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: PATH, element: <MarkAnswer title="标注答案" /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const STUDENT: StudentCodeResources = {
  studentId: 1,
  studentCode: 'ST1',
  studentName: '学员1',
  tasks: [
    {
      taskId: 31,
      kind: 1,
      name: '导数课后练习',
      className: '高一数学精品班',
      status: 1,
      questionCount: 4,
      answered: 0,
      toMark: 0,
      createTime: AT,
    },
    {
      taskId: 30,
      kind: 2,
      name: '相似题练习',
      className: '高一数学精品班',
      status: 2,
      questionCount: 2,
      answered: 2,
      toMark: 0,
      createTime: AT,
    },
  ],
};

/** Marks a sheet as the server does: choices and fill-ins against the stored answer (blanks are never sent). */
function marked(body: Record<string, unknown>): TaskAnswerSheet {
  const stored: Record<number, string> = { 1: 'C', 2: 'AC', 3: '2' };
  const answers = (body.answers as { questionId: number; answer: string }[]).map((a) =>
    a.answer === ''
      ? answer(a.questionId, '', false)
      : a.questionId === 4
        ? answer(4, a.answer)
        : answer(a.questionId, a.answer, stored[a.questionId] === a.answer),
  );
  return answerSheet(1, answers);
}

function server() {
  let sheet = answerSheet(1, []);
  return mockFetch([
    ['POST', '/api/lesson/studentcode/resource/query', () => envelope(STUDENT)],
    ['POST', '/api/task/detail', () => envelope(lessonTask())],
    ['POST', '/api/task/answer/sheet', () => envelope(sheet)],
    [
      'POST',
      '/api/task/answer/save',
      (_url, init) => {
        sheet = marked(jsonBody(init));
        return envelope(sheet);
      },
    ],
  ]);
}

describe('标注答案', () => {
  it('finds the student by code, enters an open task’s sheet with option buttons and text, and shows the marks', async () => {
    const fetch = server();
    const router = renderAt(PATH);
    await userEvent.type(screen.getByRole('textbox', { name: '学生编号' }), ' ST1 ');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    const tasks = await screen.findByRole('table', { name: '学生的任务' });
    expect(bodiesOf(fetch, '/api/lesson/studentcode/resource/query')).toEqual([{ studentCode: 'ST1' }]);
    expect(router.state.location.search).toBe('?studentCode=ST1');
    expect(within(tasks).getByRole('row', { name: '相似题练习' })).toHaveTextContent('已关闭');
    expect(within(tasks).getByRole('button', { name: '查看作答 相似题练习' })).toBeInTheDocument();

    await userEvent.click(within(tasks).getByRole('button', { name: '录入答案 导数课后练习' }));
    const form = await screen.findByRole('form', { name: '答题卡' });
    expect(router.state.location.search).toBe('?studentCode=ST1&taskId=31');

    // 1: a single choice, B then A (one letter); 2: a multiple choice, C and A; 3: fill-in; 4 left blank.
    const first = within(form).getByRole('group', { name: '第1题作答' });
    await userEvent.click(within(first).getByRole('button', { name: 'B' }));
    await userEvent.click(within(first).getByRole('button', { name: 'A' }));
    expect(within(first).getByRole('button', { name: 'A' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(first).getByRole('button', { name: 'B' })).toHaveAttribute('aria-pressed', 'false');
    const second = within(form).getByRole('group', { name: '第2题作答' });
    await userEvent.click(within(second).getByRole('button', { name: 'C' }));
    await userEvent.click(within(second).getByRole('button', { name: 'A' }));
    await userEvent.type(within(form).getByRole('textbox', { name: '第3题作答' }), '2');
    expect(within(form).getByText('已填 3/4 题，未填的题不记录，可稍后补录')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: '保存答案' }));

    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/task/answer/save')).toEqual([
        {
          taskId: 31,
          studentId: 1,
          answers: [
            { questionId: 1, answer: 'A' },
            { questionId: 2, answer: 'AC' },
            { questionId: 3, answer: '2' },
          ],
        },
      ]),
    );
    const result = await screen.findByRole('region', { name: '批改结果' });
    const summary = await within(result).findByRole('group', { name: '作答结果' });
    expect(summary).toHaveTextContent('得分 10/25');
    expect(summary).toHaveTextContent('对 2');
    expect(summary).toHaveTextContent('错 1');
    expect(within(result).getByRole('article', { name: '第1题' })).toHaveTextContent('错');
    expect(within(within(result).getByRole('article', { name: '第1题' })).getByLabelText('得分')).toHaveTextContent(
      '0/5',
    );
    expect(within(within(result).getByRole('article', { name: '第2题' })).getByLabelText('得分')).toHaveTextContent(
      '5/5',
    );
    expect(within(result).getByRole('article', { name: '第4题' })).toHaveTextContent('未录入');
    expect(screen.queryByRole('form', { name: '答题卡' })).not.toBeInTheDocument();

    // 修改答案 goes back to the form with what was entered.
    await userEvent.click(within(result).getByRole('button', { name: '修改答案' }));
    const again = await screen.findByRole('form', { name: '答题卡' });
    expect(
      within(within(again).getByRole('group', { name: '第2题作答' })).getByRole('button', { name: 'C' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when no student has the code', async () => {
    mockFetch([
      ['POST', '/api/lesson/studentcode/resource/query', () => envelope(null, 'A0404', '学生不存在或无权查看', 404)],
    ]);
    renderAt(`${PATH}?studentCode=NOPE`);
    expect(await screen.findByText('学生不存在或无权查看', { selector: 'p' })).toBeInTheDocument();
  });
});
