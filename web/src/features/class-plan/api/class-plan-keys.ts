// The query keys of the course plans' server state. Saving or confirming a plan changes the plan
// (answered whole, put in its key), its report and the packages' list (their status and progress).

import type { QueryClient } from '@tanstack/react-query';
import type { ClassPlanPackagesRequest } from '@/generated/ClassPlanPackagesRequest';

const all = ['classPlan'] as const;
const packagesAll = [...all, 'packages'] as const;

export const classPlanKeys = {
  all,
  packagesAll,
  /** The caller's packages as searched. */
  packages: (request: ClassPlanPackagesRequest) => [...packagesAll, request] as const,
  plan: (packageId: number) => [...all, 'plan', packageId] as const,
  report: (packageId: number) => [...all, 'report', packageId] as const,
  /** The knowledge atlas of a subject and stage, the points an item may name. */
  knowledge: (subject: number, stage: number) => [...all, 'knowledge', subject, stage] as const,
};

/** Reads again what a plan's change changes besides the plan: its report and the packages. */
export async function invalidatePlanViews(queryClient: QueryClient, packageId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: classPlanKeys.report(packageId) }),
    queryClient.invalidateQueries({ queryKey: classPlanKeys.packagesAll }),
  ]);
}
