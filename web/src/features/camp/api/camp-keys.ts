// The query keys of the camps' server state. Everything the builder reads of one camp (its info,
// phases, staging, distribution points, QR codes) is under `camp(id)`, so that a push saying the
// camp changed reads it all again; the students' page keys by its tokens.

import type { CampListRequest } from '@/generated/CampListRequest';

const all = ['camp'] as const;

export const campKeys = {
  all,
  collections: () => [...all, 'collections'] as const,
  lists: () => [...all, 'list'] as const,
  list: (request: CampListRequest) => [...all, 'list', request] as const,
  publishRules: () => [...all, 'publishRules'] as const,
  camp: (campId: number) => [...all, 'camp', campId] as const,
  info: (campId: number) => [...all, 'camp', campId, 'info'] as const,
  phases: (campId: number) => [...all, 'camp', campId, 'phases'] as const,
  staging: (campId: number) => [...all, 'camp', campId, 'staging'] as const,
  dpList: (campId: number) => [...all, 'camp', campId, 'dpList'] as const,
  qrCode: (campId: number, dpId: number) => [...all, 'camp', campId, 'qrCode', dpId] as const,
  taskPreview: (campId: number, taskId: number) => [...all, 'camp', campId, 'taskPreview', taskId] as const,
  joinInfo: (token: string) => [...all, 'student', 'joinInfo', token] as const,
  studentView: (memberToken: string) => [...all, 'student', 'view', memberToken] as const,
};
