import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
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
import { answer, answerSheet, hasAnswerTask, lessonTask, summaryInfo } from '../test-helpers';
import { PaperAnalysis } from './paper-analysis';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/easyCorrect/paperAnalysis';

const SHEETS = {
  1: answerSheet(1, [answer(1, 'C', true), answer(2, 'A', false), answer(3, '2', true), answer(4, '略')]),
  2: answerSheet(2, [answer(1, 'B', false), answer(2, 'AC', true), answer(4, '极值', true, 8)]),
};

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: PATH, element: <PaperAnalysis title="试卷分析" /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('试卷分析', () => {
  it('chooses a task; shows its totals, the students’ scores and each question’s accuracy from the sheets', async () => {
    const fetch = mockFetch([
      ['POST', '/api/lesson/report/hasAnswer/list', () => envelope([hasAnswerTask(31, { name: '导数课后练习' })])],
      ['POST', '/api/task/detail', () => envelope(lessonTask())],
      ['POST', '/api/task/studentSummaryInfo', () => envelope(summaryInfo())],
      ['POST', '/api/task/answer/sheet', (_url, init) => envelope(SHEETS[jsonBody(init).studentId as 1 | 2])],
    ]);
    const router = renderAt(PATH);
    await userEvent.click(screen.getByRole('textbox', { name: '任务' }));
    await userEvent.click(await screen.findByRole('option', { name: /导数课后练习/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?taskId=31'));

    const totals = await screen.findByRole('region', { name: '整体情况' });
    await waitFor(() => expect(within(totals).getByRole('group', { name: '平均分' })).toHaveTextContent('12.5'));
    expect(within(totals).getByRole('group', { name: '正确率' })).toHaveTextContent('50.00%');
    expect(within(totals).getByRole('group', { name: '已作答' })).toHaveTextContent('2');
    expect(within(totals).getByRole('group', { name: '学生数' })).toHaveTextContent('3');

    const students = screen.getByRole('table', { name: '学生成绩' });
    expect(within(students).getByRole('row', { name: '学员2' })).toHaveTextContent('15/25');
    expect(within(students).getByRole('row', { name: '学员3' })).toHaveTextContent('未作答');

    // Only the students who answered have their sheets read.
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/task/answer/sheet')).toEqual([
        { taskId: 31, studentId: 1 },
        { taskId: 31, studentId: 2 },
      ]),
    );
    const questions = screen.getByRole('table', { name: '各题正确率' });
    await waitFor(() => expect(within(questions).getByRole('row', { name: '第1题' })).toHaveTextContent('50.00%'));
    expect(within(questions).getByRole('row', { name: '第3题' })).toHaveTextContent('100.00%');
    const worked = within(questions).getByRole('row', { name: '第4题' });
    expect(worked).toHaveTextContent('100.00%');
    expect(worked).toHaveTextContent('8');
    expect(
      within(questions)
        .getAllByRole('row', { name: /第\d题/ })[0]!
        .querySelector('.katex'),
    ).not.toBeNull();
  });
});
