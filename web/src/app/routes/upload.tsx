import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { UploadPage } from '@/features/upload/components/upload-page';
import { campContextFromQuery } from '@/features/upload/upload-rules';

/** The camp phase an upload page was opened for (?campId=&phaseId=[&taskType=&campCode=]), or null. */
function useCampContext() {
  const [query] = useSearchParams();
  return useMemo(() => campContextFromQuery(query), [query]);
}

/** /knowledgeRepository/uploadFiles: documents and images (spec 01 §4 "Upload", §5). */
export function UploadFilesRoute() {
  return <UploadPage kind="files" camp={useCampContext()} />;
}

/** /knowledgeRepository/uploadMedia: video and audio, through the same upload manager. */
export function UploadMediaRoute() {
  return <UploadPage kind="media" camp={useCampContext()} />;
}
