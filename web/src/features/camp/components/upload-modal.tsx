import { Modal } from '@mantine/core';
import { UploadPage } from '@/features/upload/components/upload-page';
import { TASK_DOCUMENT, TASK_MEDIA } from '../camp-dict';

export interface UploadModalProps {
  campId: number;
  phaseId: number;
  phaseName: string;
  /** Video and audio, else documents and images. */
  media: boolean;
  onClose: () => void;
}

/**
 * Uploads files as tasks of a phase: the upload manager's page opened for the camp and phase, so
 * every finished upload becomes a task (with its progress and retry); the phases read again
 * through the camp's push.
 */
export function UploadModal({ campId, phaseId, phaseName, media, onClose }: UploadModalProps) {
  return (
    <Modal opened onClose={onClose} title={`上传到「${phaseName}」`} size="80%" centered>
      <UploadPage
        kind={media ? 'media' : 'files'}
        camp={{ campId, phaseId, phaseName, taskType: media ? TASK_MEDIA : TASK_DOCUMENT }}
      />
    </Modal>
  );
}
