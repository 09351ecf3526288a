// The lecture library (03 §7.1 "Library"): the valid outlines published to the caller's school by
// class type (library/queryLibraryTreeList), an outline's units and lessons (library/outline/tree),
// a lesson with its handout's sections (library/outline/content: none when the handout is not
// readable) and the library's handouts copied into the caller's own (library/copy).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LibraryTreeNode } from '@/generated/LibraryTreeNode';
import type { LibraryTreeRequest } from '@/generated/LibraryTreeRequest';
import type { OutlineIdRequest } from '@/generated/OutlineIdRequest';
import type { OutlineLessonContent } from '@/generated/OutlineLessonContent';
import type { OutlineLessonIdRequest } from '@/generated/OutlineLessonIdRequest';
import type { OutlineTree } from '@/generated/OutlineTree';
import type { PaperRef } from '@/generated/PaperRef';
import { collectionKeys } from '@/features/paper/api/collection-keys';
import { api } from '@/lib/api-client';
import { libraryKeys } from './library-keys';

/** POST /api/library/queryLibraryTreeList: class types → the outlines of each. */
export function getLibraryTree(subject: number, stage: number): Promise<LibraryTreeNode[]> {
  const body: LibraryTreeRequest = { subject, stage };
  return api.post<LibraryTreeNode[]>('/api/library/queryLibraryTreeList', body, { noLoading: true });
}

/** The library of a subject and stage (null: none chosen). */
export function useLibraryTree(subject: number | null, stage: number | null) {
  return useQuery({
    queryKey: libraryKeys.tree(subject ?? 0, stage ?? 0),
    queryFn: () => getLibraryTree(subject ?? 0, stage ?? 0),
    enabled: subject !== null && stage !== null,
  });
}

/** POST /api/library/outline/tree (quiet: the page says the outline could not be read). */
export function getOutlineTree(outlineId: number): Promise<OutlineTree> {
  const body: OutlineIdRequest = { outlineId };
  return api.post<OutlineTree>('/api/library/outline/tree', body, { noLoading: true, quiet: true });
}

/** An outline with its configuration, units and lessons (null: none chosen). */
export function useOutlineTree(outlineId: number | null) {
  return useQuery({
    queryKey: libraryKeys.outlineTree(outlineId ?? 0),
    queryFn: () => getOutlineTree(outlineId ?? 0),
    enabled: outlineId !== null,
  });
}

/** POST /api/library/outline/content (quiet: the preview says the lesson could not be read). */
export function getLessonContent(lessonId: number): Promise<OutlineLessonContent> {
  const body: OutlineLessonIdRequest = { lessonId };
  return api.post<OutlineLessonContent>('/api/library/outline/content', body, { noLoading: true, quiet: true });
}

/** A lesson with its handout's sections (null: none open). */
export function useLessonContent(lessonId: number | null) {
  return useQuery({
    queryKey: libraryKeys.content(lessonId ?? 0),
    queryFn: () => getLessonContent(lessonId ?? 0),
    enabled: lessonId !== null,
  });
}

/** POST /api/library/copy: the outline's readable handouts, each copied into the caller's own. */
export function copyLibraryHandouts(outlineId: number): Promise<PaperRef[]> {
  const body: OutlineIdRequest = { outlineId };
  return api.post<PaperRef[]>('/api/library/copy', body, { loadingText: '正在复制讲义' });
}

/** Copies an outline's handouts (the caller lists the copies); the paper lists read again. */
export function useCopyLibraryHandouts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: copyLibraryHandouts,
    onSuccess: () => void client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
