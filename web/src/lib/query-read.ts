// How a report, a board figure or a list is read by its query (data centre, service QC).

import type { QueryFunctionContext } from '@tanstack/react-query';
import type { RequestOptions } from './api-client';

/**
 * The call's options for a query: the first read of a search shows the loading overlay; a read
 * again of what the screen already shows (the source records changed, a change was saved) does
 * not, as the screen keeps showing the figures, marked busy, until the new ones arrive.
 */
export function readOptions({ client, queryKey }: Pick<QueryFunctionContext, 'client' | 'queryKey'>): RequestOptions {
  return client.getQueryData(queryKey) === undefined ? {} : { noLoading: true };
}
