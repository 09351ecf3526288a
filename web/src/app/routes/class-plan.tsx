// One-on-one course plans (易服务, /easyServer): 一对一课程计划 — the caller's one-on-one packages,
// and with `?packageId=` the plan of one (written by the package's teacher) — and 规划报告, the
// plan's report for the family (`?packageId=`). A student's page links each package to its plan.

import { useSearchParams } from 'react-router';
import { routesByName } from '@/config/paths';
import { ClassPlanList } from '@/features/class-plan/components/class-plan-list';
import { ClassPlanPage } from '@/features/class-plan/components/class-plan-page';
import { PlanReport } from '@/features/class-plan/components/plan-report';
import { CLASS_PLAN_ROUTES, idParam } from '@/features/class-plan/class-plan-paths';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';
import { NotLoaded } from '@/features/teaching/components/loading';

const BAD_LINK = '链接中缺少有效的课时包编号（packageId）。';

/** /easyServer/OneOnOneClassPlan[?packageId=] */
export function OneOnOneClassPlanRoute() {
  const [params] = useSearchParams();
  const name = CLASS_PLAN_ROUTES.plan;
  const title = usePageTitle(name, routesByName.get(name)?.title) ?? '';
  if (!params.has('packageId')) return <ClassPlanList title={title} />;
  const packageId = idParam(params, 'packageId');
  return packageId ? <ClassPlanPage key={packageId} packageId={packageId} /> : <NotLoaded text={BAD_LINK} />;
}

/** /easyServer/planReport?packageId= */
export function PlanReportRoute() {
  const packageId = idParam(useSearchParams()[0], 'packageId');
  return packageId ? <PlanReport key={packageId} packageId={packageId} /> : <NotLoaded text={BAD_LINK} />;
}
