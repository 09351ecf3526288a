// The query keys of the data centre's server state: dictionaries, a school's areas, report pages
// and the data board's figures, each keyed by the exact search sent.

import type { DcSearch } from '@/generated/DcSearch';

export const dcKeys = {
  all: ['datacentre'] as const,
  dict: (name: string) => [...dcKeys.all, 'dict', name] as const,
  areas: (schoolId: number) => [...dcKeys.all, 'areas', schoolId] as const,
  report: (path: string, search: DcSearch) => [...dcKeys.all, 'report', path, search] as const,
  board: (name: string, search: DcSearch) => [...dcKeys.all, 'board', name, search] as const,
};
