import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDcSearch } from '@/features/datacentre/dc-search-store';
import { attendanceRow, dcServer } from '@/features/datacentre/test-helpers';
import { EXPORT_OVER_LIMIT_TEXT } from '@/features/download/download-rules';
import { bodiesOf, envelope, render, screen, userEvent, within } from '@/testing/test-utils';
import { AttendDetailsRoute } from './data-center';

beforeEach(() => resetDcSearch());
afterEach(() => vi.unstubAllGlobals());

/** A class attendance report of `total` rows (one page shown). */
function server(total: number) {
  return dcServer([
    [
      'POST',
      '/api/attendance/detail/class',
      () => envelope({ records: [attendanceRow(1)], total, pageNo: 1, pageSize: 30 }),
    ],
    ['POST', '/api/producer_api/submitExcelTask', () => envelope({ queueCount: 1 })],
  ]);
}

async function exportClassAttendance() {
  render(<AttendDetailsRoute />);
  const table = await screen.findByRole('table', { name: '班课出勤明细' });
  await within(table).findByRole('row', { name: /^学员1 / });
  await userEvent.click(screen.getByRole('button', { name: '导出班课出勤明细' }));
}

describe('data-centre exports', () => {
  it('queue the report with its search and shown columns', async () => {
    const fetch = server(35);
    await exportClassAttendance();
    expect(await screen.findByText('已加入到下载队列')).toBeInTheDocument();
    const [body] = bodiesOf(fetch, '/api/producer_api/submitExcelTask');
    expect(body).toMatchObject({ fileType: 3, excelType: 'attendanceClass', businessName: '班课出勤明细' });
    const reqParams = body?.reqParams as { productType: string[]; columns: string[] };
    expect(reqParams.productType).toEqual(['ZJK']);
    expect(reqParams.columns.slice(0, 2)).toEqual(['studentCode', 'studentName']);
  });

  it('submit nothing above 100 thousand rows and say why', async () => {
    const fetch = server(100_001);
    await exportClassAttendance();
    expect(await screen.findByText(EXPORT_OVER_LIMIT_TEXT)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/producer_api/submitExcelTask')).toHaveLength(0);
  });
});
