// Uploads into the drive: the app's upload manager (its queue, transfer, retries and lists) with
// each finished file saved by POST /api/document/create into the folder that was being viewed
// when it was picked. Over-quota and other refusals show on the item and as a message.

import type { UploadedFile } from '@/generated/UploadedFile';
import type { UploadClass } from '@/generated/UploadClass';
import { showError } from '@/lib/api-client';
import { showWarning } from '@/lib/toast';
import { transferItem } from '@/features/upload/upload-manager-instance';
import type { UploadItem } from '@/features/upload/upload-item';
import { type AddResult, createUploadManager, type UploadManager } from '@/features/upload/upload-manager';
import type { TransferHooks } from '@/features/upload/upload-transfer';
import { createDocument } from './api/items';

/** Where a file goes: a folder (0: the root) of the personal space or of a team's. */
export interface DriveTarget {
  parentId: number;
  teamId?: number;
}

/** Every class the drive takes: documents, images, video and audio. */
export const DRIVE_UPLOAD_CLASSES: readonly UploadClass[] = ['document', 'image', 'video', 'audio'];

export interface DriveUploads {
  manager: UploadManager;
  /** Queues files for `target`. */
  add(files: readonly File[], target: DriveTarget): AddResult;
}

export interface DriveUploadDeps {
  transfer?: (item: UploadItem, hooks: TransferHooks) => Promise<UploadedFile>;
}

export function createDriveUploads({ transfer = transferItem }: DriveUploadDeps = {}): DriveUploads {
  const targets = new Map<string, DriveTarget>();
  const notCamp = () => Promise.reject(new Error('drive uploads are not camp tasks'));
  const manager = createUploadManager({
    transfer,
    save: async (uploaded, item) => {
      const target = targets.get(item.uid) ?? { parentId: 0 };
      const created = await createDocument(
        { parentId: target.parentId, teamId: target.teamId, fileId: uploaded.fileId, name: item.fileName },
        { quiet: true, noLoading: true },
      );
      return {
        id: created.id,
        name: created.name,
        ext: created.ext,
        class: item.cls,
        size: created.size,
        createTime: created.createTime,
      };
    },
    addPhaseTask: notCamp,
    updateTaskBizId: notCamp,
    notify: (message, kind) => (kind === 'error' ? showError(message) : showWarning(message)),
  });
  return {
    manager,
    add(files, target) {
      const result = manager.add(files, DRIVE_UPLOAD_CLASSES);
      // Saving waits for the transfer, so the target is known by then.
      result.added.forEach((item) => targets.set(item.uid, target));
      return result;
    },
  };
}

/** The drive's uploads (one queue for the app's lifetime, like the upload pages'). */
export const driveUploads = createDriveUploads();
