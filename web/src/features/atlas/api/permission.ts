// Who may edit a tree (03 §6, §7.1): its owner and editors (permission/queryByTreeId), and the
// editors set by the tree's manager (permission/update).

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AtlasPermission } from '@/generated/AtlasPermission';
import type { AtlasPermissionUpdateRequest } from '@/generated/AtlasPermissionUpdateRequest';
import { api } from '@/lib/api-client';
import { atlasKeys } from './atlas-keys';

/** GET /api/atlas/permission/queryByTreeId?treeId= */
export function getPermission(treeId: number): Promise<AtlasPermission> {
  return api.get<AtlasPermission>('/api/atlas/permission/queryByTreeId', { params: { treeId }, noLoading: true });
}

export function usePermission(treeId: number, enabled: boolean) {
  return useQuery({ queryKey: atlasKeys.permission(treeId), queryFn: () => getPermission(treeId), enabled });
}

/** POST /api/atlas/permission/update: the editors become exactly `userIds`. */
export function updatePermission(body: AtlasPermissionUpdateRequest): Promise<AtlasPermission> {
  return api.post<AtlasPermission>('/api/atlas/permission/update', body, { quiet: true });
}

export function useUpdatePermission(treeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) => updatePermission({ treeId, userIds }),
    onSuccess: (permission) => {
      client.setQueryData(atlasKeys.permission(treeId), permission);
      void client.invalidateQueries({ queryKey: atlasKeys.lists() });
    },
  });
}
