// A tree's nodes (03 §7.1 "Atlas"): add under a parent at a position, move with the subtree
// (never into itself: 409), rename (and the summary), delete with the subtree. Each change reads
// the tree again (its nodes, counts and change log).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AtlasNodeAddRequest } from '@/generated/AtlasNodeAddRequest';
import type { AtlasNodeIdRequest } from '@/generated/AtlasNodeIdRequest';
import type { AtlasNodeMoveRequest } from '@/generated/AtlasNodeMoveRequest';
import type { AtlasNodeRef } from '@/generated/AtlasNodeRef';
import type { AtlasNodeRenameRequest } from '@/generated/AtlasNodeRenameRequest';
import { api } from '@/lib/api-client';
import { atlasKeys } from './atlas-keys';

/** POST /api/atlas/node/add (quiet: the form shows what went wrong). */
export function addNode(body: AtlasNodeAddRequest): Promise<AtlasNodeRef> {
  return api.post<AtlasNodeRef>('/api/atlas/node/add', body, { noLoading: true, quiet: true });
}

/** POST /api/atlas/node/move */
export function moveNode(body: AtlasNodeMoveRequest): Promise<boolean> {
  return api.post<boolean>('/api/atlas/node/move', body, { noLoading: true });
}

/** POST /api/atlas/node/rename (quiet: the form shows what went wrong). */
export function renameNode(body: AtlasNodeRenameRequest): Promise<AtlasNodeRef> {
  return api.post<AtlasNodeRef>('/api/atlas/node/rename', body, { noLoading: true, quiet: true });
}

/** POST /api/atlas/node/del: how many nodes went. */
export function deleteNode(nodeId: number): Promise<number> {
  const body: AtlasNodeIdRequest = { nodeId };
  return api.post<number>('/api/atlas/node/del', body);
}

/** The node changes of one tree; each reads the tree (and the lists' node counts) again. */
export function useNodeChanges(treeId: number) {
  const client = useQueryClient();
  const settled = () => {
    void client.invalidateQueries({ queryKey: atlasKeys.tree(treeId) });
    void client.invalidateQueries({ queryKey: atlasKeys.lists() });
  };
  return {
    add: useMutation({ mutationFn: addNode, onSuccess: settled }),
    // A refused move is shown by the API client; the tree is read again either way.
    move: useMutation({ mutationFn: moveNode, onSettled: settled }),
    rename: useMutation({
      mutationFn: renameNode,
      onSuccess: (_ref, { nodeId }) => {
        settled();
        void client.invalidateQueries({ queryKey: atlasKeys.map(nodeId) });
      },
    }),
    remove: useMutation({
      mutationFn: deleteNode,
      onSuccess: () => {
        settled();
        void client.invalidateQueries({ queryKey: atlasKeys.maps() });
      },
    }),
  };
}
