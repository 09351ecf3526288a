// How many papers a search of the collection finds (paper/collection's `total`, read as a page of
// one): the collection statistics count each audit state and paper type this way, so every figure
// is the server's own count under the caller's visibility. The cache keys are the lists' keys, so
// an audit or a copy reads the counts again with the lists.

import { useQueries } from '@tanstack/react-query';
import type { PaperCollectionRequest } from '@/generated/PaperCollectionRequest';
import { readOptions } from '@/lib/query-read';
import { getCollection } from './collection';
import { collectionKeys } from './collection-keys';

/** The search of one count: its first page of one paper (the total is all that is read). */
export const countRequest = (search: PaperCollectionRequest): PaperCollectionRequest => ({
  ...search,
  pageNo: 1,
  pageSize: 1,
});

export interface CollectionCounts {
  /** Each search's total, in the order asked (undefined while it is read or when it failed). */
  totals: (number | undefined)[];
  pending: boolean;
  fetching: boolean;
  /** The first failure's message, if any. */
  error: string | null;
}

/** The totals of `searches`, read together without the loading overlay. */
export function useCollectionCounts(searches: readonly PaperCollectionRequest[]): CollectionCounts {
  return useQueries({
    queries: searches.map((search) => {
      const request = countRequest(search);
      return {
        queryKey: collectionKeys.list(request),
        queryFn: (context: Parameters<typeof readOptions>[0]) =>
          getCollection(request, { ...readOptions(context), noLoading: true, quiet: true }),
      };
    }),
    combine: (results) => ({
      totals: results.map((r) => r.data?.total),
      pending: results.some((r) => r.isPending),
      fetching: results.some((r) => r.isFetching),
      error: results.find((r) => r.error)?.error?.message ?? null,
    }),
  });
}
