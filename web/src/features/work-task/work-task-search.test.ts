import { describe, expect, it } from 'vitest';
import { qcExportColumns } from './columns/task-columns';
import { canFinish, stateBadge } from './work-task-dict';
import { defaultWorkTaskFilters, periodError, toWorkTaskWire } from './work-task-search';

const today = new Date(2026, 2, 10);

describe('toWorkTaskWire', () => {
  it('sends a fiscal period, the subjects chosen and leaves 全部 out', () => {
    const filters = { ...defaultWorkTaskFilters(today), dateVal: null, fiscalYear: 2025, quarterCode: 4 };
    expect(toWorkTaskWire(filters, { schoolId: 3, subjects: [54] }, { statType: 'step', sortInfo: null })).toEqual({
      schoolId: 3,
      areaCodes: [],
      subjects: [54],
      fiscalYear: 2025,
      quarterCode: 4,
      statType: 'step',
    });
  });

  it("sends the areas chosen (全部: none) and an export's columns", () => {
    const filters = { ...defaultWorkTaskFilters(today), dateVal: null, areaCodes: ['A1', 'A2'] };
    expect(toWorkTaskWire(filters, { schoolId: 3, subjects: [-1] }, { columns: ['taskName'] })).toEqual({
      schoolId: 3,
      areaCodes: ['A1', 'A2'],
      subjects: [],
      columns: ['taskName'],
    });
    expect(defaultWorkTaskFilters(today).areaCodes).toEqual(['-1']);
  });

  it('checks the date range', () => {
    expect(periodError({ ...defaultWorkTaskFilters(today), dateVal: ['2026-03-09', '2026-03-01'] })).toBe(
      '结束日期不能早于开始日期',
    );
    expect(periodError(defaultWorkTaskFilters(today))).toBeNull();
  });
});

describe('qcExportColumns', () => {
  it("writes the shown columns the server's export has, the student's code before the student", () => {
    expect(qcExportColumns(['taskName', 'studentName', 'actions', 'qcAt'])).toEqual([
      'taskName',
      'studentCode',
      'studentName',
      'qcAt',
    ]);
  });
});

describe('task states', () => {
  it('marks overdue red and a task done late 逾期完成', () => {
    expect(stateBadge({ status: 2, statusDesc: '已逾期', finishedLate: false })).toEqual({
      text: '已逾期',
      color: 'red',
    });
    expect(stateBadge({ status: 1, statusDesc: '已完成', finishedLate: true })).toEqual({
      text: '逾期完成',
      color: 'orange',
    });
  });

  it('lets only the executor finish a task not done', () => {
    expect(canFinish({ status: 2, executorId: 101 }, '101')).toBe(true);
    expect(canFinish({ status: 1, executorId: 101 }, '101')).toBe(false);
    expect(canFinish({ status: 0, executorId: 101 }, '9')).toBe(false);
    expect(canFinish({ status: 0, executorId: 101 }, null)).toBe(false);
  });
});
