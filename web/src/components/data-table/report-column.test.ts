import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { columnWidth, exportedProps, type ReportColumn, sortInfoOf, toListColumns } from './report-column';

interface Lesson {
  studentCode: string;
  classTimeDesc: string;
  teacher: string;
  lessonPackageCode: string;
}

const COLUMNS: ReportColumn<Lesson>[] = [
  { prop: 'studentCode', label: '学员编号', fixed: 'left', sortable: 'custom' },
  { prop: 'classTimeDesc', label: '上课时间', sortable: 'custom', sortField: 'classTime' },
  { prop: 'teacher', label: '老师' },
  { prop: 'lessonPackageCode', label: '课时包编码', show: false, format: (r) => r.lessonPackageCode.toUpperCase() },
];

const lesson: Lesson = { studentCode: 'S1', classTimeDesc: '', teacher: '王老师', lessonPackageCode: 'p-9' };

describe('report columns', () => {
  it('keep widths within 100–300 px', () => {
    expect([columnWidth(undefined), columnWidth(40), columnWidth(180), columnWidth(500)]).toEqual([120, 100, 180, 300]);
  });

  it('ask the server to sort by the sort field of a custom-sortable column only', () => {
    expect(sortInfoOf(COLUMNS, { field: 'classTimeDesc', asc: false })).toEqual({ field: 'classTime', asc: false });
    expect(sortInfoOf(COLUMNS, { field: 'studentCode', asc: true })).toEqual({ field: 'studentCode', asc: true });
    expect(sortInfoOf(COLUMNS, { field: 'teacher', asc: true })).toBeNull();
    expect(sortInfoOf(COLUMNS, null)).toBeNull();
  });

  it('become list columns: shown by default or not, fixed, sortable, empty values as -', () => {
    const columns = toListColumns(COLUMNS);
    const byAccessor = new Map(columns.map((c) => [c.accessor, c]));
    expect(byAccessor.get('studentCode')).toMatchObject({ fixed: 'left', sortable: true, defaultToggle: true });
    expect(byAccessor.get('lessonPackageCode')).toMatchObject({ fixed: null, sortable: false, defaultToggle: false });
    const cell = (accessor: string) => byAccessor.get(accessor)?.render?.(lesson, 0);
    expect([cell('classTimeDesc'), cell('teacher'), cell('lessonPackageCode')]).toEqual(['-', '王老师', 'P-9']);
  });

  it('draw a cell as a badge when its column gives the row a colour', () => {
    const [column] = toListColumns<Lesson>([
      { prop: 'teacher', label: '老师', badgeColor: (r) => (r.teacher === '王老师' ? 'teal' : undefined) },
    ]);
    const badge = column?.render?.(lesson, 0);
    expect(isValidElement(badge) && badge.props).toEqual({ color: 'teal', text: '王老师' });
    expect(column?.render?.({ ...lesson, teacher: '' }, 0)).toBe('-');
  });

  it('draw a cell as several badges when its column gives the row tags, as text without any', () => {
    const [column] = toListColumns<Lesson>([
      {
        prop: 'teacher',
        label: '老师',
        badges: (r) =>
          r.teacher
            .split('、')
            .filter(Boolean)
            .map((text) => ({ text, color: 'blue' })),
      },
    ]);
    const badges = column?.render?.({ ...lesson, teacher: '王老师、李老师' }, 0);
    expect(isValidElement(badges) && badges.props).toEqual({
      badges: [
        { text: '王老师', color: 'blue' },
        { text: '李老师', color: 'blue' },
      ],
    });
    expect(column?.render?.({ ...lesson, teacher: '' }, 0)).toBe('-');
  });

  it('leave the columns drawn on screen only out of an export, keeping the order shown', () => {
    const columns: ReportColumn<Lesson>[] = [
      ...COLUMNS.slice(0, 2),
      { prop: 'teacher', label: '老师', exported: false },
    ];
    expect(exportedProps(columns, ['teacher', 'classTimeDesc', 'studentCode'])).toEqual([
      'classTimeDesc',
      'studentCode',
    ]);
    expect(exportedProps(COLUMNS, ['teacher', 'studentCode'])).toEqual(['teacher', 'studentCode']);
  });
});
