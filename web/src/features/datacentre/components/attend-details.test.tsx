import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { DATE_SHORTCUTS, shortcutRange } from '@/lib/day-range';
import { defaultDcSearch, toWire } from '../dc-search';
import { resetDcSearch } from '../dc-search-store';
import { attendanceRow, dcServer, pageOf, searchOf } from '../test-helpers';
import { AttendDetails } from './attend-details';

beforeEach(() => resetDcSearch());
afterEach(() => {
  sessionStore.set((s) => ({ ...s, user: null }));
  vi.unstubAllGlobals();
});

const CLASS = '/api/attendance/detail/class';
const VIP = '/api/attendance/detail/vip';

function server() {
  const classRows = Array.from({ length: 35 }, (_, i) =>
    attendanceRow(i + 1, i === 0 ? { clockInTimestamp: 0, leaveStatusDesc: '', teacher: '' } : {}),
  );
  return dcServer([
    ['POST', CLASS, pageOf(classRows)],
    ['POST', VIP, pageOf([attendanceRow(90, { lessonPackageCode: 'P-9', className: '一对一数学' })])],
  ]);
}

const bodies = (fetch: ReturnType<typeof server>, path: string) =>
  fetch.mock.calls.filter(([u]) => u === path).map(([, init]) => searchOf(init));

const table = (name: string) => screen.findByRole('table', { name });

describe('AttendDetails', () => {
  it('reads the first 30 class rows with the default search and shows empty values as -', async () => {
    const fetch = server();
    render(<AttendDetails exportReport={vi.fn()} />);
    const rows = await table('班课出勤明细');
    const first = await within(rows).findByRole('row', { name: '学员1 2026-03-02 09:00–10:30' });
    expect(within(rows).getAllByRole('row')).toHaveLength(31);
    expect(bodies(fetch, CLASS)[0]).toEqual(toWire(defaultDcSearch(new Date()), { pageNo: 1, pageSize: 30 }));
    const cells = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // 学员编号, 学员姓名, 学校, 校区, 学科, 上课时间, 出勤状态, 时长, 打卡时间, 请假状态, …, 老师 (no package column).
    expect(cells.slice(0, 10)).toEqual([
      'S0001',
      '学员1',
      '海淀校区',
      '中关村',
      '数学',
      '2026-03-02 09:00–10:30',
      '出勤',
      '90',
      '-',
      '-',
    ]);
    expect(cells).toHaveLength(15);
    expect(screen.getByText('共 35 条')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await within(rows).findByRole('row', { name: '学员31 2026-03-02 09:00–10:30' });
    expect(bodies(fetch, CLASS).at(-1)).toMatchObject({ pageNo: 2, pageSize: 30 });
  });

  it('asks the server to sort by a custom-sortable column and starts again at page 1', async () => {
    const fetch = server();
    render(<AttendDetails exportReport={vi.fn()} />);
    const rows = await table('班课出勤明细');
    await within(rows).findByRole('row', { name: /^学员1 / });
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(bodies(fetch, CLASS).at(-1)?.pageNo).toBe(2));

    await userEvent.click(within(rows).getByText('上课时间'));
    await waitFor(() =>
      expect(bodies(fetch, CLASS).at(-1)).toMatchObject({ pageNo: 1, sortInfo: { field: 'classTime', asc: true } }),
    );
    await userEvent.click(within(rows).getByText('上课时间'));
    await waitFor(() => expect(bodies(fetch, CLASS).at(-1)?.sortInfo).toEqual({ field: 'classTime', asc: false }));
    await userEvent.click(within(rows).getByText('打卡时间'));
    await waitFor(() =>
      expect(bodies(fetch, CLASS).at(-1)?.sortInfo).toEqual({ field: 'clockInTimestamp', asc: true }),
    );
    // A column the server does not sort by asks nothing.
    const reads = bodies(fetch, CLASS).length;
    await userEvent.click(within(rows).getByText('学员姓名'));
    expect(bodies(fetch, CLASS)).toHaveLength(reads);
  });

  it('reads the one-on-one tab only when it is opened, with its own columns', async () => {
    const fetch = server();
    render(<AttendDetails exportReport={vi.fn()} />);
    await table('班课出勤明细');
    expect(bodies(fetch, VIP)).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: '一对一' }));
    const rows = await table('一对一出勤明细');
    const row = await within(rows).findByRole('row', { name: /^学员90 / });
    expect(row).toHaveTextContent('P-9');
    expect(within(rows).queryByRole('columnheader', { name: '班级编码' })).not.toBeInTheDocument();
  });

  it('applies the filters on 查询: a shortcut, a student, a fiscal year instead of dates, then 重置', async () => {
    const fetch = server();
    render(<AttendDetails exportReport={vi.fn()} />);
    await table('班课出勤明细');
    const reads = () => bodies(fetch, CLASS);

    await userEvent.click(screen.getByRole('button', { name: '近30天' }));
    await userEvent.type(screen.getByRole('textbox', { name: '学员' }), ' S0002 ');
    expect(reads()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    const [first, last] = shortcutRange(DATE_SHORTCUTS[1]!, new Date());
    await waitFor(() =>
      expect(reads().at(-1)).toMatchObject({ beginTimeStart: first, beginTimeEnd: last, studentNoAndName: 'S0002' }),
    );

    await userEvent.click(screen.getByRole('textbox', { name: '财年' }));
    const year = (await screen.findAllByRole('option'))[1]!;
    const fiscalYear = Number(year.textContent.replace('财年', ''));
    await userEvent.click(year);
    expect(screen.getByLabelText('开始日期')).toHaveValue('');
    await userEvent.click(screen.getByRole('textbox', { name: '季度' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Q3（12-2月）' }));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(reads().at(-1)).toMatchObject({ fiscalYear, quarterCode: 3 }));
    expect(reads().at(-1)).not.toHaveProperty('beginTimeStart');

    await userEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() =>
      expect(reads().at(-1)).toEqual(toWire(defaultDcSearch(new Date()), { pageNo: 1, pageSize: 30 })),
    );
    expect(screen.getByRole('textbox', { name: '学员' })).toHaveValue('');
  });

  it('refuses a backwards date range', async () => {
    const fetch = server();
    render(<AttendDetails exportReport={vi.fn()} />);
    await table('班课出勤明细');
    const start = screen.getByLabelText('开始日期');
    await userEvent.clear(start);
    await userEvent.type(start, '2026-03-10');
    const end = screen.getByLabelText('结束日期');
    await userEvent.clear(end);
    await userEvent.type(end, '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('结束日期不能早于开始日期')).toBeInTheDocument();
    expect(bodies(fetch, CLASS)).toHaveLength(1);
  });

  it("searches the header's school and reads that school's areas", async () => {
    sessionStore.set((s) => ({
      ...s,
      user: userInfo({ selectedSchool: { id: 2, name: '朝阳校区', localEdition: false } }),
    }));
    const fetch = server();
    render(<AttendDetails exportReport={vi.fn()} />);
    await table('班课出勤明细');
    await waitFor(() => expect(bodies(fetch, CLASS)[0]).toMatchObject({ schoolId: 2 }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/school/areaListBySchoolId?schoolId=2'),
    );

    await userEvent.click(screen.getByRole('textbox', { name: '校区' }));
    await userEvent.click(await screen.findByRole('option', { name: '中关村' }));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies(fetch, CLASS).at(-1)).toMatchObject({ schoolId: 2, areaCodes: ['A2'] }));

    // Another school: its areas are read and the areas chosen under the other one no longer apply.
    sessionStore.set((s) => ({
      ...s,
      user: userInfo({ selectedSchool: { id: 3, name: '西城校区', localEdition: false } }),
    }));
    await waitFor(() => expect(bodies(fetch, CLASS).at(-1)).toMatchObject({ schoolId: 3, areaCodes: [] }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/school/areaListBySchoolId?schoolId=3'),
    );
  });

  it('exports the search with the shown columns in the order drawn, the sort and the total', async () => {
    server();
    const exportReport = vi.fn();
    render(<AttendDetails exportReport={exportReport} />);
    const rows = await table('班课出勤明细');
    await within(rows).findByRole('row', { name: /^学员1 / });
    await userEvent.click(screen.getByRole('button', { name: '班课出勤明细：列设置' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '学校' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '老师：固定位置' }), 'right');
    await userEvent.click(within(rows).getByText('打卡时间'));
    await userEvent.click(screen.getByRole('button', { name: '导出班课出勤明细' }));
    expect(exportReport).toHaveBeenCalledTimes(1);
    const request = exportReport.mock.calls[0]![0] as { reqParams: Record<string, unknown> };
    expect(request).toMatchObject({ excelType: 'attendanceClass', businessName: '班课出勤明细', total: 35 });
    expect(request.reqParams).toMatchObject({
      sortInfo: { field: 'clockInTimestamp', asc: true },
      columns: [
        'studentCode',
        'studentName',
        'areaName',
        'subjectName',
        'classTimeDesc',
        'attendanceStatusDesc',
        'oneLessonMinutes',
        'clockInTimestamp',
        'leaveStatusDesc',
        'lessonTypeDesc',
        'lessonId',
        'classCode',
        'className',
        'teacher',
      ],
    });
    expect(request.reqParams).not.toHaveProperty('pageNo');
  });
});
