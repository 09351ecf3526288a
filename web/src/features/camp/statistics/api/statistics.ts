// The camp statistics' calls (POST /api/camp/statistics/*, 03 §7.6; only the camp's owner may
// make them) and the working copy's phases (POST /api/camp/phase) that the task pickers list.
// Each call: `getX`, `xQueryOptions`, `useX`; lists read page by page keep the page shown while
// the next one is read.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CampEnums } from '@/generated/CampEnums';
import type { CampIdRequest } from '@/generated/CampIdRequest';
import type { CampListRequest } from '@/generated/CampListRequest';
import type { CampListRow } from '@/generated/CampListRow';
import type { CampMemberRequest } from '@/generated/CampMemberRequest';
import type { CampOverview } from '@/generated/CampOverview';
import type { CampPhase } from '@/generated/CampPhase';
import type { CampTaskRequest } from '@/generated/CampTaskRequest';
import type { ClassStatRow } from '@/generated/ClassStatRow';
import type { MemberConditionRequest } from '@/generated/MemberConditionRequest';
import type { MemberHead } from '@/generated/MemberHead';
import type { MemberTaskRow } from '@/generated/MemberTaskRow';
import type { Page } from '@/generated/Page';
import type { PhaseStatRow } from '@/generated/PhaseStatRow';
import type { PraisePoster } from '@/generated/PraisePoster';
import type { TaskMemberRow } from '@/generated/TaskMemberRow';
import type { TaskMembersRequest } from '@/generated/TaskMembersRequest';
import type { TaskSummary } from '@/generated/TaskSummary';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { campStatsKeys } from './stats-keys';

const BASE = '/api/camp/statistics';

export const CAMP_STATS_PATHS = {
  enums: `${BASE}/enums`,
  camps: `${BASE}/campListByCollectionId`,
  overview: `${BASE}/overview`,
  phaseStats: `${BASE}/phase/list`,
  classStats: `${BASE}/class/list`,
  members: `${BASE}/condition/student/list`,
  memberHead: `${BASE}/student/detail/head`,
  memberTasks: `${BASE}/student/detail/list`,
  taskSummary: `${BASE}/task/student/summary`,
  taskMembers: `${BASE}/task/student/detail/list`,
  poster: `${BASE}/praise/poster`,
  phases: '/api/camp/phase',
} as const;

const list = <T>(value: T[] | null | undefined): T[] => (Array.isArray(value) ? value : []);

function asPage<T>(page: Page<T> | null | undefined, pageNo = 1, pageSize = 0): Page<T> {
  return page && Array.isArray(page.records) ? page : { records: [], total: 0, pageNo, pageSize };
}

/** POST /camp/statistics/enums: the code tables (they never change while the app runs). */
export function getCampEnums(options?: RequestOptions): Promise<CampEnums> {
  return api.post<CampEnums>(CAMP_STATS_PATHS.enums, {}, options);
}

export function campEnumsQueryOptions() {
  return queryOptions({
    queryKey: campStatsKeys.enums(),
    queryFn: () => getCampEnums({ noLoading: true }),
    staleTime: Infinity,
  });
}

export function useCampEnums() {
  return useQuery(campEnumsQueryOptions());
}

/** POST /camp/statistics/campListByCollectionId: the caller's camps. */
export async function getCamps(request: CampListRequest, options?: RequestOptions): Promise<CampListRow[]> {
  return list(await api.post<CampListRow[] | null>(CAMP_STATS_PATHS.camps, request, options));
}

export function campsQueryOptions(request: CampListRequest = {}) {
  return queryOptions({
    queryKey: campStatsKeys.camps(request),
    queryFn: (context) => getCamps(request, readOptions(context)),
  });
}

export function useCamps(request: CampListRequest = {}) {
  return useQuery(campsQueryOptions(request));
}

/** POST /camp/phase: the working copy's phases with their tasks. */
export async function getCampPhases(campId: number, options?: RequestOptions): Promise<CampPhase[]> {
  const body: CampIdRequest = { campId };
  return list(await api.post<CampPhase[] | null>(CAMP_STATS_PATHS.phases, body, options));
}

export function campPhasesQueryOptions(campId: number) {
  return queryOptions({
    queryKey: campStatsKeys.phases(campId),
    queryFn: (context) => getCampPhases(campId, readOptions(context)),
  });
}

export function useCampPhases(campId: number | null) {
  return useQuery({ ...campPhasesQueryOptions(campId ?? 0), enabled: campId !== null });
}

/** POST /camp/statistics/overview */
export function getCampOverview(campId: number, options?: RequestOptions): Promise<CampOverview> {
  const body: CampIdRequest = { campId };
  return api.post<CampOverview>(CAMP_STATS_PATHS.overview, body, options);
}

export function campOverviewQueryOptions(campId: number) {
  return queryOptions({
    queryKey: campStatsKeys.overview(campId),
    queryFn: (context) => getCampOverview(campId, readOptions(context)),
  });
}

export function useCampOverview(campId: number) {
  return useQuery(campOverviewQueryOptions(campId));
}

/** POST /camp/statistics/phase/list */
export async function getPhaseStats(campId: number, options?: RequestOptions): Promise<PhaseStatRow[]> {
  const body: CampIdRequest = { campId };
  return list(await api.post<PhaseStatRow[] | null>(CAMP_STATS_PATHS.phaseStats, body, options));
}

export function phaseStatsQueryOptions(campId: number) {
  return queryOptions({
    queryKey: campStatsKeys.phaseStats(campId),
    queryFn: (context) => getPhaseStats(campId, readOptions(context)),
  });
}

export function usePhaseStats(campId: number) {
  return useQuery(phaseStatsQueryOptions(campId));
}

/** POST /camp/statistics/class/list */
export async function getClassStats(campId: number, options?: RequestOptions): Promise<ClassStatRow[]> {
  const body: CampIdRequest = { campId };
  return list(await api.post<ClassStatRow[] | null>(CAMP_STATS_PATHS.classStats, body, options));
}

export function classStatsQueryOptions(campId: number) {
  return queryOptions({
    queryKey: campStatsKeys.classStats(campId),
    queryFn: (context) => getClassStats(campId, readOptions(context)),
  });
}

export function useClassStats(campId: number) {
  return useQuery(classStatsQueryOptions(campId));
}

/** POST /camp/statistics/condition/student/list: a page of members by progress, class, inactivity, name. */
export async function getCampMembers(
  request: MemberConditionRequest,
  options?: RequestOptions,
): Promise<Page<MemberHead>> {
  return asPage(
    await api.post<Page<MemberHead> | null>(CAMP_STATS_PATHS.members, request, options),
    request.pageNo,
    request.pageSize,
  );
}

export function campMembersQueryOptions(request: MemberConditionRequest) {
  return queryOptions({
    queryKey: campStatsKeys.members(request),
    queryFn: (context) => getCampMembers(request, readOptions(context)),
  });
}

export function useCampMembers(request: MemberConditionRequest) {
  return useQuery({ ...campMembersQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /camp/statistics/student/detail/head */
export function getMemberHead(request: CampMemberRequest, options?: RequestOptions): Promise<MemberHead> {
  return api.post<MemberHead>(CAMP_STATS_PATHS.memberHead, request, options);
}

export function memberHeadQueryOptions(request: CampMemberRequest) {
  return queryOptions({
    queryKey: campStatsKeys.memberHead(request.campId, request.memberId),
    queryFn: (context) => getMemberHead(request, readOptions(context)),
  });
}

export function useMemberHead(request: CampMemberRequest) {
  return useQuery(memberHeadQueryOptions(request));
}

/** POST /camp/statistics/student/detail/list: the member's record of every published task. */
export async function getMemberTasks(request: CampMemberRequest, options?: RequestOptions): Promise<MemberTaskRow[]> {
  return list(await api.post<MemberTaskRow[] | null>(CAMP_STATS_PATHS.memberTasks, request, options));
}

export function memberTasksQueryOptions(request: CampMemberRequest) {
  return queryOptions({
    queryKey: campStatsKeys.memberTasks(request.campId, request.memberId),
    queryFn: (context) => getMemberTasks(request, readOptions(context)),
  });
}

export function useMemberTasks(request: CampMemberRequest) {
  return useQuery(memberTasksQueryOptions(request));
}

/**
 * POST /camp/statistics/praise/poster. Quiet: a member who did nothing yet has no poster (A0409),
 * which the drawer says in place.
 */
export function getPraisePoster(request: CampMemberRequest, options?: RequestOptions): Promise<PraisePoster> {
  return api.post<PraisePoster>(CAMP_STATS_PATHS.poster, request, { quiet: true, ...options });
}

export function praisePosterQueryOptions(request: CampMemberRequest) {
  return queryOptions({
    queryKey: campStatsKeys.poster(request.campId, request.memberId),
    queryFn: (context) => getPraisePoster(request, readOptions(context)),
  });
}

/** Read once asked for (`enabled`). */
export function usePraisePoster(request: CampMemberRequest, enabled: boolean) {
  return useQuery({ ...praisePosterQueryOptions(request), enabled });
}

/**
 * POST /camp/statistics/task/student/summary. Quiet: a task of the working copy that is not
 * published has no statistics (A0404), which the page says in place.
 */
export function getTaskSummary(request: CampTaskRequest, options?: RequestOptions): Promise<TaskSummary> {
  return api.post<TaskSummary>(CAMP_STATS_PATHS.taskSummary, request, { quiet: true, ...options });
}

export function taskSummaryQueryOptions(request: CampTaskRequest) {
  return queryOptions({
    queryKey: campStatsKeys.taskSummary(request.campId, request.taskId),
    queryFn: (context) => getTaskSummary(request, readOptions(context)),
  });
}

export function useTaskSummary(request: CampTaskRequest) {
  return useQuery(taskSummaryQueryOptions(request));
}

/** POST /camp/statistics/task/student/detail/list: a page of the members' records of one task (quiet, as the summary). */
export async function getTaskMembers(
  request: TaskMembersRequest,
  options?: RequestOptions,
): Promise<Page<TaskMemberRow>> {
  return asPage(
    await api.post<Page<TaskMemberRow> | null>(CAMP_STATS_PATHS.taskMembers, request, { quiet: true, ...options }),
    request.pageNo,
    request.pageSize,
  );
}

export function taskMembersQueryOptions(request: TaskMembersRequest) {
  return queryOptions({
    queryKey: campStatsKeys.taskMembers(request),
    queryFn: (context) => getTaskMembers(request, readOptions(context)),
  });
}

export function useTaskMembers(request: TaskMembersRequest) {
  return useQuery({ ...taskMembersQueryOptions(request), placeholderData: keepPreviousData });
}
