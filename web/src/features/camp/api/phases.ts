// A camp's phases and tasks, the working copy (POST /api/camp/phase), and every change of them:
// phases added, renamed, deleted, reordered; tasks added (question sets, flash cards; files come
// through the upload manager), renamed or edited, deleted, reordered. Calls that answer the
// phases show them at once; the camp's info (its status turns 编辑中 once published, its counts)
// and staging read again. A drop shows the new order at once; a refusal (A0409: another tab
// changed the list) reads the phases again.

import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddPhaseRequest } from '@/generated/AddPhaseRequest';
import type { AddPhaseTaskRequest } from '@/generated/AddPhaseTaskRequest';
import type { CampIdRequest } from '@/generated/CampIdRequest';
import type { CampPhase } from '@/generated/CampPhase';
import type { CampTaskRequest } from '@/generated/CampTaskRequest';
import type { PhaseIdRequest } from '@/generated/PhaseIdRequest';
import type { PhaseOrderRequest } from '@/generated/PhaseOrderRequest';
import type { PhaseTask } from '@/generated/PhaseTask';
import type { RenamePhaseRequest } from '@/generated/RenamePhaseRequest';
import type { RenameTaskRequest } from '@/generated/RenameTaskRequest';
import type { TaskOrderRequest } from '@/generated/TaskOrderRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { reorderPhases, reorderTasks } from '../reorder';
import { campKeys } from './camp-keys';

/** POST /api/camp/phase */
export async function getCampPhases(campId: number, options?: RequestOptions): Promise<CampPhase[]> {
  const body: CampIdRequest = { campId };
  return (await api.post<CampPhase[] | null>('/api/camp/phase', body, options)) ?? [];
}

export function campPhasesQueryOptions(campId: number) {
  return queryOptions({
    queryKey: campKeys.phases(campId),
    queryFn: (context) => getCampPhases(campId, readOptions(context)),
  });
}

export function useCampPhases(campId: number) {
  return useQuery(campPhasesQueryOptions(campId));
}

/** Reads again what a change of the camp's structure changes besides its phases; and the lists. */
export function refreshAfterStructure(queryClient: QueryClient, campId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: campKeys.camp(campId),
      predicate: (q) => q.queryKey[3] !== 'phases',
    }),
    queryClient.invalidateQueries({ queryKey: campKeys.lists() }),
  ]);
}

type PhasesUpdate<Body, Answer> = (answer: Answer, body: Body, old: CampPhase[]) => CampPhase[];

/** A structural change of camp `body.campId`; `update` makes the phases shown from its answer. */
function useStructureMutation<Body extends { campId?: number }, Answer>(
  fn: (body: Body) => Promise<Answer>,
  update: PhasesUpdate<Body, Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer, body) => {
      const campId = body.campId ?? 0;
      const key = campKeys.phases(campId);
      const old = queryClient.getQueryData<CampPhase[]>(key);
      if (old) queryClient.setQueryData(key, update(answer, body, old));
      else void queryClient.invalidateQueries({ queryKey: key });
      void refreshAfterStructure(queryClient, campId);
    },
  });
}

const answered = (phases: CampPhase[]) => phases;

/** POST /api/camp/add-phase */
export function addPhase(body: AddPhaseRequest): Promise<CampPhase> {
  return api.post<CampPhase>('/api/camp/add-phase', body);
}

export function useAddPhase() {
  return useStructureMutation(addPhase, (phase, _body, old) => [
    ...old.filter((p) => p.phaseId !== phase.phaseId),
    phase,
  ]);
}

/** POST /api/camp/delete-phase */
export function deletePhase(body: PhaseIdRequest): Promise<CampPhase[]> {
  return api.post<CampPhase[]>('/api/camp/delete-phase', body);
}

export function useDeletePhase() {
  return useStructureMutation(deletePhase, answered);
}

/** POST /api/camp/update-phase-name */
export function renamePhase(body: RenamePhaseRequest): Promise<CampPhase[]> {
  return api.post<CampPhase[]>('/api/camp/update-phase-name', body);
}

export function useRenamePhase() {
  return useStructureMutation(renamePhase, answered);
}

/** POST /api/camp/add-phase-task */
export async function addPhaseTasks(body: AddPhaseTaskRequest): Promise<PhaseTask[]> {
  return (await api.post<PhaseTask[] | null>('/api/camp/add-phase-task', body)) ?? [];
}

/** The phases with `tasks` in place of (or after) the tasks of the same ids. */
export function withTasks(phases: CampPhase[], tasks: readonly PhaseTask[]): CampPhase[] {
  return phases.map((p) => {
    const mine = tasks.filter((t) => t.phaseId === p.phaseId);
    if (mine.length === 0) return p;
    const replaced = p.tasks.map((t) => mine.find((m) => m.taskId === t.taskId) ?? t);
    const added = mine.filter((m) => !p.tasks.some((t) => t.taskId === m.taskId));
    return { ...p, tasks: [...replaced, ...added] };
  });
}

export function useAddPhaseTasks() {
  return useStructureMutation(addPhaseTasks, (tasks, _body, old) => withTasks(old, tasks));
}

/** POST /api/camp/delete-phase-task */
export function deletePhaseTask(body: CampTaskRequest): Promise<CampPhase[]> {
  return api.post<CampPhase[]>('/api/camp/delete-phase-task', body);
}

export function useDeletePhaseTask() {
  return useStructureMutation(deletePhaseTask, answered);
}

/** POST /api/camp/update-phase-task-name (a question set's or cards' content too) */
export function updatePhaseTask(body: RenameTaskRequest): Promise<PhaseTask> {
  return api.post<PhaseTask>('/api/camp/update-phase-task-name', body);
}

export function useUpdatePhaseTask() {
  return useStructureMutation(updatePhaseTask, (task, _body, old) => withTasks(old, [task]));
}

/** POST /api/camp/update-phase-seqno */
export function reorderCampPhases(body: PhaseOrderRequest): Promise<CampPhase[]> {
  return api.post<CampPhase[]>('/api/camp/update-phase-seqno', body);
}

/** POST /api/camp/update-phase-task-seqno */
export function reorderPhaseTasks(body: TaskOrderRequest): Promise<CampPhase[]> {
  return api.post<CampPhase[]>('/api/camp/update-phase-task-seqno', body);
}

/** A reorder: the new order shown at once, the server's answer after; on a refusal, read again. */
function useReorder<Body extends { campId: number }>(
  fn: (body: Body) => Promise<CampPhase[]>,
  optimistic: (old: CampPhase[], body: Body) => CampPhase[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onMutate: async (body) => {
      const key = campKeys.phases(body.campId);
      await queryClient.cancelQueries({ queryKey: key });
      const old = queryClient.getQueryData<CampPhase[]>(key);
      if (old) queryClient.setQueryData(key, optimistic(old, body));
    },
    onSuccess: (phases, body) => {
      queryClient.setQueryData(campKeys.phases(body.campId), phases);
      void refreshAfterStructure(queryClient, body.campId);
    },
    onError: (_error, body) => {
      void queryClient.invalidateQueries({ queryKey: campKeys.camp(body.campId) });
    },
  });
}

export function useReorderPhases() {
  return useReorder(reorderCampPhases, (old, body) => reorderPhases(old, body.phaseIds));
}

export function useReorderTasks() {
  return useReorder(reorderPhaseTasks, (old, body) => reorderTasks(old, body.phaseId, body.taskIds));
}
