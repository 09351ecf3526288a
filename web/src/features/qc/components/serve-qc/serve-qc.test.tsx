import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { defaultQcFilters, toQcWire } from '../../qc-search';
import { resetQcFilters } from '../../qc-search-store';
import { aiDetail, bodies, employeeRow, pageOf, punchDetail, punchRow, qcServer, rule } from '../../test-helpers';
import { ServeQc } from './serve-qc';

beforeEach(() => resetQcFilters());
afterEach(() => vi.unstubAllGlobals());

const LIST = '/api/qcCheck/list';
const PUNCHES = '/api/qc/service/detail/list';
const CHECK = '/api/qc/singleQc';
const BATCH = '/api/qc/bathUpdateResultStatus';
const DELETE = '/api/qc/service/punchRecord/delete';

const PUNCH_1 = '学员1 家长沟通 2026-03-03 19:05';
const PUNCH_2 = '学员2 家长沟通 2026-03-03 19:05';

function server({ commentRequired = true } = {}) {
  return qcServer([
    [
      'POST',
      LIST,
      pageOf([
        employeeRow(1, { lastQcTime: 0, lastQcOperator: '', responsibleList: [], groupName: '' }),
        employeeRow(2),
      ]),
    ],
    ['POST', PUNCHES, pageOf([punchRow(1), punchRow(2)])],
    [
      'GET',
      '/api/taskDetail/byPunchId',
      (url) => envelope(punchDetail(punchRow(Number(url.searchParams.get('punchId'))))),
    ],
    ['GET', '/api/qc/aiDetail', (url) => envelope(aiDetail(Number(url.searchParams.get('punchId'))))],
    [
      'POST',
      CHECK,
      () =>
        envelope(
          punchRow(1, { checkStatus: 1, checkStatusDesc: '已质检', resultStatus: 2, resultStatusDesc: '不合格' }),
        ),
    ],
    ['POST', BATCH, () => envelope({ changed: 2 })],
    ['POST', DELETE, () => envelope(null)],
    ['GET', '/api/rule/getRule', () => envelope(rule({ commentRequiredWhenUnqualified: commentRequired }))],
  ]);
}

async function openPunches() {
  render(<ServeQc />);
  const list = await screen.findByRole('table', { name: '服务质检列表' });
  await userEvent.click(await within(list).findByRole('button', { name: '老师1' }));
  const drawer = await screen.findByRole('dialog', { name: '老师1 的服务打卡' });
  const table = within(drawer).getByRole('table', { name: '服务打卡记录' });
  await within(table).findByRole('row', { name: PUNCH_1 });
  return { drawer, table };
}

async function openCheck() {
  const { table } = await openPunches();
  await userEvent.click(within(table).getByRole('button', { name: `质检 ${PUNCH_1}` }));
  const detail = await screen.findByRole('dialog', { name: '服务打卡详情' });
  await within(detail).findByText('与家长沟通了本周的学习情况，约定下周复习函数。');
  return detail;
}

describe('ServeQc', () => {
  it('lists the staff of the default search with empty values as -', async () => {
    const fetch = server();
    render(<ServeQc />);
    const list = await screen.findByRole('table', { name: '服务质检列表' });
    const row = await within(list).findByRole('row', { name: '老师1' });
    expect(bodies(fetch, LIST)[0]).toEqual(toQcWire(defaultQcFilters(new Date()), { pageNo: 1, pageSize: 30 }));
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // 员工姓名, 角色, 学校, 服务次数, 已质检数, 不合格数, 状态, 结果, 典型案例, 质检次数, 最近质检时间, 最近质检人, 质检组, 负责人.
    expect(cells).toEqual([
      '老师1',
      '教师',
      '北京海淀校区',
      '12',
      '3',
      '1',
      '已质检',
      '不合格',
      '否',
      '3',
      '-',
      '-',
      '-',
      '-',
    ]);
    expect(screen.getByText('共 2 条')).toBeInTheDocument();

    await userEvent.click(within(list).getByText('最近质检时间'));
    await waitFor(() =>
      expect(bodies(fetch, LIST).at(-1)).toMatchObject({ sortInfo: { field: 'lastQcTime', asc: true }, pageNo: 1 }),
    );
  });

  it("opens a member's punches in the searched period", async () => {
    const fetch = server();
    const { table } = await openPunches();
    expect(bodies(fetch, PUNCHES)[0]).toMatchObject({ teacherId: 101, pageNo: 1, pageSize: 30, schoolId: -1 });
    expect(within(table).getAllByRole('row', { name: /^学员/ })).toHaveLength(2);
    await userEvent.click(within(table).getByText('打卡时间'));
    await waitFor(() => expect(bodies(fetch, PUNCHES).at(-1)?.sortInfo).toEqual({ field: 'punchTime', asc: true }));
    // The punches waiting for a check, whatever the member's status.
    await userEvent.click(screen.getByRole('radio', { name: '待质检' }));
    await waitFor(() => expect(bodies(fetch, PUNCHES).at(-1)).toMatchObject({ checkStatus: 0, teacherId: 101 }));
  });

  it('shows what was written, the pre-check and the history, and needs a comment for 不合格', async () => {
    const fetch = server();
    const detail = await openCheck();
    expect(within(detail).getByText('沟通主题').nextSibling).toHaveTextContent('学习情况');
    expect(within(detail).getByText('家长反馈').nextSibling).toHaveTextContent('-');
    const findings = within(detail).getByRole('list', { name: '预检项' });
    expect(within(findings).getByRole('listitem', { name: '未通过：内容字数' })).toHaveTextContent('✗');
    expect(within(findings).getByRole('listitem', { name: '通过：打卡时段' })).toHaveTextContent('✓');
    expect(within(detail).getByText('暂无质检记录')).toBeInTheDocument();

    await userEvent.click(within(detail).getByRole('button', { name: '提交质检' }));
    expect(await within(detail).findByText('请选择质检结果')).toBeInTheDocument();
    // The suggestion is the pre-check's; the inspector takes it (不合格).
    await userEvent.click(within(detail).getByRole('button', { name: '采用建议' }));
    expect(within(detail).getByRole('radio', { name: '不合格' })).toBeChecked();
    await userEvent.click(within(detail).getByRole('button', { name: '提交质检' }));
    expect(await within(detail).findByText('不合格时请填写质检评语')).toBeInTheDocument();
    expect(bodies(fetch, CHECK)).toHaveLength(0);

    await userEvent.click(within(detail).getByRole('button', { name: '快捷评语' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '内容过于简单' }));
    // The closed menu gives the focus back to its button after a timer: typing before that
    // would lose the keys that land after it.
    await waitFor(() => expect(within(detail).getByRole('button', { name: '快捷评语' })).toHaveFocus());
    await userEvent.type(within(detail).getByRole('textbox', { name: '质检评语' }), '，请补充');
    await userEvent.click(within(detail).getByRole('checkbox', { name: '典型案例' }));
    const listReads = bodies(fetch, LIST).length;
    await userEvent.click(within(detail).getByRole('button', { name: '提交质检' }));
    await waitFor(() =>
      expect(bodies(fetch, CHECK)).toEqual([
        { punchId: 1, resultStatus: 2, classicCase: true, comment: '内容过于简单，请补充' },
      ]),
    );
    expect(await screen.findByText('质检结果已保存')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '服务打卡详情' })).not.toBeInTheDocument());
    // The QC list and the punches are read again.
    await waitFor(() => expect(bodies(fetch, LIST).length).toBeGreaterThan(listReads));
  });

  it('takes 不合格 without a comment when the rule does not ask for one', async () => {
    const fetch = server({ commentRequired: false });
    const detail = await openCheck();
    await userEvent.click(within(detail).getByRole('radio', { name: '不合格' }));
    await userEvent.click(within(detail).getByRole('button', { name: '提交质检' }));
    await waitFor(() =>
      expect(bodies(fetch, CHECK)).toEqual([{ punchId: 1, resultStatus: 2, classicCase: false, comment: '' }]),
    );
  });

  it('changes the result of the punches picked', async () => {
    const fetch = server();
    const { drawer, table } = await openPunches();
    expect(within(drawer).getByRole('button', { name: '批量修改结果' })).toBeDisabled();
    await userEvent.click(within(table).getByRole('checkbox', { name: `选择 ${PUNCH_1}` }));
    await userEvent.click(within(table).getByRole('checkbox', { name: `选择 ${PUNCH_2}` }));
    await userEvent.click(within(drawer).getByRole('button', { name: '批量修改结果（2）' }));
    const modal = await screen.findByRole('dialog', { name: '批量修改结果' });
    expect(within(modal).getByText('已选择 2 条打卡记录')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('radio', { name: '合格' }));
    await userEvent.click(within(modal).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(fetch, BATCH)).toEqual([{ punchIds: [1, 2], resultStatus: 1, comment: '' }]));
    expect(await screen.findByText('已修改2条打卡记录的质检结果')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByRole('button', { name: '批量修改结果' })).toBeDisabled());
  });

  it('deletes a punch after asking', async () => {
    const fetch = server();
    const { table } = await openPunches();
    await userEvent.click(within(table).getByRole('button', { name: `删除 ${PUNCH_1}` }));
    const confirm = await screen.findByRole('dialog', { name: '删除打卡记录' });
    await userEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(bodies(fetch, DELETE)).toHaveLength(0);
    await userEvent.click(within(table).getByRole('button', { name: `删除 ${PUNCH_1}` }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '删除打卡记录' })).getByRole('button', { name: '删除' }),
    );
    await waitFor(() => expect(bodies(fetch, DELETE)).toEqual([{ id: 1 }]));
    expect(await screen.findByText('打卡记录已删除')).toBeInTheDocument();
  });

  it('searches a check status and a fiscal week narrowed step by step', async () => {
    const fetch = server();
    render(<ServeQc />);
    await screen.findByRole('table', { name: '服务质检列表' });
    await userEvent.click(screen.getByRole('textbox', { name: '质检状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '待质检' }));
    await userEvent.click(screen.getByRole('textbox', { name: '财年' }));
    const year = (await screen.findAllByRole('option'))[1]!;
    const fiscalYear = Number(year.textContent.replace('财年', ''));
    await userEvent.click(year);
    expect(screen.getByLabelText('开始日期')).toHaveValue('');
    expect(screen.getByRole('textbox', { name: '月份' })).toBeDisabled();
    await userEvent.click(screen.getByRole('textbox', { name: '季度' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Q3（12-2月）' }));
    await userEvent.click(screen.getByRole('textbox', { name: '月份' }));
    await userEvent.click(await screen.findByRole('option', { name: '2月（02-01~02-28）' }));
    await userEvent.click(screen.getByRole('textbox', { name: '周' }));
    await userEvent.click(await screen.findByRole('option', { name: '第37周（02-09~02-15）' }));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodies(fetch, LIST).at(-1)).toMatchObject({
        checkStatus: 0,
        fiscalYear,
        quarterCode: 3,
        month: 2,
        fweekId: 37,
      }),
    );
    expect(bodies(fetch, LIST).at(-1)).not.toHaveProperty('beginTimeStart');
    expect(fetch.mock.calls.map(([u]) => u)).toContain(
      `/api/period/quarterMonthList?fiscalYear=${fiscalYear}&quarterCode=3`,
    );
    expect(fetch.mock.calls.map(([u]) => u)).toContain(`/api/period/monthWeekList?fiscalYear=${fiscalYear}&month=2`);

    // Another quarter drops the month and the week.
    await userEvent.click(screen.getByRole('textbox', { name: '季度' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Q4（3-5月）' }));
    expect(screen.getByRole('textbox', { name: '月份' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: '周' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() =>
      expect(bodies(fetch, LIST).at(-1)).toEqual(toQcWire(defaultQcFilters(new Date()), { pageNo: 1, pageSize: 30 })),
    );
  });

  it('asks for a period when neither days nor a fiscal year are chosen', async () => {
    const fetch = server();
    render(<ServeQc />);
    await screen.findByRole('table', { name: '服务质检列表' });
    await userEvent.clear(screen.getByLabelText('开始日期'));
    await userEvent.clear(screen.getByLabelText('结束日期'));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('请选择日期或财年')).toBeInTheDocument();
    expect(bodies(fetch, LIST)).toHaveLength(1);
  });
});
