import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskSummary } from '@/generated/TaskSummary';
import { bodiesOf, envelope, jsonBody, mockFetch, render, screen, waitFor, within } from '@/testing/test-utils';
import { CAMP_STATS_PATHS } from '../../statistics/api/statistics';
import { camps, phases } from '../../statistics/test-helpers';
import { FlashCardStatistics } from './flash-card-statistics';

afterEach(() => vi.unstubAllGlobals());

const PAGE = '/knowledgeRepository/flashCardStatistics';

const CARD_SUMMARY: TaskSummary = {
  taskId: 101,
  taskName: '概念闪卡',
  taskType: 4,
  memberCount: 12,
  doneCount: 8,
  notDoneCount: 4,
  completionRate: 8 / 12,
  averageScore: null,
  questions: [],
};

/** Camp 1's phases: 概念闪卡 (101, published) and 运算闪卡 (103, added since: no figures yet). */
function server() {
  const withCards = phases.map((p) => ({
    ...p,
    tasks: p.tasks.map((t) => (t.taskType === 4 ? { ...t, cards: [{ front: 'f', back: 'b' }] } : t)),
  }));
  return mockFetch([
    ['POST', CAMP_STATS_PATHS.camps, () => envelope(camps)],
    ['POST', CAMP_STATS_PATHS.phases, () => envelope(withCards)],
    [
      'POST',
      CAMP_STATS_PATHS.taskSummary,
      (_u, init) =>
        jsonBody(init).taskId === 101 ? envelope(CARD_SUMMARY) : envelope(null, 'A0404', '任务尚未发布', 404),
    ],
  ]);
}

function open(entry = PAGE) {
  const router = createMemoryRouter([{ path: PAGE, element: <FlashCardStatistics title="闪卡统计" /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
}

describe('闪卡统计', () => {
  it('shows each flash-card task of the first published camp with its figures', async () => {
    const fetch = server();
    open();
    const table = await screen.findByRole('table', { name: '各组闪卡' });
    const published = await within(table).findByRole('row', { name: '概念闪卡' });
    await waitFor(() => expect(published).toHaveTextContent('66.7%'));
    expect(published).toHaveTextContent('第一周');
    expect(within(published).getByRole('link', { name: '学员完成情况' })).toHaveAttribute(
      'href',
      '/knowledgeRepository/training/taskResourceStatistics?campId=1&taskId=101',
    );
    const added = within(table).getByRole('row', { name: '运算闪卡' });
    await waitFor(() => expect(added).toHaveTextContent('未发布'));
    expect(within(table).queryByRole('row', { name: '概念小测' })).not.toBeInTheDocument();

    const cards = screen.getByRole('region', { name: '闪卡概况' });
    expect(within(cards).getByRole('group', { name: '闪卡任务' })).toHaveTextContent('2');
    expect(within(cards).getByRole('group', { name: '卡片总数' })).toHaveTextContent('2');
    expect(within(cards).getByRole('group', { name: '已完成人次' })).toHaveTextContent('8');
    expect(bodiesOf(fetch, CAMP_STATS_PATHS.taskSummary).map((b) => b.taskId)).toEqual([101, 103]);
  });

  it('says when the camp asked for has no statistics', async () => {
    server();
    open(`${PAGE}?campId=2`);
    expect(await screen.findByText('该学习营不存在或尚未发布')).toBeInTheDocument();
  });
});
