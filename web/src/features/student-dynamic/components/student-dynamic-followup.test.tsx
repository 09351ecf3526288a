import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { lastThirtyDays } from '../student-dynamic-search';
import { bodies, dynamicRow, dynamicServer, FOLLOW, followedRow, LIST } from '../test-helpers';
import { DYNAMIC_TABLE } from './dynamic-list';
import { StudentDynamicFollowup } from './student-dynamic-followup';

afterEach(() => vi.unstubAllGlobals());

const ROW_1 = '缺课 学员1 2026-03-02 10:00';
const ROW_2 = '退费 学员2 2026-03-05 16:20';
const ROW_3 = '缺课 学员3 2026-03-02 10:00';

const ROWS = [
  dynamicRow(1),
  dynamicRow(2, {
    kind: 3,
    kindName: '退费',
    sourceKey: 'r:7',
    happenedAt: new Date(2026, 2, 5, 16, 20).getTime(),
    detail: '退费 1200 元：转学',
  }),
  followedRow(3),
];

async function renderList() {
  render(<StudentDynamicFollowup />);
  const table = await screen.findByRole('table', { name: DYNAMIC_TABLE });
  await within(table).findByRole('row', { name: ROW_1 });
  return table;
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('学员动态跟进', () => {
  it('lists the dynamics to follow up of the last 30 days, and sends the filters chosen', async () => {
    const fetch = dynamicServer(ROWS);
    const table = await renderList();
    const [first, last] = lastThirtyDays(new Date());
    expect(bodies(fetch, LIST)[0]).toEqual({
      beginTimeStart: first,
      beginTimeEnd: last,
      followed: 0,
      pageNo: 1,
      pageSize: 30,
    });

    // 类型, 学员, 老师, 时间, 详情, 状态, 跟进备注, 操作.
    expect(cellTexts(within(table).getByRole('row', { name: ROW_1 }))).toEqual([
      '缺课',
      '学员1（S0001）',
      '王老师',
      '2026-03-02 10:00',
      '第3讲 分数的认识 缺勤',
      '待跟进',
      '-',
      '跟进',
    ]);
    expect(within(table).getByRole('row', { name: ROW_2 })).toHaveTextContent('退费 1200 元：转学');
    expect(cellTexts(within(table).getByRole('row', { name: ROW_3 })).slice(5, 7)).toEqual([
      '已跟进电话 · 2026-03-03 09:30 · 李学管',
      '家长说孩子生病，下周补课',
    ]);
    expect(screen.getByText('共 3 条')).toBeInTheDocument();

    const bar = screen.getByRole('search', { name: '筛选条件' });
    await userEvent.click(within(bar).getByRole('textbox', { name: '类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '退费' }));
    await waitFor(() => expect(bodies(fetch, LIST).at(-1)).toMatchObject({ kind: 3, followed: 0 }));
    await userEvent.click(within(bar).getByRole('radio', { name: '已跟进' }));
    await waitFor(() => expect(bodies(fetch, LIST).at(-1)).toMatchObject({ kind: 3, followed: 1 }));

    // The days and the student wait for 查询.
    const start = within(bar).getByLabelText('开始日期');
    await userEvent.clear(start);
    await userEvent.type(start, '2026-03-01');
    const end = within(bar).getByLabelText('结束日期');
    await userEvent.clear(end);
    await userEvent.type(end, '2026-03-10');
    await userEvent.type(within(bar).getByRole('textbox', { name: '学员' }), ' S0002 ');
    const reads = bodies(fetch, LIST).length;
    await userEvent.click(within(bar).getByRole('radio', { name: '全部' }));
    await waitFor(() => expect(bodies(fetch, LIST).length).toBeGreaterThan(reads));
    expect(bodies(fetch, LIST).at(-1)).toEqual({
      beginTimeStart: '2026-03-01',
      beginTimeEnd: '2026-03-10',
      kind: 3,
      studentNoAndName: 'S0002',
      pageNo: 1,
      pageSize: 30,
    });

    // A period ending before it starts is not searched.
    await userEvent.clear(end);
    await userEvent.type(end, '2026-02-01');
    const before = bodies(fetch, LIST).length;
    await userEvent.click(within(bar).getByRole('button', { name: '查询' }));
    expect(await within(bar).findByText('结束日期不能早于开始日期')).toBeInTheDocument();
    expect(bodies(fetch, LIST)).toHaveLength(before);

    await userEvent.click(within(bar).getByRole('button', { name: '重置' }));
    await waitFor(() =>
      expect(bodies(fetch, LIST).at(-1)).toEqual({
        beginTimeStart: first,
        beginTimeEnd: last,
        followed: 0,
        pageNo: 1,
        pageSize: 30,
      }),
    );
  });

  it('pages through the dynamics', async () => {
    const fetch = dynamicServer(Array.from({ length: 31 }, (_, i) => dynamicRow(i + 1)));
    await renderList();
    expect(screen.getByText('共 31 条')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(bodies(fetch, LIST).at(-1)).toMatchObject({ pageNo: 2, pageSize: 30 }));
    expect(await screen.findByRole('row', { name: '缺课 学员31 2026-03-02 10:00' })).toBeInTheDocument();
  });

  it('refuses an empty note, then saves a follow-up and reads the list again', async () => {
    const fetch = dynamicServer(ROWS);
    const table = await renderList();
    await userEvent.click(within(table).getByRole('button', { name: `跟进 ${ROW_2}` }));
    const dialog = await screen.findByRole('dialog', { name: '跟进' });
    expect(dialog).toHaveTextContent('退费 1200 元：转学');
    const note = within(dialog).getByRole('textbox', { name: '跟进情况' });
    expect(note).toHaveAttribute('maxlength', '500');

    await userEvent.type(note, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写跟进情况')).toBeInTheDocument();
    expect(bodies(fetch, FOLLOW)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('radio', { name: '微信' }));
    await userEvent.clear(note);
    await userEvent.type(note, '已微信联系家长');
    expect(within(dialog).getByText('7/500')).toBeInTheDocument();
    const reads = bodies(fetch, LIST).length;
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodies(fetch, FOLLOW)).toEqual([{ kind: 3, sourceKey: 'r:7', method: 2, note: '已微信联系家长' }]),
    );
    expect(await screen.findByText('跟进已保存')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '跟进' })).not.toBeInTheDocument());
    await waitFor(() => expect(bodies(fetch, LIST).length).toBeGreaterThan(reads));
  });

  it('starts a follow-up again from the last one, and keeps the note when the server refuses', async () => {
    const fetch = dynamicServer(ROWS, () => envelope(null, 'A0400', 'note 需要 1 到 500 个字：写明跟进情况', 400));
    const table = await renderList();
    await userEvent.click(within(table).getByRole('button', { name: `跟进 ${ROW_3}` }));
    const dialog = await screen.findByRole('dialog', { name: '跟进' });
    expect(within(dialog).getByRole('radio', { name: '电话' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: '跟进情况' })).toHaveValue('家长说孩子生病，下周补课');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('note 需要 1 到 500 个字：写明跟进情况')).toBeInTheDocument();
    expect(bodies(fetch, FOLLOW)).toEqual([
      { kind: 1, sourceKey: 'a:103:503', method: 1, note: '家长说孩子生病，下周补课' },
    ]);
    expect(screen.getByRole('dialog', { name: '跟进' })).toBeInTheDocument();
  });
});
