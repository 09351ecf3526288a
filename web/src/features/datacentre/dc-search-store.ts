// The data-centre search state shared by its header and screens (spec 02 §4: it starts with the
// defaults of §3.1). Client state: kept for the page's life, so moving between reports keeps the
// filters; a role or account switch reloads the page and starts over.
//
// The school is the header's school selector's (the session's selected school, reported to the
// server): the search follows it rather than keeping a copy that could disagree.
//
// Beside it, the first-lesson screens' tab pairs (02 §2, §9): each screen's course and grouping,
// set independently of the others' (the overall screen's starts at ZJ / areaSchoolRank, the
// teacher screen's at ZJ / subjectCount).

import { useMemo } from 'react';
import { useSession } from '@/lib/session';
import { createStore, useStore } from '@/lib/store';
import type { FirstView } from './columns/first-lesson-columns';
import { ALL, type DcFilters, type DcSearchState, defaultDcSearch, defaultFilters, forSchool } from './dc-search';
import { defaultFirstTabs, type FirstTabs } from './first-lesson-reports';

export const dcSearchStore = createStore<DcSearchState>(defaultDcSearch(new Date()));
export const firstTabsStore = createStore<Record<FirstView, FirstTabs>>(defaultFirstTabs());

/** The school searched: the session's selected school (-1 before user info is known). */
export function useDcSchoolId(): number {
  return useSession((s) => s.user?.selectedSchool.id ?? ALL);
}

/** The search in effect under the header's school. */
export function useDcSearch(): DcSearchState {
  const state = useStore(dcSearchStore);
  const schoolId = useDcSchoolId();
  return useMemo(() => forSchool(state, schoolId), [state, schoolId]);
}

/** Applies the filter bar's fields under `schoolId` (the areas are that school's). */
export function applyDcFilters(filters: DcFilters, schoolId: number): void {
  dcSearchStore.set((s) => ({ ...s, ...filters, schoolId }));
}

export function setDcSubjects(subjects: number[]): void {
  dcSearchStore.set((s) => ({ ...s, subjects }));
}

export function setDcDataTimeType(dataTimeType: DcSearchState['dataTimeType']): void {
  dcSearchStore.set((s) => ({ ...s, dataTimeType }));
}

/** The filter bar's fields back to their defaults on `today`. */
export function resetDcFilters(schoolId: number, today: Date = new Date()): void {
  applyDcFilters(defaultFilters(today), schoolId);
}

/** A first-lesson screen's tab pair. */
export function useFirstTabs(view: FirstView): FirstTabs {
  return useStore(firstTabsStore, (s) => s[view]);
}

/** Sets a first-lesson screen's course or tab; the other screens' pairs stay. */
export function setFirstTabs(view: FirstView, patch: Partial<FirstTabs>): void {
  firstTabsStore.set((s) => ({ ...s, [view]: { ...s[view], ...patch } }));
}

/** Everything back to the defaults (tests; a new session). */
export function resetDcSearch(today: Date = new Date()): void {
  dcSearchStore.set(defaultDcSearch(today));
  firstTabsStore.set(defaultFirstTabs());
}
