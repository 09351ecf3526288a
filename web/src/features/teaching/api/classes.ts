// My classes (POST /api/teaching/classes; classType 4 the online ones) and an offline class with
// its students and lessons (POST /api/teaching/class/detail).

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassDetail } from '@/generated/ClassDetail';
import type { MyClassesRequest } from '@/generated/MyClassesRequest';
import type { MyClassRow } from '@/generated/MyClassRow';
import type { Page } from '@/generated/Page';
import type { TeachingIdRequest } from '@/generated/TeachingIdRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { postPage } from './post-page';
import { teachingKeys } from './teaching-keys';

/** POST /api/teaching/classes */
export function getMyClasses(request: MyClassesRequest, options?: RequestOptions): Promise<Page<MyClassRow>> {
  return postPage<MyClassRow>('/api/teaching/classes', request, options);
}

export function myClassesQueryOptions(request: MyClassesRequest) {
  return queryOptions({
    queryKey: teachingKeys.classes(request),
    queryFn: (context) => getMyClasses(request, readOptions(context)),
  });
}

/** The page shown stays while the next one is read. */
export function useMyClasses(request: MyClassesRequest) {
  return useQuery({ ...myClassesQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/teaching/class/detail */
export function getClassDetail(id: number, options?: RequestOptions): Promise<ClassDetail> {
  const body: TeachingIdRequest = { id };
  return api.post<ClassDetail>('/api/teaching/class/detail', body, options);
}

export function classDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: teachingKeys.class(id),
    queryFn: (context) => getClassDetail(id, readOptions(context)),
  });
}

export function useClassDetail(id: number) {
  return useQuery(classDetailQueryOptions(id));
}
