import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { GROUP_USAGE, SYSTEM_USAGE, VIP_USAGE } from '../activity-reports';
import { defaultDcSearch, toWire } from '../dc-search';
import { resetDcSearch } from '../dc-search-store';
import {
  dcServer,
  deptUsageRow,
  pageOf,
  searchOf,
  usageStudentRow,
  usageSummary,
  usageTeacherRow,
} from '../test-helpers';
import { UsageStatistics } from './usage-statistics';

beforeEach(() => resetDcSearch());
afterEach(() => vi.unstubAllGlobals());

const BS_SUMMARY = '/api/systemUse/bsTeacherValidSummary';
const BS_TEACHERS = '/api/systemUse/bsTeacherSummaryList';
const BS_STUDENTS = '/api/systemUse/bsTeacherStudentSummaryList';
const DEPARTMENTS = '/api/systemUse/deptSummaryList';
const VIP_SUMMARY = '/api/systemUse/vipTeacherValidSummary';
const VIP_TEACHERS = '/api/systemUse/vipTeacherSummaryList';
const VIP_STUDENTS = '/api/systemUse/vipTeacherStudentSummaryList';

const teachers = [
  usageTeacherRow(1),
  usageTeacherRow(2, { platformUsageValid: 0, platformUsageValidStr: '未达标' }),
  usageTeacherRow(3, { platformUsageValid: -1, platformUsageValidStr: '/', totalLessonCnt: 0, teacherStatus: '' }),
];

function server() {
  return dcServer([
    ['POST', BS_SUMMARY, () => envelope({ ...usageSummary, totalPlatformUsageValidRate: 0.7 })],
    ['POST', BS_TEACHERS, pageOf(teachers)],
    ['POST', BS_STUDENTS, pageOf([usageStudentRow(1), usageStudentRow(2)])],
    [
      'POST',
      DEPARTMENTS,
      () => envelope([deptUsageRow('数学组'), deptUsageRow('英语组', { totalPlatformUsageValidRate: -1 })]),
    ],
    ['POST', VIP_SUMMARY, () => envelope(usageSummary)],
    ['POST', VIP_TEACHERS, pageOf(teachers)],
    ['POST', VIP_STUDENTS, pageOf([usageStudentRow(1)])],
  ]);
}

const bodies = (fetch: ReturnType<typeof dcServer>, path: string) =>
  fetch.mock.calls.filter(([u]) => u === path).map(([, init]) => searchOf(init));

const figure = (label: string) =>
  within(screen.getByRole('region', { name: '使用概览' })).getByRole('group', { name: label });

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('UsageStatistics', () => {
  it('reads a class-side view with its usageType: the totals, the teachers with their validity, the students', async () => {
    const fetch = server();
    render(<UsageStatistics usage={GROUP_USAGE} exportReport={vi.fn()} />);
    expect(screen.getByRole('heading', { name: '小组课使用统计' })).toBeInTheDocument();
    await waitFor(() => expect(figure('达标率')).toHaveTextContent('70%'));
    expect(figure('课节数')).toHaveTextContent('1,520');
    expect(figure('达标老师数')).toHaveTextContent('27');
    const search = toWire(defaultDcSearch(new Date()));
    expect(bodies(fetch, BS_SUMMARY)).toEqual([{ ...search, usageType: 'group' }]);

    const table = await screen.findByRole('table', { name: '小组课使用统计老师' });
    const valid = await within(table).findByRole('row', { name: '老师1' });
    expect(cells(valid).slice(0, 6)).toEqual(['老师1', 'teacher1@demo.eduhub', '海淀校区', '数学组', '达标', '30']);
    // 达标 and 未达标 are badges; without lessons it is '/'.
    expect(within(valid).getByText('达标').closest('.mantine-Badge-root')).not.toBeNull();
    const invalid = within(table).getByRole('row', { name: '老师2' });
    expect(within(invalid).getByText('未达标').closest('.mantine-Badge-root')).not.toBeNull();
    const idle = within(table).getByRole('row', { name: '老师3' });
    expect(cells(idle).slice(4, 6)).toEqual(['/', '0']);
    expect(within(idle).getByText('/').closest('.mantine-Badge-root')).toBeNull();
    expect(cells(idle).at(-1)).toBe('-');
    expect(bodies(fetch, BS_TEACHERS)).toEqual([{ ...search, usageType: 'group', pageNo: 1, pageSize: 30 }]);

    await userEvent.click(within(table).getByText('登录天数'));
    await waitFor(() =>
      expect(bodies(fetch, BS_TEACHERS).at(-1)).toMatchObject({
        usageType: 'group',
        sortInfo: { field: 'totalLoginDayCnt', asc: true },
      }),
    );

    expect(screen.queryByRole('tab', { name: '部门汇总' })).not.toBeInTheDocument();
    expect(bodies(fetch, BS_STUDENTS)).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: '学员' }));
    const students = await screen.findByRole('table', { name: '小组课使用统计学员' });
    expect(await within(students).findByRole('row', { name: '学员2 老师1' })).toHaveTextContent('未达标');
    expect(bodies(fetch, BS_STUDENTS)).toEqual([{ ...search, usageType: 'group', pageNo: 1, pageSize: 30 }]);
    await userEvent.click(within(students).getByText('绑定资源数'));
    await waitFor(() =>
      expect(bodies(fetch, BS_STUDENTS).at(-1)?.sortInfo).toEqual({ field: 'totalBindResourceCnt', asc: true }),
    );
  });

  it('exports the class-side teachers with the usageType in the search, under the class excelType', async () => {
    server();
    const exportReport = vi.fn();
    render(<UsageStatistics usage={GROUP_USAGE} exportReport={exportReport} />);
    const table = await screen.findByRole('table', { name: '小组课使用统计老师' });
    await within(table).findByRole('row', { name: '老师1' });
    await userEvent.click(screen.getByRole('button', { name: '导出小组课使用统计老师' }));
    const request = exportReport.mock.calls[0]![0] as { reqParams: Record<string, unknown> };
    expect(request).toMatchObject({ excelType: 'usageClassTeachers', businessName: '小组课使用统计老师', total: 3 });
    expect(request.reqParams).toMatchObject({ usageType: 'group' });
    expect((request.reqParams.columns as string[]).slice(0, 5)).toEqual([
      'teacherName',
      'teacherEmail',
      'schoolName',
      'deptName',
      'platformUsageValidStr',
    ]);
  });

  it('shows 部门汇总 and no students in the system view', async () => {
    const fetch = server();
    render(<UsageStatistics usage={SYSTEM_USAGE} exportReport={vi.fn()} />);
    await screen.findByRole('table', { name: '系统使用统计老师' });
    await waitFor(() => expect(bodies(fetch, BS_SUMMARY).at(-1)).toMatchObject({ usageType: 'system' }));
    await waitFor(() => expect(bodies(fetch, BS_TEACHERS).at(-1)).toMatchObject({ usageType: 'system' }));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['老师', '部门汇总']);
    expect(bodies(fetch, DEPARTMENTS)).toHaveLength(0);

    await userEvent.click(screen.getByRole('tab', { name: '部门汇总' }));
    const departments = await screen.findByRole('table', { name: '部门汇总' });
    const maths = await within(departments).findByRole('row', { name: '海淀校区 数学组' });
    expect(cells(maths)).toEqual(['海淀校区', '数学组', '10', '8', '6', '9', '75%']);
    expect(cells(within(departments).getByRole('row', { name: '海淀校区 英语组' })).at(-1)).toBe('/');
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    expect(bodies(fetch, DEPARTMENTS)).toEqual([toWire(defaultDcSearch(new Date()))]);
    expect(bodies(fetch, BS_STUDENTS)).toHaveLength(0);
  });

  it('reads the one-on-one calls without a usageType and exports their students', async () => {
    const fetch = server();
    const exportReport = vi.fn();
    render(<UsageStatistics usage={VIP_USAGE} exportReport={exportReport} />);
    await waitFor(() => expect(figure('达标率')).toHaveTextContent('71.3%'));
    await within(await screen.findByRole('table', { name: '一对一使用统计老师' })).findByRole('row', {
      name: '老师1',
    });
    expect(bodies(fetch, VIP_SUMMARY)[0]).not.toHaveProperty('usageType');
    expect(bodies(fetch, VIP_TEACHERS)[0]).not.toHaveProperty('usageType');
    await userEvent.click(screen.getByRole('tab', { name: '学员' }));
    const students = await screen.findByRole('table', { name: '一对一使用统计学员' });
    await within(students).findByRole('row', { name: '学员1 老师1' });
    await userEvent.click(screen.getByRole('button', { name: '导出一对一使用统计学员' }));
    const request = exportReport.mock.calls[0]![0] as { reqParams: Record<string, unknown> };
    expect(request).toMatchObject({ excelType: 'usageVipStudents', total: 1 });
    expect(request.reqParams).not.toHaveProperty('usageType');
    for (const path of [BS_SUMMARY, BS_TEACHERS, BS_STUDENTS, DEPARTMENTS]) expect(bodies(fetch, path)).toHaveLength(0);
  });
});
