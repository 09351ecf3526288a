// A page of a teaching list: Page<row>, an empty page when the server answers nothing.

import type { Page } from '@/generated/Page';
import { api, type RequestOptions } from '@/lib/api-client';

export const emptyPage = <T>(pageNo = 1, pageSize = 0): Page<T> => ({ records: [], total: 0, pageNo, pageSize });

export function asPage<T>(page: Page<T> | null | undefined, pageNo?: number, pageSize?: number): Page<T> {
  return page && Array.isArray(page.records) ? page : emptyPage<T>(pageNo, pageSize);
}

/** POST {path} with a body holding the page wanted. */
export async function postPage<T>(
  path: string,
  body: { pageNo?: number; pageSize?: number },
  options?: RequestOptions,
): Promise<Page<T>> {
  return asPage(await api.post<Page<T> | null>(path, body, options), body.pageNo, body.pageSize);
}
