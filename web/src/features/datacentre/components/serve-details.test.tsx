import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import { render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { dcKeys } from '../api/dc-keys';
import { resetDcSearch } from '../dc-search-store';
import { dcServer, pageOf, searchOf } from '../test-helpers';
import { ServeDetails } from './serve-details';

beforeEach(() => resetDcSearch());
afterEach(() => vi.unstubAllGlobals());

const PATH = '/api/qc/service/detail/list';

function punch(i: number, patch: Partial<ServicePunchRow> = {}): ServicePunchRow {
  return {
    punchId: i,
    punchTime: new Date(2026, 2, 3, 19, 5).getTime(),
    punchOperator: '王老师',
    operatorId: 101,
    operatorEmail: 'wang@demo.eduhub',
    roleName: '教师',
    serviceId: 1,
    serviceTypeName: '家长沟通',
    serviceIcon: 'phone',
    punchChannel: '网页端',
    submissionTag: '',
    studentId: 500 + i,
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    className: '高一数学培优班',
    schoolId: 1001,
    schoolName: '北京海淀校区',
    subjectName: '数学',
    contentExcerpt: '与家长沟通',
    checkStatus: 1,
    checkStatusDesc: '已质检',
    resultStatus: 1,
    resultStatusDesc: '合格',
    classicCase: false,
    lastQcTime: 0,
    lastQcOperator: '',
    ...patch,
  };
}

const reads = (fetch: ReturnType<typeof dcServer>) =>
  fetch.mock.calls.filter(([u]) => u === PATH).map(([, init]) => searchOf(init) as Record<string, unknown>);

describe('ServeDetails', () => {
  it('reads the punches with the QC search and shows them, empty values as -', async () => {
    const fetch = dcServer([['POST', PATH, pageOf([punch(1), punch(2, { submissionTag: '家长满意' })])]]);
    const { queryClient } = render(<ServeDetails exportReport={vi.fn()} />);
    const table = await screen.findByRole('table', { name: '服务明细' });
    const row = await within(table).findByRole('row', { name: '学员1 家长沟通 2026-03-03 19:05' });
    const [body] = reads(fetch);
    expect(body).toMatchObject({
      schoolId: -1,
      subjects: [],
      areaCodes: [],
      serviceIds: [],
      tagIds: [],
      pageNo: 1,
      pageSize: 30,
    });
    for (const field of ['productType', 'manageProject', 'dataTimeType', 'columns', 'noRecycleCauseTypes']) {
      expect(body).not.toHaveProperty(field);
    }
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '2026-03-03 19:05',
      '王老师',
      '教师',
      '家长沟通',
      'S0001',
      '学员1',
      '北京海淀校区',
      '网页端',
      '-',
      '已质检',
      '合格',
    ]);
    // A report page of the data centre: records_changed reads it again (use-records-realtime).
    const pages = queryClient.getQueryCache().findAll({ queryKey: dcKeys.reports() });
    expect(pages.map((q) => q.queryKey[2])).toContain(PATH);
    expect(screen.queryByRole('textbox', { name: '产品类型' })).not.toBeInTheDocument();

    await userEvent.click(within(table).getByText('打卡时间'));
    await waitFor(() => expect(reads(fetch).at(-1)?.sortInfo).toEqual({ field: 'punchTime', asc: true }));
  });

  it('exports the QC search with the shown columns in order and the sort', async () => {
    dcServer([['POST', PATH, pageOf([punch(1)])]]);
    const exportReport = vi.fn();
    render(<ServeDetails exportReport={exportReport} />);
    const table = await screen.findByRole('table', { name: '服务明细' });
    await within(table).findByRole('row', { name: /^学员1 / });
    await userEvent.click(screen.getByRole('button', { name: '服务明细：列设置' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '学校' }));
    await userEvent.click(within(table).getByText('打卡时间'));
    await userEvent.click(screen.getByRole('button', { name: '导出服务明细' }));
    const request = exportReport.mock.calls[0]![0] as { reqParams: Record<string, unknown> };
    expect(request).toMatchObject({ excelType: 'servicePunches', businessName: '服务明细', total: 1 });
    expect(request.reqParams).toMatchObject({
      sortInfo: { field: 'punchTime', asc: true },
      serviceIds: [],
      tagIds: [],
      columns: [
        'punchTime',
        'punchOperator',
        'roleName',
        'serviceTypeName',
        'studentCode',
        'studentName',
        'punchChannel',
        'submissionTag',
        'checkStatusDesc',
        'resultStatusDesc',
      ],
    });
    expect(request.reqParams).not.toHaveProperty('productType');
  });
});
