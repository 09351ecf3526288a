// The query keys of the data centre's server state: dictionaries, a school's areas, report pages,
// the data board's figures and the statistics' summaries, each keyed by the exact search sent.
// Report pages, board figures and summaries are made of the source records (lessons, attendance, refunds): they are read again when
// the server says those changed (hooks/use-records-realtime.ts); dictionaries and areas are not.

import type { DcSearch } from '@/generated/DcSearch';
import type { QcSearch } from '@/generated/QcSearch';
import type { WorkTaskSearch } from '@/generated/WorkTaskSearch';

export const dcKeys = {
  all: ['datacentre'] as const,
  dict: (name: string) => [...dcKeys.all, 'dict', name] as const,
  areas: (schoolId: number) => [...dcKeys.all, 'areas', schoolId] as const,
  /** Every report page. */
  reports: () => [...dcKeys.all, 'report'] as const,
  report: (path: string, search: DcSearch | QcSearch | WorkTaskSearch) => [...dcKeys.reports(), path, search] as const,
  /** A list read whole by its path (a class's or a lesson's detail), made of the records too. */
  list: (path: string) => [...dcKeys.reports(), path] as const,
  /** Every figure of the data board. */
  boards: () => [...dcKeys.all, 'board'] as const,
  board: (name: string, search: DcSearch) => [...dcKeys.boards(), name, search] as const,
  /** Every summary of a statistics screen (its cards, the department list). */
  summaries: () => [...dcKeys.all, 'summary'] as const,
  summary: (path: string, search: DcSearch) => [...dcKeys.summaries(), path, search] as const,
};
