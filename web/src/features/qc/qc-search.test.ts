import { describe, expect, it } from 'vitest';
import { withFiscalYear, withQuarter } from './period';
import { defaultQcFilters, shownFilters, toQcWire } from './qc-search';

/** Thursday 2026-03-05, local time. */
const today = new Date(2026, 2, 5, 15, 30);

describe('toQcWire', () => {
  it('sends the last seven days of every school and leaves 全部 off', () => {
    expect(toQcWire(defaultQcFilters(today), { pageNo: 1, pageSize: 30 })).toEqual({
      beginTimeStart: '2026-02-26',
      beginTimeEnd: '2026-03-04',
      schoolId: -1,
      areaCodes: [],
      subjects: [],
      gradeCodes: [],
      serviceIds: [],
      tagIds: [],
      pageNo: 1,
      pageSize: 30,
    });
  });

  it('sends the filters chosen, trimmed texts, a fiscal period, the view, the staff member and the sort', () => {
    const filters = {
      ...withQuarter(withFiscalYear(defaultQcFilters(today), 2025), 2),
      schoolId: 1001,
      groupId: 4,
      checkStatus: 1,
      resultStatus: 2,
      serviceIds: [3, 5],
      teacherEmail: ' wang ',
      studentNoAndName: '  ',
      classicCase: 1,
      punchChannel: 3,
      tagIds: [7],
    };
    expect(toQcWire(filters, { view: 'teacher', teacherId: 12, sortInfo: { field: 'punchTime', asc: false } })).toEqual(
      {
        fiscalYear: 2025,
        quarterCode: 2,
        schoolId: 1001,
        groupId: 4,
        checkStatus: 1,
        resultStatus: 2,
        classicCase: 1,
        punchChannel: 3,
        serviceIds: [3, 5],
        teacherEmail: 'wang',
        areaCodes: [],
        subjects: [],
        gradeCodes: [],
        tagIds: [7],
        view: 'teacher',
        teacherId: 12,
        sortInfo: { field: 'punchTime', asc: false },
      },
    );
  });

  it('sends 待质检 (0), which is not 全部', () => {
    expect(toQcWire({ ...defaultQcFilters(today), checkStatus: 0 }).checkStatus).toBe(0);
  });

  it('sends 否 (0) of the classic cases, which is not 全部', () => {
    const wire = toQcWire({ ...defaultQcFilters(today), classicCase: 0 });
    expect(wire.classicCase).toBe(0);
    expect(wire).not.toHaveProperty('punchChannel');
  });
});

describe('shownFilters', () => {
  it("leaves out what a screen does not show, so one screen's filters do not narrow another's", () => {
    const chosen = {
      ...defaultQcFilters(today),
      schoolId: 1001,
      groupId: 4,
      checkStatus: 0,
      resultStatus: 2,
      serviceIds: [3],
      teacherEmail: 'wang',
      studentNoAndName: 'S0001',
      classicCase: 1,
      punchChannel: 2,
      tagIds: [7],
    };
    expect(shownFilters(chosen, ['school', 'group', 'service', 'teacher', 'student'])).toEqual({
      ...chosen,
      checkStatus: -1,
      resultStatus: -1,
      classicCase: -1,
      punchChannel: -1,
      tagIds: [],
    });
    expect(shownFilters(chosen, ['classicCase', 'channel', 'tag'])).toMatchObject({
      classicCase: 1,
      punchChannel: 2,
      tagIds: [7],
      schoolId: -1,
    });
    expect(shownFilters(chosen, [])).toEqual({ ...defaultQcFilters(today) });
  });
});
