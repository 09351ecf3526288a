// The drive's copy jobs: a large copy runs as a job whose progress is pushed (`magic_drive_job`);
// the panel shows each job until it is dismissed, and a finished one reads the drive again.

import { Affix, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { type CopyJobs, isFinished, JOB_STATUS } from '../use-copy-jobs';

const STATUS_TEXT: Readonly<Record<number, string>> = { 1: '等待中', 2: '复制中', 3: '已完成', 4: '失败' };

export function CopyJobsPanel({ jobs, dismiss }: Pick<CopyJobs, 'jobs' | 'dismiss'>) {
  if (jobs.length === 0) return null;
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={300}>
      <Paper withBorder shadow="md" p="sm" w={300} role="region" aria-label="复制任务" data-testid="drive-copy-jobs">
        <Stack gap="xs">
          {jobs.map((job) => (
            <Stack key={job.jobId} gap={4} data-job-id={job.jobId} data-status={job.status}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">
                  复制任务 · {STATUS_TEXT[job.status] ?? ''}{' '}
                  {job.status === JOB_STATUS.running ? `${job.percent}%` : ''}
                </Text>
                {isFinished(job) && (
                  <CloseButton size="sm" aria-label="关闭复制任务" onClick={() => dismiss(job.jobId)} />
                )}
              </Group>
              <Progress
                value={job.status === JOB_STATUS.done ? 100 : job.percent}
                color={job.status === JOB_STATUS.failed ? 'red' : job.status === JOB_STATUS.done ? 'teal' : 'blue'}
                size="sm"
                aria-label={`复制进度 ${job.percent}%`}
              />
              {job.error && (
                <Text size="xs" c="red">
                  {job.error}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      </Paper>
    </Affix>
  );
}
