// Records of the camp tests: a camp's info, phases and tasks, a student's view.

import type { CampInfo } from '@/generated/CampInfo';
import type { CampPhase } from '@/generated/CampPhase';
import type { PhaseTask } from '@/generated/PhaseTask';
import type { StudentCampView } from '@/generated/StudentCampView';
import type { StudentTask } from '@/generated/StudentTask';

export const campInfo = (fields: Partial<CampInfo> = {}): CampInfo => ({
  campId: 5,
  campName: '暑期数学营',
  description: '',
  collectionId: null,
  status: 0,
  statusName: '草稿',
  publishRule: 1,
  publishRuleName: '全部开放',
  startTime: null,
  intervalDays: 1,
  publishedAt: null,
  publishedVersion: 0,
  hasEdits: false,
  phaseCount: 0,
  taskCount: 0,
  memberCount: 0,
  createdAt: 0,
  updatedAt: 0,
  ...fields,
});

export const phaseTask = (taskId: number, phaseId: number, fields: Partial<PhaseTask> = {}): PhaseTask => ({
  taskId,
  campId: 5,
  phaseId,
  bizId: '',
  taskName: `任务${taskId}`,
  ext: '',
  taskType: 3,
  taskTypeName: '题集',
  seqNo: 1,
  questions: [{ stem: '1+1=?', options: ['1', '2'], answer: 1 }],
  ...fields,
});

export const campPhase = (phaseId: number, taskIds: number[] = []): CampPhase => ({
  phaseId,
  phaseName: `阶段${phaseId}`,
  seqNo: 1,
  tasks: taskIds.map((id, i) => ({ ...phaseTask(id, phaseId), seqNo: i + 1 })),
});

export const studentTask = (fields: Partial<StudentTask> = {}): StudentTask => ({
  taskId: 31,
  taskName: '小测',
  taskType: 3,
  taskTypeName: '题集',
  ext: '',
  status: 0,
  score: null,
  doneAt: null,
  questions: [
    { stem: '1+1=?', options: ['一', '二'] },
    { stem: '首都？', options: ['上海', '北京', '广州'] },
  ],
  ...fields,
});

export const studentView = (fields: Partial<StudentCampView> = {}): StudentCampView => ({
  campId: 5,
  campName: '暑期数学营',
  description: '',
  status: 1,
  statusName: '已发布',
  notice: '',
  studentName: '张三',
  taskCount: 1,
  doneCount: 0,
  phases: [{ phaseId: 10, phaseName: '热身', open: true, lockedReason: '', tasks: [studentTask()] }],
  ...fields,
});
