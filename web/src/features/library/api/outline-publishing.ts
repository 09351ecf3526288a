// The library's editors' side of an outline (03 §7.1 "Library"): how its course runs
// (library/outline/config/detail, config/update), a handout bound to one lesson
// (library/outline/paper/update), the schools whose library holds it (library/transferSchoolInfo,
// none: every school; the schools from dic/school/all) and its publication (library/updateStatus:
// only a valid outline is published).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { outlineKeys } from '@/features/outline/api/outline-keys';
import type { CodeName } from '@/generated/CodeName';
import type { LibrarySchoolsRequest } from '@/generated/LibrarySchoolsRequest';
import type { LibraryStatusRequest } from '@/generated/LibraryStatusRequest';
import type { OutlineConfig } from '@/generated/OutlineConfig';
import type { OutlineConfigUpdateRequest } from '@/generated/OutlineConfigUpdateRequest';
import type { OutlineIdRequest } from '@/generated/OutlineIdRequest';
import type { OutlinePaperUpdateRequest } from '@/generated/OutlinePaperUpdateRequest';
import type { OutlineTree } from '@/generated/OutlineTree';
import type { TeachingOutline } from '@/generated/TeachingOutline';
import { api } from '@/lib/api-client';
import { libraryKeys } from './library-keys';

/** POST /api/library/outline/config/detail */
export function getOutlineConfig(outlineId: number): Promise<OutlineConfig> {
  const body: OutlineIdRequest = { outlineId };
  return api.post<OutlineConfig>('/api/library/outline/config/detail', body, { noLoading: true, quiet: true });
}

/** How an outline's course runs (null: no dialog open). */
export function useOutlineConfig(outlineId: number | null) {
  return useQuery({
    queryKey: libraryKeys.config(outlineId ?? 0),
    queryFn: () => getOutlineConfig(outlineId ?? 0),
    enabled: outlineId !== null,
  });
}

/** POST /api/library/outline/config/update (quiet: the form shows what went wrong). */
export function updateOutlineConfig(body: OutlineConfigUpdateRequest): Promise<OutlineConfig> {
  return api.post<OutlineConfig>('/api/library/outline/config/update', body, { noLoading: true, quiet: true });
}

/** POST /api/library/outline/paper/update: the lesson's handout (none: unbound). */
export function updateLessonPaper(body: OutlinePaperUpdateRequest): Promise<OutlineTree> {
  return api.post<OutlineTree>('/api/library/outline/paper/update', body, { noLoading: true });
}

/** GET /api/dic/school/all */
export function getSchools(): Promise<CodeName[]> {
  return api.get<CodeName[]>('/api/dic/school/all', { noLoading: true });
}

/** Every school; they do not change while the app runs. */
export function useSchools(enabled = true) {
  return useQuery({ queryKey: libraryKeys.schools(), queryFn: getSchools, staleTime: Infinity, enabled });
}

/** POST /api/library/transferSchoolInfo (quiet: the dialog shows what went wrong): the schools set. */
export function transferSchools(body: LibrarySchoolsRequest): Promise<CodeName[]> {
  return api.post<CodeName[]>('/api/library/transferSchoolInfo', body, { noLoading: true, quiet: true });
}

/** POST /api/library/updateStatus (quiet: the caller shows what went wrong). */
export function updateLibraryStatus(body: LibraryStatusRequest): Promise<TeachingOutline> {
  return api.post<TeachingOutline>('/api/library/updateStatus', body, { noLoading: true, quiet: true });
}

/**
 * The editors' changes of one outline's library side. Each reads the outlines and the library
 * again: a list shows the publication, the library what is published.
 */
export function useOutlinePublishing() {
  const client = useQueryClient();
  const settled = () => {
    void client.invalidateQueries({ queryKey: outlineKeys.all });
    void client.invalidateQueries({ queryKey: libraryKeys.all });
  };
  return {
    config: useMutation({
      mutationFn: updateOutlineConfig,
      onSuccess: (config, { outlineId }) => {
        client.setQueryData(libraryKeys.config(outlineId), config);
        void client.invalidateQueries({ queryKey: libraryKeys.outlineTree(outlineId) });
      },
    }),
    paper: useMutation({
      mutationFn: updateLessonPaper,
      onSuccess: (tree) => {
        client.setQueryData(libraryKeys.outlineTree(tree.outline.outlineId), tree);
        settled();
      },
    }),
    schools: useMutation({ mutationFn: transferSchools, onSuccess: settled }),
    status: useMutation({ mutationFn: updateLibraryStatus, onSuccess: settled }),
  };
}
