// The folder trees the move and copy picker offers (POST /api/team/queryAllFolder: every folder
// of a space, nested; /api/team/queryLevelAllFolder: the folders directly inside one).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FolderNode } from '@/generated/FolderNode';
import type { FolderQuery } from '@/generated/FolderQuery';
import { api, type RequestOptions } from '@/lib/api-client';
import { driveKeys } from './drive-keys';

/** POST /api/team/queryAllFolder (teamId 0: the personal space). */
export function getAllFolders(teamId: number, options?: RequestOptions): Promise<FolderNode[]> {
  const body: FolderQuery = teamId ? { teamId } : {};
  return api.post<FolderNode[]>('/api/team/queryAllFolder', body, options);
}

export function allFoldersQueryOptions(teamId: number) {
  return queryOptions({
    queryKey: driveKeys.folders(teamId),
    queryFn: () => getAllFolders(teamId, { noLoading: true }),
  });
}

export function useAllFolders(teamId: number, enabled = true) {
  return useQuery({ ...allFoldersQueryOptions(teamId), enabled });
}

/** POST /api/team/queryLevelAllFolder: the folders directly inside `parentId`. */
export function getLevelFolders(teamId: number, parentId: number): Promise<FolderNode[]> {
  const body: FolderQuery = teamId ? { teamId, parentId } : { parentId };
  return api.post<FolderNode[]>('/api/team/queryLevelAllFolder', body, { noLoading: true });
}
