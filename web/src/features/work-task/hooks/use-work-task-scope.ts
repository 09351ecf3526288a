import { useMemo } from 'react';
import { useDcSchoolId, useDcSearch } from '@/features/datacentre/dc-search-store';
import type { WorkTaskScope } from '../work-task-search';

/** The header's school (the session's selected school) and the data centre's subjects. */
export function useWorkTaskScope(): WorkTaskScope {
  const schoolId = useDcSchoolId();
  const subjects = useDcSearch().subjects;
  return useMemo(() => ({ schoolId, subjects }), [schoolId, subjects]);
}
