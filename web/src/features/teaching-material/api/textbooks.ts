// Textbooks (03 §7.1 "Library"): the list page by page (teachingMaterial/queryList: the library's
// editors see every textbook, others the published ones), the class types a textbook serves
// (queryConfigClassTypeList) and a textbook created or changed by an editor (addOrUpdate).

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodeName } from '@/generated/CodeName';
import type { Page } from '@/generated/Page';
import type { Textbook } from '@/generated/Textbook';
import type { TextbookListRequest } from '@/generated/TextbookListRequest';
import type { TextbookSaveRequest } from '@/generated/TextbookSaveRequest';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { textbookKeys } from './textbook-keys';

/** POST /api/teachingMaterial/queryList */
export function getTextbooks(body: TextbookListRequest, options?: RequestOptions): Promise<Page<Textbook>> {
  return api.post<Page<Textbook>>('/api/teachingMaterial/queryList', body, options);
}

export function textbooksQueryOptions(body: TextbookListRequest) {
  return queryOptions({
    queryKey: textbookKeys.list(body),
    queryFn: (context) => getTextbooks(body, readOptions(context)),
  });
}

/** A page of textbooks (null: no search yet); the page shown stays while the next is read. */
export function useTextbooks(body: TextbookListRequest | null) {
  return useQuery({
    ...textbooksQueryOptions(body ?? {}),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/teachingMaterial/queryConfigClassTypeList */
export function getClassTypes(): Promise<CodeName[]> {
  return api.get<CodeName[]>('/api/teachingMaterial/queryConfigClassTypeList', { noLoading: true });
}

/** The class types (一对一, 班课 …); they do not change while the app runs. */
export function useClassTypes() {
  return useQuery({ queryKey: textbookKeys.classTypes(), queryFn: getClassTypes, staleTime: Infinity });
}

/** POST /api/teachingMaterial/addOrUpdate (quiet: the form shows what went wrong). */
export function saveTextbook(body: TextbookSaveRequest): Promise<Textbook> {
  return api.post<Textbook>('/api/teachingMaterial/addOrUpdate', body, { quiet: true });
}

/** Creates or changes a textbook; the lists, its chapters and the book tree read again. */
export function useSaveTextbook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTextbook,
    onSuccess: () => void client.invalidateQueries({ queryKey: textbookKeys.all }),
  });
}
