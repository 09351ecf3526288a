import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { lastThirtyDays } from '../student-dynamic-search';
import { bodies, dynamicRow, dynamicServer, FOLLOW, LIST, STATISTICS } from '../test-helpers';
import { DYNAMIC_TABLE } from './dynamic-list';
import { STAT_TABLE, StudentDynamicManage } from './student-dynamic-manage';

// Signed in with 海淀校区 (1) as the header's school.
beforeEach(() => sessionStore.set((s) => ({ ...s, user: userInfo() })));
afterEach(() => vi.unstubAllGlobals());

const ROW_1 = '缺课 学员1 2026-03-02 10:00';

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('学员动态管理', () => {
  it("shows the figures per kind and 合计 above the list, both of the header's school", async () => {
    const fetch = dynamicServer([dynamicRow(1)]);
    render(<StudentDynamicManage schoolSelector={<span>校区选择</span>} />);
    const stats = await screen.findByRole('table', { name: STAT_TABLE });
    await within(stats).findByText('直播课未到课');
    const rows = within(stats).getAllByRole('row').slice(1).map(cellTexts);
    // 类型, 动态数, 已跟进, 跟进率.
    expect(rows).toEqual([
      ['缺课', '4', '3', '75.00%'],
      ['直播课未到课', '2', '0', '0.00%'],
      ['退费', '1', '1', '100.00%'],
      ['成绩下滑', '0', '0', '/'],
      ['合计', '7', '4', '57.14%'],
    ]);
    expect(screen.getByText('校区选择')).toBeInTheDocument();

    const [first, last] = lastThirtyDays(new Date());
    const period = { beginTimeStart: first, beginTimeEnd: last, schoolId: 1 };
    expect(bodies(fetch, STATISTICS)[0]).toEqual(period);
    const table = screen.getByRole('table', { name: DYNAMIC_TABLE });
    await within(table).findByRole('row', { name: ROW_1 });
    expect(bodies(fetch, LIST)[0]).toEqual({ ...period, followed: 0, pageNo: 1, pageSize: 30 });

    // The state and kind narrow the list only.
    const bar = screen.getByRole('search', { name: '筛选条件' });
    await userEvent.click(within(bar).getByRole('radio', { name: '全部' }));
    await waitFor(() => expect(bodies(fetch, LIST).at(-1)).toEqual({ ...period, pageNo: 1, pageSize: 30 }));
    expect(bodies(fetch, STATISTICS)).toHaveLength(1);
  });

  it('follows up from the list, then reads the figures again', async () => {
    const fetch = dynamicServer([dynamicRow(1)]);
    render(<StudentDynamicManage />);
    const table = await screen.findByRole('table', { name: DYNAMIC_TABLE });
    await userEvent.click(await within(table).findByRole('button', { name: `跟进 ${ROW_1}` }));
    const dialog = await screen.findByRole('dialog', { name: '跟进' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '跟进情况' }), '已电话沟通');
    const reads = bodies(fetch, STATISTICS).length;
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodies(fetch, FOLLOW)).toEqual([{ kind: 1, sourceKey: 'a:101:501', method: 1, note: '已电话沟通' }]),
    );
    await waitFor(() => expect(bodies(fetch, STATISTICS).length).toBeGreaterThan(reads));
  });
});
