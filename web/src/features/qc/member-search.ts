// The member search of 项目组管理 (spec 02 §7.6 `tfGroup/memberListV2`): a school, a department, a
// project team (0: staff in none) and a keyword; and the teams as a picker groups them. Pure.

import type { SchoolTeams } from '@/generated/SchoolTeams';
import type { TeamSearch } from '@/generated/TeamSearch';
import { ALL } from './qc-search';

/** The member search's "no team". */
export const NO_TEAM = 0;

export interface MemberFilters {
  /** -1: every school the user sees. */
  schoolId: number;
  /** null: every department. */
  deptName: string | null;
  /** null: every team; 0 (NO_TEAM): staff in none. */
  groupId: number | null;
  keyword: string;
}

export const DEFAULT_MEMBER_FILTERS: MemberFilters = { schoolId: ALL, deptName: null, groupId: null, keyword: '' };

export function toMemberSearch(filters: MemberFilters, pageNo: number, pageSize: number): TeamSearch {
  const search: TeamSearch = { schoolId: filters.schoolId, pageNo, pageSize };
  if (filters.deptName !== null) search.deptName = filters.deptName;
  if (filters.groupId !== null) search.groupId = filters.groupId;
  const keyword = filters.keyword.trim();
  if (keyword) search.keyword = keyword;
  return search;
}

export interface TeamChoiceGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** The teams to move staff into, grouped by school (only `schoolId`'s when one is given). */
export function teamChoices(schools: readonly SchoolTeams[], schoolId: number = ALL): TeamChoiceGroup[] {
  return schools
    .filter((s) => schoolId === ALL || s.schoolId === schoolId)
    .filter((s) => s.teams.length > 0)
    .map((s) => ({ group: s.schoolName, items: s.teams.map((t) => ({ value: String(t.id), label: t.name })) }));
}

/** A team's name by its id ('' when unknown). */
export function teamName(schools: readonly SchoolTeams[], groupId: number): string {
  for (const s of schools) {
    const team = s.teams.find((t) => t.id === groupId);
    if (team) return team.name;
  }
  return '';
}
