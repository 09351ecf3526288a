import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf } from '@/features/question/test-helpers';
import type { PaperCollectionRequest } from '@/generated/PaperCollectionRequest';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
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
import { matrixRows, matrixSearches, passRate } from '../collection-matrix';
import { CollectionStatistics } from './collection-statistics';

beforeEach(() => sessionStore.set((s) => ({ ...s, user: userInfo() })));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null }));
});

/**
 * The server's count of a search: handouts (5) 2 drafts, 1 pending, 6 approved, 2 refused;
 * teaching aids (3) 4 approved; none else. My own are half of each (rounded down).
 */
function countOf(search: Record<string, unknown>): number {
  const body = search as PaperCollectionRequest;
  const cells: Record<string, Record<string, number>> = {
    '5': { '0': 2, '1': 1, '2': 6, '3': 2 },
    '3': { '0': 0, '1': 0, '2': 4, '3': 0 },
  };
  const types = body.paperType === undefined ? Object.keys(cells) : [String(body.paperType)];
  const mine = body.mine === true ? 0.5 : 1;
  return types.reduce((n, t) => {
    const row = cells[t] ?? {};
    const statuses = body.auditStatus === undefined ? Object.keys(row) : [String(body.auditStatus)];
    return n + statuses.reduce((m, s) => m + Math.floor((row[s] ?? 0) * mine), 0);
  }, 0);
}

describe('collection matrix', () => {
  it('asks one search per type and state, all of them first', () => {
    const searches = matrixSearches(true);
    expect(searches).toHaveLength(25);
    expect(searches[0]).toEqual({ mine: true });
    expect(searches[1]).toEqual({ mine: true, auditStatus: 0 });
    expect(searches[5]).toEqual({ mine: true, paperType: 2 });
    expect(searches[24]).toEqual({ mine: true, paperType: 5, auditStatus: 3 });
  });

  it('reads rows back and rates the settled papers', () => {
    const totals = matrixSearches(false).map((s) => countOf(s as Record<string, unknown>));
    const [all] = matrixRows(totals);
    expect(all?.total).toBe(15);
    expect(all?.byStatus.get(2)).toBe(10);
    expect(all && passRate(all)).toBe('83.3%');
    const rows = matrixRows([]);
    expect(rows[0] && passRate(rows[0])).toBe('-');
  });
});

describe('收集统计', () => {
  it('counts the visible papers by state and type, then my own', async () => {
    const fetch = mockFetch([
      ['POST', '/api/paper/collection', (_u, init) => envelope(pageOf([], countOf(jsonBody(init)), 1, 1))],
    ]);
    render(<CollectionStatistics title="收集统计" />);
    const cards = screen.getByRole('region', { name: '审核概况' });
    await waitFor(() => expect(within(cards).getByRole('group', { name: '全部' })).toHaveTextContent('15'));
    expect(within(cards).getByRole('group', { name: '已通过' })).toHaveTextContent('10');
    expect(within(cards).getByRole('group', { name: '通过率' })).toHaveTextContent('83.3%');
    const table = screen.getByRole('table', { name: '按类型统计' });
    const handouts = within(table).getByRole('row', { name: '讲义' });
    expect(handouts).toHaveTextContent('11');
    expect(handouts).toHaveTextContent('75%');
    expect(within(table).getByRole('row', { name: '教辅库' })).toHaveTextContent('100%');
    expect(within(table).getByRole('row', { name: '切片库' })).toHaveTextContent('-');
    const bodies = bodiesOf(fetch, '/api/paper/collection');
    expect(bodies).toHaveLength(25);
    expect(bodies.every((b) => b.pageSize === 1 && b.mine === undefined)).toBe(true);

    await userEvent.click(screen.getByRole('radio', { name: '我的' }));
    await waitFor(() => expect(within(cards).getByRole('group', { name: '已通过' })).toHaveTextContent('5'));
    expect(bodiesOf(fetch, '/api/paper/collection').filter((b) => b.mine === true)).toHaveLength(25);
  });

  it('says when some counts could not be read', async () => {
    mockFetch([['POST', '/api/paper/collection', () => envelope(null, 'A0500', '统计服务暂不可用', 500)]]);
    render(<CollectionStatistics title="收集统计" />);
    expect(await screen.findByText('统计服务暂不可用')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: '审核概况' })).getByRole('group', { name: '全部' }),
    ).toHaveTextContent('-');
  });
});
