import { Anchor, Stack, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { StatCards } from '@/components/stat-cards';
import type { PhaseTask } from '@/generated/PhaseTask';
import type { TaskSummary } from '@/generated/TaskSummary';
import { EMPTY } from '@/lib/format';
import { formatCount, formatText } from '@/lib/report-format';
import { taskSummaryQueryOptions, useCampPhases } from '../../statistics/api/statistics';
import { CampStatsPage } from '../../statistics/components/camp-stats-page';
import { campStatsPath, TASK_RESOURCE_STATISTICS } from '../../statistics/stats-paths';
import { formatCampRate } from '../../statistics/stats-format';
import { isFlashCardTask } from '../decks';

/** A flash-card task of the camp with its figures (none while read, or when it is not published). */
interface DeckStat {
  task: PhaseTask;
  phaseName: string;
  summary: TaskSummary | undefined;
  /** Why there are no figures (a task not published yet has none). */
  problem: string | null;
}

/** A figure of the task's summary; '-' while it is read or when there is none. */
const figure = (s: DeckStat, value: (summary: TaskSummary) => string) => (s.summary ? value(s.summary) : EMPTY);

function columnsFor(campId: number): ListTableColumn<DeckStat>[] {
  return [
    { accessor: 'taskName', title: '闪卡名称', width: 200, render: (s) => formatText(s.task.taskName) },
    { accessor: 'phaseName', title: '阶段', width: 130, render: (s) => formatText(s.phaseName) },
    { accessor: 'cards', title: '卡片数', width: 80, render: (s) => formatCount(s.task.cards?.length) },
    {
      accessor: 'memberCount',
      title: '学员数',
      width: 80,
      render: (s) => figure(s, (m) => formatCount(m.memberCount)),
    },
    { accessor: 'doneCount', title: '已完成', width: 80, render: (s) => figure(s, (m) => formatCount(m.doneCount)) },
    {
      accessor: 'notDoneCount',
      title: '未完成',
      width: 80,
      render: (s) => figure(s, (m) => formatCount(m.notDoneCount)),
    },
    {
      accessor: 'completionRate',
      title: '完成率',
      width: 90,
      render: (s) => (s.problem ? s.problem : figure(s, (m) => formatCampRate(m.completionRate))),
    },
    {
      accessor: 'actions',
      title: '操作',
      width: 120,
      toggleable: false,
      render: (s) =>
        s.summary ? (
          <Anchor component={Link} to={campStatsPath(TASK_RESOURCE_STATISTICS, campId, s.task.taskId)} size="sm">
            学员完成情况
          </Anchor>
        ) : (
          EMPTY
        ),
    },
  ];
}

/** The camp's flash-card tasks with each one's figures (camp/statistics/task/student/summary). */
function CampDecks({ campId }: { campId: number }) {
  const phases = useCampPhases(campId);
  const tasks = (phases.data ?? []).flatMap((p) =>
    p.tasks.filter(isFlashCardTask).map((task) => ({ task, phaseName: p.phaseName })),
  );
  const summaries = useQueries({
    queries: tasks.map(({ task }) => taskSummaryQueryOptions({ campId, taskId: task.taskId })),
  });
  const rows: DeckStat[] = tasks.map((t, i) => ({
    ...t,
    summary: summaries[i]?.data,
    problem: summaries[i]?.error ? '未发布' : null,
  }));
  const fetching = phases.isFetching || summaries.some((s) => s.isFetching);
  const counted = rows.flatMap((r) => (r.summary ? [r.summary] : []));
  const sum = (pick: (s: TaskSummary) => number) => counted.reduce((n, s) => n + pick(s), 0);
  return (
    <Stack gap="lg">
      <StatCards
        title="闪卡概况"
        busy={fetching}
        cols={{ base: 2, sm: 4 }}
        items={[
          { label: '闪卡任务', value: phases.data ? formatCount(rows.length) : EMPTY },
          {
            label: '卡片总数',
            value: phases.data ? formatCount(rows.reduce((n, r) => n + (r.task.cards?.length ?? 0), 0)) : EMPTY,
          },
          { label: '已完成人次', value: counted.length ? formatCount(sum((s) => s.doneCount)) : EMPTY },
          { label: '未完成人次', value: counted.length ? formatCount(sum((s) => s.notDoneCount)) : EMPTY },
        ]}
      />
      <Stack gap="xs">
        <Title order={5}>各组闪卡</Title>
        <ListTable<DeckStat>
          label="各组闪卡"
          storeKey="flash-card-statistics"
          columns={columnsFor(campId)}
          records={rows}
          idAccessor={(r) => r.task.taskId}
          rowAttributes={(r) => ({ 'aria-label': r.task.taskName })}
          noRecordsText={phases.isPending ? '加载中…' : '该学习营没有闪卡任务'}
          fetching={fetching}
          pinFirstColumn
        />
      </Stack>
    </Stack>
  );
}

/**
 * 闪卡统计 (/knowledgeRepository/flashCardStatistics?campId=): a published camp of mine (the first
 * by default) and how its students did on each flash-card task — members, done, not done and the
 * completion rate — with a link to each task's members; followed live as students finish cards.
 */
export function FlashCardStatistics({ title }: { title: string }) {
  return <CampStatsPage title={title}>{(campId) => <CampDecks key={campId} campId={campId} />}</CampStatsPage>;
}
