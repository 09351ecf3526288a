// The plan report (规划报告, `classPlan/report`): the plan with the package's attendance counted,
// progress, knowledge points planned and covered, and the next items. A package without a plan
// answers 404 with the server's message (该课时包还没有课程计划).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassPlanReport } from '@/generated/ClassPlanReport';
import type { ClassPlanRequest } from '@/generated/ClassPlanRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { classPlanKeys } from './class-plan-keys';

/** POST /api/classPlan/report: quiet, the page says why there is none. */
export function getPlanReport(packageId: number, options?: RequestOptions): Promise<ClassPlanReport> {
  const body: ClassPlanRequest = { packageId };
  return api.post<ClassPlanReport>('/api/classPlan/report', body, { ...options, quiet: true });
}

export function planReportQueryOptions(packageId: number) {
  return queryOptions({
    queryKey: classPlanKeys.report(packageId),
    queryFn: (context) => getPlanReport(packageId, readOptions(context)),
  });
}

export function usePlanReport(packageId: number) {
  return useQuery(planReportQueryOptions(packageId));
}
