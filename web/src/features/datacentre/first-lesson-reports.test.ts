import { describe, expect, it } from 'vitest';
import { defaultFirstTabs, FIRST_SCREENS, FIRST_TEACHER, FIRST_WHOLE } from './first-lesson-reports';
import { reportStoreKey } from './reports';

describe('the first-lesson screens', () => {
  const reports = FIRST_SCREENS.flatMap((s) => [
    ...s.groupings.flatMap((g) => [g.reports.ZJ, g.reports.ST]),
    s.detail.reports.ZJ,
    s.detail.reports.ST,
  ]);

  it('keep column settings per screen, course and tab', () => {
    const keys = reports.map(reportStoreKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(reportStoreKey(FIRST_WHOLE.groupings[0]!.reports.ST)).toBe('datacentre-first-whole-ST-areaSchoolRank');
  });

  it('export as first{View}Stat and first{View}Detail', () => {
    expect(new Set(reports.map((r) => r.excelType))).toEqual(
      new Set([
        'firstWholeStat',
        'firstWholeDetail',
        'firstTeacherStat',
        'firstTeacherDetail',
        'firstConsultantStat',
        'firstConsultantDetail',
        'firstLearnManageStat',
        'firstLearnManageDetail',
      ]),
    );
  });

  it('start at 正价课首课 in their first grouping', () => {
    expect(defaultFirstTabs()).toEqual({
      whole: { tabType: 'ZJ', type: 'areaSchoolRank' },
      teacher: { tabType: 'ZJ', type: 'subjectCount' },
      consultant: { tabType: 'ZJ', type: 'areaCount' },
      learnManage: { tabType: 'ZJ', type: 'areaCount' },
    });
    expect(FIRST_TEACHER.groupings.map((g) => g.label)).toEqual(['学科统计', '项目组统计', '校区统计', '老师统计']);
  });
});
