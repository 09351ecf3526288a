// A knowledge point's map (03 §7.1): its description, key points, common mistakes and difficulty,
// where it sits in the tree and the bank's questions on it by type
// (knowledgeMap/queryInfoForDevelop), saved by its tree's editors (knowledgeMap/addOrUpdate).

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AtlasNodeIdRequest } from '@/generated/AtlasNodeIdRequest';
import type { KnowledgeMapContent } from '@/generated/KnowledgeMapContent';
import type { KnowledgeMapInfo } from '@/generated/KnowledgeMapInfo';
import type { KnowledgeMapSaveRequest } from '@/generated/KnowledgeMapSaveRequest';
import { api } from '@/lib/api-client';
import { atlasKeys } from './atlas-keys';

/** POST /api/atlas/knowledgeMap/queryInfoForDevelop */
export function getMapInfo(nodeId: number): Promise<KnowledgeMapInfo> {
  const body: AtlasNodeIdRequest = { nodeId };
  return api.post<KnowledgeMapInfo>('/api/atlas/knowledgeMap/queryInfoForDevelop', body, { noLoading: true });
}

export function mapInfoQueryOptions(nodeId: number) {
  return queryOptions({ queryKey: atlasKeys.map(nodeId), queryFn: () => getMapInfo(nodeId) });
}

export function useMapInfo(nodeId: number) {
  return useQuery(mapInfoQueryOptions(nodeId));
}

/** POST /api/atlas/knowledgeMap/addOrUpdate (quiet: the form shows what went wrong); answers the node's info. */
export function saveMap(body: KnowledgeMapSaveRequest): Promise<KnowledgeMapInfo> {
  return api.post<KnowledgeMapInfo>('/api/atlas/knowledgeMap/addOrUpdate', body, { quiet: true });
}

/** Saves the map; the node's info takes the answer and the tree's change log reads again. */
export function useSaveMap(nodeId: number, treeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: KnowledgeMapContent) => saveMap({ nodeId, content }),
    onSuccess: (info) => {
      client.setQueryData(atlasKeys.map(nodeId), info);
      void client.invalidateQueries({ queryKey: atlasKeys.tree(treeId) });
    },
  });
}
