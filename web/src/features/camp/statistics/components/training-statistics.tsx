// 学习营统计 (TrainingStatistics, ?campId=): a published camp's overview, its days of activity,
// each phase's and each class's figures and its members by progress, class, inactivity and name,
// page by page; a member opens a drawer with their record of every task and a praise poster.
// A task's name opens its statistics. Students' progress shows live (magic_camp_changed).

import { Anchor, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import type { ClassStatRow } from '@/generated/ClassStatRow';
import type { PhaseStatRow } from '@/generated/PhaseStatRow';
import type { PhaseTask } from '@/generated/PhaseTask';
import { useCampEnums, useCampOverview, useCampPhases, useClassStats, usePhaseStats } from '../api/statistics';
import { campStatsPath, TASK_RESOURCE_STATISTICS } from '../stats-paths';
import { DEFAULT_INACTIVE_DAYS, overviewItems, tasksByPhase } from '../stats-format';
import { CampStatsPage } from './camp-stats-page';
import { DaysChart } from './charts';
import { column, countColumn, rateColumn, scoreColumn, textColumn } from './columns';
import { MemberSection } from './member-section';
import { StatCards } from './stat-cards';

const CLASS_COLUMNS: ListTableColumn<ClassStatRow>[] = [
  textColumn('className', '班级', 160),
  countColumn('memberCount', '学员数'),
  countColumn('completedMembers', '全部完成学员', 120),
  countColumn('doneCount', '完成任务次数', 120),
  rateColumn('completionRate', '完成率'),
  scoreColumn('averageScore', '题集平均分', 110),
];

/** A phase's tasks, each opening its statistics. */
function TaskLinks({ campId, tasks }: { campId: number; tasks: readonly PhaseTask[] }) {
  if (tasks.length === 0) return '-';
  return (
    <Group gap="xs">
      {tasks.map((t) => (
        <Anchor
          key={t.taskId}
          component={Link}
          size="sm"
          to={campStatsPath(TASK_RESOURCE_STATISTICS, campId, t.taskId)}
        >
          {t.taskName}
        </Anchor>
      ))}
    </Group>
  );
}

function PhaseTable({ campId }: { campId: number }) {
  const stats = usePhaseStats(campId);
  const tasks = tasksByPhase(useCampPhases(campId).data ?? []);
  const columns: ListTableColumn<PhaseStatRow>[] = [
    textColumn('phaseName', '阶段', 180),
    countColumn('taskCount', '任务数'),
    countColumn('doneCount', '完成任务次数', 120),
    countColumn('completedMembers', '完成阶段学员', 120),
    rateColumn('completionRate', '完成率'),
    column<PhaseStatRow>('tasks', '任务', 300, (p) => <TaskLinks campId={campId} tasks={tasks.get(p.phaseId) ?? []} />),
  ];
  return (
    <section aria-label="阶段统计">
      <Title order={5} mb="xs">
        阶段统计
      </Title>
      <ListTable<PhaseStatRow>
        label="阶段统计"
        storeKey="camp-stats-phases"
        columns={columns}
        records={stats.data ?? []}
        idAccessor="phaseId"
        rowAttributes={(p) => ({ 'aria-label': p.phaseName })}
        noRecordsText={stats.isPending ? '加载中…' : '暂无阶段'}
        fetching={stats.isFetching}
        pinFirstColumn
      />
    </section>
  );
}

function ClassTable({ campId }: { campId: number }) {
  const stats = useClassStats(campId);
  return (
    <section aria-label="班级统计">
      <Title order={5} mb="xs">
        班级统计
      </Title>
      <ListTable<ClassStatRow>
        label="班级统计"
        storeKey="camp-stats-classes"
        columns={CLASS_COLUMNS}
        records={stats.data ?? []}
        idAccessor="classId"
        rowAttributes={(c) => ({ 'aria-label': c.className })}
        noRecordsText={stats.isPending ? '加载中…' : '暂无学员'}
        fetching={stats.isFetching}
        pinFirstColumn
      />
    </section>
  );
}

/** One camp's statistics. */
export function CampStatistics({ campId }: { campId: number }) {
  const overview = useCampOverview(campId);
  const inactiveDays = useCampEnums().data?.inactiveDays ?? DEFAULT_INACTIVE_DAYS;
  const classes = useClassStats(campId).data ?? [];
  return (
    <Stack gap="lg">
      <StatCards title="学习营概览" items={overviewItems(overview.data, inactiveDays)} busy={overview.isFetching} />
      <DaysChart days={overview.data?.days ?? []} />
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
        <PhaseTable campId={campId} />
        <ClassTable campId={campId} />
      </SimpleGrid>
      <MemberSection campId={campId} classes={classes} inactiveDays={inactiveDays} />
    </Stack>
  );
}

export function TrainingStatistics({ title }: { title: string }) {
  return <CampStatsPage title={title}>{(campId) => <CampStatistics key={campId} campId={campId} />}</CampStatsPage>;
}
