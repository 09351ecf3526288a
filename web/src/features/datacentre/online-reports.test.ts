import { describe, expect, it } from 'vitest';
import { cellText, exportedProps, type ReportColumn } from '@/components/data-table/report-column';
import type { DcSearch } from '@/generated/DcSearch';
import { ONLINE_ANSWER_CARD_COLUMNS, onlineStatColumns } from './columns/online-columns';
import {
  hasAnomaly,
  ONLINE_AUXILIARY,
  ONLINE_CLASS_DEVICES,
  ONLINE_CLASS_GROUPS,
  ONLINE_CLASS_LESSONS,
  ONLINE_CLASS_RENEWALS,
  ONLINE_CLASS_STUDENTS,
  ONLINE_LESSON_ANOMALIES,
  ONLINE_LESSON_ANSWER_CARDS,
  ONLINE_LESSON_LEAVES,
  ONLINE_LESSON_REPLAY_POINTS,
  ONLINE_LESSON_STUDENTS,
  ONLINE_LESSON_WORKBENCH,
  ONLINE_MAIN,
  ONLINE_SCREENS,
  onlineClassPath,
  onlineLessonPath,
  onlineStatSearch,
} from './online-reports';
import { reportStoreKey } from './reports';
import { sortLocally } from './table-cells';
import { onlineLessonStudentRow, onlineReplayPointRow, onlineStatRow } from './test-helpers';

const props = (columns: readonly { prop: string }[]) => columns.map((c) => c.prop);

/** The text of `row`'s cell in the column `prop`. */
function textOf<T>(columns: readonly ReportColumn<T>[], prop: string, row: T): string {
  const column = columns.find((c) => c.prop === prop);
  if (!column) throw new Error(`no column ${prop}`);
  return cellText(column, row);
}

const ONLINE_SEARCH: DcSearch = {
  subjects: [],
  productType: ['ZJK'],
  productGroup: [],
  gradeCodes: [],
  areaCodes: [],
  noRecycleCauseTypes: [],
  columns: [],
  pageNo: 1,
  pageSize: 30,
};

describe('the online class statistics', () => {
  const pages = ONLINE_SCREENS.flatMap((s) => [...Object.values(s.stat), s.studentLessons, s.classes, s.quits]);

  it('export as online{Side}Stat (the level in the search), StudentLessons, Classes and Quits', () => {
    expect(
      ONLINE_SCREENS.map((s) => [
        s.stat.group.excelType,
        s.studentLessons.excelType,
        s.classes.excelType,
        s.quits.excelType,
      ]),
    ).toEqual([
      ['onlineMainStat', 'onlineMainStudentLessons', 'onlineMainClasses', 'onlineMainQuits'],
      ['onlineAuxiliaryStat', 'onlineAuxiliaryStudentLessons', 'onlineAuxiliaryClasses', 'onlineAuxiliaryQuits'],
    ]);
    expect(new Set(Object.values(ONLINE_MAIN.stat).map((r) => r.excelType))).toEqual(new Set(['onlineMainStat']));
    expect(ONLINE_MAIN.stat.lesson.request?.(ONLINE_SEARCH)).toEqual({ ...ONLINE_SEARCH, type: 'lesson' });
    expect(onlineStatSearch('school', ONLINE_SEARCH)).toEqual({ ...ONLINE_SEARCH, type: 'school' });
    expect(ONLINE_AUXILIARY.stat.teacher.path).toBe('/api/online/auxiliary/statistics');
    expect(ONLINE_MAIN.quits.path).toBe('/api/online/main/quits');
  });

  it('keep column settings per screen, level and list', () => {
    const lists = [
      ONLINE_CLASS_LESSONS,
      ONLINE_CLASS_STUDENTS,
      ONLINE_CLASS_GROUPS,
      ONLINE_CLASS_RENEWALS,
      ONLINE_CLASS_DEVICES,
      ONLINE_LESSON_STUDENTS,
      ONLINE_LESSON_ANOMALIES,
      ONLINE_LESSON_ANSWER_CARDS,
      ONLINE_LESSON_WORKBENCH,
      ONLINE_LESSON_LEAVES,
      ONLINE_LESSON_REPLAY_POINTS,
    ].map((l) => reportStoreKey({ excelType: null, settingsName: l.settingsName }));
    const keys = [...pages.map(reportStoreKey), ...lists];
    expect(new Set(keys).size).toBe(keys.length);
    expect(reportStoreKey(ONLINE_AUXILIARY.stat.class)).toBe('datacentre-online-auxiliary-class');
  });

  it('name each level’s rows by its own fields, the auxiliary teacher on the auxiliary screen', () => {
    expect(props(onlineStatColumns('teacher', 'main')).slice(0, 3)).toEqual([
      'schoolName',
      'teacherName',
      'teacherEmail',
    ]);
    expect(props(onlineStatColumns('teacher', 'auxiliary')).slice(0, 3)).toEqual([
      'schoolName',
      'assistantName',
      'assistantEmail',
    ]);
    expect(props(onlineStatColumns('class', 'main'))).toEqual(
      expect.arrayContaining(['classCode', 'className', 'classBeginEndDate', 'teacherName', 'inClassCnt']),
    );
    const lesson = props(onlineStatColumns('lesson', 'main'));
    for (const prop of [
      'lessonId',
      'lessonName',
      'lessonBeginEndTime',
      'teacherPresenceStatus',
      'teacherPresenceDuration',
      'firstEntryTime',
      'afterClassLastExitTime',
      'sacStuLiveShouldCnt',
      'lessonQuestionCnt',
      'onWallNum',
    ])
      expect(lesson).toContain(prop);
    expect(lesson).not.toContain('teacherLiveAttendRate');
    expect(props(onlineStatColumns('school', 'main')).slice(0, 5)).toEqual([
      'schoolName',
      'classCnt',
      'lessonCnt',
      'studentCnt',
      'teacherCnt',
    ]);
    expect(props(onlineStatColumns('group', 'auxiliary')).slice(0, 3)).toEqual([
      'groupName',
      'assistantName1',
      'assistantName2',
    ]);
    // Group rows show the counts beside their rates, on screen only.
    const group = onlineStatColumns('group', 'main');
    expect(props(group)).toEqual(expect.arrayContaining(['liveAttendCnt', 'liveAttendRate']));
    expect(exportedProps(group, props(group))).not.toContain('liveAttendCnt');
    expect(exportedProps(group, props(group))).toContain('liveAttendRate');
    // The class's groups in its drawer do not repeat the class.
    expect(props(ONLINE_CLASS_GROUPS.columns)).not.toContain('className');
  });

  it('let the server sort the statistics by the counts and rates it knows', () => {
    const sorted = onlineStatColumns('teacher', 'main')
      .filter((c) => c.sortable === 'custom')
      .map((c) => c.prop);
    expect(new Set(sorted)).toEqual(
      new Set([
        'studentCnt',
        'inClassCnt',
        'liveAttendRate',
        'liveCompletionRate',
        'playbackCompletionRate',
        'comprehensiveAttendRate',
        'comprehensiveCompletionRate',
        'answerAccuracyRate',
        'retentionRate',
        'reportSendRate',
        'friendAddRate',
        'groupJoinRate',
      ]),
    );
    const lessonTime = ONLINE_MAIN.studentLessons.columns.find((c) => c.prop === 'lessonBeginEndTime');
    expect(lessonTime).toMatchObject({ sortable: 'custom', sortField: 'lessonTime' });
  });

  it('show rates as percentages (-1 as /), averages, durations as hh:mm:ss and absent times as -', () => {
    const columns = onlineStatColumns('lesson', 'main');
    const row = onlineStatRow({
      lessonId: 101,
      lessonName: '第1讲',
      liveAttendRate: 0.75,
      playbackCompletionRate: -1,
      avgChatNum: 3.333,
      avgOnWallNum: -1,
      teacherPresenceDuration: 5405,
      firstEntryTime: new Date(2026, 2, 2, 18, 50).getTime(),
      afterClassLastExitTime: 0,
      sacStuLiveShouldCnt: 1234,
    });
    expect(
      [
        'liveAttendRate',
        'playbackCompletionRate',
        'avgChatNum',
        'avgOnWallNum',
        'teacherPresenceDuration',
        'firstEntryTime',
        'afterClassLastExitTime',
        'sacStuLiveShouldCnt',
        'teacherPresenceStatus',
      ].map((prop) => textOf(columns, prop, row)),
    ).toEqual(['75.00%', '/', '3.33', '/', '01:30:05', '2026-03-02 18:50', '-', '1,234', '-']);
    expect(textOf(onlineStatColumns('teacher', 'main'), 'avgLessonQuestionCnt', row)).toBe('6.5');
    const lessonStudent = onlineLessonStudentRow(1, { playbackStudyDuration: 0, liveStudyDuration: 59 });
    expect(textOf(ONLINE_LESSON_STUDENTS.columns, 'playbackStudyDuration', lessonStudent)).toBe('-');
    expect(textOf(ONLINE_LESSON_STUDENTS.columns, 'liveStudyDuration', lessonStudent)).toBe('00:00:59');
    expect(textOf(ONLINE_LESSON_REPLAY_POINTS.columns, 'startTime', onlineReplayPointRow(1))).toBe('00:10:05');
    expect(textOf(ONLINE_LESSON_REPLAY_POINTS.columns, 'startTime', onlineReplayPointRow(1, { startTime: 0 }))).toBe(
      '00:00:00',
    );
  });

  it('count a student in 课堂异常 when any anomaly is above zero', () => {
    expect(hasAnomaly(onlineLessonStudentRow(1))).toBe(false);
    for (const anomaly of [
      'leaveRoomCount',
      'continueNotAnswerCount',
      'totalNotAnswerCount',
      'starAnomalyCount',
    ] as const)
      expect(hasAnomaly(onlineLessonStudentRow(1, { [anomaly]: 1 })), anomaly).toBe(true);
  });

  it('sort a list read whole by a sortable column, equals in their order, others not at all', () => {
    const rows = [
      onlineLessonStudentRow(1, { correctRate: 0.5 }),
      onlineLessonStudentRow(2, { correctRate: -1 }),
      onlineLessonStudentRow(3, { correctRate: 0.9 }),
      onlineLessonStudentRow(4, { correctRate: 0.5 }),
    ];
    const codes = (sorted: typeof rows) => sorted.map((r) => r.studentCode);
    expect(codes(sortLocally(rows, ONLINE_ANSWER_CARD_COLUMNS, { field: 'correctRate', asc: false }))).toEqual([
      'S0003',
      'S0001',
      'S0004',
      'S0002',
    ]);
    expect(codes(sortLocally(rows, ONLINE_ANSWER_CARD_COLUMNS, { field: 'correctRate', asc: true }))).toEqual([
      'S0002',
      'S0001',
      'S0004',
      'S0003',
    ]);
    expect(codes(sortLocally(rows, ONLINE_ANSWER_CARD_COLUMNS, { field: 'inoutClass', asc: true }))).toEqual(
      codes(rows),
    );
    expect(codes(sortLocally(rows, ONLINE_ANSWER_CARD_COLUMNS, null))).toEqual(codes(rows));
  });

  it('read a class’s and a lesson’s lists by their ids', () => {
    expect(onlineClassPath(11, 'renewals')).toBe('/api/online/class/11/renewals');
    expect(onlineLessonPath(101, 'replayPoints')).toBe('/api/online/lesson/101/replayPoints');
  });
});
