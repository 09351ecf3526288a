import { useState } from 'react';

/**
 * The page of a paged list shown for a search (`searchKey`, the search as text): another search
 * starts again on page 1.
 */
export function usePageNo(searchKey: string): [pageNo: number, setPageNo: (pageNo: number) => void] {
  const [paging, setPaging] = useState({ searchKey, pageNo: 1 });
  const pageNo = paging.searchKey === searchKey ? paging.pageNo : 1;
  return [pageNo, (next: number) => setPaging({ searchKey, pageNo: next })];
}
