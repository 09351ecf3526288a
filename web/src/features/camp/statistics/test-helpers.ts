// Records of the camp statistics' calls for the tests, and a mocked server answering them.

import type { CampEnums } from '@/generated/CampEnums';
import type { CampListRow } from '@/generated/CampListRow';
import type { CampOverview } from '@/generated/CampOverview';
import type { CampPhase } from '@/generated/CampPhase';
import type { ClassStatRow } from '@/generated/ClassStatRow';
import type { MemberHead } from '@/generated/MemberHead';
import type { MemberTaskRow } from '@/generated/MemberTaskRow';
import type { PhaseStatRow } from '@/generated/PhaseStatRow';
import type { PhaseTask } from '@/generated/PhaseTask';
import type { TaskSummary } from '@/generated/TaskSummary';
import { envelope, jsonBody, mockFetch } from '@/testing/test-utils';
import { CAMP_STATS_PATHS } from './api/statistics';

export const enums: CampEnums = {
  campStatuses: [
    { code: 0, name: '草稿' },
    { code: 1, name: '已发布' },
    { code: 2, name: '编辑中' },
    { code: 3, name: '已暂停' },
    { code: 4, name: '已关闭' },
  ],
  taskTypes: [
    { code: 3, name: '题集' },
    { code: 4, name: '闪卡' },
  ],
  progress: [
    { code: 0, name: '未开始' },
    { code: 1, name: '进行中' },
    { code: 2, name: '已完成' },
  ],
  publishRules: [{ code: 1, name: '全部开放' }],
  inactiveDays: 3,
};

export function campRow(campId: number, patch: Partial<CampListRow> = {}): CampListRow {
  return {
    campId,
    campName: `学习营${campId}`,
    collectionId: null,
    status: 1,
    statusName: '已发布',
    phaseCount: 2,
    taskCount: 3,
    memberCount: 12,
    publishedAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    ...patch,
  };
}

/** Camp 1 published (导数专题), camp 2 a draft, camp 3 paused. */
export const camps: CampListRow[] = [
  campRow(2, { campName: '期末冲刺营', status: 0, statusName: '草稿' }),
  campRow(1, { campName: '导数专题21天训练营' }),
  campRow(3, { campName: '暂停营', status: 3, statusName: '已暂停' }),
];

export function overview(patch: Partial<CampOverview> = {}): CampOverview {
  return {
    campId: 1,
    campName: '导数专题21天训练营',
    status: 1,
    phaseCount: 2,
    taskCount: 3,
    memberCount: 12,
    startedMembers: 10,
    completedMembers: 3,
    inactiveMembers: 4,
    doneCount: 20,
    completionRate: 20 / 36,
    averageScore: 66.8,
    days: [
      { day: '2026-11-23', doneCount: 5, activeMembers: 4 },
      { day: '2026-11-24', doneCount: 15, activeMembers: 9 },
    ],
    ...patch,
  };
}

export function task(taskId: number, phaseId: number, taskName: string, taskType: number): PhaseTask {
  return {
    taskId,
    campId: 1,
    phaseId,
    bizId: '',
    taskName,
    ext: '',
    taskType,
    taskTypeName: taskType === 3 ? '题集' : '闪卡',
    seqNo: taskId,
  };
}

export const phases: CampPhase[] = [
  {
    phaseId: 11,
    phaseName: '第一周',
    seqNo: 1,
    tasks: [task(101, 11, '概念闪卡', 4), task(102, 11, '概念小测', 3)],
  },
  { phaseId: 12, phaseName: '第二周', seqNo: 2, tasks: [task(103, 12, '运算闪卡', 4)] },
];

export const phaseStats: PhaseStatRow[] = [
  {
    phaseId: 11,
    phaseName: '第一周',
    seqNo: 1,
    taskCount: 2,
    doneCount: 14,
    completedMembers: 6,
    completionRate: 14 / 24,
  },
  { phaseId: 12, phaseName: '第二周', seqNo: 2, taskCount: 1, doneCount: 6, completedMembers: 6, completionRate: 0.5 },
];

export const classStats: ClassStatRow[] = [
  {
    classId: 4,
    className: '高二（3）班数学',
    memberCount: 4,
    completedMembers: 1,
    doneCount: 8,
    completionRate: 8 / 12,
    averageScore: 75.2,
  },
  {
    classId: 0,
    className: '通用二维码',
    memberCount: 8,
    completedMembers: 2,
    doneCount: 12,
    completionRate: 0.5,
    averageScore: null,
  },
];

export function member(memberId: number, patch: Partial<MemberHead> = {}): MemberHead {
  return {
    memberId,
    studentName: `学员${memberId}`,
    studentCode: `S${20000 + memberId}`,
    classId: 4,
    className: '高二（3）班数学',
    joinedAt: 1_700_000_000_000,
    lastActiveAt: 1_700_100_000_000,
    taskCount: 3,
    doneCount: 2,
    completionRate: 2 / 3,
    averageScore: 71,
    progress: 1,
    progressName: '进行中',
    ...patch,
  };
}

export const memberTasks: MemberTaskRow[] = [
  {
    phaseId: 11,
    phaseName: '第一周',
    taskId: 101,
    taskName: '概念闪卡',
    taskType: 4,
    taskTypeName: '闪卡',
    status: 2,
    statusName: '已完成',
    score: null,
    doneAt: 1_700_050_000_000,
  },
  {
    phaseId: 11,
    phaseName: '第一周',
    taskId: 102,
    taskName: '概念小测',
    taskType: 3,
    taskTypeName: '题集',
    status: 2,
    statusName: '已完成',
    score: 67,
    doneAt: 1_700_060_000_000,
  },
  {
    phaseId: 12,
    phaseName: '第二周',
    taskId: 103,
    taskName: '运算闪卡',
    taskType: 4,
    taskTypeName: '闪卡',
    status: 0,
    statusName: '未开始',
    score: null,
    doneAt: null,
  },
];

export const quizSummary: TaskSummary = {
  taskId: 102,
  taskName: '概念小测',
  taskType: 3,
  memberCount: 12,
  doneCount: 9,
  notDoneCount: 3,
  completionRate: 0.75,
  averageScore: 67,
  questions: [
    { index: 1, stem: 'f(x)=x² 在 x=1 处的导数是', answered: 9, correct: 6, correctRate: 6 / 9 },
    { index: 2, stem: '常数函数的导数是', answered: 9, correct: 9, correctRate: 1 },
  ],
};

/** The server's figures that a test changes (a student finishing a task). */
export interface CampState {
  overview: CampOverview;
  members: MemberHead[];
}

/**
 * A mocked server for camp 1 (the others answer empty figures): the members are filtered by
 * keyword like the real one and paged. `state` may be changed by the test.
 */
export function campServer(state: CampState = { overview: overview(), members: [member(1), member(2)] }) {
  const fetch = mockFetch([
    ['POST', CAMP_STATS_PATHS.enums, () => envelope(enums)],
    ['POST', CAMP_STATS_PATHS.camps, () => envelope(camps)],
    [
      'POST',
      CAMP_STATS_PATHS.overview,
      (_u, init) =>
        envelope(
          jsonBody(init).campId === 1
            ? state.overview
            : overview({ campId: Number(jsonBody(init).campId), memberCount: 0, doneCount: 0, days: [] }),
        ),
    ],
    ['POST', CAMP_STATS_PATHS.phaseStats, () => envelope(phaseStats)],
    ['POST', CAMP_STATS_PATHS.classStats, () => envelope(classStats)],
    [
      'POST',
      CAMP_STATS_PATHS.members,
      (_u, init) => {
        const body = jsonBody(init);
        const keyword = typeof body.keyword === 'string' ? body.keyword : '';
        const records = state.members.filter((m) => m.studentName.includes(keyword));
        return envelope({ records, total: records.length, pageNo: body.pageNo, pageSize: body.pageSize });
      },
    ],
    [
      'POST',
      CAMP_STATS_PATHS.memberHead,
      (_u, init) => envelope(state.members.find((m) => m.memberId === jsonBody(init).memberId) ?? null),
    ],
    ['POST', CAMP_STATS_PATHS.memberTasks, () => envelope(memberTasks)],
    [
      'POST',
      CAMP_STATS_PATHS.poster,
      (_u, init) =>
        envelope({
          memberId: jsonBody(init).memberId,
          studentName: '学员1',
          achievement: '在「导数专题21天训练营」中完成了2个任务（共3个）',
          image: 'data:image/svg+xml;base64,PHN2Zy8+',
        }),
    ],
    [
      'POST',
      CAMP_STATS_PATHS.taskSummary,
      (_u, init) =>
        jsonBody(init).taskId === 103
          ? envelope(null, 'A0404', '任务不存在或未发布', 404)
          : envelope(
              jsonBody(init).taskId === 102
                ? quizSummary
                : { ...quizSummary, taskId: 101, taskName: '概念闪卡', taskType: 4, averageScore: null, questions: [] },
            ),
    ],
    [
      'POST',
      CAMP_STATS_PATHS.taskMembers,
      (_u, init) => {
        const body = jsonBody(init);
        const rows = [
          {
            memberId: 1,
            studentName: '学员1',
            className: '高二（3）班数学',
            status: 2,
            statusName: '已完成',
            score: 67,
            doneAt: 1_700_060_000_000,
          },
          {
            memberId: 2,
            studentName: '学员2',
            className: '通用二维码',
            status: 0,
            statusName: '未开始',
            score: null,
            doneAt: null,
          },
        ].filter((r) => body.status === undefined || r.status === body.status);
        return envelope({ records: rows, total: rows.length, pageNo: body.pageNo, pageSize: body.pageSize });
      },
    ],
    ['POST', CAMP_STATS_PATHS.phases, () => envelope(phases)],
  ]);
  return { fetch, state };
}
