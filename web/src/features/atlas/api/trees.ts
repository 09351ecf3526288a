// Knowledge trees (03 §7.1 "Atlas"): the trees of a subject and stage the caller may see
// (tree/queryTreeList) or assemble from (dict/atlas/list), one tree with its nodes
// (tree/queryByTreeId, questionCount per node) and what hangs on each node (tree/queryResource),
// and the tree's changes: create (tree/add, after tree/exist), copy a centre tree
// (tree/copyFromCenter), delete, publish or withdraw, set its type.

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AtlasNodeResource } from '@/generated/AtlasNodeResource';
import type { AtlasPublishRequest } from '@/generated/AtlasPublishRequest';
import type { AtlasTree } from '@/generated/AtlasTree';
import type { AtlasTreeAddRequest } from '@/generated/AtlasTreeAddRequest';
import type { AtlasTreeDetail } from '@/generated/AtlasTreeDetail';
import type { AtlasTreeExist } from '@/generated/AtlasTreeExist';
import type { AtlasTreeExistRequest } from '@/generated/AtlasTreeExistRequest';
import type { AtlasTreeIdRequest } from '@/generated/AtlasTreeIdRequest';
import type { AtlasTreeListRequest } from '@/generated/AtlasTreeListRequest';
import type { AtlasTreeRequest } from '@/generated/AtlasTreeRequest';
import type { AtlasTypeRequest } from '@/generated/AtlasTypeRequest';
import type { BaseDicInfo } from '@/generated/BaseDicInfo';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { atlasKeys } from './atlas-keys';

/** POST /api/atlas/tree/queryTreeList (scope 0 all, 1 the centre's, 2 mine and those I edit). */
export function getTreeList(body: AtlasTreeListRequest, options?: RequestOptions): Promise<AtlasTree[]> {
  return api.post<AtlasTree[]>('/api/atlas/tree/queryTreeList', body, options);
}

export function treeListQueryOptions(body: AtlasTreeListRequest) {
  return queryOptions({
    queryKey: atlasKeys.list(body),
    queryFn: (context) => getTreeList(body, readOptions(context)),
  });
}

export function useTreeList(body: AtlasTreeListRequest | null) {
  return useQuery({
    ...treeListQueryOptions(body ?? { subject: 0, stage: 0 }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/dict/atlas/list: the trees a question search or a question's points are picked from. */
export function getTreeChoices(subject: number, stage: number): Promise<AtlasTree[]> {
  const body: AtlasTreeRequest = { subject, stage };
  return api.post<AtlasTree[]>('/api/dict/atlas/list', body, { noLoading: true });
}

export function useTreeChoices(subject: number | null, stage: number | null) {
  return useQuery({
    queryKey: atlasKeys.choices(subject ?? 0, stage ?? 0),
    queryFn: () => getTreeChoices(subject ?? 0, stage ?? 0),
    enabled: subject !== null && stage !== null,
  });
}

/** POST /api/atlas/tree/queryByTreeId (quiet: the page says a tree could not be read). */
export function getTreeDetail(treeId: number): Promise<AtlasTreeDetail> {
  const body: AtlasTreeIdRequest = { treeId };
  return api.post<AtlasTreeDetail>('/api/atlas/tree/queryByTreeId', body, { noLoading: true, quiet: true });
}

export function treeDetailQueryOptions(treeId: number) {
  return queryOptions({ queryKey: atlasKeys.detail(treeId), queryFn: () => getTreeDetail(treeId) });
}

/** A tree with its nodes (null: none chosen). */
export function useTreeDetail(treeId: number | null) {
  return useQuery({ ...treeDetailQueryOptions(treeId ?? 0), enabled: treeId !== null });
}

/** POST /api/atlas/tree/queryResource: questions (with the subtree's) and papers per node. */
export function getTreeResources(treeId: number): Promise<AtlasNodeResource[]> {
  const body: AtlasTreeIdRequest = { treeId };
  return api.post<AtlasNodeResource[]>('/api/atlas/tree/queryResource', body, { noLoading: true, quiet: true });
}

export function useTreeResources(treeId: number | null) {
  return useQuery({
    queryKey: atlasKeys.resources(treeId ?? 0),
    queryFn: () => getTreeResources(treeId ?? 0),
    enabled: treeId !== null,
  });
}

/** POST /api/dic/queryBaseDicInfo: subjects, stages, question types, difficulties, atlas types. */
export function getBaseDicInfo(): Promise<BaseDicInfo> {
  return api.post<BaseDicInfo>('/api/dic/queryBaseDicInfo', {}, { noLoading: true });
}

/** The content dictionaries; they do not change while the app runs. */
export function useBaseDicInfo() {
  return useQuery({ queryKey: atlasKeys.baseDic(), queryFn: getBaseDicInfo, staleTime: Infinity });
}

/** POST /api/atlas/tree/exist (quiet: the form asks it before creating). */
export function treeExists(body: AtlasTreeExistRequest): Promise<AtlasTreeExist> {
  return api.post<AtlasTreeExist>('/api/atlas/tree/exist', body, { noLoading: true, quiet: true });
}

/** POST /api/atlas/tree/add (quiet: the form shows what went wrong). */
export function addTree(body: AtlasTreeAddRequest): Promise<AtlasTree> {
  return api.post<AtlasTree>('/api/atlas/tree/add', body, { quiet: true });
}

/** POST /api/atlas/tree/copyFromCenter: the caller's own copy of a published centre tree. */
export function copyTreeFromCentre(treeId: number): Promise<AtlasTree> {
  const body: AtlasTreeIdRequest = { treeId };
  return api.post<AtlasTree>('/api/atlas/tree/copyFromCenter', body, { loadingText: '正在复制图谱' });
}

/** POST /api/atlas/tree/del */
export function deleteTree(treeId: number): Promise<unknown> {
  const body: AtlasTreeIdRequest = { treeId };
  return api.post('/api/atlas/tree/del', body);
}

/** POST /api/atlas/publish */
export function publishTree(body: AtlasPublishRequest): Promise<AtlasTree> {
  return api.post<AtlasTree>('/api/atlas/publish', body, { noLoading: true });
}

/** POST /api/atlas/type */
export function setTreeType(body: AtlasTypeRequest): Promise<AtlasTree> {
  return api.post<AtlasTree>('/api/atlas/type', body, { noLoading: true });
}

/** A tree's row changed: the lists and its detail take it. */
function putTree(client: ReturnType<typeof useQueryClient>, tree: AtlasTree) {
  client.setQueriesData<AtlasTree[]>({ queryKey: atlasKeys.lists() }, (list) =>
    list?.map((t) => (t.treeId === tree.treeId ? tree : t)),
  );
  client.setQueryData<AtlasTreeDetail>(atlasKeys.detail(tree.treeId), (d) => (d ? { ...d, tree } : d));
  void client.invalidateQueries({ queryKey: atlasKeys.tree(tree.treeId) });
  void client.invalidateQueries({ queryKey: atlasKeys.choices(tree.subject, tree.stage) });
}

/** Creates or copies a tree; the lists read again. */
export function useAddTree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addTree,
    onSuccess: () => void client.invalidateQueries({ queryKey: atlasKeys.all }),
  });
}

export function useCopyTreeFromCentre() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: copyTreeFromCentre,
    onSuccess: () => void client.invalidateQueries({ queryKey: atlasKeys.all }),
  });
}

export function useDeleteTree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTree,
    onSuccess: (_done, treeId) => {
      client.removeQueries({ queryKey: atlasKeys.tree(treeId) });
      void client.invalidateQueries({ queryKey: atlasKeys.all });
    },
  });
}

export function usePublishTree() {
  const client = useQueryClient();
  return useMutation({ mutationFn: publishTree, onSuccess: (tree) => putTree(client, tree) });
}

export function useSetTreeType() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setTreeType, onSuccess: (tree) => putTree(client, tree) });
}
