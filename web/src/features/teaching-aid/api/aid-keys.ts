// The query keys of the teaching-aid library: the series of a subject and stage, the aids of a
// series (the library's list), the published aids of lesson preparation and one aid. Everything is
// under `all`.

import type { TeachingAidListRequest } from '@/generated/TeachingAidListRequest';

const all = ['teachingAid'] as const;

export const aidKeys = {
  all,
  seriesLists: () => [...all, 'series'] as const,
  seriesList: (subject: number, stage: number) => [...all, 'series', subject, stage] as const,
  lists: () => [...all, 'list'] as const,
  list: (request: TeachingAidListRequest) => [...all, 'list', request] as const,
  prepared: (request: TeachingAidListRequest) => [...all, 'list', 'prepared', request] as const,
  detail: (aidId: number) => [...all, 'detail', aidId] as const,
};
