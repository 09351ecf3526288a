// The data board's figures (spec 02 §7.4): POST /api/databoard/... with the search. The board's
// students are a report page (report-page.ts).

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassOverview } from '@/generated/ClassOverview';
import type { CourseTrendPoint } from '@/generated/CourseTrendPoint';
import type { DcSearch } from '@/generated/DcSearch';
import type { StayRate } from '@/generated/StayRate';
import type { VipOverview } from '@/generated/VipOverview';
import type { VipStudentStat } from '@/generated/VipStudentStat';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { dcKeys } from './dc-keys';

/** POST /api/databoard/class/overview */
export function getClassOverview(search: DcSearch, options?: RequestOptions): Promise<ClassOverview> {
  return api.post<ClassOverview>('/api/databoard/class/overview', search, options);
}

export function classOverviewQueryOptions(search: DcSearch) {
  return queryOptions({
    queryKey: dcKeys.board('classOverview', search),
    queryFn: (context) => getClassOverview(search, readOptions(context)),
  });
}

export function useClassOverview(search: DcSearch) {
  return useQuery({ ...classOverviewQueryOptions(search), placeholderData: keepPreviousData });
}

/** POST /api/databoard/vip/overview */
export function getVipOverview(search: DcSearch, options?: RequestOptions): Promise<VipOverview> {
  return api.post<VipOverview>('/api/databoard/vip/overview', search, options);
}

export function vipOverviewQueryOptions(search: DcSearch) {
  return queryOptions({
    queryKey: dcKeys.board('vipOverview', search),
    queryFn: (context) => getVipOverview(search, readOptions(context)),
  });
}

export function useVipOverview(search: DcSearch) {
  return useQuery({ ...vipOverviewQueryOptions(search), placeholderData: keepPreviousData });
}

/** POST /api/databoard/vip/students-stat (no loading). */
export function getVipStudentStat(search: DcSearch): Promise<VipStudentStat> {
  return api.post<VipStudentStat>('/api/databoard/vip/students-stat', search, { noLoading: true });
}

export function vipStudentStatQueryOptions(search: DcSearch) {
  return queryOptions({ queryKey: dcKeys.board('vipStudentStat', search), queryFn: () => getVipStudentStat(search) });
}

export function useVipStudentStat(search: DcSearch) {
  return useQuery({ ...vipStudentStatQueryOptions(search), placeholderData: keepPreviousData });
}

/** POST /api/databoard/vip/stay-rates: month by month. */
export function getStayRates(search: DcSearch, options?: RequestOptions): Promise<StayRate[]> {
  return api.post<StayRate[]>('/api/databoard/vip/stay-rates', search, options);
}

export function stayRatesQueryOptions(search: DcSearch) {
  return queryOptions({
    queryKey: dcKeys.board('stayRates', search),
    queryFn: (context) => getStayRates(search, readOptions(context)),
  });
}

export function useStayRates(search: DcSearch) {
  return useQuery({ ...stayRatesQueryOptions(search), placeholderData: keepPreviousData });
}

/** POST /api/databoard/vip/course/trend: buckets by the search's dataTimeType. */
export function getCourseTrend(search: DcSearch, options?: RequestOptions): Promise<CourseTrendPoint[]> {
  return api.post<CourseTrendPoint[]>('/api/databoard/vip/course/trend', search, options);
}

export function courseTrendQueryOptions(search: DcSearch) {
  return queryOptions({
    queryKey: dcKeys.board('courseTrend', search),
    queryFn: (context) => getCourseTrend(search, readOptions(context)),
  });
}

export function useCourseTrend(search: DcSearch) {
  return useQuery({ ...courseTrendQueryOptions(search), placeholderData: keepPreviousData });
}
