import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';

/** One page of a server list, with the total of all pages. */
export interface PagedList {
  total: number;
}

export interface PagedListState<T extends PagedList> {
  page: number;
  setPage: Dispatch<SetStateAction<number>>;
  /** The page shown; local edits (a pushed status) go through `setList`. */
  list: T;
  setList: Dispatch<SetStateAction<T>>;
  loading: boolean;
  pages: number;
  /** Reads a page again (after a push or a reconnect). */
  load: (pageNo: number) => Promise<void>;
}

/**
 * A paged server list: loads the current page, ignores answers that a later load overtook, goes
 * back to the last page when the one shown has emptied, and keeps the last page on errors (the API
 * client has shown them). `refreshKey` reads the page again when it changes.
 */
export function usePagedList<T extends PagedList>(
  fetchPage: (pageNo: number, pageSize: number) => Promise<T>,
  pageSize: number,
  empty: T,
  refreshKey?: unknown,
): PagedListState<T> {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<T>(empty);
  const [loading, setLoading] = useState(true);
  const generation = useRef(0);

  const load = useCallback(
    async (pageNo: number) => {
      const mine = ++generation.current;
      try {
        const next = await fetchPage(pageNo, pageSize);
        if (mine !== generation.current) return;
        const pages = Math.max(1, Math.ceil(next.total / pageSize));
        if (pageNo > pages) {
          setPage(pages);
          return;
        }
        setList(next);
      } catch {
        // quiet: keep the last page
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [fetchPage, pageSize],
  );

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the page is read from the server (state set when it answers)
    void load(page);
  }, [load, page, refreshKey]);

  return { page, setPage, list, setList, loading, pages: Math.max(1, Math.ceil(list.total / pageSize)), load };
}
