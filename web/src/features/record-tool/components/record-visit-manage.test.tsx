import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, fireEvent, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { DELETE, pageOf, recordToolServer, VISITS, visitRow } from '../test-helpers';
import { lastThirtyDays } from '../visit-rules';
import { RecordVisitManage, VISIT_TABLE } from './record-visit-manage';

afterEach(() => vi.unstubAllGlobals());

const ROW_1 = '2026-11-24 09:00 高一数学精品班 李主管';
const ROW_2 = '2026-11-25 14:00 高二物理班 王质检';

const ROWS = [
  visitRow(1),
  visitRow(2, {
    className: '高二物理班',
    classCode: 'BJ2002',
    subjectName: '物理',
    lessonTitle: '第3讲',
    lessonStart: new Date(2026, 10, 25, 14).getTime(),
    visitorName: '王质检',
    status: 0,
    statusName: '记录中',
    totalScore: 30,
    finishedAt: 0,
    canDelete: true,
  }),
];

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

async function renderList() {
  render(<RecordVisitManage />, { route: '/recordTool/recordVisitManage' });
  const table = await screen.findByRole('table', { name: VISIT_TABLE });
  await within(table).findByRole('row', { name: ROW_1 });
  return table;
}

describe('听课管理', () => {
  it('lists the visits of the last 30 days and sends the filters chosen', async () => {
    const fetch = recordToolServer([['POST', VISITS, pageOf(ROWS)]]);
    const table = await renderList();
    const [from, to] = lastThirtyDays(Date.now());
    expect(bodiesOf(fetch, VISITS)).toEqual([{ from, to, pageNo: 1, pageSize: 20 }]);
    // 上课时间, 班级, 课次, 学科, 授课老师, 校区, 听课人, 状态, 得分, 操作.
    expect(cellTexts(within(table).getByRole('row', { name: ROW_2 }))).toEqual([
      '2026-11-25 14:00',
      '高二物理班（BJ2002）',
      '第3讲',
      '物理',
      '张老师',
      '北京海淀校区',
      '王质检',
      '记录中',
      '30/100',
      '查看删除',
    ]);
    expect(within(table).getByRole('link', { name: `查看 ${ROW_1}` })).toHaveAttribute(
      'href',
      '/recordTool/proceedRecord?id=1',
    );
    expect(within(table).queryByRole('button', { name: `删除 ${ROW_1}` })).not.toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();

    const bar = screen.getByRole('search', { name: '筛选条件' });
    await userEvent.click(within(bar).getByRole('textbox', { name: '状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '已完成' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, VISITS).at(-1)).toEqual({ from, to, status: 1, pageNo: 1, pageSize: 20 }),
    );
    await userEvent.click(within(bar).getByRole('checkbox', { name: '只看我的' }));
    await waitFor(() => expect(bodiesOf(fetch, VISITS).at(-1)).toMatchObject({ status: 1, mine: true }));

    // The days and the keyword wait for 查询.
    fireEvent.change(within(bar).getByLabelText('开始日期'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(bar).getByLabelText('结束日期'), { target: { value: '2026-11-30' } });
    await userEvent.type(within(bar).getByRole('textbox', { name: '关键词' }), ' 张老师 ');
    const reads = bodiesOf(fetch, VISITS).length;
    await userEvent.click(within(bar).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodiesOf(fetch, VISITS).length).toBeGreaterThan(reads));
    expect(bodiesOf(fetch, VISITS).at(-1)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      status: 1,
      mine: true,
      keyword: '张老师',
      pageNo: 1,
      pageSize: 20,
    });

    // A period ending before it starts is not searched.
    fireEvent.change(within(bar).getByLabelText('结束日期'), { target: { value: '2026-10-01' } });
    const before = bodiesOf(fetch, VISITS).length;
    await userEvent.click(within(bar).getByRole('button', { name: '查询' }));
    expect(await within(bar).findByText('结束日期不能早于开始日期')).toBeInTheDocument();
    expect(bodiesOf(fetch, VISITS)).toHaveLength(before);

    await userEvent.click(within(bar).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(bodiesOf(fetch, VISITS).at(-1)).toEqual({ from, to, pageNo: 1, pageSize: 20 }));
  });

  it('pages through the visits, 20 a page', async () => {
    const fetch = recordToolServer([
      [
        'POST',
        VISITS,
        pageOf(Array.from({ length: 21 }, (_, i) => visitRow(i + 1, { visitorName: `听课人${i + 1}` }))),
      ],
    ]);
    render(<RecordVisitManage />, { route: '/recordTool/recordVisitManage' });
    expect(await screen.findByText('共 21 条')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(bodiesOf(fetch, VISITS).at(-1)).toMatchObject({ pageNo: 2, pageSize: 20 }));
    expect(await screen.findByRole('row', { name: '2026-11-24 09:00 高一数学精品班 听课人21' })).toBeInTheDocument();
  });

  it('deletes a visit the caller may delete, after a confirmation', async () => {
    let rows = ROWS;
    const fetch = recordToolServer([
      ['POST', VISITS, (url, init) => pageOf(rows)(url, init)],
      [
        'POST',
        DELETE,
        () => {
          rows = [ROWS[0]!];
          return envelope(null);
        },
      ],
    ]);
    const table = await renderList();
    await userEvent.click(within(table).getByRole('button', { name: `删除 ${ROW_2}` }));
    let dialog = await screen.findByRole('dialog', { name: '删除听课记录' });
    expect(dialog).toHaveTextContent('确定删除王质检对「高二物理班 第3讲」的听课记录吗？删除后不可恢复。');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(fetch, DELETE)).toEqual([]);

    await userEvent.click(within(table).getByRole('button', { name: `删除 ${ROW_2}` }));
    dialog = await screen.findByRole('dialog', { name: '删除听课记录' });
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(bodiesOf(fetch, DELETE)).toEqual([{ id: 2 }]));
    expect(await screen.findByText('听课记录已删除')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole('row', { name: ROW_2 })).not.toBeInTheDocument());
    expect(within(table).getByRole('row', { name: ROW_1 })).toBeInTheDocument();
  });
});
