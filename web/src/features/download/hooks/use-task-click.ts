import { useQueryClient } from '@tanstack/react-query';
import { Timing } from '@/generated/codes';
import type { DownloadTask } from '@/generated/DownloadTask';
import { showWarning } from '@/lib/toast';
import { useRetryDownload } from '../api/retry-download';
import { downloadTaskFile, transferStore } from '../download-file';
import { createThrottle, DOWNLOADING_TEXT, FileStatus } from '../download-rules';

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
 * A click on a task (spec 01 §4): 3 downloads the file, 5 queues it again, others do nothing.
 * While a file is being fetched the click says 正在下载中，请勿重复点击; clicks go through at most
 * once per 2000 ms.
 */
export function useTaskClick({ again = false }: TaskClickOptions = {}): (task: DownloadTask) => ClickResult {
  const client = useQueryClient();
  const retry = useRetryDownload();
  return (task) => {
    if (transferStore.get()) {
      showWarning(DOWNLOADING_TEXT);
      return 'busy';
    }
    if (!clickThrottle()) return 'throttled';
    if (task.fileStatus === FileStatus.Ready || (again && task.fileStatus === FileStatus.Downloaded)) {
      void downloadTaskFile(client, task);
      return 'download';
    }
    if (task.fileStatus === FileStatus.Retry) {
      retry.mutate(task.id);
      return 'retry';
    }
    return 'none';
  };
}
