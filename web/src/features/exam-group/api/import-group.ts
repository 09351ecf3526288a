// A group imported from an .xlsx (columns 学号, 姓名): the file is uploaded (POST
// /api/resource/getUploadUrl, then one PUT of its bytes, as the uploads do), then POST
// /api/exam/group/import makes the group of its good rows and lists the bad ones. A file that
// is no workbook, too big or has no good row is refused whole (A0400 with the reason).

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putBytes } from '@/features/upload/api/uploads';
import type { GroupImportRequest } from '@/generated/GroupImportRequest';
import type { GroupImportResult } from '@/generated/GroupImportResult';
import type { UploadedFile } from '@/generated/UploadedFile';
import type { UploadUrl } from '@/generated/UploadUrl';
import type { UploadUrlRequest } from '@/generated/UploadUrlRequest';
import { api } from '@/lib/api-client';
import { examGroupKeys } from './exam-group-keys';

/** The dialog shows what went wrong: these calls are quiet. */
const QUIET = { quiet: true } as const;

/** POST /api/resource/getUploadUrl, then the bytes PUT to the URL: the finished upload's file id. */
export async function uploadWorkbook(file: File): Promise<string> {
  const body: UploadUrlRequest = { fileName: file.name };
  const target = await api.post<UploadUrl>('/api/resource/getUploadUrl', body, QUIET);
  await putBytes<UploadedFile>(target.uploadUrl, file, {
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
  return target.fileId;
}

/** POST /api/exam/group/import */
export function importGroup(body: GroupImportRequest): Promise<GroupImportResult> {
  return api.post<GroupImportResult>('/api/exam/group/import', body, QUIET);
}

export interface GroupImport {
  file: File;
  groupName: string;
}

/** Uploads the workbook and imports it as a new group; the groups read again. */
export function useImportGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, groupName }: GroupImport) =>
      importGroup({ fileId: await uploadWorkbook(file), groupName }),
    onSuccess: () => client.invalidateQueries({ queryKey: examGroupKeys.groups() }),
  });
}
