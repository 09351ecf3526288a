import { describe, expect, it } from 'vitest';
import { firstDetailColumns, firstStatColumns } from './first-lesson-columns';

const props = (columns: { prop: string }[]) => columns.map((c) => c.prop);
const sortable = (columns: { prop: string; sortable?: string }[]) =>
  columns.filter((c) => c.sortable === 'custom').map((c) => c.prop);

describe('firstStatColumns', () => {
  it('shows the first-lesson figures and the pre-handover on full-price school and area rows', () => {
    const schools = props(firstStatColumns('ZJ', 'areaSchoolRank'));
    expect(schools.slice(0, 9)).toEqual([
      'rank',
      'schoolName',
      'f1LessonTotalCnt',
      'f1LessonCnt',
      'f1LessonSuccCnt',
      'f1LessonSuccRate',
      'f3LessonSuccCnt',
      'f3LessonSuccRate',
      'stepTotalCnt',
    ]);
    expect(schools.slice(-2)).toEqual(['handoverYJJ', 'handoverYJJRate']);
    expect(props(firstStatColumns('ZJ', 'areaCount')).slice(0, 2)).toEqual(['areaName', 'schoolName']);
    expect(props(firstStatColumns('ZJ', 'areaCount'))).toContain('handoverYJJ');
    expect(props(firstStatColumns('ZJ', 'subjectCount'))).not.toContain('handoverYJJ');
    expect(schools).not.toContain('stLessonCnt');
  });

  it('shows the trial figures, with the four conversion rates sorted by the server, and no pre-handover', () => {
    const trials = firstStatColumns('ST', 'areaSchoolRank');
    expect(props(trials).slice(2, 13)).toEqual([
      'stLessonCnt',
      'stStudentCnt',
      'stOrderCnt',
      'day30ZjCnt',
      'day30ZjRate',
      'day90ZjCnt',
      'day90ZjRate',
      'teacherZjCnt',
      'teacherZjRate',
      'subjectZjCnt',
      'subjectZjRate',
    ]);
    expect(props(trials)).not.toContain('handoverYJJ');
    expect(props(trials)).not.toContain('f1LessonCnt');
    expect(sortable(trials)).toEqual([
      'stLessonCnt',
      'day30ZjRate',
      'day90ZjRate',
      'teacherZjRate',
      'subjectZjRate',
      'stepFinishedRate',
      'stepQcQualifiedRate',
    ]);
  });

  it('names people with their e-mail and school', () => {
    expect(props(firstStatColumns('ZJ', 'teacherCount')).slice(0, 3)).toEqual([
      'teacherName',
      'teacherEmail',
      'schoolName',
    ]);
    expect(props(firstStatColumns('ST', 'consultantCount')).slice(0, 3)).toEqual([
      'staffName',
      'staffEmail',
      'schoolName',
    ]);
    expect(props(firstStatColumns('ZJ', 'groupCount'))[0]).toBe('groupName');
  });
});

describe('firstDetailColumns', () => {
  it('shows the first four lessons and the package of a full-price first lesson, the conversions of a trial', () => {
    const zj = props(firstDetailColumns('ZJ', 'whole'));
    expect(zj).toEqual(expect.arrayContaining(['f1Status', 'f4LessonTime', 'f1PackageCode', 'f1IsCanceled']));
    expect(zj).not.toContain('day30ZjStatus');
    const st = props(firstDetailColumns('ST', 'whole'));
    expect(st).toEqual(
      expect.arrayContaining(['day30ZjStatus', 'stF1LessonTime', 'zjRegistrationOrder', 'sameTeacherFlag']),
    );
    for (const prop of ['f1Status', 'f1LessonTime', 'f2LessonTime', 'f1PackageCode', 'productName'])
      expect(st).not.toContain(prop);
    expect(sortable(firstDetailColumns('ZJ', 'teacher'))).toEqual(['f1LessonTime', 'stepFinishTime']);
  });

  it('adds the course type, the executor, the step window and the completion rates for consultants and learning managers', () => {
    const role = firstDetailColumns('ZJ', 'learnManage');
    expect(props(role).slice(0, 3)).toEqual(['studentCode', 'studentName', 'courseTypeDesc']);
    expect(props(role)).toEqual(
      expect.arrayContaining(['taskCodeDesc', 'staffName', 'staffEmail', 'stepStartTime', 'stepEndTime', 'lessonTime']),
    );
    expect(props(role).slice(-3)).toEqual(['contributionRate', 'schoolFillingRate', 'alloverFillingRate']);
    expect(sortable(role)).toEqual(['lessonTime', 'stepEndTime', 'stepFinishTime']);
    expect(props(firstDetailColumns('ZJ', 'whole'))).not.toContain('contributionRate');
  });
});
