// A file task's file for its owner's preview: whether it may be previewed
// (/camp/task/permission/preview), then a signed link (/camp/task/doc-info for documents and
// images, /camp/task/media-info for media).

import { useQuery } from '@tanstack/react-query';
import type { CampTaskRequest } from '@/generated/CampTaskRequest';
import type { TaskFileInfo } from '@/generated/TaskFileInfo';
import type { TaskPreviewPermission } from '@/generated/TaskPreviewPermission';
import { api, ApiError } from '@/lib/api-client';
import { TASK_MEDIA } from '../camp-dict';
import { campKeys } from './camp-keys';

/** POST /api/camp/task/permission/preview */
export function getPreviewPermission(body: CampTaskRequest): Promise<TaskPreviewPermission> {
  return api.post<TaskPreviewPermission>('/api/camp/task/permission/preview', body);
}

/** POST /api/camp/task/doc-info or media-info, by the task's type. */
export function getTaskFileInfo(body: CampTaskRequest, taskType: number): Promise<TaskFileInfo> {
  const path = taskType === TASK_MEDIA ? '/api/camp/task/media-info' : '/api/camp/task/doc-info';
  return api.post<TaskFileInfo>(path, body);
}

/** The file of a task the owner may preview; rejects with the reason when not. */
export async function previewTaskFile(body: CampTaskRequest, taskType: number): Promise<TaskFileInfo> {
  const permission = await getPreviewPermission(body);
  if (!permission.allowed) throw new ApiError('PREVIEW', permission.reason || '不能预览该任务', 0);
  return getTaskFileInfo(body, taskType);
}

/** The file of a task to preview, read when the preview opens (its link expires: never kept). */
export function useTaskFilePreview(campId: number, taskId: number, taskType: number) {
  return useQuery({
    queryKey: campKeys.taskPreview(campId, taskId),
    queryFn: () => previewTaskFile({ campId, taskId }, taskType),
    gcTime: 0,
  });
}
