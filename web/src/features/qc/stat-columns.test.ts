import { describe, expect, it } from 'vitest';
import type { QcStatPage } from '@/generated/QcStatPage';
import {
  baseStatColumns,
  belowTarget,
  dynamicStatColumns,
  insertDynamicColumns,
  statCell,
  statColumns,
  statPath,
  statRows,
  statSortInfo,
  statStoreKey,
  statTableLabel,
  type StatView,
} from './stat-columns';
import { statRow } from './test-helpers';

const dynamic = dynamicStatColumns([
  { prop: 'service_1', label: '家访覆盖率', kind: 'rate' },
  { prop: 'service_2', label: '电话回访覆盖率', kind: 'rate' },
]);

const props = (view: StatView, side: 'class' | 'vip' = 'class') =>
  insertDynamicColumns(baseStatColumns(view, side), dynamic, view).map((c) => c.prop);

describe('dynamic columns', () => {
  it('go after overallCoverageRate in the teacher, class and service views', () => {
    expect(props('teacher')).toEqual([
      'name',
      'code',
      'schoolName',
      'takeStudentCount',
      'classCount',
      'servicedStudentCount',
      'serviceCount',
      'overallCoverageRate',
      'service_1',
      'service_2',
      'qcCheckedCount',
      'qcCheckQualifiedCount',
      'qcCheckUnQualifiedCount',
      'qcCheckRate',
      'qcCheckQualifiedRate',
      'qcCheckUnQualifiedRate',
    ]);
    for (const view of ['class', 'service'] as const) {
      const all = props(view);
      expect(all.slice(all.indexOf('overallCoverageRate'), all.indexOf('overallCoverageRate') + 3)).toEqual([
        'overallCoverageRate',
        'service_1',
        'service_2',
      ]);
    }
  });

  it('go after serviceCount in the student view', () => {
    expect(props('student').slice(0, 8)).toEqual([
      'name',
      'code',
      'schoolName',
      'teacherNames',
      'serviceCount',
      'service_1',
      'service_2',
      'overallCoverageRate',
    ]);
  });

  it('go last when a view has no anchor column, and change nothing when there are none', () => {
    const base = baseStatColumns('teacher', 'vip').filter((c) => c.prop !== 'overallCoverageRate');
    expect(
      insertDynamicColumns(base, dynamic, 'teacher')
        .slice(-2)
        .map((c) => c.prop),
    ).toEqual(['service_1', 'service_2']);
    expect(insertDynamicColumns(base, [], 'teacher')).toEqual(base);
  });

  it('leave the class count to the class side of the teacher view', () => {
    expect(props('teacher', 'vip')).not.toContain('classCount');
    expect(props('class')).not.toContain('classCount');
  });
});

describe('statistics views', () => {
  it('are read from the view or the side and keep their column settings apart', () => {
    expect(statPath('teacher', 'class')).toBe('/api/serviceStatistics/class');
    expect(statPath('teacher', 'vip')).toBe('/api/serviceStatistics/vip');
    expect(statPath('class', 'vip')).toBe('/api/serviceStatistics/class');
    expect(statPath('student', 'class')).toBe('/api/serviceStatistics/student');
    expect(statPath('service', 'class')).toBe('/api/serviceStatistics/service');
    expect(new Set(['class', 'vip'].map((s) => statStoreKey('teacher', s as 'class')))).toHaveProperty('size', 2);
    expect(statStoreKey('student', 'vip')).toBe(statStoreKey('student', 'class'));
    expect([statTableLabel('teacher', 'vip'), statTableLabel('class', 'vip')]).toEqual(['一对一教师统计', '班级统计']);
  });

  it('show the rule target next to the check rate', () => {
    const page = { columns: [], sampleRatePercent: 20 } as unknown as QcStatPage;
    expect(statColumns('teacher', 'class', page).find((c) => c.prop === 'qcCheckRate')?.label).toBe(
      '质检率（目标20%）',
    );
    expect(statColumns('teacher', 'class', undefined).find((c) => c.prop === 'qcCheckRate')?.label).toBe('质检率');
  });
});

describe('statistics cells', () => {
  it('show counts, percentages, / for a rate without a base, and - for nothing', () => {
    const columns = new Map(
      insertDynamicColumns(baseStatColumns('teacher', 'class'), dynamic, 'teacher').map((c) => [c.prop, c]),
    );
    const cell = (prop: string, row = statRow()) => statCell(row, columns.get(prop)!);
    expect(cell('serviceCount')).toBe('1,234');
    expect(cell('overallCoverageRate')).toBe('75.00%');
    expect(cell('qcCheckQualifiedRate')).toBe('66.67%');
    expect(cell('qcCheckUnQualifiedRate')).toBe('/');
    expect(cell('service_1')).toBe('50.00%');
    expect(cell('service_2')).toBe('-');
    expect(cell('schoolName', statRow({ schoolName: '' }))).toBe('-');
  });

  it('put the 合计 row first', () => {
    const page: QcStatPage = {
      view: 'teacher',
      columns: [],
      summary: statRow({ id: 0, name: '', code: '', serviceCount: 99 }),
      sampleRatePercent: 20,
      records: [statRow({ id: 1 }), statRow({ id: 2, name: '李老师' })],
      total: 2,
      pageNo: 1,
      pageSize: 30,
    };
    const rows = statRows(page);
    expect(rows.map((r) => [r.key, r.row.name, r.summary])).toEqual([
      ['summary', '合计', true],
      ['1-wang@demo.eduhub', '王老师', false],
      ['2-wang@demo.eduhub', '李老师', false],
    ]);
    expect(rows[0]?.row.serviceCount).toBe(99);
    expect(statRows(undefined)).toEqual([]);
  });

  it('mark a check rate below the target, not one without a base', () => {
    expect(belowTarget(0.1, 20)).toBe(true);
    expect(belowTarget(0.2, 20)).toBe(false);
    expect(belowTarget(-1, 20)).toBe(false);
    expect(belowTarget(0, undefined)).toBe(false);
  });
});

describe('statistics sort', () => {
  it('asks the server for the fixed columns it sorts by, not names nor service columns', () => {
    const columns = statColumns('teacher', 'class', {
      columns: [{ prop: 'service_1', label: '家访覆盖率', kind: 'rate' }],
      sampleRatePercent: 20,
    } as unknown as QcStatPage);
    expect(statSortInfo(columns, { field: 'qcCheckRate', asc: false })).toEqual({ field: 'qcCheckRate', asc: false });
    expect(statSortInfo(columns, { field: 'serviceCount', asc: true })).toEqual({ field: 'serviceCount', asc: true });
    expect(statSortInfo(columns, { field: 'name', asc: true })).toBeNull();
    expect(statSortInfo(columns, { field: 'service_1', asc: true })).toBeNull();
    expect(statSortInfo(columns, null)).toBeNull();
  });
});
