import { UploadPage } from '@/features/uploads/components/upload-page';

/** /knowledgeRepository/uploadFiles: documents and images (spec 01 §4 "Upload", §5). */
export function UploadFilesRoute() {
  return <UploadPage kind="files" />;
}

/** /knowledgeRepository/uploadMedia: video and audio, through the same upload manager. */
export function UploadMediaRoute() {
  return <UploadPage kind="media" />;
}
