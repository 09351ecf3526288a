// Test helpers of the record tools (听课记录): the server's lessons, visits, students, rows and
// record sheet, and a mocked server answering the recordTool calls.

import { scheduleLesson } from '@/features/teaching/test-helpers';
import type { LayoutDimension } from '@/generated/LayoutDimension';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import type { VisitableLesson } from '@/generated/VisitableLesson';
import type { VisitDetail } from '@/generated/VisitDetail';
import type { VisitRow } from '@/generated/VisitRow';
import type { VisitStudent } from '@/generated/VisitStudent';
import { envelope, type FetchMock, jsonBody, mockFetch } from '@/testing/test-utils';

export const LESSONS = '/api/recordTool/lessons';
export const START = '/api/recordTool/visit/start';
export const DETAIL = '/api/recordTool/visit/detail';
export const SAVE = '/api/recordTool/visit/save';
export const FINISH = '/api/recordTool/visit/finish';
export const STUDENTS = '/api/recordTool/visit/students';
export const STUDENT_SAVE = '/api/recordTool/visit/student/save';
export const VISITS = '/api/recordTool/visits';
export const DELETE = '/api/recordTool/visit/delete';
export const LESSON_CODE = '/api/recordTool/lesson/code';
export const SCAN = '/api/recordTool/scan';
export const LAYOUT = '/api/recordTool/layout';
export const LAYOUT_SAVE = '/api/recordTool/layout/save';

export const VISIT_ID = 9;
export const LESSON_ID = 14;

/** The record sheet the server seeds: five dimensions of 20 points. */
export const SHEET: LayoutDimension[] = [
  { key: 'goals', name: '教学目标', description: '目标明确，符合学生学情与课程要求', maxScore: 20 },
  { key: 'content', name: '教学内容', description: '内容准确，重点突出，难点有突破', maxScore: 20 },
  { key: 'method', name: '教学方法', description: '讲练结合，方法得当，板书与课件清晰', maxScore: 20 },
  { key: 'interaction', name: '课堂互动', description: '提问有效，学生参与度高，反馈及时', maxScore: 20 },
  { key: 'management', name: '课堂管理', description: '节奏合理，纪律良好，按时上下课', maxScore: 20 },
];

/** Lesson `id` of 高一数学精品班, 2026-11-24 09:00–11:00 local, by 张老师, 11 students, not held yet. */
export function visitLesson(id = LESSON_ID, patch: Partial<ScheduleLesson> = {}): ScheduleLesson {
  return scheduleLesson(id, new Date(2026, 10, 24, 9), { status: 0, statusName: '待上课', ...patch });
}

export function visitable(id = LESSON_ID, patch: Partial<VisitableLesson> = {}): VisitableLesson {
  return { lesson: visitLesson(id), schoolName: '北京海淀校区', myVisitId: 0, visitCount: 0, ...patch };
}

/** Visit 9 of lesson 14 by 李主管, being recorded, nothing scored or written yet. */
export function visitDetail(patch: Partial<VisitDetail> = {}): VisitDetail {
  return {
    id: VISIT_ID,
    status: 0,
    statusName: '记录中',
    lesson: visitLesson(),
    schoolName: '北京海淀校区',
    visitorId: 5,
    visitorName: '李主管',
    startedAt: new Date(2026, 10, 24, 9, 2).getTime(),
    finishedAt: 0,
    scores: SHEET.map((d) => ({ ...d })),
    totalScore: 0,
    maxTotal: 100,
    notes: [],
    summary: '',
    canEdit: true,
    ...patch,
  };
}

/** Visit 9 finished at 11:05: every dimension scored (18, 17, 16, 15, 14), two notes, a summary. */
export function finishedVisit(patch: Partial<VisitDetail> = {}): VisitDetail {
  return visitDetail({
    status: 1,
    statusName: '已完成',
    finishedAt: new Date(2026, 10, 24, 11, 5).getTime(),
    scores: SHEET.map((d, i) => ({ ...d, score: 18 - i })),
    totalScore: 80,
    notes: [
      { minute: 3, text: '导入：复习上节课内容' },
      { minute: 40, text: '小组讨论，气氛活跃' },
    ],
    summary: '整体流畅，互动可以再多一些。',
    canEdit: false,
    ...patch,
  });
}

export function visitStudent(i: number, patch: Partial<VisitStudent> = {}): VisitStudent {
  return {
    studentId: 100 + i,
    studentCode: `ST${100 + i}`,
    studentName: `学员${i}`,
    gradeName: '高一',
    attendanceStatus: 1,
    attendanceName: '出勤',
    attention: 0,
    attentionName: '',
    note: '',
    ...patch,
  };
}

/** Visit `id` of lesson 14 by 李主管, finished with 80 of 100. */
export function visitRow(id: number, patch: Partial<VisitRow> = {}): VisitRow {
  return {
    id,
    lessonId: LESSON_ID,
    classCode: 'BJ1001040002',
    className: '高一数学精品班',
    subjectName: '数学',
    teacherName: '张老师',
    schoolName: '北京海淀校区',
    lessonTitle: '第14讲',
    lessonStart: new Date(2026, 10, 24, 9).getTime(),
    visitorName: '李主管',
    status: 1,
    statusName: '已完成',
    totalScore: 80,
    maxTotal: 100,
    startedAt: new Date(2026, 10, 24, 9, 2).getTime(),
    finishedAt: new Date(2026, 10, 24, 11, 5).getTime(),
    canDelete: false,
    ...patch,
  };
}

type Respond = (url: URL, init?: RequestInit) => Response | Promise<Response>;
type Route = [method: string, path: string, respond: Respond];

/** A page of `all` as the server answers the paging in the body. */
export function pageOf(all: readonly unknown[]): Respond {
  return (_url, init) => {
    const { pageNo = 1, pageSize = 20 } = jsonBody(init) as { pageNo?: number; pageSize?: number };
    return envelope({
      records: all.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      total: all.length,
      pageNo,
      pageSize,
    });
  };
}

/**
 * The recordTool calls: `routes` first, then visit 9 as `detail` gives it (saving answers the
 * record sent; finishing, the record finished), and the seeded sheet.
 */
export function recordToolServer(routes: Route[] = [], detail: () => VisitDetail = visitDetail): FetchMock {
  let current: VisitDetail | null = null;
  const now = () => current ?? detail();
  return mockFetch([
    ...routes,
    ['POST', DETAIL, () => envelope(now())],
    ['POST', START, () => envelope(now())],
    [
      'POST',
      SAVE,
      (_url, init) => {
        const body = jsonBody(init) as {
          scores: { key: string; score?: number }[];
          notes: VisitDetail['notes'];
          summary: string;
        };
        const base = now();
        const scores = base.scores.map((s) => ({ ...s, score: body.scores.find((b) => b.key === s.key)?.score }));
        current = {
          ...base,
          scores,
          totalScore: scores.reduce((sum, s) => sum + (s.score ?? 0), 0),
          notes: body.notes,
          summary: body.summary,
        };
        return envelope(current);
      },
    ],
    [
      'POST',
      FINISH,
      () => {
        current = { ...now(), status: 1, statusName: '已完成', finishedAt: Date.now(), canEdit: false };
        return envelope(current);
      },
    ],
    ['GET', LAYOUT, () => envelope(SHEET)],
  ]);
}
