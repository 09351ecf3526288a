import { Anchor, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CellBadge } from '@/components/data-table/cell-badge';
import { useBaseDicInfo } from '@/features/atlas/api/trees';
import { ratio } from '@/features/teaching/components/columns';
import { type Fact, FactsCard } from '@/features/teaching/components/facts';
import type { ClassPlan } from '@/generated/ClassPlan';
import { formatDay, formatInstant } from '@/lib/report-format';
import { PLAN_CONFIRMED, planStatusBadge, subjectNameOf } from '../class-plan-dict';
import { classPlanPath } from '../class-plan-paths';

export interface PlanHeaderProps {
  plan: ClassPlan;
  /** At the heading's far end (the plan's other page). */
  actions?: ReactNode;
  /** The way back to the packages (not in the report the family reads). */
  listLink?: boolean;
}

/** The package of a plan: its student, the package, its teacher, the lessons used, the plan's status. */
export function PlanHeader({ plan, actions, listLink = true }: PlanHeaderProps) {
  const pkg = plan.package;
  const dict = useBaseDicInfo().data;
  const status = planStatusBadge(plan.status, plan.statusName);
  const facts: Fact[] = [
    ['学员编号', pkg.studentCode],
    ['年级', pkg.grade],
    ['课时包编号', pkg.code],
    ['学科', subjectNameOf(dict, pkg.subject)],
    ['老师', pkg.teacherName],
    ['已上/总课时', ratio(pkg.usedLessons, pkg.totalLessons)],
    ['购买日期', formatDay(pkg.boughtAt)],
    ['计划进度', ratio(pkg.doneItems, pkg.plannedItems)],
  ];
  if (plan.status === PLAN_CONFIRMED && plan.confirmedAt) facts.push(['确认时间', formatInstant(plan.confirmedAt)]);
  return (
    <FactsCard
      title={`${pkg.studentName} · ${pkg.name}`}
      badges={<CellBadge color={status.color} text={status.text} />}
      actions={
        <Group gap="sm">
          {actions}
          {listLink && (
            <Anchor component={Link} to={classPlanPath()} size="sm">
              全部课时包
            </Anchor>
          )}
        </Group>
      }
      facts={facts}
    />
  );
}
