import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { defaultQcFilters, toQcWire } from '../../qc-search';
import { narrowToService, resetQcFilters } from '../../qc-search-store';
import { aiDetail, bodies, pageOf, punchDetail, punchRow, qcServer, rule } from '../../test-helpers';
import { TaskManage } from './task-manage';

beforeEach(() => resetQcFilters());
afterEach(() => vi.unstubAllGlobals());

const PUNCHES = '/api/qc/service/detail/list';
const CHECK = '/api/qc/singleQc';
const BATCH = '/api/qc/bathUpdateResultStatus';
const DELETE = '/api/qc/service/punchRecord/delete';

const TASK_1 = '老师1 学员1 家长沟通 2026-03-03 19:05';
const TASK_2 = '老师2 学员2 家长沟通 2026-03-03 19:05';

/** School 1002 asks for a comment when unqualified, school 1001 does not. */
function server() {
  return qcServer([
    [
      'POST',
      PUNCHES,
      pageOf([
        punchRow(1, { schoolId: 1001 }),
        punchRow(2, {
          punchOperator: '老师2',
          operatorId: 102,
          schoolId: 1002,
          schoolName: '北京朝阳校区',
          submissionTag: '家长会',
          checkStatus: 1,
          checkStatusDesc: '已质检',
          resultStatus: 2,
          resultStatusDesc: '不合格',
          lastQcTime: new Date(2026, 2, 4, 9, 0).getTime(),
          lastQcOperator: '孙质检',
        }),
      ]),
    ],
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
        envelope(punchRow(1, { checkStatus: 1, checkStatusDesc: '已质检', resultStatus: 1, resultStatusDesc: '合格' })),
    ],
    ['POST', BATCH, () => envelope({ changed: 2 })],
    ['POST', DELETE, () => envelope(true)],
    [
      'GET',
      '/api/rule/getRule',
      (url) => {
        const schoolId = Number(url.searchParams.get('schoolId'));
        return envelope(rule({ schoolId, commentRequiredWhenUnqualified: schoolId === 1002 }));
      },
    ],
    [
      'GET',
      '/api/tag/list',
      () =>
        envelope([
          { id: 7, name: '家长会', useCount: 3 },
          { id: 8, name: '期中', useCount: 0 },
        ]),
    ],
  ]);
}

async function openList() {
  render(<TaskManage />);
  const table = await screen.findByRole('table', { name: '服务任务' });
  await within(table).findByRole('row', { name: TASK_1 });
  return table;
}

describe('TaskManage', () => {
  it("lists every staff member's service tasks of the default search, empty values as -", async () => {
    const fetch = server();
    const table = await openList();
    expect(bodies(fetch, PUNCHES)[0]).toEqual(toQcWire(defaultQcFilters(new Date()), { pageNo: 1, pageSize: 30 }));
    const cells = (name: string) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // 选择, 打卡时间, 打卡人, 学校, 服务类型, 学员姓名, 班级, 打卡渠道, 提交标签, 服务内容, 质检状态,
    // 质检结果, 典型案例, 最近质检时间, 最近质检人, 操作.
    expect(cells(TASK_1)).toEqual([
      '',
      '2026-03-03 19:05',
      '老师1',
      '北京海淀校区',
      '家长沟通',
      '学员1',
      '高一数学培优班',
      '网页端',
      '-',
      '与家长沟通了本周的学习情况',
      '待质检',
      '-',
      '否',
      '-',
      '-',
      '详情删除',
    ]);
    expect(cells(TASK_2)).toContain('不合格');
    expect(cells(TASK_2)).toContain('北京朝阳校区');
    expect(screen.getByText('共 2 条')).toBeInTheDocument();

    await userEvent.click(within(table).getByText('最近质检时间'));
    await waitFor(() =>
      expect(bodies(fetch, PUNCHES).at(-1)).toMatchObject({ sortInfo: { field: 'lastQcTime', asc: true }, pageNo: 1 }),
    );
  });

  it('searches the classic cases, a channel and submission tags', async () => {
    const fetch = server();
    await openList();
    await userEvent.click(screen.getByRole('textbox', { name: '典型案例' }));
    await userEvent.click(await screen.findByRole('option', { name: '是' }));
    await userEvent.click(screen.getByRole('textbox', { name: '打卡渠道' }));
    await userEvent.click(await screen.findByRole('option', { name: '企业微信' }));
    await userEvent.click(screen.getByRole('textbox', { name: '提交标签' }));
    await userEvent.click(await screen.findByRole('option', { name: '家长会' }));
    await userEvent.type(screen.getByRole('textbox', { name: '学员' }), ' S0002 ');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodies(fetch, PUNCHES).at(-1)).toMatchObject({
        classicCase: 1,
        punchChannel: 3,
        tagIds: [7],
        studentNoAndName: 'S0002',
        pageNo: 1,
      }),
    );
  });

  it('starts from the service a common task opened it on', async () => {
    const fetch = server();
    narrowToService(2);
    await openList();
    expect(bodies(fetch, PUNCHES)[0]).toMatchObject({ serviceIds: [2] });
  });

  it("opens a task's detail and checks it; the list is read again", async () => {
    const fetch = server();
    const table = await openList();
    await userEvent.click(within(table).getByRole('button', { name: `详情 ${TASK_1}` }));
    const detail = await screen.findByRole('dialog', { name: '服务打卡详情' });
    await within(detail).findByText('与家长沟通了本周的学习情况，约定下周复习函数。');
    await userEvent.click(within(detail).getByRole('radio', { name: '合格' }));
    const reads = bodies(fetch, PUNCHES).length;
    await userEvent.click(within(detail).getByRole('button', { name: '提交质检' }));
    await waitFor(() =>
      expect(bodies(fetch, CHECK)).toEqual([{ punchId: 1, resultStatus: 1, classicCase: false, comment: '' }]),
    );
    expect(await screen.findByText('质检结果已保存')).toBeInTheDocument();
    await waitFor(() => expect(bodies(fetch, PUNCHES).length).toBeGreaterThan(reads));
  });

  it("gives several tasks one result, under the strictest of their schools' rules", async () => {
    const fetch = server();
    const table = await openList();
    expect(screen.getByRole('button', { name: '批量修改结果' })).toBeDisabled();
    await userEvent.click(within(table).getByRole('checkbox', { name: `选择 ${TASK_1}` }));
    await userEvent.click(within(table).getByRole('checkbox', { name: `选择 ${TASK_2}` }));
    await userEvent.click(screen.getByRole('button', { name: '批量修改结果（2）' }));
    const modal = await screen.findByRole('dialog', { name: '批量修改结果' });
    expect(within(modal).getByText('已选择 2 条打卡记录')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('radio', { name: '不合格' }));
    await userEvent.click(within(modal).getByRole('button', { name: '确定' }));
    // School 1002's rule asks for a comment.
    expect(await within(modal).findByText('不合格时请填写质检评语')).toBeInTheDocument();
    expect(bodies(fetch, BATCH)).toHaveLength(0);
    await userEvent.type(within(modal).getByRole('textbox', { name: '质检评语' }), '内容过于简单');
    await userEvent.click(within(modal).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(bodies(fetch, BATCH)).toEqual([{ punchIds: [1, 2], resultStatus: 2, comment: '内容过于简单' }]),
    );
    expect(await screen.findByText('已修改2条打卡记录的质检结果')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '批量修改结果' })).toBeDisabled());
  });

  it('deletes a task record after asking', async () => {
    const fetch = server();
    const table = await openList();
    await userEvent.click(within(table).getByRole('button', { name: `删除 ${TASK_2}` }));
    const confirm = await screen.findByRole('dialog', { name: '删除任务记录' });
    await userEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    expect(bodies(fetch, DELETE)).toHaveLength(0);
    await userEvent.click(within(table).getByRole('button', { name: `删除 ${TASK_2}` }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '删除任务记录' })).getByRole('button', { name: '删除' }),
    );
    await waitFor(() => expect(bodies(fetch, DELETE)).toEqual([{ id: 2 }]));
    expect(await screen.findByText('任务记录已删除')).toBeInTheDocument();
  });
});
