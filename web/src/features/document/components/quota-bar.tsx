import { Progress, Stack, Text } from '@mantine/core';
import type { DriveQuota } from '@/generated/DriveQuota';
import { quotaPercent } from '../drive-rules';
import { formatFileSize } from '@/lib/format';

/** The storage used against the quota (the recycle bin included), in human units. */
export function QuotaBar({ quota }: { quota: DriveQuota }) {
  const percent = quotaPercent(quota);
  return (
    <Stack
      gap={4}
      role="group"
      aria-label="存储空间"
      data-testid="drive-quota"
      data-used={quota.used}
      data-limit={quota.limit}
    >
      <Progress value={percent} color={percent >= 90 ? 'red' : 'blue'} size="sm" aria-label="存储空间使用比例" />
      <Text size="xs" c="dimmed">
        已用 {formatFileSize(quota.used)} / {formatFileSize(quota.limit)}
      </Text>
    </Stack>
  );
}
