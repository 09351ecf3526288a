import { Anchor, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ListTableColumn } from '@/components/data-table/list-table';
import { useBaseDicInfo } from '@/features/atlas/api/trees';
import { actionColumn, badgeColumn, linkColumn, ratio, textColumn } from '@/features/teaching/components/columns';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { WholeList } from '@/features/teaching/components/whole-list';
import type { BaseDicInfo } from '@/generated/BaseDicInfo';
import type { ClassPlanPackage } from '@/generated/ClassPlanPackage';
import type { ClassPlanPackagesRequest } from '@/generated/ClassPlanPackagesRequest';
import { useClassPlanPackages } from '../api/packages';
import { packageRowLabel, PLAN_NONE, PLAN_STATUSES, planStatusBadge, subjectNameOf } from '../class-plan-dict';
import { classPlanPath, planReportPath } from '../class-plan-paths';

function PlanLinks({ pkg }: { pkg: ClassPlanPackage }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor
        component={Link}
        to={classPlanPath(pkg.packageId)}
        size="sm"
        aria-label={`课程计划 ${packageRowLabel(pkg)}`}
      >
        {pkg.planStatus === PLAN_NONE ? '制定计划' : '查看计划'}
      </Anchor>
      {pkg.planStatus !== PLAN_NONE && (
        <Anchor
          component={Link}
          to={planReportPath(pkg.packageId)}
          size="sm"
          aria-label={`规划报告 ${packageRowLabel(pkg)}`}
        >
          规划报告
        </Anchor>
      )}
    </Group>
  );
}

function columns(dict: BaseDicInfo | undefined): ListTableColumn<ClassPlanPackage>[] {
  return [
    linkColumn('studentName', '学员', (p) => classPlanPath(p.packageId), 110),
    textColumn('studentCode', '学员编号', 130),
    textColumn('code', '课时包编号', 140),
    textColumn('name', '课时包名称', 180),
    textColumn('subject', '学科', 80, (p) => subjectNameOf(dict, p.subject)),
    textColumn('teacherName', '老师', 100),
    {
      ...textColumn<ClassPlanPackage>('usedLessons', '已上/总课时', 110, (p) => ratio(p.usedLessons, p.totalLessons)),
      tooltip: '出勤或迟到的课次 / 购买与赠送的课时',
    },
    badgeColumn('planStatus', '计划状态', (p) => planStatusBadge(p.planStatus, p.planStatusName)),
    {
      ...textColumn<ClassPlanPackage>('doneItems', '计划进度', 100, (p) =>
        p.planStatus === PLAN_NONE ? '-' : ratio(p.doneItems, p.plannedItems),
      ),
      tooltip: '已上的计划课次 / 计划的课次',
    },
    actionColumn((p) => <PlanLinks pkg={p} />, 150),
  ];
}

const STATUS_OPTIONS = PLAN_STATUSES.map((s) => ({ value: s.value, label: s.label }));

export interface ClassPlanListProps {
  /** The page's title as the user's menu names it. */
  title: string;
}

/**
 * 一对一课程计划 (/easyServer/OneOnOneClassPlan): the one-on-one packages whose plans I write or
 * follow, by keyword and plan status; a package opens its plan.
 */
export function ClassPlanList({ title }: ClassPlanListProps) {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const request: ClassPlanPackagesRequest = { keyword, status: status === null ? -1 : Number(status) };
  const query = useClassPlanPackages(request);
  const dict = useBaseDicInfo().data;
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <KeywordSearch placeholder="学员姓名、编号或课时包名称" value={keyword} onSearch={setKeyword}>
        <Select
          size="xs"
          label="计划状态"
          placeholder="全部"
          clearable
          data={STATUS_OPTIONS}
          value={status}
          onChange={setStatus}
          w={130}
        />
      </KeywordSearch>
      {query.isError ? (
        <Text c="dimmed" role="alert">
          {query.error.message}
        </Text>
      ) : (
        <WholeList<ClassPlanPackage>
          label="一对一课时包"
          storeKey="class-plan-packages"
          columns={columns(dict)}
          records={query.data ?? []}
          idAccessor="packageId"
          rowLabel={packageRowLabel}
          noRecordsText={query.isPending ? '加载中' : '暂无一对一课时包'}
          fetching={query.isFetching}
        />
      )}
    </Stack>
  );
}
