import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import type { ServiceType } from '@/generated/ServiceType';
import { defaultQcFilters, toQcWire } from '../../qc-search';
import { resetQcFilters } from '../../qc-search-store';
import { bodies, qcServer, serviceType, statPage, statRow } from '../../test-helpers';
import { CommonTaskManage } from './common-task-manage';

beforeEach(() => resetQcFilters());
afterEach(() => vi.unstubAllGlobals());

const TASKS = '/api/service/listByCondition';
const STATS = '/api/serviceStatistics/service';
const SAVE = '/api/service/addOrUpdate';

const CALL = serviceType(1, {
  name: '家长沟通',
  side: 0,
  sideDesc: '全部',
  roleCodes: ['teacher', '1v1_xg'],
  roleNames: ['教师', '学管'],
  periodTypeDesc: '每周',
  requiredTimes: 2,
  formFields: [{ key: 'topic', label: '沟通主题', kind: 'text', required: true, options: [] }],
});
const VISIT = serviceType(2, { name: '课后回访', side: 2, sideDesc: '班课', roleNames: [], periodTypeDesc: '每月' });

function server(tasks: ServiceType[] = [CALL, VISIT]) {
  return qcServer([
    ['POST', TASKS, () => envelope(tasks)],
    [
      'POST',
      STATS,
      () =>
        envelope(
          statPage({
            view: 'service',
            // The service view has a row per enabled type, keyed by its id; 课后回访 not yet served.
            records: [
              statRow({
                id: 1,
                name: '家长沟通',
                code: '',
                takeStudentCount: 40,
                servicedStudentCount: 30,
                serviceCount: 1234,
                overallCoverageRate: 0.75,
                qcCheckedCount: 3,
                qcCheckUnQualifiedCount: 1,
                qcCheckRate: 0.1,
                qcCheckQualifiedRate: 2 / 3,
              }),
            ],
            total: 1,
          }),
        ),
    ],
    ['POST', SAVE, () => envelope(CALL)],
    [
      'GET',
      '/api/service/studentFollowForm',
      () => envelope({ serviceId: 1, serviceName: '家长沟通', fields: CALL.formFields }),
    ],
  ]);
}

async function openTable(openRecords = vi.fn()) {
  render(<CommonTaskManage openRecords={openRecords} />);
  const table = await screen.findByRole('table', { name: '通用任务' });
  await within(table).findByRole('row', { name: '家长沟通' });
  return table;
}

const cells = (table: HTMLElement, name: string) =>
  within(within(table).getByRole('row', { name }))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('CommonTaskManage', () => {
  it('lists the enabled tasks with how they were done and checked in the period', async () => {
    const fetch = server();
    const table = await openTable();
    expect(bodies(fetch, TASKS)[0]).toEqual({ side: 0 });
    expect(bodies(fetch, STATS)[0]).toEqual(
      toQcWire(defaultQcFilters(new Date()), { view: 'service', pageNo: 1, pageSize: 1000 }),
    );
    // 任务名称, 适用课程, 执行角色, 周期, 每生应完成次数, 应服务学员数, 已服务学员数, 完成次数, 覆盖率,
    // 已质检数, 不合格数, 质检率, 合格率, 操作.
    await waitFor(() => expect(cells(table, '家长沟通')[5]).toBe('40'));
    expect(cells(table, '家长沟通')).toEqual([
      '家长沟通',
      '全部',
      '教师、学管',
      '每周',
      '2',
      '40',
      '30',
      '1,234',
      '75.00%',
      '3',
      '1',
      '10.00%',
      '66.67%',
      '编辑表单预览任务记录停用',
    ]);
    // Without a row of the statistics nothing is made up.
    expect(cells(table, '课后回访').slice(0, 13)).toEqual([
      '课后回访',
      '班课',
      '-',
      '每月',
      '1',
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
      '-',
    ]);
    expect(screen.getByText('质检率目标（质检规则的抽检比例）：20%')).toBeInTheDocument();
    expect(screen.getByText('共 2 个任务')).toBeInTheDocument();
  });

  it("narrows the tasks to a role and a side, and the statistics to the search's school", async () => {
    const fetch = server();
    await openTable();
    await userEvent.click(screen.getByRole('textbox', { name: '执行角色' }));
    await userEvent.click(await screen.findByRole('option', { name: '学管' }));
    await waitFor(() => expect(bodies(fetch, TASKS).at(-1)).toEqual({ side: 0, roleCode: '1v1_xg' }));
    await userEvent.click(screen.getByRole('textbox', { name: '适用课程' }));
    await userEvent.click(await screen.findByRole('option', { name: '班课' }));
    await waitFor(() => expect(bodies(fetch, TASKS).at(-1)).toEqual({ side: 2, roleCode: '1v1_xg' }));

    await userEvent.type(screen.getByRole('textbox', { name: '员工' }), 'wang');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(fetch, STATS).at(-1)).toMatchObject({ teacherEmail: 'wang', view: 'service' }));
  });

  it("opens a task's records, its form, and stops it after asking", async () => {
    const fetch = server();
    const openRecords = vi.fn();
    const table = await openTable(openRecords);
    await userEvent.click(within(table).getByRole('button', { name: '任务记录 家长沟通' }));
    expect(openRecords).toHaveBeenCalledWith(1);

    await userEvent.click(within(table).getByRole('button', { name: '表单预览 家长沟通' }));
    const preview = await screen.findByRole('dialog', { name: '表单预览' });
    expect(await within(preview).findByText('沟通主题')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(table).getByRole('button', { name: '停用 家长沟通' }));
    const confirm = await screen.findByRole('dialog', { name: '停用任务' });
    await userEvent.click(within(confirm).getByRole('button', { name: '停用' }));
    await waitFor(() =>
      expect(bodies(fetch, SAVE)).toEqual([
        {
          id: 1,
          name: '家长沟通',
          icon: 'phone',
          side: 0,
          roleCodes: ['teacher', '1v1_xg'],
          periodType: 'week',
          requiredTimes: 2,
          enabled: false,
          sortNo: 1,
          formFields: [{ key: 'topic', label: '沟通主题', kind: 'text', required: true, options: [] }],
        },
      ]),
    );
    expect(await screen.findByText('任务已停用')).toBeInTheDocument();
    // The tasks and the statistics are read again.
    await waitFor(() => expect(bodies(fetch, TASKS).length).toBeGreaterThan(1));
  });

  it('says so when no task is enabled', async () => {
    server([]);
    render(<CommonTaskManage openRecords={vi.fn()} />);
    const table = await screen.findByRole('table', { name: '通用任务' });
    expect(within(table).queryAllByRole('row', { name: '家长沟通' })).toHaveLength(0);
    expect(await screen.findByText('暂无启用的任务')).toBeInTheDocument();
    expect(screen.getByText('共 0 个任务')).toBeInTheDocument();
  });
});
