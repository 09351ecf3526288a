// The one-on-one packages whose plans the caller writes (their teacher) or follows (advisers,
// managers): `classPlan/packages`, by keyword (student's name or code, package's name) and the
// plan's status (-1 all), newest first, at most 500, read whole.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassPlanPackage } from '@/generated/ClassPlanPackage';
import type { ClassPlanPackagesRequest } from '@/generated/ClassPlanPackagesRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { classPlanKeys } from './class-plan-keys';

/** POST /api/classPlan/packages */
export async function getClassPlanPackages(
  request: ClassPlanPackagesRequest,
  options?: RequestOptions,
): Promise<ClassPlanPackage[]> {
  const packages = await api.post<ClassPlanPackage[] | null>('/api/classPlan/packages', request, options);
  return Array.isArray(packages) ? packages : [];
}

export function classPlanPackagesQueryOptions(request: ClassPlanPackagesRequest) {
  return queryOptions({
    queryKey: classPlanKeys.packages(request),
    queryFn: (context) => getClassPlanPackages(request, readOptions(context)),
  });
}

/** The list shown stays while another search is read. */
export function useClassPlanPackages(request: ClassPlanPackagesRequest) {
  return useQuery({ ...classPlanPackagesQueryOptions(request), placeholderData: keepPreviousData });
}
