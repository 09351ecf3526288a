// Test helpers of the course plans (一对一课程计划): the server's packages, lessons, plans and
// reports, the atlas of 高中数学, and a mocked server answering the classPlan calls as the real one
// does (the n-th attended lesson carries out item n; `updatedAt` guards a save).

import type { AtlasNodeView } from '@/generated/AtlasNodeView';
import type { ClassPlan } from '@/generated/ClassPlan';
import type { ClassPlanItem } from '@/generated/ClassPlanItem';
import type { ClassPlanLesson } from '@/generated/ClassPlanLesson';
import type { ClassPlanPackage } from '@/generated/ClassPlanPackage';
import type { ClassPlanReport } from '@/generated/ClassPlanReport';
import type { SaveClassPlanRequest } from '@/generated/SaveClassPlanRequest';
import { envelope, type FetchMock, jsonBody, mockFetch } from '@/testing/test-utils';

export const PACKAGES = '/api/classPlan/packages';
export const DETAIL = '/api/classPlan/detail';
export const SAVE = '/api/classPlan/save';
export const CONFIRM = '/api/classPlan/confirm';
export const REPORT = '/api/classPlan/report';
export const KNOWLEDGE = '/api/teaching/plan/knw/tree';
export const DICT = '/api/dic/queryBaseDicInfo';

export const PACKAGE_ID = 23;

const node = (id: number, parentId: number, name: string, children: AtlasNodeView[] = []): AtlasNodeView => ({
  id,
  treeId: 1,
  parentId,
  name,
  summary: '',
  children,
});

/** 高中数学's atlas: two chapters of points. */
export const ATLAS: AtlasNodeView[] = [
  node(110, 0, '函数', [node(111, 110, '函数的概念与表示'), node(112, 110, '函数的单调性与最值')]),
  node(120, 0, '导数及其应用', [node(121, 120, '导数的概念'), node(122, 120, '导数的运算')]),
];

const POINT_NAMES = new Map<number, string>([
  [111, '函数的概念与表示'],
  [112, '函数的单调性与最值'],
  [121, '导数的概念'],
  [122, '导数的运算'],
]);

/** Package 23 of 高刚平 (高一), 数学, 6 lessons bought, taught by 张老师; no plan yet. */
export function planPackage(patch: Partial<ClassPlanPackage> = {}): ClassPlanPackage {
  return {
    packageId: PACKAGE_ID,
    code: 'KB10010001722',
    name: '数学一对一6课时包',
    subject: 54,
    studentId: 74,
    studentCode: 'ST100100061',
    studentName: '高刚平',
    grade: '高一',
    teacherId: 1,
    teacherName: '张老师',
    totalLessons: 6,
    usedLessons: 3,
    boughtAt: new Date(2026, 8, 1, 10).getTime(),
    planStatus: 0,
    planStatusName: '未制定',
    plannedItems: 0,
    doneItems: 0,
    ...patch,
  };
}

const lesson = (lessonId: number, day: number, status: number, statusName: string): ClassPlanLesson => ({
  lessonId,
  startAt: new Date(2026, 9, day, 18).getTime(),
  endAt: new Date(2026, 9, day, 20).getTime(),
  status,
  statusName,
});

/** The package's lessons: present 10-08, absent 10-15, late 10-22, present 10-29 (three attended). */
export const LESSONS: ClassPlanLesson[] = [
  lesson(501, 8, 1, '出勤'),
  lesson(502, 15, 3, '缺勤'),
  lesson(503, 22, 2, '迟到'),
  lesson(504, 29, 1, '出勤'),
];

/** What the server keeps of a plan. */
export interface StoredPlan {
  goal: string;
  items: { title: string; pointIds: number[]; note: string }[];
  status: number;
  updatedAt: number;
  confirmedAt: number | null;
}

const STATUS_NAMES = ['未制定', '草稿', '已确认'];

/** A plan as `classPlan/detail` answers it, for what is stored. */
export function planOf(stored: StoredPlan | null, patch: Partial<ClassPlan> = {}, lessons = LESSONS): ClassPlan {
  const attended = lessons.filter((l) => l.status === 1 || l.status === 2);
  const used = attended.length;
  const items: ClassPlanItem[] = (stored?.items ?? []).map((item, i) => ({
    position: i + 1,
    title: item.title,
    points: item.pointIds.map((id) => ({ nodeId: id, name: POINT_NAMES.get(id) ?? `知识点${id}` })),
    note: item.note,
    lesson: attended[i] ?? null,
  }));
  const status = stored?.status ?? 0;
  return {
    package: planPackage({
      usedLessons: used,
      planStatus: status,
      planStatusName: STATUS_NAMES[status] ?? '',
      plannedItems: items.length,
      doneItems: Math.min(items.length, used),
    }),
    goal: stored?.goal ?? '',
    status,
    statusName: STATUS_NAMES[status] ?? '',
    items,
    lessons,
    canEdit: true,
    updatedAt: stored?.updatedAt ?? 0,
    confirmedAt: stored?.confirmedAt ?? null,
    ...patch,
  };
}

/** A draft of four items, saved at 2026-10-30 09:00; the first three carried out. */
export function draftPlan(): StoredPlan {
  return {
    goal: '掌握函数与导数的基本方法',
    items: [
      { title: '函数的概念', pointIds: [111], note: '' },
      { title: '函数的单调性', pointIds: [112], note: '课后练习 10 题' },
      { title: '导数的概念', pointIds: [121], note: '' },
      { title: '导数的运算', pointIds: [122, 121], note: '' },
    ],
    status: 1,
    updatedAt: new Date(2026, 9, 30, 9).getTime(),
    confirmedAt: null,
  };
}

/** The report of a plan as `classPlan/report` answers it. */
export function reportOf(plan: ClassPlan): ClassPlanReport {
  const count = (s: number) => plan.lessons.filter((l) => l.status === s).length;
  const done = plan.items.filter((i) => i.lesson);
  const percent = (n: number, d: number) => (d <= 0 ? -1 : Math.round((n * 1000) / d) / 10);
  return {
    plan,
    attendance: {
      present: count(1),
      late: count(2),
      absent: count(3),
      leave: count(4),
      attendanceRate: percent(count(1) + count(2), plan.lessons.length),
    },
    remainingLessons: Math.max(0, plan.package.totalLessons - plan.package.usedLessons),
    progressRate: percent(done.length, plan.items.length),
    plannedPoints: new Set(plan.items.flatMap((i) => i.points.map((p) => p.nodeId))).size,
    coveredPoints: new Set(done.flatMap((i) => i.points.map((p) => p.nodeId))).size,
    upcoming: plan.items.filter((i) => !i.lesson).slice(0, 3),
  };
}

type Respond = (url: URL, init?: RequestInit) => Response | Promise<Response>;
type Route = [method: string, path: string, respond: Respond];

export interface PlanServerOptions {
  /** The plan stored at the start (none by default). */
  stored?: StoredPlan | null;
  /** Applied to every plan answered (e.g. `canEdit: false`). */
  patch?: Partial<ClassPlan>;
  /** The packages `classPlan/packages` lists. */
  packages?: ClassPlanPackage[];
}

/**
 * The classPlan calls: `routes` first, then package 23's plan as stored (a save checks
 * `updatedAt` and stores the plan, a draft; confirming a draft confirms it), its report (404
 * without a plan), the packages, the atlas of 高中数学 and the content dictionary.
 */
export function classPlanServer(routes: Route[] = [], options: PlanServerOptions = {}): FetchMock {
  let stored = options.stored ?? null;
  let clock = new Date(2026, 10, 2, 9).getTime();
  const plan = () => planOf(stored, options.patch);
  return mockFetch([
    ...routes,
    ['POST', PACKAGES, () => envelope(options.packages ?? [plan().package])],
    ['POST', DETAIL, () => envelope(plan())],
    [
      'POST',
      SAVE,
      (_url, init) => {
        const body = jsonBody(init) as unknown as SaveClassPlanRequest;
        if (body.updatedAt !== (stored?.updatedAt ?? 0)) {
          return envelope(null, 'A0409', '课程计划刚被另一处修改，请刷新后再保存', 409);
        }
        clock += 60_000;
        stored = {
          goal: body.goal,
          items: body.items,
          status: stored?.status ?? 1,
          updatedAt: clock,
          confirmedAt: stored?.confirmedAt ?? null,
        };
        return envelope(plan());
      },
    ],
    [
      'POST',
      CONFIRM,
      () => {
        if (!stored) return envelope(null, 'A0400', '请先制定课程计划', 400);
        clock += 60_000;
        stored = { ...stored, status: 2, confirmedAt: clock, updatedAt: clock };
        return envelope(plan());
      },
    ],
    [
      'POST',
      REPORT,
      () => (stored ? envelope(reportOf(plan())) : envelope(null, 'A0404', '该课时包还没有课程计划', 404)),
    ],
    ['POST', KNOWLEDGE, () => envelope(ATLAS)],
    [
      'POST',
      DICT,
      () =>
        envelope({
          subjects: [
            { code: '54', name: '数学' },
            { code: '56', name: '物理' },
          ],
          stages: [{ code: '4', name: '高中' }],
          questionTypes: [],
          difficulties: [],
          atlasTypes: [],
        }),
    ],
  ]);
}
