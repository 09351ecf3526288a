import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { CellBadge } from '@/components/data-table/cell-badge';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import type { SimilarBatchFailure } from '@/generated/SimilarBatchFailure';
import { formatInstant } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useResendSimilarBatch, useSimilarBatch } from '../api/similar-batch';
import { BATCH_STATUS, batchStatusBadge } from '../wrong-dict';

const FAILURE_COLUMNS: ListTableColumn<SimilarBatchFailure>[] = [
  { accessor: 'studentName', title: '学生', width: 110 },
  { accessor: 'questionId', title: '错题编号', width: 110 },
  { accessor: 'reason', title: '原因', width: 240 },
];

/**
 * A batch send of similar practice as its pushes tell it: its state, the items sent and failed out
 * of all, the failures with their reasons, and 重新发送 for them once the batch has ended with some.
 */
export function SimilarBatchPanel({ batchId }: { batchId: number }) {
  const query = useSimilarBatch(batchId);
  const resend = useResendSimilarBatch();
  const batch = query.data;
  if (!batch) {
    return (
      <Text size="sm" c="dimmed">
        {query.isError ? '未能读取发送批次' : '正在读取发送批次…'}
      </Text>
    );
  }
  const status = batchStatusBadge(batch.status);
  const done = batch.sent + batch.failed;
  const percent = batch.total > 0 ? Math.round((done / batch.total) * 100) : 0;
  return (
    <Paper withBorder p="sm" role="region" aria-label="相似题发送" data-status={batch.status}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600} size="sm">
              相似题发送
            </Text>
            <CellBadge color={status.color} text={status.text} />
          </Group>
          <Text size="xs" c="dimmed">
            提交于 {formatInstant(batch.createTime)}
          </Text>
        </Group>
        <Progress
          value={percent}
          color={batch.failed > 0 ? 'orange' : 'teal'}
          animated={batch.status === BATCH_STATUS.running}
          aria-label="发送进度"
        />
        <Group gap="lg">
          <Text size="sm" aria-label="共">
            共 {batch.total} 道
          </Text>
          <Text size="sm" c="teal.8" aria-label="已发送">
            已发送 {batch.sent}
          </Text>
          <Text size="sm" c={batch.failed > 0 ? 'red' : undefined} aria-label="失败">
            失败 {batch.failed}
          </Text>
        </Group>
        {batch.failures.length > 0 && (
          <ListTable<SimilarBatchFailure>
            label="发送失败"
            storeKey="wrong-question-batch-failures"
            columns={FAILURE_COLUMNS}
            records={batch.failures}
            idAccessor={(f) => `${f.studentId}-${f.questionId}`}
            rowAttributes={(f) => ({ 'aria-label': `${f.studentName} ${f.questionId}` })}
            noRecordsText="无"
          />
        )}
        {batch.status === BATCH_STATUS.partlyFailed && (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              color="orange"
              loading={resend.isPending}
              onClick={() => resend.mutate(batch.batchId, { onSuccess: () => showSuccess('已重新提交失败的题目') })}
            >
              重新发送
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
