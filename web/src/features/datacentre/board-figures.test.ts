import { describe, expect, it } from 'vitest';
import { CLASS_ATTENDANCE_COLUMNS } from './columns/attendance-columns';
import { columnWidth, sortInfoOf, toListColumns } from './report-column';
import { stayRateBars } from './board-figures';

describe('report columns', () => {
  it('keep widths within 100–300 px', () => {
    expect([columnWidth(undefined), columnWidth(40), columnWidth(180), columnWidth(500)]).toEqual([120, 100, 180, 300]);
  });

  it('ask the server to sort by the sort field of a custom-sortable column only', () => {
    expect(sortInfoOf(CLASS_ATTENDANCE_COLUMNS, { field: 'classTimeDesc', asc: false })).toEqual({
      field: 'classTime',
      asc: false,
    });
    expect(sortInfoOf(CLASS_ATTENDANCE_COLUMNS, { field: 'studentCode', asc: true })).toEqual({
      field: 'studentCode',
      asc: true,
    });
    expect(sortInfoOf(CLASS_ATTENDANCE_COLUMNS, { field: 'teacher', asc: true })).toBeNull();
    expect(sortInfoOf(CLASS_ATTENDANCE_COLUMNS, null)).toBeNull();
  });

  it('become list columns: shown by default or not, fixed, sortable', () => {
    const columns = toListColumns(CLASS_ATTENDANCE_COLUMNS);
    const byAccessor = new Map(columns.map((c) => [c.accessor, c]));
    expect(byAccessor.get('studentCode')).toMatchObject({ fixed: 'left', sortable: true, defaultToggle: true });
    expect(byAccessor.get('lessonPackageCode')).toMatchObject({ fixed: null, sortable: false, defaultToggle: false });
  });
});

describe('stay-rate bars', () => {
  it('are percentages, without a bar for a month without a base', () => {
    expect(
      stayRateBars([
        { month: '2026-01', baseCount: 4, stayCount: 3, stayRate: 0.75 },
        { month: '2026-02', baseCount: 0, stayCount: 0, stayRate: -1 },
      ]),
    ).toEqual([
      { month: '2026-01', stayRate: 75 },
      { month: '2026-02', stayRate: null },
    ]);
  });
});
