// How a camp's statistics are shown (03 §5, §7.6) and what the screens derive from the answers.
// Rates come as fractions (0–1) and show as percentages with one decimal, a trailing .0 dropped;
// scores are percent scores (0–100); anything empty shows '-'.

import type { StatItem } from '@/components/stat-cards';
import type { CampDay } from '@/generated/CampDay';
import type { CampListRow } from '@/generated/CampListRow';
import type { CampOverview } from '@/generated/CampOverview';
import type { CampPhase } from '@/generated/CampPhase';
import type { ClassStatRow } from '@/generated/ClassStatRow';
import type { PhaseTask } from '@/generated/PhaseTask';
import type { QuestionStat } from '@/generated/QuestionStat';
import type { TaskSummary } from '@/generated/TaskSummary';
import { EMPTY, trimZeros } from '@/lib/format';
import { formatCount, formatUsageRate } from '@/lib/report-format';

/** A figure of the cards. */
export type { StatItem };

/** `CAMP_STATUSES`: a draft has no statistics (nobody can have joined it). */
export const CAMP_DRAFT = 0;
/** `CAMP_TASK_TYPES`: a question set, the only task with per-question figures. */
export const TASK_QUESTION_SET = 3;
/** `CAMP_INACTIVE_DAYS`, until the code tables answer. */
export const DEFAULT_INACTIVE_DAYS = 3;

/** A rate (a fraction, 0–1) as a percentage: one decimal, a trailing .0 dropped (0.5416 → '54.2%', 1 → '100%'). */
export function formatCampRate(value: number | null | undefined): string {
  return formatUsageRate(value);
}

/** A percent score with one decimal, a trailing .0 dropped (66.8 → '66.8分', 67 → '67分'); none '-'. */
export function formatScore(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return EMPTY;
  return `${trimZeros(value.toFixed(1))}分`;
}

/** Done of all, e.g. '4/6'. */
export function formatDoneOf(done: number, total: number): string {
  return `${formatCount(done)}/${formatCount(total)}`;
}

/** The overview's cards, in the order shown (no overview yet: every value '-'). */
export function overviewItems(overview: CampOverview | undefined, inactiveDays = DEFAULT_INACTIVE_DAYS): StatItem[] {
  const count = (v: number | undefined) => formatCount(v);
  return [
    { label: '学员数', value: count(overview?.memberCount) },
    { label: '已开始学员', value: count(overview?.startedMembers) },
    { label: '全部完成学员', value: count(overview?.completedMembers) },
    { label: `近${inactiveDays}天未学习`, value: count(overview?.inactiveMembers) },
    { label: '任务数', value: count(overview?.taskCount) },
    { label: '完成任务次数', value: count(overview?.doneCount) },
    { label: '完成率', value: overview ? formatCampRate(overview.completionRate) : EMPTY },
    { label: '题集平均分', value: formatScore(overview?.averageScore) },
  ];
}

/** A task's summary cards. */
export function taskSummaryItems(summary: TaskSummary | undefined): StatItem[] {
  const items: StatItem[] = [
    { label: '学员数', value: formatCount(summary?.memberCount) },
    { label: '已完成', value: formatCount(summary?.doneCount) },
    { label: '未完成', value: formatCount(summary?.notDoneCount) },
    { label: '完成率', value: summary ? formatCampRate(summary.completionRate) : EMPTY },
  ];
  if (summary?.taskType === TASK_QUESTION_SET)
    items.push({ label: '平均分', value: formatScore(summary.averageScore) });
  return items;
}

/** A day of the activity chart: its month and day, what was done and by how many. */
export interface DayPoint {
  day: string;
  doneCount: number;
  activeMembers: number;
}

/** The days of the activity chart: 'YYYY-MM-DD' drawn as 'MM-DD'. */
export function dayPoints(days: readonly CampDay[]): DayPoint[] {
  return days.map((d) => ({ day: d.day.slice(5), doneCount: d.doneCount, activeMembers: d.activeMembers }));
}

/** A question of the correct-rate chart: '第n题' and its rate in percent (one decimal). */
export interface QuestionPoint {
  question: string;
  correctRate: number;
}

export function questionPoints(questions: readonly QuestionStat[]): QuestionPoint[] {
  return questions.map((q) => ({
    question: `第${q.index}题`,
    correctRate: Math.round(q.correctRate * 1000) / 10,
  }));
}

/** The camps that have statistics (published, being edited, paused or shut), in the list's order. */
export function statsCamps(rows: readonly CampListRow[]): CampListRow[] {
  return rows.filter((r) => r.status !== CAMP_DRAFT);
}

/** The camp asked for when it has statistics, else the first that has; null when none has. */
export function campShown(rows: readonly CampListRow[], asked: number | null): CampListRow | null {
  const camps = statsCamps(rows);
  return camps.find((c) => c.campId === asked) ?? (asked === null ? (camps[0] ?? null) : null);
}

/** A task picker's options, grouped by phase (phases without such tasks left out). */
export interface TaskGroup {
  group: string;
  items: { value: string; label: string }[];
}

const isQuestionSet = (t: PhaseTask) => t.taskType === TASK_QUESTION_SET;

export function taskGroups(phases: readonly CampPhase[], questionSetsOnly = false): TaskGroup[] {
  return phases
    .map((p) => ({
      group: p.phaseName,
      items: p.tasks
        .filter((t) => !questionSetsOnly || isQuestionSet(t))
        .map((t) => ({ value: String(t.taskId), label: t.taskName })),
    }))
    .filter((g) => g.items.length > 0);
}

/** The task asked for when it is one to pick, else the first; null when there is none. */
export function taskShown(
  phases: readonly CampPhase[],
  asked: number | null,
  questionSetsOnly = false,
): PhaseTask | null {
  const tasks = phases.flatMap((p) => p.tasks).filter((t) => !questionSetsOnly || isQuestionSet(t));
  return tasks.find((t) => t.taskId === asked) ?? (asked === null ? (tasks[0] ?? null) : null);
}

/** Each phase's tasks, by phase id. */
export function tasksByPhase(phases: readonly CampPhase[]): ReadonlyMap<number, readonly PhaseTask[]> {
  return new Map(phases.map((p) => [p.phaseId, p.tasks]));
}

/** The distribution points (classes) to filter members by. */
export function classOptions(rows: readonly ClassStatRow[]): { value: string; label: string }[] {
  return rows.map((r) => ({ value: String(r.classId), label: r.className || EMPTY }));
}

/** A positive whole id from the URL, else null. */
export function idParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** An optional whole code of a select (null: all). */
export function codeOf(value: string | null): number | undefined {
  return value === null || value === '' ? undefined : Number(value);
}
