import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDcSearch } from '@/features/datacentre/dc-search-store';
import { lastSevenDays } from '@/lib/day-range';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { bodies, doneTask, pageOf, taskRow, workTaskServer } from '../../test-helpers';
import { resetWorkTaskSearch } from '../../work-task-search-store';
import { QC_TASK_TABLE, WorkTaskQcManage } from './work-task-qc-manage';

beforeEach(() => {
  resetWorkTaskSearch();
  resetDcSearch();
  // No header school but the one a test selects (set here: reset after a test, the page would read again).
  sessionStore.set((s) => ({ ...s, user: null }));
});
afterEach(() => vi.unstubAllGlobals());

const LIST = '/api/workTask/qc/list';
const CHECK = '/api/workTask/qc/check';

const TASK_1 = '首课跟进任务 学员1 #1';
const TASK_2 = '首课跟进任务 学员2 #2';

function server(check = () => envelope({ checked: 1, skipped: [] })) {
  return workTaskServer([
    ['POST', LIST, pageOf([doneTask(1, { firstTag: '通话不足1分钟' }), taskRow(2), doneTask(3)])],
    ['POST', CHECK, check],
  ]);
}

/** The session's selected school (the header's). */
function selectSchool(id: number, name: string) {
  sessionStore.set((s) => ({ ...s, user: userInfo({ selectedSchool: { id, name, localEdition: false } }) }));
}

async function renderList(exportReport = vi.fn()) {
  render(<WorkTaskQcManage exportReport={exportReport} />);
  const table = await screen.findByRole('table', { name: QC_TASK_TABLE });
  await within(table).findByRole('row', { name: TASK_1 });
  return table;
}

describe('工作任务质检', () => {
  it('lists the tasks of the default search and sends the filters chosen', async () => {
    const fetch = server();
    const table = await renderList();
    const [first, last] = lastSevenDays(new Date());
    expect(bodies(fetch, LIST)[0]).toEqual({
      schoolId: -1,
      areaCodes: [],
      subjects: [],
      beginTimeStart: first,
      beginTimeEnd: last,
      pageNo: 1,
      pageSize: 30,
    });
    const row = within(table).getByRole('row', { name: TASK_1 });
    for (const text of ['李学管', '学管任务', '已完成', '已与家长沟通开课安排', '未质检', '通话不足1分钟']) {
      expect(row).toHaveTextContent(text);
    }
    expect(within(table).getByRole('button', { name: `质检 ${TASK_2}` })).toBeDisabled();
    expect(screen.getByText('共 3 条')).toBeInTheDocument();

    const bar = screen.getByRole('search', { name: '筛选条件' });
    const choose = async (label: string, option: string) => {
      await userEvent.click(within(bar).getByRole('textbox', { name: label }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
    };
    await choose('课程类型', '试听课');
    await choose('环节', '回访');
    await choose('执行角色', '学管');
    await choose('任务状态', '已完成');
    await choose('质检状态', '未质检');
    await userEvent.click(within(bar).getByRole('textbox', { name: '执行人' }));
    await userEvent.paste(' 李学管 ');
    await userEvent.click(within(bar).getByRole('textbox', { name: '学员' }));
    await userEvent.paste('S0001');
    const reads = bodies(fetch, LIST).length;
    await userEvent.click(within(bar).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(fetch, LIST).length).toBeGreaterThan(reads));
    expect(bodies(fetch, LIST).at(-1)).toEqual({
      schoolId: -1,
      areaCodes: [],
      subjects: [],
      beginTimeStart: first,
      beginTimeEnd: last,
      tabType: 'ST',
      stepCode: 'followup',
      executorRole: '1v1_xg',
      status: 1,
      qcStatus: 0,
      teacherEmail: '李学管',
      studentNoAndName: 'S0001',
      pageNo: 1,
      pageSize: 30,
    });
  });

  it('needs a remark for 不合格 and sends the check of one task', async () => {
    const fetch = server();
    const table = await renderList();
    await userEvent.click(within(table).getByRole('button', { name: `质检 ${TASK_1}` }));
    const dialog = await screen.findByRole('dialog', { name: '质检' });
    expect(within(dialog).getByText('完成说明：已与家长沟通开课安排')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: '不合格' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('不合格时请填写质检备注')).toBeInTheDocument();
    expect(bodies(fetch, CHECK)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: '质检备注' }), '未说明开课时间');
    expect(within(dialog).getByText('7/500')).toBeInTheDocument();
    const reads = bodies(fetch, LIST).length;
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(fetch, CHECK)).toEqual([{ ids: [1], qcStatus: 2, remark: '未说明开课时间' }]));
    expect(await screen.findByText('已质检 1 条任务')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '质检' })).not.toBeInTheDocument());
    await waitFor(() => expect(bodies(fetch, LIST).length).toBeGreaterThan(reads));
  });

  it('checks the tasks picked and names those the server left alone', async () => {
    const fetch = server(() => envelope({ checked: 1, skipped: [{ id: 2, reason: '任务尚未完成，不能质检' }] }));
    const table = await renderList();
    expect(screen.getByRole('button', { name: '批量质检' })).toBeDisabled();
    await userEvent.click(within(table).getByRole('checkbox', { name: `选择 ${TASK_1}` }));
    await userEvent.click(within(table).getByRole('checkbox', { name: `选择 ${TASK_2}` }));
    await userEvent.click(screen.getByRole('button', { name: '批量质检（2）' }));
    const dialog = await screen.findByRole('dialog', { name: '批量质检' });
    expect(within(dialog).getByText('已选择 2 条任务')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择质检结果')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: '合格' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(fetch, CHECK)).toEqual([{ ids: [1, 2], qcStatus: 1 }]));

    const result = await screen.findByRole('dialog', { name: '质检结果' });
    expect(within(result).getByText('已质检 1 条，未质检 1 条：')).toBeInTheDocument();
    expect(within(result).getByRole('listitem')).toHaveTextContent('首课跟进任务（学员2）：任务尚未完成，不能质检');
    await userEvent.click(within(result).getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '质检结果' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '批量质检' })).toBeDisabled();
  });

  it("sends the areas chosen of the header's school, and every area under another school", async () => {
    selectSchool(2, '朝阳校区');
    const fetch = server();
    await renderList();
    await waitFor(() =>
      expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/school/areaListBySchoolId?schoolId=2'),
    );
    expect(bodies(fetch, LIST)[0]).toMatchObject({ schoolId: 2, areaCodes: [] });

    // Another school draws the filters anew: the bar is found each time.
    const bar = () => screen.getByRole('search', { name: '筛选条件' });
    await userEvent.click(within(bar()).getByRole('textbox', { name: '校区' }));
    await userEvent.click(await screen.findByRole('option', { name: '中关村' }));
    // A draft until 查询.
    expect(bodies(fetch, LIST).at(-1)).toMatchObject({ areaCodes: [] });
    await userEvent.click(within(bar()).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(fetch, LIST).at(-1)).toMatchObject({ schoolId: 2, areaCodes: ['A2'] }));

    selectSchool(3, '西城校区');
    await waitFor(() => expect(bodies(fetch, LIST).at(-1)).toMatchObject({ schoolId: 3, areaCodes: [] }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/school/areaListBySchoolId?schoolId=3'),
    );

    // 重置: every area again.
    await userEvent.click(within(bar()).getByRole('textbox', { name: '校区' }));
    await userEvent.click(await screen.findByRole('option', { name: '中关村' }));
    await userEvent.click(within(bar()).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(fetch, LIST).at(-1)).toMatchObject({ schoolId: 3, areaCodes: ['A3'] }));
    await userEvent.click(within(bar()).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(bodies(fetch, LIST).at(-1)).toMatchObject({ schoolId: 3, areaCodes: [] }));
  });

  it('exports as workTasks the search shown with the shown columns in order and the total', async () => {
    selectSchool(2, '朝阳校区');
    const fetch = server();
    const exportReport = vi.fn();
    await renderList(exportReport);
    const bar = screen.getByRole('search', { name: '筛选条件' });
    await userEvent.click(within(bar).getByRole('textbox', { name: '校区' }));
    await userEvent.click(await screen.findByRole('option', { name: '中关村' }));
    await userEvent.click(within(bar).getByRole('textbox', { name: '学员' }));
    await userEvent.paste('学员');
    await userEvent.click(within(bar).getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(fetch, LIST).at(-1)).toMatchObject({ areaCodes: ['A2'] }));
    await userEvent.click(screen.getByRole('button', { name: `${QC_TASK_TABLE}：列设置` }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '学校' }));

    const exportButton = screen.getByRole('button', { name: `导出${QC_TASK_TABLE}` });
    await waitFor(() => expect(exportButton).toBeEnabled());
    await userEvent.click(exportButton);
    expect(exportReport).toHaveBeenCalledTimes(1);
    const [first, last] = lastSevenDays(new Date());
    expect(exportReport).toHaveBeenCalledWith({
      excelType: 'workTasks',
      businessName: '工作任务质检',
      reqParams: {
        schoolId: 2,
        areaCodes: ['A2'],
        subjects: [],
        beginTimeStart: first,
        beginTimeEnd: last,
        studentNoAndName: '学员',
        columns: [
          'taskName',
          'stepName',
          'courseTypeDesc',
          'executorName',
          'executorRoleDesc',
          'studentCode',
          'studentName',
          'teacherName',
          'subjectName',
          'lessonTime',
          'endAt',
          'status',
          'finishedAt',
          'note',
          'qcStatus',
          'qcOperatorName',
          'qcAt',
          'qcRemark',
          'firstTag',
        ],
      },
      total: 3,
    });
  });

  it('offers no export of an empty list', async () => {
    const fetch = workTaskServer([['POST', LIST, pageOf([])]]);
    const exportReport = vi.fn();
    render(<WorkTaskQcManage exportReport={exportReport} />);
    const exportButton = await screen.findByRole('button', { name: `导出${QC_TASK_TABLE}` });
    expect(exportButton).toBeDisabled();
    expect(await screen.findByText('暂无任务')).toBeInTheDocument();
    expect(bodies(fetch, LIST)).toHaveLength(1);
    expect(exportButton).toBeDisabled();
  });
});
