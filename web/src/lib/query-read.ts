// How a data-centre report or board figure is read by its query.

import type { QueryFunctionContext } from '@tanstack/react-query';
import type { RequestOptions } from '@/lib/api-client';

/**
 * The call's options for a query: the first read of a search shows the loading overlay; a read
 * again of what the screen already shows (the source records changed) does not, as the screen
 * keeps showing the figures, marked busy, until the new ones arrive.
 */
export function readOptions({ client, queryKey }: Pick<QueryFunctionContext, 'client' | 'queryKey'>): RequestOptions {
  return client.getQueryData(queryKey) === undefined ? {} : { noLoading: true };
}
