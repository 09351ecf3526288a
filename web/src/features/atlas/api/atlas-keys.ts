// The query keys of the editable knowledge atlas: the trees of a subject and stage, one tree with
// its nodes (and what hangs on them), its editors, a node's knowledge map and the change log.
// Everything of one tree is under `tree(treeId)`, so that a change reads it all again.

import type { AtlasTreeListRequest } from '@/generated/AtlasTreeListRequest';

const all = ['atlasTrees'] as const;

export const atlasKeys = {
  all,
  lists: () => [...all, 'list'] as const,
  list: (request: AtlasTreeListRequest) => [...all, 'list', request] as const,
  choices: (subject: number, stage: number) => [...all, 'choices', subject, stage] as const,
  tree: (treeId: number) => [...all, 'tree', treeId] as const,
  detail: (treeId: number) => [...all, 'tree', treeId, 'detail'] as const,
  resources: (treeId: number) => [...all, 'tree', treeId, 'resources'] as const,
  permission: (treeId: number) => [...all, 'tree', treeId, 'permission'] as const,
  logs: (treeId: number, nodeId: number | null, pageNo: number) =>
    [...all, 'tree', treeId, 'logs', nodeId, pageNo] as const,
  maps: () => [...all, 'map'] as const,
  map: (nodeId: number) => [...all, 'map', nodeId] as const,
  baseDic: () => ['contentDict', 'base'] as const,
};
