// The audit log (审计日志): entries by actor, action (a code, or a prefix ending in '.'), words and
// time, newest first; the action codes with their names; and what a search finds as .xlsx.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@/generated/AuditEntry';
import type { AuditSearch } from '@/generated/AuditSearch';
import type { CodeName } from '@/generated/CodeName';
import type { Page } from '@/generated/Page';
import { api, ApiError, type RequestOptions, showError } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { adminKeys } from './admin-keys';

/** POST /api/admin/audit/search */
export function searchAudit(search: AuditSearch, options?: RequestOptions): Promise<Page<AuditEntry>> {
  return api.post<Page<AuditEntry>>('/api/admin/audit/search', search, options);
}

export function auditQueryOptions(search: AuditSearch) {
  return queryOptions({
    queryKey: adminKeys.auditPage(search),
    queryFn: (context) => searchAudit(search, readOptions(context)),
  });
}

export function useAudit(search: AuditSearch) {
  return useQuery({ ...auditQueryOptions(search), placeholderData: keepPreviousData });
}

/** GET /api/admin/audit/actions (no loading: a filter's options). */
export function getAuditActions(): Promise<CodeName[]> {
  return api.get<CodeName[]>('/api/admin/audit/actions', { noLoading: true });
}

export function auditActionsQueryOptions() {
  return queryOptions({ queryKey: adminKeys.auditActions(), queryFn: getAuditActions, staleTime: Infinity });
}

export function useAuditActions() {
  return useQuery(auditActionsQueryOptions());
}

/** The message of a refused file response (its envelope), or a generic one. */
async function failureMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { msg?: unknown } | null;
    if (typeof body?.msg === 'string' && body.msg) return body.msg;
  } catch {
    // not JSON
  }
  return `导出失败（${response.status}）`;
}

/**
 * POST /api/admin/audit/export: the workbook of what `search` finds (at most 20,000 rows), read as
 * a blob with the session cookie. A refusal is shown as a toast and rejects.
 */
export async function exportAudit(search: AuditSearch): Promise<Blob> {
  const response = await fetch('/api/admin/audit/export', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(search),
  }).catch(() => null);
  // A refusal is an envelope (JSON), whatever its status.
  if (!response?.ok || response.headers.get('Content-Type')?.includes('json')) {
    const message = response ? await failureMessage(response) : '网络错误，导出失败';
    showError(message);
    throw new ApiError(response ? `HTTP_${response.status}` : 'NETWORK', message, response?.status ?? 0);
  }
  return response.blob();
}
