// Changing the drive's items: create a folder or a file from a finished upload, import a web
// link, rename, move, copy, to the recycle bin and back, and purge (03 §7.8). Every change reads
// the drive again (the folders, the tree and the quota); a failure shows the server's message.

import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchResult } from '@/generated/BatchResult';
import type { BatchTargetRequest } from '@/generated/BatchTargetRequest';
import type { DocumentCreateRequest } from '@/generated/DocumentCreateRequest';
import type { DriveItem } from '@/generated/DriveItem';
import type { DriveJob } from '@/generated/DriveJob';
import type { IdRequest } from '@/generated/IdRequest';
import type { IdsRequest } from '@/generated/IdsRequest';
import type { LinkImportRequest } from '@/generated/LinkImportRequest';
import type { MoveRequest } from '@/generated/MoveRequest';
import type { RenameRequest } from '@/generated/RenameRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { driveKeys } from './drive-keys';

/** Marks everything the drive shows stale; what is on screen is read again at once. */
export function refreshDrive(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: driveKeys.all });
}

/** A mutation of the drive that reads it again once done (also after a refusal: it may have changed). */
function useDriveMutation<Body, Answer>(fn: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => refreshDrive(queryClient) });
}

/** POST /api/document/create: a folder (a name), or a file from a finished upload (a fileId). */
export function createDocument(body: DocumentCreateRequest, options?: RequestOptions): Promise<DriveItem> {
  return api.post<DriveItem>('/api/document/create', body, options);
}

export const useCreateDocument = () => useDriveMutation((body: DocumentCreateRequest) => createDocument(body));

/** POST /api/document/linkImport */
export function importLink(body: LinkImportRequest): Promise<DriveItem> {
  return api.post<DriveItem>('/api/document/linkImport', body);
}

export const useImportLink = () => useDriveMutation(importLink);

/** POST /api/document/rename */
export function renameItem(body: RenameRequest): Promise<DriveItem> {
  return api.post<DriveItem>('/api/document/rename', body);
}

export const useRenameItem = () => useDriveMutation(renameItem);

/** One item (POST /api/document/move) or several (POST /api/batch/move) into a folder. */
export function moveItems(body: BatchTargetRequest): Promise<BatchResult> {
  const [only] = body.ids;
  if (body.ids.length === 1 && only !== undefined) {
    const one: MoveRequest = { id: only, targetId: body.targetId, teamId: body.teamId };
    return api.post<BatchResult>('/api/document/move', one);
  }
  return api.post<BatchResult>('/api/batch/move', body);
}

export const useMoveItems = () => useDriveMutation(moveItems);

/** POST /api/batch/copy: a large copy answers a job (its progress is pushed). */
export function copyItems(body: BatchTargetRequest): Promise<BatchResult> {
  return api.post<BatchResult>('/api/batch/copy', body);
}

export const useCopyItems = () => useDriveMutation(copyItems);

/** POST /api/document/copyJob: where a copy job is. */
export function getCopyJob(id: number): Promise<DriveJob> {
  const body: IdRequest = { id };
  return api.post<DriveJob>('/api/document/copyJob', body, { quiet: true, noLoading: true });
}

/** To the recycle bin: one item (moveRecycle/{id}) or several (batch/moveRecycle). */
export function recycleItems(ids: number[]): Promise<unknown> {
  const [only] = ids;
  if (ids.length === 1 && only !== undefined) return api.post(`/api/document/moveRecycle/${only}`, {});
  const body: IdsRequest = { ids };
  return api.post('/api/batch/moveRecycle', body);
}

export const useRecycleItems = () => useDriveMutation(recycleItems);

/** POST /api/document/restore: back from the bin (to the old folder, or the root if it is gone). */
export function restoreItems(ids: number[]): Promise<unknown> {
  const body: IdsRequest = { ids };
  return api.post('/api/document/restore', body);
}

export const useRestoreItems = () => useDriveMutation(restoreItems);

/** Purges items of the bin for good: one (document/delete) or several (document/batchDelete). */
export function purgeItems(ids: number[]): Promise<unknown> {
  const [only] = ids;
  if (ids.length === 1 && only !== undefined) {
    const one: IdRequest = { id: only };
    return api.post('/api/document/delete', one);
  }
  const body: IdsRequest = { ids };
  return api.post('/api/document/batchDelete', body);
}

export const usePurgeItems = () => useDriveMutation(purgeItems);

/** POST /api/document/emptyRecycle */
export function emptyRecycle(): Promise<unknown> {
  return api.post('/api/document/emptyRecycle', {});
}

export const useEmptyRecycle = () => useDriveMutation(emptyRecycle);
