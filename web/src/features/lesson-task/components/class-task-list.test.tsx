import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, jsonBody, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import { pageOf } from '@/features/teaching/test-helpers';
import { hasAnswerTask } from '../test-helpers';
import { ClassTaskList } from './class-task-list';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/task/class/list';

describe('ClassTaskList', () => {
  it('lists every task set for the class, answered or not, with their figures and links to mark and analyse', async () => {
    const fetch = mockFetch([
      [
        'POST',
        PATH,
        () =>
          envelope(
            pageOf([
              hasAnswerTask(31, { name: '导数课后练习' }),
              hasAnswerTask(32, { answeredStudents: 0, toMark: 0, accuracy: -1, status: 2 }),
            ]),
          ),
      ],
    ]);
    render(<ClassTaskList classId={57} />, { route: '/easyServer/classSummaryReport?classId=57' });
    const table = await screen.findByRole('table', { name: '课后任务' });
    const row = await within(table).findByRole('row', { name: '导数课后练习' });
    expect(bodiesOf(fetch, PATH)).toEqual([{ classId: 57, pageNo: 1, pageSize: 30 }]);
    expect(row).toHaveTextContent('第14讲');
    expect(row).toHaveTextContent('作答中');
    expect(row).toHaveTextContent('2/3');
    expect(row).toHaveTextContent('50.00%');
    expect(within(row).getByRole('link', { name: '批改' })).toHaveAttribute(
      'href',
      '/easyCorrect/teacherCorrect?taskId=31',
    );
    expect(within(row).getByRole('link', { name: '分析' })).toHaveAttribute(
      'href',
      '/easyCorrect/paperAnalysis?taskId=31',
    );
    const unanswered = within(table).getByRole('row', { name: '任务32' });
    expect(unanswered).toHaveTextContent('已关闭');
    expect(unanswered).toHaveTextContent('0/3');
    expect(unanswered).toHaveTextContent('/');
  });

  it('reads the next page when asked', async () => {
    const fetch = mockFetch([
      [
        'POST',
        PATH,
        (_url, init) => {
          const pageNo = Number(jsonBody(init).pageNo);
          return envelope({ ...pageOf([hasAnswerTask(pageNo === 2 ? 61 : 31)], 35), pageNo });
        },
      ],
    ]);
    render(<ClassTaskList classId={57} />, { route: '/' });
    const table = await screen.findByRole('table', { name: '课后任务' });
    await within(table).findByRole('row', { name: '任务31' });
    expect(screen.getByText('共 35 条')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await within(table).findByRole('row', { name: '任务61' })).toBeInTheDocument();
    expect(bodiesOf(fetch, PATH)).toEqual([
      { classId: 57, pageNo: 1, pageSize: 30 },
      { classId: 57, pageNo: 2, pageSize: 30 },
    ]);
  });

  it('says so when the class has none', async () => {
    mockFetch([['POST', PATH, () => envelope(pageOf([]))]]);
    render(<ClassTaskList classId={57} />, { route: '/' });
    expect(await screen.findByText('暂无课后任务')).toBeInTheDocument();
  });
});
