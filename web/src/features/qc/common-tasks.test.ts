import { describe, expect, it } from 'vitest';
import { commonTaskRows } from './common-tasks';
import { serviceType, statPage, statRow } from './test-helpers';

describe('commonTaskRows', () => {
  const tasks = [
    serviceType(2, { name: '课后回访', roleNames: ['教师', '学管'] }),
    serviceType(1, {
      name: '家长沟通',
      formFields: [{ key: 'a', label: 'A', kind: 'text', required: false, options: [] }],
    }),
  ];

  it("keeps the tasks' order and joins each to its statistics row by id", () => {
    const page = statPage({ records: [statRow({ id: 1, serviceCount: 9, qcCheckRate: -1 })] });
    const rows = commonTaskRows(tasks, page);
    expect(rows.map((r) => [r.id, r.name, r.roleNames, r.formFieldCount])).toEqual([
      [2, '课后回访', '教师、学管', 0],
      [1, '家长沟通', '教师', 1],
    ]);
    expect(rows[1]).toMatchObject({ serviceCount: 9, qcCheckRate: -1, takeStudentCount: 12 });
    // A task the statistics have no row for has no figures.
    expect(rows[0]?.serviceCount).toBeNull();
  });

  it('has no figures before the statistics are read', () => {
    expect(commonTaskRows(tasks, undefined).every((r) => r.overallCoverageRate === null)).toBe(true);
  });
});
