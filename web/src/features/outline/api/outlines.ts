// Teaching outlines (03 §7.1 "Teaching outline"): the list page by page (teaching/outline/list: the
// library's editors see every outline, teachers the valid ones published to their school), and the
// editors' changes: create or change with the units and lessons (save, refused while the outline is
// in use), copy, delete (refused while published), in use or back to editing (valid/edit, an
// outline without lessons cannot be used), rename (name/edit).

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { libraryKeys } from '@/features/library/api/library-keys';
import type { OutlineIdRequest } from '@/generated/OutlineIdRequest';
import type { OutlineListRequest } from '@/generated/OutlineListRequest';
import type { OutlineNameRequest } from '@/generated/OutlineNameRequest';
import type { OutlineSaveRequest } from '@/generated/OutlineSaveRequest';
import type { OutlineTree } from '@/generated/OutlineTree';
import type { OutlineValidRequest } from '@/generated/OutlineValidRequest';
import type { Page } from '@/generated/Page';
import type { TeachingOutline } from '@/generated/TeachingOutline';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { outlineKeys } from './outline-keys';

/** POST /api/teaching/outline/list */
export function getOutlines(body: OutlineListRequest, options?: RequestOptions): Promise<Page<TeachingOutline>> {
  return api.post<Page<TeachingOutline>>('/api/teaching/outline/list', body, options);
}

/** A page of outlines (null: no search yet); the page shown stays while the next is read. */
export function useOutlines(body: OutlineListRequest | null) {
  return useQuery({
    queryKey: outlineKeys.list(body ?? {}),
    queryFn: (context) => getOutlines(body ?? {}, readOptions(context)),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/teaching/outline/save (quiet: the form shows what went wrong). */
export function saveOutline(body: OutlineSaveRequest): Promise<OutlineTree> {
  return api.post<OutlineTree>('/api/teaching/outline/save', body, { quiet: true });
}

/** POST /api/teaching/outline/copy: the copy, named 「…（副本）」. */
export function copyOutline(outlineId: number): Promise<TeachingOutline> {
  const body: OutlineIdRequest = { outlineId };
  return api.post<TeachingOutline>('/api/teaching/outline/copy', body, { loadingText: '正在复制大纲' });
}

/** POST /api/teaching/outline/del */
export function deleteOutline(outlineId: number): Promise<boolean> {
  const body: OutlineIdRequest = { outlineId };
  return api.post<boolean>('/api/teaching/outline/del', body, { noLoading: true });
}

/** POST /api/teaching/outline/valid/edit */
export function setOutlineValid(body: OutlineValidRequest): Promise<TeachingOutline> {
  return api.post<TeachingOutline>('/api/teaching/outline/valid/edit', body, { noLoading: true });
}

/** POST /api/teaching/outline/name/edit (quiet: the dialog shows what went wrong). */
export function renameOutline(body: OutlineNameRequest): Promise<TeachingOutline> {
  return api.post<TeachingOutline>('/api/teaching/outline/name/edit', body, { noLoading: true, quiet: true });
}

/**
 * The editors' changes of outlines. Each reads the lists and the library again (counts, names,
 * validity and publication show in both); a save takes the outline it answers.
 */
export function useOutlineChanges() {
  const client = useQueryClient();
  const settled = () => {
    void client.invalidateQueries({ queryKey: outlineKeys.all });
    void client.invalidateQueries({ queryKey: libraryKeys.all });
  };
  return {
    save: useMutation({
      mutationFn: saveOutline,
      onSuccess: (tree) => {
        client.setQueryData(libraryKeys.outlineTree(tree.outline.outlineId), tree);
        settled();
      },
    }),
    copy: useMutation({ mutationFn: copyOutline, onSuccess: settled }),
    remove: useMutation({ mutationFn: deleteOutline, onSuccess: settled }),
    valid: useMutation({ mutationFn: setOutlineValid, onSuccess: settled }),
    rename: useMutation({ mutationFn: renameOutline, onSuccess: settled }),
  };
}
