// The audit log's filters as typed, and the search they mean: days are local, the end day
// included (to the start of the next day).

import type { AuditSearch } from '@/generated/AuditSearch';
import type { CodeName } from '@/generated/CodeName';
import { localDayStart } from '@/lib/format';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  actor: string;
  action: string | null;
  keyword: string;
  /** YYYY-MM-DD or ''. */
  fromDay: string;
  toDay: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actor: '', action: null, keyword: '', fromDay: '', toDay: '' };

/** Why the days cannot be searched, or null. */
export function auditDaysError(filters: AuditFilters): string | null {
  if (filters.fromDay && filters.toDay && filters.fromDay > filters.toDay) return '结束日期不能早于开始日期';
  return null;
}

/** The search of the filters (without paging). */
export function toAuditSearch(filters: AuditFilters): AuditSearch {
  const actor = filters.actor.trim();
  const keyword = filters.keyword.trim();
  const from = filters.fromDay ? localDayStart(filters.fromDay) : null;
  const to = filters.toDay ? localDayStart(filters.toDay, 1) : null;
  return {
    ...(actor ? { actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(keyword ? { keyword } : {}),
    ...(from !== null ? { from } : {}),
    ...(to !== null ? { to } : {}),
  };
}

/** An action's name: its own, or its family's (a code ending in '.' names a prefix). */
export function actionLabel(code: string, actions: readonly CodeName[]): string {
  const exact = actions.find((a) => a.code === code);
  if (exact) return exact.name;
  const family = actions.find((a) => a.code.endsWith('.') && code.startsWith(a.code));
  return family ? `${family.name} · ${code.slice(family.code.length)}` : code;
}

/** The actions as filter options; a family says it covers every action in it. */
export function actionOptions(actions: readonly CodeName[]): { value: string; label: string }[] {
  return actions.map((a) => ({ value: a.code, label: a.code.endsWith('.') ? `${a.name}（全部）` : a.name }));
}
