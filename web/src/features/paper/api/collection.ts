// The paper collection and its audit (03 §7.1 "Paper"): the papers the caller may list
// (paper/collection: their own, the approved ones, and for content admins every submitted one),
// an author's paper submitted for audit (audit/post, refused while pending or approved), judged by
// a content admin (audit/judge, only while pending), the result hidden once the author has read it
// (audit/updateAuditInfoInvisible); a paper's outline (paper/tree) and its change log
// (log/docPaperOperateLogList, log/docPaperOperateLogInfo, for those who may edit it).

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@/generated/Page';
import type { PaperAudit } from '@/generated/PaperAudit';
import type { PaperAuditJudgeRequest } from '@/generated/PaperAuditJudgeRequest';
import type { PaperCollectionRequest } from '@/generated/PaperCollectionRequest';
import type { PaperIdRequest } from '@/generated/PaperIdRequest';
import type { PaperLog } from '@/generated/PaperLog';
import type { PaperLogIdRequest } from '@/generated/PaperLogIdRequest';
import type { PaperLogRequest } from '@/generated/PaperLogRequest';
import type { PaperSummary } from '@/generated/PaperSummary';
import type { PaperTreeNode } from '@/generated/PaperTreeNode';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { collectionKeys } from './collection-keys';

/** Changes per page of a paper's log. */
export const PAPER_LOG_PAGE_SIZE = 10;

/** POST /api/paper/collection */
export function getCollection(body: PaperCollectionRequest, options?: RequestOptions): Promise<Page<PaperSummary>> {
  return api.post<Page<PaperSummary>>('/api/paper/collection', body, options);
}

/** A page of papers (null: nothing to read yet); the page shown stays while the next is read. */
export function useCollection(body: PaperCollectionRequest | null) {
  return useQuery({
    queryKey: collectionKeys.list(body ?? {}),
    queryFn: (context) => getCollection(body ?? {}, readOptions(context)),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** The newest handouts the caller may bind (`count` of them), read without the loading overlay. */
export function useHandoutChoices(paperType: number, count: number) {
  const body: PaperCollectionRequest = { paperType, pageNo: 1, pageSize: count };
  return useQuery({
    queryKey: collectionKeys.list(body),
    queryFn: () => getCollection(body, { noLoading: true }),
    staleTime: 60_000,
  });
}

/** POST /api/paper/audit/post: the author submits the paper. */
export function postAudit(paperId: number): Promise<PaperAudit> {
  const body: PaperIdRequest = { paperId };
  return api.post<PaperAudit>('/api/paper/audit/post', body, { noLoading: true });
}

/** POST /api/paper/audit/judge (quiet: the dialog shows what went wrong). */
export function judgeAudit(body: PaperAuditJudgeRequest): Promise<PaperAudit> {
  return api.post<PaperAudit>('/api/paper/audit/judge', body, { noLoading: true, quiet: true });
}

/** POST /api/paper/audit/updateAuditInfoInvisible: the author has read the result. */
export function hideAuditInfo(paperId: number): Promise<PaperAudit> {
  const body: PaperIdRequest = { paperId };
  return api.post<PaperAudit>('/api/paper/audit/updateAuditInfoInvisible', body, { noLoading: true });
}

/** The audit's changes; each reads the lists again (a paper moves between them). */
export function useAuditChanges() {
  const client = useQueryClient();
  const settled = () => void client.invalidateQueries({ queryKey: collectionKeys.lists() });
  return {
    post: useMutation({ mutationFn: postAudit, onSuccess: settled }),
    judge: useMutation({ mutationFn: judgeAudit, onSuccess: settled }),
    hide: useMutation({ mutationFn: hideAuditInfo, onSuccess: settled }),
  };
}

/** POST /api/paper/tree: the paper's sections and the headings in them. */
export function getPaperTree(paperId: number): Promise<PaperTreeNode[]> {
  const body: PaperIdRequest = { paperId };
  return api.post<PaperTreeNode[]>('/api/paper/tree', body, { noLoading: true, quiet: true });
}

/** A paper's outline, read while `enabled` (a drawer is open). */
export function usePaperTree(paperId: number, enabled: boolean) {
  return useQuery({ queryKey: collectionKeys.tree(paperId), queryFn: () => getPaperTree(paperId), enabled });
}

/** POST /api/log/docPaperOperateLogList, newest first. */
export function getPaperLogs(body: PaperLogRequest): Promise<Page<PaperLog>> {
  return api.post<Page<PaperLog>>('/api/log/docPaperOperateLogList', body, { noLoading: true, quiet: true });
}

/** A page of a paper's changes, read while `enabled`. */
export function usePaperLogs(paperId: number, pageNo: number, enabled: boolean) {
  return useQuery({
    queryKey: collectionKeys.logs(paperId, pageNo),
    queryFn: () => getPaperLogs({ paperId, pageNo, pageSize: PAPER_LOG_PAGE_SIZE }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/log/docPaperOperateLogInfo */
export function getPaperLog(logId: number): Promise<PaperLog> {
  const body: PaperLogIdRequest = { logId };
  return api.post<PaperLog>('/api/log/docPaperOperateLogInfo', body, { noLoading: true, quiet: true });
}

/** One change (null: none open). */
export function usePaperLog(logId: number | null) {
  return useQuery({
    queryKey: collectionKeys.log(logId ?? 0),
    queryFn: () => getPaperLog(logId ?? 0),
    enabled: logId !== null,
  });
}
