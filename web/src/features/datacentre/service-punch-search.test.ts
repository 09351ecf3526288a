import { describe, expect, it } from 'vitest';
import { defaultDcSearch, toWire } from './dc-search';
import { servicePunchSearch } from './service-punch-search';

/** Thursday 2026-03-05, local time. */
const today = new Date(2026, 2, 5, 15, 30);

describe('servicePunchSearch', () => {
  it('keeps the period, dimensions and export columns the QC search knows and leaves the lesson filters out', () => {
    const wire = toWire(
      { ...defaultDcSearch(today), schoolId: 1001, subjects: [54], areaCodes: ['A1'], teacherEmail: ' wang ' },
      { pageNo: 2, pageSize: 30, sortInfo: { field: 'punchTime', asc: false }, columns: ['punchTime'] },
    );
    expect(JSON.parse(JSON.stringify(servicePunchSearch(wire)))).toEqual({
      beginTimeStart: '2026-02-26',
      beginTimeEnd: '2026-03-04',
      schoolId: 1001,
      areaCodes: ['A1'],
      subjects: [54],
      gradeCodes: [],
      teacherEmail: 'wang',
      sortInfo: { field: 'punchTime', asc: false },
      columns: ['punchTime'],
      pageNo: 2,
      pageSize: 30,
      serviceIds: [],
      tagIds: [],
    });
  });

  it('sends a fiscal period as it is', () => {
    const wire = toWire({ ...defaultDcSearch(today), dateVal: null, fiscalYear: 2025, quarterCode: 3 });
    expect(servicePunchSearch(wire)).toMatchObject({ fiscalYear: 2025, quarterCode: 3 });
    expect(JSON.parse(JSON.stringify(servicePunchSearch(wire)))).not.toHaveProperty('beginTimeStart');
    // A list read asks for no columns: every one.
    expect(servicePunchSearch(wire).columns).toBeUndefined();
  });
});
