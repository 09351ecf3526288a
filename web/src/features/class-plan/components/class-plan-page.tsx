import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { QueryPage } from '@/components/query-page';
import { useClassPlan } from '../api/plans';
import { PLAN_NONE } from '../class-plan-dict';
import { planReportPath } from '../class-plan-paths';
import { ClassPlanEditor } from './class-plan-editor';
import { PlanHeader } from './plan-header';
import { PlanView } from './plan-view';

/**
 * 一对一课程计划 of a package (/easyServer/OneOnOneClassPlan?packageId=): the package, and its plan
 * written by its teacher (`canEdit`) or read by everyone else; once a plan exists, its report.
 * A package that cannot be read says why (the server's message).
 */
export function ClassPlanPage({ packageId }: { packageId: number }) {
  const query = useClassPlan(packageId);
  return (
    <QueryPage query={query}>
      {(plan) => (
        <>
          <PlanHeader
            plan={plan}
            actions={
              plan.status !== PLAN_NONE && (
                <Button component={Link} to={planReportPath(packageId)} size="xs" variant="light">
                  规划报告
                </Button>
              )
            }
          />
          {plan.canEdit ? <ClassPlanEditor plan={plan} /> : <PlanView plan={plan} />}
        </>
      )}
    </QueryPage>
  );
}
