// Where the course plans' pages are (config/paths.ts, section EasyServer): 一对一课程计划 lists the
// caller's one-on-one packages, and with `?packageId=` is the plan of one; 规划报告 is the plan's
// report for the family, `?packageId=`.

import { paths, routesByName } from '@/config/paths';

export const CLASS_PLAN_ROUTES = {
  plan: 'OneOnOneClassPlan',
  report: 'planReport',
} as const;

type ClassPlanRoute = (typeof CLASS_PLAN_ROUTES)[keyof typeof CLASS_PLAN_ROUTES];

export function classPlanRoutePath(name: ClassPlanRoute): string {
  return routesByName.get(name)?.path ?? paths.home.path;
}

/** 一对一课程计划: the packages, or the plan of `packageId`. */
export const classPlanPath = (packageId?: number) =>
  classPlanRoutePath(CLASS_PLAN_ROUTES.plan) + (packageId === undefined ? '' : `?packageId=${packageId}`);

/** 规划报告 of a package's plan. */
export const planReportPath = (packageId: number) =>
  `${classPlanRoutePath(CLASS_PLAN_ROUTES.report)}?packageId=${packageId}`;

/** A positive id of the URL's `name` parameter, null when it is none (or it is absent). */
export function idParam(params: URLSearchParams, name: string): number | null {
  const id = Number(params.get(name));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
