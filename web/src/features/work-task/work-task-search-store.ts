// The search of 工作任务质检 and 工作任务统计, shared by both screens for the page's life (as the
// data centre keeps its search), with the statistics' grouping. The school and subjects are not
// kept here: they are the header's (the session's selected school, the data centre's subjects).

import { createStore, useStore } from '@/lib/store';
import { DEFAULT_STAT_TYPE, defaultWorkTaskFilters, type StatType, type WorkTaskFilters } from './work-task-search';

interface WorkTaskSearchState {
  filters: WorkTaskFilters;
  statType: StatType;
}

const initial = (today: Date): WorkTaskSearchState => ({
  filters: defaultWorkTaskFilters(today),
  statType: DEFAULT_STAT_TYPE,
});

export const workTaskSearchStore = createStore<WorkTaskSearchState>(initial(new Date()));

export function useWorkTaskFilters(): WorkTaskFilters {
  return useStore(workTaskSearchStore, (s) => s.filters);
}

export function applyWorkTaskFilters(filters: WorkTaskFilters): void {
  workTaskSearchStore.set((s) => ({ ...s, filters }));
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
