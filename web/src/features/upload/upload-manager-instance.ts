// The app's upload manager, over the real calls.

import type { UploadedFile } from '@/generated/UploadedFile';
import { showError } from '@/lib/api-client';
import { showWarning } from '@/lib/toast';
import { addPhaseTask, saveResource, updateTaskBizId } from './api/uploads';
import type { UploadItem } from './upload-item';
import { createUploadManager, type UploadManager } from './upload-manager';
import { isMediaUploadClass } from './upload-rules';
import { type TransferHooks, uploadSignedPut, uploadSliced } from './upload-transfer';

/**
 * The app's transfer step: media and images by a signed PUT (getMediaUploadUrl with the item's
 * class), documents sliced (resuming when possible).
 */
export function transferItem(item: UploadItem, hooks: TransferHooks): Promise<UploadedFile> {
  if (isMediaUploadClass(item.cls)) return uploadSignedPut(item.file, item.fileName, item.cls, hooks);
  const resume = item.certificate ? { certificate: item.certificate, sentSlices: item.sentSlices } : null;
  return uploadSliced(item.file, item.fileName, hooks, { resume });
}

export const uploadManager: UploadManager = createUploadManager({
  transfer: transferItem,
  save: (uploaded) => saveResource(uploaded.fileId),
  addPhaseTask,
  updateTaskBizId,
  notify: (message, kind) => (kind === 'error' ? showError(message) : showWarning(message)),
});
