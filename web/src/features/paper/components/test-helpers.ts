// Test data of the handout components and the paper collection.

import type { PaperDetail } from '@/generated/PaperDetail';
import type { PaperSummary } from '@/generated/PaperSummary';
import type { PaperVersion } from '@/generated/PaperVersion';

export function paperDetail(patch: Partial<PaperDetail> = {}): PaperDetail {
  return {
    paperId: 7,
    paperTitle: '导数及其应用讲义',
    paperType: 5,
    subject: 54,
    stage: 4,
    schoolId: 1001,
    createTime: new Date(2026, 10, 20, 8).getTime(),
    updateTime: new Date(2026, 10, 21, 8).getTime(),
    ver: 0,
    canEdit: true,
    isOwner: true,
    sections: { handoutTitle: ['导数及其应用讲义'], knowledgeReview: ['导数的概念', '理解导数的几何意义'] },
    headerInfo: {
      title: '导数及其应用讲义',
      subtitle: '',
      teacherName: '王老师',
      studentName: '',
      className: '',
      lessonDate: '',
      showLogo: false,
    },
    globalSettings: { fontFamily: 'Microsoft YaHei', fontSize: 14, lineHeight: 1.5 },
    ...patch,
  };
}

export function paperVersion(versionNo: number, patch: Partial<PaperVersion> = {}): PaperVersion {
  return {
    versionId: 100 + versionNo,
    versionNo,
    createTime: new Date(2026, 10, 22, 9, versionNo).getTime(),
    createdBy: '王老师',
    ...patch,
  };
}

/** A paper of the collection: a draft handout of user 7 (王老师). */
export function paperSummary(paperId: number, patch: Partial<PaperSummary> = {}): PaperSummary {
  return {
    paperId,
    paperTitle: `讲义${paperId}`,
    paperType: 5,
    subject: 54,
    stage: 4,
    ownerId: 7,
    ownerName: '王老师',
    auditStatus: 0,
    auditNote: '',
    auditInfoVisible: false,
    createTime: new Date(2026, 10, 20, 8).getTime(),
    updateTime: new Date(2026, 10, 21, 8).getTime(),
    ...patch,
  };
}

export { jsonBody as bodyOf } from '@/testing/test-utils';
