// The query keys of the record tools' server state. Starting, finishing or deleting a visit
// changes the lessons' visit counts and the visit lists (`invalidateVisitLists`); saving one
// changes its totals in the lists.

import type { QueryClient } from '@tanstack/react-query';
import type { VisitListRequest } from '@/generated/VisitListRequest';

const all = ['recordTool'] as const;
const lessonsAll = [...all, 'lessons'] as const;
const visitsAll = [...all, 'visits'] as const;

export const recordToolKeys = {
  all,
  lessonsAll,
  /** The lessons of a day a visitor may visit. */
  lessons: (day: string) => [...lessonsAll, day] as const,
  visitsAll,
  /** A page of visits (听课管理, a lesson's visits). */
  visits: (request: VisitListRequest) => [...visitsAll, request] as const,
  visit: (id: number) => [...all, 'visit', id] as const,
  students: (visitId: number) => [...all, 'students', visitId] as const,
  scan: (code: string) => [...all, 'scan', code] as const,
  lessonCode: (lessonId: number) => [...all, 'lessonCode', lessonId] as const,
  layout: [...all, 'layout'] as const,
};

/** Reads again the visitable lessons (their counts) and every list of visits. */
export async function invalidateVisitLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: recordToolKeys.lessonsAll }),
    queryClient.invalidateQueries({ queryKey: recordToolKeys.visitsAll }),
  ]);
}
