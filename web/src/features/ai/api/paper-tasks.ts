// AI paper tasks (AI 识卷, 03 §7.9): a photo or PDF of a paper uploaded (cos/upload), a task made
// of it (ai/paper/task/addOrUpdate), recognised by the vision model as a job (ai/paper/task/recognize;
// its progress and its end arrive as `magic_ai_paper_task` pushes, see `usePaperTaskLive`), its
// questions read (ai/paper/task/questions) and edited (addOrUpdate with `questions`), checked
// against the bank (ai/paper/task/relation), saved into my own questions (ai/paper/task/save,
// optionally into the basket), judged with the pre-paper tags (ai/paper/feedback/tags,
// ai/paper/task/feedback), listed (ai/paper/task/search) and deleted (ai/paper/task/delete).

import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { basketKeys } from '@/features/basket/api/basket-keys';
import { questionKeys } from '@/features/question/api/question-keys';
import type { AiFeedbackTags } from '@/generated/AiFeedbackTags';
import type { AiPaperFeedback } from '@/generated/AiPaperFeedback';
import type { AiPaperQuestionQuery } from '@/generated/AiPaperQuestionQuery';
import type { AiPaperTask } from '@/generated/AiPaperTask';
import type { AiPaperTaskId } from '@/generated/AiPaperTaskId';
import type { AiPaperTaskSave } from '@/generated/AiPaperTaskSave';
import type { AiPaperTaskSaved } from '@/generated/AiPaperTaskSaved';
import type { AiPaperTaskSaveToBank } from '@/generated/AiPaperTaskSaveToBank';
import type { AiPaperTaskSearch } from '@/generated/AiPaperTaskSearch';
import type { AiTaskQuestion } from '@/generated/AiTaskQuestion';
import type { AiTaskRelation } from '@/generated/AiTaskRelation';
import { TypeCode } from '@/generated/codes';
import type { Page } from '@/generated/Page';
import type { UploadedFile } from '@/generated/UploadedFile';
import { ApiError, api, buildUrl, isApiError, type RequestOptions } from '@/lib/api-client';
import { realtime, type RealtimeClient, type RealtimeMessage } from '@/lib/realtime';
import { PAPER_FILE_KINDS, PAPER_FILE_MAX_BYTES, PAPER_MAX_QUESTIONS } from '../ai-dict';
import { aiKeys } from './ai-keys';

const QUIET = { noLoading: true, quiet: true } as const;

/** POST /api/ai/paper/task/search */
export function searchPaperTasks(body: AiPaperTaskSearch, options?: RequestOptions): Promise<Page<AiPaperTask>> {
  return api.post<Page<AiPaperTask>>('/api/ai/paper/task/search', body, { noLoading: true, ...options });
}

/**
 * The newer of a task as a read answered it and as the cache holds it: a push that arrived while
 * the read was under way (a fast recognition) is not undone by the read's older copy. Within one
 * millisecond the further status wins (a task moves forward within a job).
 */
export function newerTask(client: QueryClient, fetched: AiPaperTask): AiPaperTask {
  const held = client.getQueryData<AiPaperTask>(aiKeys.paperTask(fetched.taskId));
  if (!held) return fetched;
  const heldNewer =
    held.updateTime > fetched.updateTime || (held.updateTime === fetched.updateTime && held.status > fetched.status);
  return heldNewer ? held : fetched;
}

export function paperTasksQueryOptions(body: AiPaperTaskSearch) {
  return queryOptions({
    queryKey: aiKeys.paperTasks(body),
    queryFn: async ({ signal, client }) => {
      const page = await searchPaperTasks(body, { signal });
      return { ...page, records: page.records.map((task) => newerTask(client, task)) };
    },
  });
}

/** My tasks, newest first (the page shown stays while the next is read). */
export function usePaperTasks(body: AiPaperTaskSearch) {
  return useQuery({ ...paperTasksQueryOptions(body), placeholderData: keepPreviousData });
}

/** POST /api/ai/paper/task/details */
export function getPaperTask(taskId: number, options?: RequestOptions): Promise<AiPaperTask> {
  const body: AiPaperTaskId = { taskId };
  return api.post<AiPaperTask>('/api/ai/paper/task/details', body, { noLoading: true, ...options });
}

export function paperTaskQueryOptions(taskId: number) {
  return queryOptions({
    queryKey: aiKeys.paperTask(taskId),
    queryFn: async ({ signal, client }) => newerTask(client, await getPaperTask(taskId, { signal })),
  });
}

/** A task (null: none open); kept by its pushes. */
export function usePaperTask(taskId: number | null) {
  return useQuery({ ...paperTaskQueryOptions(taskId ?? 0), enabled: taskId !== null });
}

/** POST /api/ai/paper/task/questions */
export function getTaskQuestions(body: AiPaperQuestionQuery, options?: RequestOptions): Promise<Page<AiTaskQuestion>> {
  return api.post<Page<AiTaskQuestion>>('/api/ai/paper/task/questions', body, { noLoading: true, ...options });
}

export function taskQuestionsQueryOptions(taskId: number) {
  return queryOptions({
    queryKey: aiKeys.taskQuestions(taskId),
    // A task holds at most PAPER_MAX_QUESTIONS questions: one page reads them all.
    queryFn: async ({ signal }) =>
      (await getTaskQuestions({ taskId, pageNo: 1, pageSize: PAPER_MAX_QUESTIONS }, { signal })).records,
  });
}

/** A recognised task's questions, in order. */
export function useTaskQuestions(taskId: number, enabled: boolean) {
  return useQuery({ ...taskQuestionsQueryOptions(taskId), enabled });
}

/** POST /api/ai/paper/task/relation */
export function getTaskRelations(taskId: number, options?: RequestOptions): Promise<AiTaskRelation[]> {
  const body: AiPaperTaskId = { taskId };
  return api.post<AiTaskRelation[]>('/api/ai/paper/task/relation', body, { ...QUIET, ...options });
}

/** Each question's bank question and look-alikes, by item id. */
export function useTaskRelations(taskId: number, enabled: boolean) {
  return useQuery({
    queryKey: aiKeys.taskRelations(taskId),
    queryFn: ({ signal }) => getTaskRelations(taskId, { signal }),
    enabled,
    select: (list) => new Map(list.map((r) => [r.itemId, r] as const)),
  });
}

/** GET /api/ai/paper/feedback/tags */
export function getPaperFeedbackTags(): Promise<AiFeedbackTags> {
  return api.get<AiFeedbackTags>('/api/ai/paper/feedback/tags', { noLoading: true });
}

export function usePaperFeedbackTags(enabled: boolean) {
  return useQuery({
    queryKey: aiKeys.paperFeedbackTags(),
    queryFn: getPaperFeedbackTags,
    staleTime: Infinity,
    enabled,
  });
}

/** POST /api/ai/paper/task/addOrUpdate (quiet: the form shows what went wrong). */
export function savePaperTask(body: AiPaperTaskSave): Promise<AiPaperTask> {
  return api.post<AiPaperTask>('/api/ai/paper/task/addOrUpdate', body, QUIET);
}

/** POST /api/ai/paper/task/delete */
export function deletePaperTask(taskId: number): Promise<boolean> {
  const body: AiPaperTaskId = { taskId };
  return api.post<boolean>('/api/ai/paper/task/delete', body, { noLoading: true });
}

/** POST /api/ai/paper/task/recognize (quiet: the task shows why it could not start). */
export function recognizePaperTask(taskId: number): Promise<AiPaperTask> {
  const body: AiPaperTaskId = { taskId };
  return api.post<AiPaperTask>('/api/ai/paper/task/recognize', body, QUIET);
}

/** POST /api/ai/paper/task/save (quiet: the task shows what went wrong). */
export function savePaperTaskToBank(body: AiPaperTaskSaveToBank): Promise<AiPaperTaskSaved> {
  return api.post<AiPaperTaskSaved>('/api/ai/paper/task/save', body, QUIET);
}

/** POST /api/ai/paper/task/feedback */
export function submitPaperFeedback(body: AiPaperFeedback): Promise<AiPaperTask> {
  return api.post<AiPaperTask>('/api/ai/paper/task/feedback', body, { noLoading: true });
}

/** Why a file cannot be recognised ('' when it can). */
export function paperFileProblem(file: Pick<File, 'name' | 'size'>): string {
  const ext = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!(PAPER_FILE_KINDS as readonly string[]).includes(ext)) return '只能识别 png、jpg、jpeg 图片或 pdf 文件';
  if (file.size > PAPER_FILE_MAX_BYTES) return '试卷文件不能超过20MB';
  if (file.size === 0) return '文件是空的';
  return '';
}

/**
 * POST /api/cos/upload?fileName= with the file's bytes as the body: one request, the upload
 * finished when it answers. Rejects with an ApiError (the envelope's code and message, NETWORK).
 */
export async function uploadPaperFile(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  let response: Response;
  try {
    response = await fetch(buildUrl('/api/cos/upload', { fileName: file.name }), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
      credentials: 'include',
      ...(signal ? { signal } : {}),
    });
  } catch (e) {
    throw new ApiError('NETWORK', e instanceof Error && e.message ? e.message : '网络错误', 0);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(await response.text());
  } catch {
    payload = undefined;
  }
  if (typeof payload !== 'object' || payload === null || !('code' in payload)) {
    throw new ApiError(`HTTP_${response.status}`, `上传失败（${response.status}）`, response.status);
  }
  const { code, msg, data } = payload as { code: unknown; msg?: unknown; data?: unknown };
  if (String(code) === '1') return data as UploadedFile;
  throw new ApiError(
    String(code),
    typeof msg === 'string' && msg ? msg : `上传失败（${response.status}）`,
    response.status,
  );
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The AiPaperTask a push carries, or null. */
export function paperTaskOf(message: RealtimeMessage): AiPaperTask | null {
  const value = message.content?.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (!isNumber(v.taskId) || !isNumber(v.status)) return null;
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  const num = (x: unknown) => (isNumber(x) ? x : 0);
  return {
    taskId: v.taskId,
    title: text(v.title),
    subject: num(v.subject),
    stage: num(v.stage),
    fileId: text(v.fileId),
    fileName: text(v.fileName),
    knowledgeIds: Array.isArray(v.knowledgeIds) ? v.knowledgeIds.filter(isNumber) : [],
    status: v.status,
    progress: num(v.progress),
    error: text(v.error),
    questionCount: num(v.questionCount),
    savedCount: num(v.savedCount),
    model: text(v.model),
    feedback: num(v.feedback),
    createTime: num(v.createTime),
    updateTime: num(v.updateTime),
  };
}

/**
 * A task as it now stands (a push, or a call's answer): the open task and its entries in the
 * cached lists take it. When its status, question count or saved count moved, its questions
 * and relations are read again. An older copy (an earlier update time) does not replace a newer.
 */
export function paperTaskChanged(client: QueryClient, task: AiPaperTask): void {
  const key = aiKeys.paperTask(task.taskId);
  const held = client.getQueryData<AiPaperTask>(key);
  if (held && held.updateTime > task.updateTime) return;
  client.setQueryData<AiPaperTask>(key, task);
  client.setQueriesData<Page<AiPaperTask>>({ queryKey: aiKeys.paperTaskLists() }, (page) =>
    page ? { ...page, records: page.records.map((t) => (t.taskId === task.taskId ? task : t)) } : page,
  );
  const moved =
    !held ||
    held.status !== task.status ||
    held.questionCount !== task.questionCount ||
    held.savedCount !== task.savedCount;
  if (moved) {
    void client.invalidateQueries({ queryKey: aiKeys.taskQuestions(task.taskId) });
    void client.invalidateQueries({ queryKey: aiKeys.taskRelations(task.taskId) });
  }
  if (held && held.status !== task.status) void client.invalidateQueries({ queryKey: aiKeys.paperTaskLists() });
}

/**
 * Keeps the cached tasks in step with their `magic_ai_paper_task` pushes (no poll). Whenever the
 * push socket opens — its first open after the page started too, not only a reconnect — pushes
 * sent while it was not open may be missing, so everything of the tasks is read again.
 */
export function usePaperTaskLive(client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let previous = client.state;
    const offPush = client.subscribe(TypeCode.AiPaperTaskProgress, (message) => {
      const task = paperTaskOf(message);
      if (task) paperTaskChanged(queryClient, task);
    });
    const offState = client.stateSource.subscribe(() => {
      const now = client.state;
      if (now === 'connected' && previous !== 'connected')
        void queryClient.invalidateQueries({ queryKey: aiKeys.paper() });
      previous = now;
    });
    return () => {
      offPush();
      offState();
    };
  }, [client, queryClient]);
}

/** Creates or changes a task; with `questions` its questions are read again. */
export function useSavePaperTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePaperTask,
    onSuccess: (task, body) => {
      paperTaskChanged(client, task);
      if (body.taskId === undefined) void client.invalidateQueries({ queryKey: aiKeys.paperTaskLists() });
      if (body.questions) {
        void client.invalidateQueries({ queryKey: aiKeys.taskQuestions(task.taskId) });
        void client.invalidateQueries({ queryKey: aiKeys.taskRelations(task.taskId) });
      }
    },
  });
}

export function useDeletePaperTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePaperTask,
    onSuccess: (_r, taskId) => {
      client.removeQueries({ queryKey: aiKeys.paperTask(taskId) });
      client.removeQueries({ queryKey: aiKeys.taskQuestions(taskId) });
      client.removeQueries({ queryKey: aiKeys.taskRelations(taskId) });
      void client.invalidateQueries({ queryKey: aiKeys.paperTaskLists() });
    },
  });
}

/**
 * Starts a recognition: the task waits; its pushes bring the progress and the end. Refused as
 * unavailable (503: no provider configured any more), the provider's state is read again.
 */
export function useRecognizePaperTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recognizePaperTask,
    onSuccess: (task) => paperTaskChanged(client, task),
    onError: (error) => {
      if (isApiError(error) && error.status === 503) void client.invalidateQueries({ queryKey: aiKeys.modelConfig() });
    },
  });
}

/**
 * Saves the task's questions into the bank: the questions show the bank ids they became; the
 * bank's searches (my questions) and, when they went in, the basket are read again. A refusal
 * may come after the questions were saved (the basket full: 409), so on an error the task, its
 * questions and relations, its lists, the bank's searches and the basket are read again too (the
 * error, as the server words it, is the mutation's).
 */
export function useSavePaperTaskToBank() {
  const client = useQueryClient();
  const readAgain = (taskId: number, basket: boolean) => {
    void client.invalidateQueries({ queryKey: aiKeys.taskQuestions(taskId) });
    void client.invalidateQueries({ queryKey: aiKeys.taskRelations(taskId) });
    void client.invalidateQueries({ queryKey: questionKeys.searches() });
    if (basket) void client.invalidateQueries({ queryKey: basketKeys.all });
  };
  return useMutation({
    mutationFn: savePaperTaskToBank,
    onSuccess: (saved, body) => {
      paperTaskChanged(client, saved.task);
      readAgain(saved.task.taskId, body.addToBasket);
    },
    onError: (_error, body) => {
      void client.invalidateQueries({ queryKey: aiKeys.paperTask(body.taskId) });
      void client.invalidateQueries({ queryKey: aiKeys.paperTaskLists() });
      readAgain(body.taskId, body.addToBasket);
    },
  });
}

export function useSubmitPaperFeedback() {
  const client = useQueryClient();
  return useMutation({ mutationFn: submitPaperFeedback, onSuccess: (task) => paperTaskChanged(client, task) });
}
