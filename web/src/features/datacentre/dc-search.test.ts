import { describe, expect, it } from 'vitest';
import { pickWithAll } from './all-option';
import { lastSevenDays } from '@/lib/day-range';
import {
  allToEmpty,
  defaultDcSearch,
  defaultFilters,
  forSchool,
  REPORT_FILTERS,
  shownDcFilters,
  toWire,
  YES_NO_FILTERS,
} from './dc-search';

/** Thursday 2026-03-05, local time. */
const today = new Date(2026, 2, 5, 15, 30);

describe('defaultDcSearch', () => {
  it('searches the last seven days ending yesterday', () => {
    expect(defaultDcSearch(today).dateVal).toEqual(lastSevenDays(today));
  });
});

describe('toWire', () => {
  it('sends the defaults with lists of only -1 as empty lists and the range as days', () => {
    expect(toWire(defaultDcSearch(today), { pageNo: 1, pageSize: 30 })).toEqual({
      beginTimeStart: '2026-02-26',
      beginTimeEnd: '2026-03-04',
      schoolId: -1,
      subjects: [],
      manageProject: -1,
      productType: ['ZJK'],
      productGroup: [],
      gradeCodes: [],
      areaCodes: [],
      projectGroup: -1,
      lessonDuringTime: -1,
      teacherTeachTime: -1,
      dataTimeType: 'week',
      noRecycleCauseTypes: [],
      columns: [],
      pageNo: 1,
      pageSize: 30,
    });
  });

  it('sends chosen values, trimmed texts, a fiscal period without dates, the sort and the columns', () => {
    const wire = toWire(
      {
        ...defaultDcSearch(today),
        dateVal: null,
        fiscalYear: 2025,
        quarterCode: 3,
        subjects: [54, 56],
        areaCodes: ['A01'],
        gradeCodes: [10],
        productGroup: [2],
        teacherEmail: '  wang@demo.eduhub ',
        studentNoAndName: '   ',
      },
      { sortInfo: { field: 'refundAmount', asc: false }, columns: ['studentCode', 'refundAmount'] },
    );
    expect(wire).toMatchObject({
      fiscalYear: 2025,
      quarterCode: 3,
      subjects: [54, 56],
      areaCodes: ['A01'],
      gradeCodes: [10],
      productGroup: [2],
      teacherEmail: 'wang@demo.eduhub',
      sortInfo: { field: 'refundAmount', asc: false },
      columns: ['studentCode', 'refundAmount'],
    });
    expect(wire).not.toHaveProperty('beginTimeStart');
    expect(wire).not.toHaveProperty('studentNoAndName');
    expect(wire).not.toHaveProperty('pageNo');
  });

  it('sends dates rather than a fiscal period when both are set', () => {
    const wire = toWire({ ...defaultDcSearch(today), fiscalYear: 2025 });
    expect(wire.beginTimeStart).toBe('2026-02-26');
    expect(wire).not.toHaveProperty('fiscalYear');
  });

  it('sends a filter set as 1 or 0 and leaves 全部 out; the causes as a list, 全部 empty', () => {
    const wire = toWire({
      ...defaultDcSearch(today),
      bindResLesson: 1,
      isRecycle: 0,
      isCreateIn24h: 0,
      noRecycleCauseTypes: [2, 4],
    });
    expect(wire).toMatchObject({ bindResLesson: 1, isRecycle: 0, isCreateIn24h: 0, noRecycleCauseTypes: [2, 4] });
    for (const field of ['publishResource', 'recycleResource', 'isSendFeedbackReport']) {
      expect(wire).not.toHaveProperty(field);
    }
    expect(toWire({ ...defaultDcSearch(today), noRecycleCauseTypes: [-1] }).noRecycleCauseTypes).toEqual([]);
  });

  it('treats a list holding -1 or "-1" as all', () => {
    expect(allToEmpty([-1])).toEqual([]);
    expect(allToEmpty(['-1'])).toEqual([]);
    expect(allToEmpty([53, 54])).toEqual([53, 54]);
    expect(allToEmpty([])).toEqual([]);
  });
});

describe('shownDcFilters', () => {
  const narrowed = {
    ...defaultDcSearch(today),
    bindResLesson: 1,
    isSendFeedbackReport: 0,
    isCreateIn24h: 1,
    noRecycleCauseTypes: [3],
    teacherTeachTime: 2,
    lessonDuringTime: 1,
    projectGroup: 3,
    teacherEmail: 'wang',
  };

  it('leaves the bands and filter sets a screen does not show at 全部', () => {
    const shown = shownDcFilters(narrowed, REPORT_FILTERS);
    for (const field of YES_NO_FILTERS) expect(shown[field]).toBe(-1);
    expect(shown).toMatchObject({
      noRecycleCauseTypes: [-1],
      teacherTeachTime: -1,
      lessonDuringTime: -1,
      projectGroup: -1,
    });
    // The usual filters are every screen's.
    expect(shown.teacherEmail).toBe('wang');
    expect(toWire(shown)).toEqual(toWire({ ...defaultDcSearch(today), teacherEmail: 'wang' }));
  });

  it('keeps those it shows', () => {
    const shown = shownDcFilters(narrowed, [
      ...REPORT_FILTERS,
      'isSendFeedbackReport',
      'noRecycleCause',
      'lessonDuringTime',
      'projectGroup',
    ]);
    expect(shown).toMatchObject({
      projectGroup: 3,
      bindResLesson: -1,
      isSendFeedbackReport: 0,
      isCreateIn24h: -1,
      noRecycleCauseTypes: [3],
      teacherTeachTime: -1,
      lessonDuringTime: 1,
    });
  });

  it('searches every product type on a screen without the product type filter (the first-lesson screens)', () => {
    const fields = REPORT_FILTERS.filter((f) => f !== 'productType');
    expect(shownDcFilters(narrowed, fields).productType).toEqual(['-1']);
    expect(toWire(shownDcFilters(narrowed, fields)).productType).toEqual([]);
    expect(shownDcFilters(narrowed, REPORT_FILTERS).productType).toEqual(['ZJK']);
  });
});

describe('forSchool', () => {
  it('keeps the areas of the same school and drops those of another', () => {
    const state = { ...defaultDcSearch(today), schoolId: 2, areaCodes: ['A01'] };
    expect(forSchool(state, 2)).toBe(state);
    expect(forSchool(state, 3)).toMatchObject({ schoolId: 3, areaCodes: ['-1'] });
  });

  it('leaves the header fields out of the filter bar defaults', () => {
    expect(defaultFilters(today)).not.toHaveProperty('subjects');
    expect(defaultFilters(today)).toMatchObject({ productType: ['ZJK'], areaCodes: ['-1'] });
  });
});

describe('pickWithAll', () => {
  it('makes 全部 and single values exclude each other and an empty choice 全部', () => {
    expect(pickWithAll(['-1'], ['-1', '54'])).toEqual(['54']);
    expect(pickWithAll(['54'], ['54', '-1'])).toEqual(['-1']);
    expect(pickWithAll(['54'], [])).toEqual(['-1']);
    expect(pickWithAll(['54'], ['54', '56'])).toEqual(['54', '56']);
    expect(pickWithAll(['-1'], ['-1'])).toEqual(['-1']);
  });
});
