// The pickers of the statistics' pages: the camp (from the caller's camps that have statistics)
// and a task of it (from the working copy's phases, grouped by phase). Both live in the URL
// (?campId=&taskId=); a page without them shows the first camp and task.

import { Badge, Group, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { CampListRow } from '@/generated/CampListRow';
import type { PhaseTask } from '@/generated/PhaseTask';
import { useCampPhases, useCamps } from '../api/statistics';
import { campShown, idParam, statsCamps, taskGroups, taskShown } from '../stats-format';

/** `CAMP_STATUSES` colours: published green, being edited blue, paused orange, shut grey. */
const STATUS_COLORS: Record<number, string> = { 1: 'teal', 2: 'blue', 3: 'orange', 4: 'gray' };

/** The camp and task the URL asks for, and how to ask for others. */
export function useStatsParams() {
  const [params, setParams] = useSearchParams();
  return {
    campId: idParam(params.get('campId')),
    taskId: idParam(params.get('taskId')),
    /** Another camp: its first task. */
    setCamp: (campId: number) => setParams({ campId: String(campId) }),
    setTask: (campId: number, taskId: number) => setParams({ campId: String(campId), taskId: String(taskId) }),
  };
}

export interface ShownCamp {
  /** The caller's camps are being read. */
  pending: boolean;
  camp: CampListRow | null;
  picker: ReactNode;
}

/** The camp shown (the one asked for, else the first with statistics) and its picker. */
export function useShownCamp(askedCampId: number | null, onPick: (campId: number) => void): ShownCamp {
  const camps = useCamps();
  const rows = camps.data ?? [];
  const camp = campShown(rows, askedCampId);
  const picker = (
    <Group gap="sm" align="flex-end">
      <Select
        size="xs"
        label="学习营"
        placeholder={camps.isPending ? '加载中…' : '请选择学习营'}
        data={statsCamps(rows).map((c) => ({ value: String(c.campId), label: c.campName }))}
        value={camp ? String(camp.campId) : null}
        onChange={(v) => {
          if (v) onPick(Number(v));
        }}
        allowDeselect={false}
        searchable
        w={280}
      />
      {camp && (
        <Badge color={STATUS_COLORS[camp.status] ?? 'gray'} variant="light" mb={4}>
          {camp.statusName}
        </Badge>
      )}
    </Group>
  );
  return { pending: camps.isPending, camp, picker };
}

export interface ShownTask {
  pending: boolean;
  task: PhaseTask | null;
  picker: ReactNode;
}

/** The task shown (the one asked for, else the first; only question sets when so told) and its picker. */
export function useShownTask(
  campId: number | null,
  askedTaskId: number | null,
  onPick: (taskId: number) => void,
  questionSetsOnly = false,
): ShownTask {
  const phases = useCampPhases(campId);
  const rows = phases.data ?? [];
  const task = taskShown(rows, askedTaskId, questionSetsOnly);
  const picker = (
    <Select
      size="xs"
      label={questionSetsOnly ? '题集' : '任务'}
      placeholder={phases.isPending ? '加载中…' : '请选择任务'}
      data={taskGroups(rows, questionSetsOnly)}
      value={task ? String(task.taskId) : null}
      onChange={(v) => {
        if (v) onPick(Number(v));
      }}
      allowDeselect={false}
      searchable
      w={280}
    />
  );
  return { pending: campId !== null && phases.isPending, task, picker };
}
