// Records of the teaching-aid library's calls for the tests.

import type { AidSeries } from '@/generated/AidSeries';
import type { TeachingAid } from '@/generated/TeachingAid';

const AT = new Date(2026, 10, 24, 9).getTime();

export function aidSeries(id: number, patch: Partial<AidSeries> = {}): AidSeries {
  return { id, name: `系列${id}`, subject: 54, stage: 4, sort: id, aidCount: 0, createTime: AT, ...patch };
}

export function teachingAid(id: number, patch: Partial<TeachingAid> = {}): TeachingAid {
  return {
    id,
    seriesId: 1,
    seriesName: '系列1',
    title: `教辅${id}`,
    subject: 54,
    stage: 4,
    description: '',
    status: 1,
    paperId: id * 10,
    canEdit: false,
    createTime: AT,
    updateTime: AT,
    ...patch,
  };
}
