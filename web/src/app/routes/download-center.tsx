import { DownloadCenter } from '@/features/download/components/download-center';

/** /downloadCenter: the download history (spec 01 §2). */
export function DownloadCenterRoute() {
  return <DownloadCenter />;
}
