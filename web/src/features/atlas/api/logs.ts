// A tree's change log (03 §7.1, POST /api/log/nodeOperateLogList), newest first, page by page.

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AtlasLog } from '@/generated/AtlasLog';
import type { AtlasLogRequest } from '@/generated/AtlasLogRequest';
import type { Page } from '@/generated/Page';
import { api } from '@/lib/api-client';
import { atlasKeys } from './atlas-keys';

export const LOG_PAGE_SIZE = 20;

export function getLogs(body: AtlasLogRequest): Promise<Page<AtlasLog>> {
  return api.post<Page<AtlasLog>>('/api/log/nodeOperateLogList', body, { noLoading: true });
}

/** The changes of a tree (or of one node of it), read while `enabled` (the drawer is open). */
export function useLogs(treeId: number, nodeId: number | null, pageNo: number, enabled: boolean) {
  return useQuery({
    queryKey: atlasKeys.logs(treeId, nodeId, pageNo),
    queryFn: () => getLogs({ treeId, ...(nodeId ? { nodeId } : {}), pageNo, pageSize: LOG_PAGE_SIZE }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
