import { DownloadCenter } from '@/features/downloads/components/download-center';

/** /downloadCenter: the download history (spec 01 §2). */
export function DownloadCenterRoute() {
  return <DownloadCenter />;
}
