// The option dictionaries of the data-centre filters (spec 02 §7.1, area `dict`): the server's
// code tables, read once per page load (they do not change while the app runs).

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AreaItem } from '@/generated/AreaItem';
import type { CodeName } from '@/generated/CodeName';
import type { DictPrepare } from '@/generated/DictPrepare';
import type { GradeItem } from '@/generated/GradeItem';
import type { SchoolIdQuery } from '@/generated/SchoolIdQuery';
import { api } from '@/lib/api-client';
import { dcKeys } from './dc-keys';

const FOREVER = { staleTime: Infinity, gcTime: Infinity } as const;

/** GET /api/dict/prepare: subjects, product types, quarters, trend buckets and the other lists. */
export function getDictPrepare(): Promise<DictPrepare> {
  return api.get<DictPrepare>('/api/dict/prepare');
}

export function dictPrepareQueryOptions() {
  return queryOptions({ queryKey: dcKeys.dict('prepare'), queryFn: getDictPrepare, ...FOREVER });
}

export function useDictPrepare() {
  return useQuery(dictPrepareQueryOptions());
}

/** GET /api/dict/productGroup (no loading). */
export function getProductGroups(): Promise<CodeName[]> {
  return api.get<CodeName[]>('/api/dict/productGroup', { noLoading: true });
}

export function productGroupsQueryOptions() {
  return queryOptions({ queryKey: dcKeys.dict('productGroup'), queryFn: getProductGroups, ...FOREVER });
}

export function useProductGroups() {
  return useQuery(productGroupsQueryOptions());
}

/** GET /api/dict/jw/grade */
export function getGrades(): Promise<GradeItem[]> {
  return api.get<GradeItem[]>('/api/dict/jw/grade');
}

export function gradesQueryOptions() {
  return queryOptions({ queryKey: dcKeys.dict('grade'), queryFn: getGrades, ...FOREVER });
}

export function useGrades() {
  return useQuery(gradesQueryOptions());
}

/** GET /api/school/areaListBySchoolId?schoolId= (no loading): the areas of a school, -1 all. */
export function getAreas(schoolId: number): Promise<AreaItem[]> {
  const params: SchoolIdQuery = { schoolId };
  return api.get<AreaItem[]>('/api/school/areaListBySchoolId', { params: { ...params }, noLoading: true });
}

/** Per school: choosing another school in the header reads that school's areas. */
export function areasQueryOptions(schoolId: number) {
  return queryOptions({ queryKey: dcKeys.areas(schoolId), queryFn: () => getAreas(schoolId), ...FOREVER });
}

export function useAreas(schoolId: number) {
  return useQuery(areasQueryOptions(schoolId));
}
