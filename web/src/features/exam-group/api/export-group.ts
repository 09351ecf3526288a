// POST /api/exam/group/export: an .xlsx of a group's members is queued in the download centre.
// The download feature follows the queue (its count, the popover, magic_001); the app hands the
// page the way to run a queueing call there (features do not import each other).

import type { GroupIdRequest } from '@/generated/GroupIdRequest';
import type { QueueCount } from '@/generated/QueueCount';
import { api } from '@/lib/api-client';

/** Runs a call that queues a download: the queue count follows its answer, the user is told. */
export type QueueExport = (call: () => Promise<QueueCount>) => Promise<QueueCount>;

/** POST /api/exam/group/export */
export function exportGroup(groupId: number): Promise<QueueCount> {
  const body: GroupIdRequest = { groupId };
  return api.post<QueueCount>('/api/exam/group/export', body, { noLoading: true });
}
