// Reading the drive: the space tree with the quota (POST /api/document/allDocuments) and a page
// of a folder or of a fixed list (POST /api/document/list/v2/{id}).

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentQuery } from '@/generated/DocumentQuery';
import type { FolderPage } from '@/generated/FolderPage';
import type { SpaceTree } from '@/generated/SpaceTree';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { driveKeys } from './drive-keys';

/** POST /api/document/allDocuments */
export function getSpaceTree(options?: RequestOptions): Promise<SpaceTree> {
  return api.post<SpaceTree>('/api/document/allDocuments', {}, options);
}

export function spaceTreeQueryOptions() {
  return queryOptions({
    queryKey: driveKeys.tree(),
    queryFn: (context) => getSpaceTree(readOptions(context)),
  });
}

export function useSpaceTree() {
  return useQuery(spaceTreeQueryOptions());
}

/** POST /api/document/list/v2/{id} */
export function getFolderPage(folderId: number, query: DocumentQuery, options?: RequestOptions): Promise<FolderPage> {
  return api.post<FolderPage>(`/api/document/list/v2/${folderId}`, query, options);
}

export function folderPageQueryOptions(folderId: number, query: DocumentQuery) {
  return queryOptions({
    queryKey: driveKeys.list(folderId, query),
    queryFn: (context) => getFolderPage(folderId, query, readOptions(context)),
  });
}

/** The page shown stays while another page, sort or filter is read. */
export function useFolderPage(folderId: number, query: DocumentQuery) {
  return useQuery({ ...folderPageQueryOptions(folderId, query), placeholderData: keepPreviousData });
}
