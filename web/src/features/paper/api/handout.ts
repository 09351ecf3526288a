// The REST side of the handout editor (spec 03 §7.1 "Paper"): the paper's detail (title, rights,
// header and layout, and a saved version's content), renaming, copying, versions and their
// restore, the header and the layout settings.
//
// The sections' text is the co-edited document `handout/{paperId}`: editors write it live over
// the socket and the server's reads, saves and restores go through the same document, so a
// restore reaches every open editor without a reload. Only a saved version (ver > 0) is read
// from here for display.

import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaperDetail } from '@/generated/PaperDetail';
import type { PaperGlobalSettings } from '@/generated/PaperGlobalSettings';
import type { PaperGlobalSettingsSaveRequest } from '@/generated/PaperGlobalSettingsSaveRequest';
import type { PaperHeaderInfo } from '@/generated/PaperHeaderInfo';
import type { PaperHeaderInfoSaveRequest } from '@/generated/PaperHeaderInfoSaveRequest';
import type { PaperIdRequest } from '@/generated/PaperIdRequest';
import type { PaperRef } from '@/generated/PaperRef';
import type { PaperRestoreRequest } from '@/generated/PaperRestoreRequest';
import type { PaperSaveRequest } from '@/generated/PaperSaveRequest';
import type { PaperVersion } from '@/generated/PaperVersion';
import { api } from '@/lib/api-client';

const BASE = '/api/paper';

/**
 * POST /detail — ver 0 is the live document, n the saved version n (read-only). Quiet: the page
 * says what went wrong (A0404 for a paper the caller may not read).
 */
export function fetchPaperDetail(paperId: number, ver: number): Promise<PaperDetail> {
  const body: PaperIdRequest = { paperId, ver };
  return api.post<PaperDetail>(`${BASE}/detail`, body, { noLoading: true, quiet: true });
}

/** POST /save with the title only (the sections are edited live). */
export function savePaperTitle(paperId: number, paperTitle: string): Promise<PaperDetail> {
  const body: PaperSaveRequest = { paperId, paperTitle };
  return api.post<PaperDetail>(`${BASE}/save`, body, { noLoading: true });
}

/** POST /copy: a new paper of the caller's with the same content. */
export function copyPaper(paperId: number): Promise<PaperRef> {
  const body: PaperIdRequest = { paperId };
  return api.post<PaperRef>(`${BASE}/copy`, body, { loadingText: '正在复制讲义' });
}

/** POST /createNewVersion: snapshots the live document as the next version. */
export function createPaperVersion(paperId: number): Promise<PaperVersion> {
  return api.post<PaperVersion>(`${BASE}/createNewVersion`, undefined, { params: { paperId }, noLoading: true });
}

/** POST /version/list, newest first. */
export function fetchPaperVersions(paperId: number): Promise<PaperVersion[]> {
  const body: PaperIdRequest = { paperId };
  return api.post<PaperVersion[]>(`${BASE}/version/list`, body, { noLoading: true });
}

/** GET /latestPublishedCollectionId: the id of the newest version, null without one. */
export function fetchLatestVersionId(paperId: number): Promise<number | null> {
  return api.get<number | null>(`${BASE}/latestPublishedCollectionId`, {
    params: { paperId },
    noLoading: true,
    quiet: true,
  });
}

/** POST /restore: version `versionNo` comes back as a new edit of the live document. */
export function restorePaperVersion(paperId: number, versionNo: number): Promise<PaperDetail> {
  const body: PaperRestoreRequest = { paperId, versionNo };
  return api.post<PaperDetail>(`${BASE}/restore`, body, { noLoading: true });
}

/** POST /headerInfo */
export function fetchHeaderInfo(paperId: number): Promise<PaperHeaderInfo> {
  const body: PaperIdRequest = { paperId };
  return api.post<PaperHeaderInfo>(`${BASE}/headerInfo`, body, { noLoading: true });
}

/** POST /headerInfoSave; answers the saved header. */
export function saveHeaderInfo(paperId: number, headerInfo: PaperHeaderInfo): Promise<PaperHeaderInfo> {
  const body: PaperHeaderInfoSaveRequest = { paperId, headerInfo };
  return api.post<PaperHeaderInfo>(`${BASE}/headerInfoSave`, body, { noLoading: true });
}

/** POST /globalsetting/save; answers the saved settings. */
export function saveGlobalSettings(paperId: number, settings: PaperGlobalSettings): Promise<PaperGlobalSettings> {
  const body: PaperGlobalSettingsSaveRequest = { paperId, ...settings };
  return api.post<PaperGlobalSettings>(`${BASE}/globalsetting/save`, body, { noLoading: true });
}

export const paperKeys = {
  all: ['papers'] as const,
  paper: (paperId: number) => [...paperKeys.all, paperId] as const,
  detail: (paperId: number, ver: number) => [...paperKeys.paper(paperId), 'detail', ver] as const,
  versions: (paperId: number) => [...paperKeys.paper(paperId), 'versions'] as const,
  headerInfo: (paperId: number) => [...paperKeys.paper(paperId), 'header-info'] as const,
};

export function paperDetailQueryOptions(paperId: number, ver: number) {
  return queryOptions({ queryKey: paperKeys.detail(paperId, ver), queryFn: () => fetchPaperDetail(paperId, ver) });
}

/**
 * The paper's detail at `ver` (null paperId: nothing to read). Saves put what they answered into
 * the live one (`setLiveDetail`).
 */
export function usePaperDetail(paperId: number | null, ver: number) {
  return useQuery({ ...paperDetailQueryOptions(paperId ?? 0, ver), enabled: paperId !== null });
}

/** Replaces the cached live detail with what a save answered. */
export function setLiveDetail(
  client: QueryClient,
  paperId: number,
  update: (detail: PaperDetail) => PaperDetail,
): void {
  client.setQueryData<PaperDetail>(paperKeys.detail(paperId, 0), (detail) => (detail ? update(detail) : detail));
}

export function paperVersionsQueryOptions(paperId: number) {
  return queryOptions({ queryKey: paperKeys.versions(paperId), queryFn: () => fetchPaperVersions(paperId) });
}

/** The versions, read while `enabled` (the panel is open). */
export function usePaperVersions(paperId: number, enabled: boolean) {
  return useQuery({ ...paperVersionsQueryOptions(paperId), enabled });
}

export function useHeaderInfo(paperId: number) {
  return useQuery({ queryKey: paperKeys.headerInfo(paperId), queryFn: () => fetchHeaderInfo(paperId) });
}

// Writes: each puts what the server answered into the queries it changes.

/** Renames the paper (paper/save); the live detail takes the saved title. */
export function useSavePaperTitle(paperId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paperTitle: string) => savePaperTitle(paperId, paperTitle),
    onSuccess: (saved) =>
      setLiveDetail(client, paperId, (d) => ({ ...d, paperTitle: saved.paperTitle, updateTime: saved.updateTime })),
  });
}

/** Copies a paper (the caller opens the copy). */
export function useCopyPaper() {
  return useMutation({ mutationFn: copyPaper });
}

/** Saves the live document as the next version; the version list is read again. */
export function useCreatePaperVersion(paperId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => createPaperVersion(paperId),
    onSuccess: () => client.invalidateQueries({ queryKey: paperKeys.versions(paperId) }),
  });
}

/** Restores version `versionNo`; the live detail becomes what the server answered. */
export function useRestorePaperVersion(paperId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (versionNo: number) => restorePaperVersion(paperId, versionNo),
    onSuccess: (detail) => setLiveDetail(client, paperId, () => detail),
  });
}

/** Saves the header printed above the paper; the header query takes the saved one. */
export function useSaveHeaderInfo(paperId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (headerInfo: PaperHeaderInfo) => saveHeaderInfo(paperId, headerInfo),
    onSuccess: (saved) => client.setQueryData(paperKeys.headerInfo(paperId), saved),
  });
}

/** Saves the paper's font and spacing; the live detail takes the saved settings. */
export function useSaveGlobalSettings(paperId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: PaperGlobalSettings) => saveGlobalSettings(paperId, settings),
    onSuccess: (globalSettings) => setLiveDetail(client, paperId, (d) => ({ ...d, globalSettings })),
  });
}
