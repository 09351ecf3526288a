// Test helpers of the live lessons: the server's lesson, students, patrol records and playback,
// and a mocked server answering the liveLesson calls.

import type { LiveLessonDetail } from '@/generated/LiveLessonDetail';
import type { LivePatrolRow } from '@/generated/LivePatrolRow';
import type { LivePlayback } from '@/generated/LivePlayback';
import type { LivePresence } from '@/generated/LivePresence';
import type { LiveStudent } from '@/generated/LiveStudent';
import { envelope, type FetchMock, mockFetch } from '@/testing/test-utils';

export const DETAIL = '/api/liveLesson/detail';
export const WATCH = '/api/liveLesson/watch';
export const PATROL_LIST = '/api/liveLesson/patrol/list';
export const PATROL_SAVE = '/api/liveLesson/patrol/save';
export const RECORDING_SET = '/api/liveLesson/recording/set';
export const PLAYBACK = '/api/liveLesson/playback';
export const POSITION = '/api/liveLesson/playback/position';

export const LESSON_ID = 42;

/** 2026-03-02 19:00 local, the lesson's start; it lasts 90 minutes. */
export const START = new Date(2026, 2, 2, 19, 0).getTime();
const MINUTE = 60_000;
export const at = (minutes: number, seconds = 0) => START + minutes * MINUTE + seconds * 1000;

export const absent = (): LivePresence => ({ inRoom: false, seconds: 0, entries: 0 });

/** Came at 19:02, still in the room, 20 minutes so far. */
export const inRoom = (): LivePresence => ({ inRoom: true, firstEntryAt: at(2), seconds: 1200, entries: 1 });

/** Came at 19:01:05, went and came back, left for good at 19:40:30: 35:10 in all. */
export const left = (): LivePresence => ({
  inRoom: false,
  firstEntryAt: at(1, 5),
  lastExitAt: at(40, 30),
  seconds: 2110,
  entries: 2,
});

export function liveStudent(i: number, presence: LivePresence, patch: Partial<LiveStudent> = {}): LiveStudent {
  return {
    studentId: 500 + i,
    studentName: `学员${i}`,
    studentCode: `S${String(i).padStart(4, '0')}`,
    groupName: i % 2 ? '第一组' : '第二组',
    onLeave: false,
    presence,
    ...patch,
  };
}

/** Lesson 42, 上课中 at 19:22: the teacher in the room, two of four students in, one gone, one on leave. */
export function liveDetail(patch: Partial<LiveLessonDetail> = {}): LiveLessonDetail {
  return {
    lessonId: LESSON_ID,
    classId: 7,
    classCode: 'XS2026A',
    className: '三年级数学A班',
    lessonNo: 3,
    lessonName: '分数的认识',
    subjectName: '数学',
    teacherName: '王老师',
    startAt: START,
    endAt: at(90),
    minutes: 90,
    state: 1,
    stateDesc: '上课中',
    teacher: { inRoom: true, firstEntryAt: at(-5), seconds: 1620, entries: 1 },
    students: [
      liveStudent(1, inRoom()),
      liveStudent(2, left()),
      liveStudent(3, absent()),
      liveStudent(4, absent(), { onLeave: true }),
    ],
    present: 1,
    entered: 2,
    canPatrol: false,
    canReport: false,
    now: at(22),
    ...patch,
  };
}

export function patrolRow(id: number, patch: Partial<LivePatrolRow> = {}): LivePatrolRow {
  return {
    id,
    lessonId: LESSON_ID,
    inspectorName: '赵质检',
    result: 1,
    resultDesc: '正常',
    remark: '',
    lessonState: 1,
    present: 18,
    createdAt: at(10),
    ...patch,
  };
}

export function playback(patch: Partial<LivePlayback['play']> = {}): LivePlayback {
  return {
    lessonId: LESSON_ID,
    play: {
      mediaId: 900,
      url: '/api/media/play/900?token=signed',
      expireTime: at(600),
      fileName: '第3讲 分数的认识.mp4',
      class: 'video',
      lastPosition: 95.5,
      duration: 5400,
      ...patch,
    },
    points: [
      { knowledgeName: '分数的意义', startSecond: 120, students: 12 },
      { knowledgeName: '分数的大小比较', startSecond: 1865, students: 9 },
    ],
  };
}

type Respond = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/**
 * `routes` first, then the lesson from `detail()` (read at every call, so that a test changes
 * what the server answers), the watch, and no patrol records; anything else A0404.
 */
export function liveServer(
  detail: () => LiveLessonDetail = liveDetail,
  routes: [method: string, path: string, respond: Respond][] = [],
): FetchMock {
  return mockFetch([
    ...routes,
    ['POST', WATCH, () => envelope({ until: Date.now() + 600_000 })],
    ['POST', DETAIL, () => envelope(detail())],
    ['POST', PATROL_LIST, () => envelope([])],
  ]);
}
