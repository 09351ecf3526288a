// The drive in figures (知识库统计): the quota, each space's live items and bytes by type, and the
// items received, sent and in the recycle bin (POST /api/document/statistics), all counted by the
// server. Under `drive`, so a pushed drive change reads it again.

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DriveStatistics } from '@/generated/DriveStatistics';
import { api, type RequestOptions } from '@/lib/api-client';
import { readOptions } from '@/lib/query-read';
import { driveKeys } from './drive-keys';

/** POST /api/document/statistics */
export function getDriveStatistics(options?: RequestOptions): Promise<DriveStatistics> {
  return api.post<DriveStatistics>('/api/document/statistics', {}, options);
}

export function driveStatisticsQueryOptions() {
  return queryOptions({
    queryKey: driveKeys.statistics(),
    queryFn: (context) => getDriveStatistics(readOptions(context)),
  });
}

export function useDriveStatistics() {
  return useQuery(driveStatisticsQueryOptions());
}
