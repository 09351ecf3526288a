// A page of a QC list: POST {path} with its search, answering Page<row> (an empty page when the
// server answers nothing).

import type { Page } from '@/generated/Page';
import { api, type RequestOptions } from '@/lib/api-client';

export async function postPage<T>(
  path: string,
  body: { pageNo?: number; pageSize?: number },
  options?: RequestOptions,
): Promise<Page<T>> {
  const page = await api.post<Page<T> | null>(path, body, options);
  return page && Array.isArray(page.records)
    ? page
    : { records: [], total: 0, pageNo: body.pageNo ?? 1, pageSize: body.pageSize ?? 0 };
}
