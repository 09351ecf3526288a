// A package's plan: as read (`classPlan/detail`, with the package's lessons and, on each item,
// the attended lesson that carried it out; `canEdit` for its teacher), written whole by its teacher
// (`classPlan/save`, with the `updatedAt` read: a save over a newer plan is refused with A0409),
// and confirmed with the family (`classPlan/confirm`, a draft with a goal and an item). Each
// answers the plan as stored.

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassPlan } from '@/generated/ClassPlan';
import type { ClassPlanRequest } from '@/generated/ClassPlanRequest';
import type { SaveClassPlanRequest } from '@/generated/SaveClassPlanRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { classPlanKeys, invalidatePlanViews } from './class-plan-keys';

/** POST /api/classPlan/detail: quiet, the page says why it could not be read. */
export function getClassPlan(packageId: number, options?: RequestOptions): Promise<ClassPlan> {
  const body: ClassPlanRequest = { packageId };
  return api.post<ClassPlan>('/api/classPlan/detail', body, { ...options, quiet: true });
}

export function classPlanQueryOptions(packageId: number) {
  return queryOptions({
    queryKey: classPlanKeys.plan(packageId),
    queryFn: (context) => getClassPlan(packageId, readOptions(context)),
  });
}

export function useClassPlan(packageId: number) {
  return useQuery(classPlanQueryOptions(packageId));
}

/** POST /api/classPlan/save: quiet, the editor says why (a conflict asks to refresh). */
export function saveClassPlan(body: SaveClassPlanRequest): Promise<ClassPlan> {
  return api.post<ClassPlan>('/api/classPlan/save', body, { quiet: true });
}

/** The plan answered replaces the cached one; its report and the packages are read again. */
export function useSaveClassPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClassPlan,
    onSuccess: (plan) => {
      queryClient.setQueryData(classPlanKeys.plan(plan.package.packageId), plan);
      return invalidatePlanViews(queryClient, plan.package.packageId);
    },
  });
}

/** POST /api/classPlan/confirm */
export function confirmClassPlan(packageId: number): Promise<ClassPlan> {
  const body: ClassPlanRequest = { packageId };
  return api.post<ClassPlan>('/api/classPlan/confirm', body);
}

export function useConfirmClassPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmClassPlan,
    onSuccess: (plan) => {
      queryClient.setQueryData(classPlanKeys.plan(plan.package.packageId), plan);
      return invalidatePlanViews(queryClient, plan.package.packageId);
    },
  });
}
