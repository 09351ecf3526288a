// The search of 工作任务质检 and 工作任务统计, shared by both screens for the page's life (as the
// data centre keeps its search), with the statistics' grouping. The school and subjects are not
// kept here: they are the header's (the session's selected school, the data centre's subjects).
// The areas are those of the school they were chosen under: under another school, every area.

import { useMemo } from 'react';
import { createStore, useStore } from '@/lib/store';
import { ALL, ALL_VALUE } from './work-task-dict';
import { DEFAULT_STAT_TYPE, defaultWorkTaskFilters, type StatType, type WorkTaskFilters } from './work-task-search';

interface WorkTaskSearchState {
  filters: WorkTaskFilters;
  /** The header's school when the filters were applied (their areas are that school's). */
  schoolId: number;
  statType: StatType;
}

const initial = (today: Date): WorkTaskSearchState => ({
  filters: defaultWorkTaskFilters(today),
  schoolId: ALL,
  statType: DEFAULT_STAT_TYPE,
});

export const workTaskSearchStore = createStore<WorkTaskSearchState>(initial(new Date()));

/** The filters in effect under the header's school: areas chosen under another school no longer apply. */
export function useWorkTaskFilters(schoolId: number): WorkTaskFilters {
  const filters = useStore(workTaskSearchStore, (s) => s.filters);
  const appliedUnder = useStore(workTaskSearchStore, (s) => s.schoolId);
  return useMemo(
    () => (appliedUnder === schoolId ? filters : { ...filters, areaCodes: [ALL_VALUE] }),
    [filters, appliedUnder, schoolId],
  );
}

/** Applies the filter bar's fields under `schoolId` (the areas are that school's). */
export function applyWorkTaskFilters(filters: WorkTaskFilters, schoolId: number): void {
  workTaskSearchStore.set((s) => ({ ...s, filters, schoolId }));
}

export function useStatType(): StatType {
  return useStore(workTaskSearchStore, (s) => s.statType);
}

export function setStatType(statType: StatType): void {
  workTaskSearchStore.set((s) => ({ ...s, statType }));
}

/** Everything back to the defaults (tests). */
export function resetWorkTaskSearch(today: Date = new Date()): void {
  workTaskSearchStore.set(initial(today));
}
