// The query keys of the paper collection (讲义审核与发布): the lists, a paper's outline and its
// change log. Everything is under `all`, so that an audit or a copy reads every list again.

import type { PaperCollectionRequest } from '@/generated/PaperCollectionRequest';

const all = ['paperCollection'] as const;

export const collectionKeys = {
  all,
  lists: () => [...all, 'list'] as const,
  list: (request: PaperCollectionRequest) => [...all, 'list', request] as const,
  tree: (paperId: number) => [...all, 'tree', paperId] as const,
  logs: (paperId: number, pageNo: number) => [...all, 'logs', paperId, pageNo] as const,
  log: (logId: number) => [...all, 'log', logId] as const,
};
