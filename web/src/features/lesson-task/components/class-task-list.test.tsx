import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, mockFetch, render, screen, within } from '@/testing/test-utils';
import { pageOf } from '@/features/teaching/test-helpers';
import { hasAnswerTask } from '../test-helpers';
import { ClassTaskList } from './class-task-list';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/lesson/report/hasAnswer/list/v2';

describe('ClassTaskList', () => {
  it('lists my tasks of the class with answers in, with their figures and links to mark and analyse', async () => {
    const fetch = mockFetch([
      [
        'POST',
        PATH,
        () =>
          envelope(
            pageOf([hasAnswerTask(31, { name: '导数课后练习' }), hasAnswerTask(32, { accuracy: -1, status: 2 })]),
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
    const closed = within(table).getByRole('row', { name: '任务32' });
    expect(closed).toHaveTextContent('已关闭');
    expect(closed).toHaveTextContent('/');
  });

  it('says so when none has answers', async () => {
    mockFetch([['POST', PATH, () => envelope(pageOf([]))]]);
    render(<ClassTaskList classId={57} />, { route: '/' });
    expect(await screen.findByText('暂无已作答的课后任务')).toBeInTheDocument();
  });
});
