// The drive's copy jobs as the page knows them: a large copy answers a job, whose progress is
// pushed (`magic_drive_job`); each job is shown until dismissed, and one that ends reads the
// drive again and says how it ended.

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { DriveJob } from '@/generated/DriveJob';
import { showError } from '@/lib/api-client';
import { showSuccess } from '@/lib/toast';
import { getCopyJob, refreshDrive } from './api/items';

export const JOB_STATUS = { waiting: 1, running: 2, done: 3, failed: 4 } as const;

export const isFinished = (job: DriveJob) => job.status === JOB_STATUS.done || job.status === JOB_STATUS.failed;

/** Jobs by id, the newest state of each; a job already finished stays finished. */
export function withJob(jobs: readonly DriveJob[], job: DriveJob): DriveJob[] {
  const known = jobs.find((j) => j.jobId === job.jobId);
  if (!known) return [...jobs, job];
  if (isFinished(known)) return [...jobs];
  return jobs.map((j) => (j.jobId === job.jobId ? { ...job, percent: Math.max(job.percent, j.percent) } : j));
}

export interface CopyJobs {
  jobs: DriveJob[];
  /** A copy answered a job: shown at once, then where it is read once (it may be done already). */
  track: (jobId: number) => void;
  /** A job's progress pushed. */
  update: (job: DriveJob) => void;
  dismiss: (jobId: number) => void;
}

export function useCopyJobs(): CopyJobs {
  const queryClient = useQueryClient();
  const [jobs, setJobs] = useState<DriveJob[]>([]);
  const current = useRef<DriveJob[]>([]);
  const set = useCallback((next: DriveJob[]) => {
    current.current = next;
    setJobs(next);
  }, []);
  const update = useCallback(
    (job: DriveJob) => {
      const known = current.current.find((j) => j.jobId === job.jobId);
      if (isFinished(job) && !(known && isFinished(known))) {
        if (job.status === JOB_STATUS.done) showSuccess(`复制完成，共 ${job.total} 项`);
        else showError(job.error ?? '复制失败');
        void refreshDrive(queryClient);
      }
      set(withJob(current.current, job));
    },
    [queryClient, set],
  );
  const track = useCallback(
    (jobId: number) => {
      update({ jobId, status: JOB_STATUS.waiting, percent: 0, total: 0 });
      getCopyJob(jobId).then(update, () => undefined);
    },
    [update],
  );
  const dismiss = useCallback((jobId: number) => set(current.current.filter((j) => j.jobId !== jobId)), [set]);
  return { jobs, track, update, dismiss };
}
