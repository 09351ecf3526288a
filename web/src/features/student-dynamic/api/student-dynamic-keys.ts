// The query keys of the student dynamics' server state. A follow-up changes a dynamic's row in
// every list and the followed counts of the statistics (`invalidateDynamics`).

import type { QueryClient } from '@tanstack/react-query';
import type { StudentDynamicSearch } from '@/generated/StudentDynamicSearch';

const all = ['studentDynamic'] as const;

export const dynamicKeys = {
  all,
  page: (search: StudentDynamicSearch) => [...all, 'page', search] as const,
  statistics: (search: StudentDynamicSearch) => [...all, 'statistics', search] as const,
};

/** Reads again every list and statistics of the dynamics. */
export function invalidateDynamics(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: dynamicKeys.all });
}
