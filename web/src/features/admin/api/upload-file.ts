// Files the administration hands to the server (an accounts workbook, a banner picture): uploaded
// as the uploads do (POST /api/resource/getUploadUrl, then one PUT of the bytes), named by the
// finished upload's file id.

import { putBytes } from '@/features/upload/api/uploads';
import type { UploadedFile } from '@/generated/UploadedFile';
import type { UploadUrl } from '@/generated/UploadUrl';
import type { UploadUrlRequest } from '@/generated/UploadUrlRequest';
import { api } from '@/lib/api-client';

/** Uploads `file`: the finished upload's file id. Quiet: the dialog shows what went wrong. */
export async function uploadFile(file: File): Promise<string> {
  const body: UploadUrlRequest = { fileName: file.name };
  const target = await api.post<UploadUrl>('/api/resource/getUploadUrl', body, { quiet: true });
  await putBytes<UploadedFile>(target.uploadUrl, file, {
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
  return target.fileId;
}
