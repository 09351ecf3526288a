import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Timing } from '@/generated/codes';
import type { DownloadTask } from '@/generated/DownloadTask';
import { downloadFileName } from '@/lib/file-names';
import { showWarning } from '@/lib/toast';
import { desktopBridge } from '@/features/desktop/desktop-bridge';
import { useRetryDownload } from '../api/retry-download';
import { downloadTaskFile, transferStore } from '../download-file';
import { createThrottle, displayName, DOWNLOADING_TEXT, FileStatus, filePathOf } from '../download-rules';

export type ClickResult = 'busy' | 'throttled' | 'download' | 'retry' | 'none';

/** One click throttle for the whole page (popover and download centre alike). */
let clickThrottle = createThrottle(Timing.DOWNLOAD_CLICK_THROTTLE_MS);

/** A new throttle (tests). */
export function resetClickThrottle(): void {
  clickThrottle = createThrottle(Timing.DOWNLOAD_CLICK_THROTTLE_MS);
}

export interface TaskClickOptions {
  /**
   * A downloaded file (4) is fetched again (the download centre: the server keeps the file until
   * the task is deleted). Without it a click on 4 does nothing, as 01 §4 says of the popover.
   */
  again?: boolean;
}

/**
 * The desktop client fetches the file itself (its progress comes as electron_download pushes);
 * when it cannot, the page does.
 */
async function downloadInDesktop(client: QueryClient, task: DownloadTask): Promise<void> {
  const url = new URL(task.filePath || filePathOf(task.id), window.location.origin);
  url.searchParams.set('progress', '1');
  const fileName = downloadFileName(displayName(task));
  const started = await desktopBridge.download({ downloadId: task.id, url: url.toString(), fileName });
  if (!started) await downloadTaskFile(client, task);
}

/**
 * A click on a task (spec 01 §4): 3 downloads the file, 5 queues it again, others do nothing.
 * While a file is being fetched the click says 正在下载中，请勿重复点击; clicks go through at most
 * once per 2000 ms. In the desktop client the client downloads it.
 */
export function useTaskClick({ again = false }: TaskClickOptions = {}): (task: DownloadTask) => ClickResult {
  const client = useQueryClient();
  const retry = useRetryDownload();
  return (task) => {
    if (transferStore.get() || desktopBridge.isDownloading(task.id)) {
      showWarning(DOWNLOADING_TEXT);
      return 'busy';
    }
    if (!clickThrottle()) return 'throttled';
    if (task.fileStatus === FileStatus.Ready || (again && task.fileStatus === FileStatus.Downloaded)) {
      void (desktopBridge.isDesktop ? downloadInDesktop(client, task) : downloadTaskFile(client, task));
      return 'download';
    }
    if (task.fileStatus === FileStatus.Retry) {
      retry.mutate(task.id);
      return 'retry';
    }
    return 'none';
  };
}
