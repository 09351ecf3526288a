import { Badge, Divider, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PunchDetail as PunchDetailData } from '@/generated/PunchDetail';
import type { QcReview } from '@/generated/QcReview';
import { formatInstant, formatText } from '@/lib/report-format';
import { useAiDetail, usePunchDetail } from '../../api/punches';
import { resultStatusOf } from '../../check-form';
import { useCheckRule } from '../../hooks/use-check-rule';
import { CheckPanel } from './check-panel';
import { PrecheckPanel } from './precheck-panel';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{formatText(value)}</Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={6}>{title}</Title>
      {children}
    </Stack>
  );
}

const SOURCES: Record<string, string> = { single: '单条质检', batch: '批量修改' };

function ReviewHistory({ reviews }: { reviews: QcReview[] }) {
  if (reviews.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        暂无质检记录
      </Text>
    );
  }
  return (
    <Table withTableBorder striped fz="sm" aria-label="质检记录">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>质检时间</Table.Th>
          <Table.Th>质检人</Table.Th>
          <Table.Th>结果</Table.Th>
          <Table.Th>典型案例</Table.Th>
          <Table.Th>评语</Table.Th>
          <Table.Th>方式</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {reviews.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td>{formatInstant(r.createdAt)}</Table.Td>
            <Table.Td>{formatText(r.inspector)}</Table.Td>
            <Table.Td>{formatText(r.resultStatusDesc)}</Table.Td>
            <Table.Td>{r.classicCase ? '是' : '否'}</Table.Td>
            <Table.Td>{formatText(r.comment)}</Table.Td>
            <Table.Td>{SOURCES[r.source] ?? formatText(r.source)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function DetailBody({ detail, onChecked }: { detail: PunchDetailData; onChecked: () => void }) {
  const { punch } = detail;
  // The rule of the punch's school decides (the group's when the school has none).
  const rule = useCheckRule(punch.schoolId);
  const suggested = useAiDetail(punch.punchId).data?.suggestedResultStatus;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <Fact label="服务类型" value={punch.serviceTypeName} />
        <Fact label="学员" value={punch.studentName && `${punch.studentName}（${punch.studentCode}）`} />
        <Fact label="班级" value={punch.className} />
        <Fact label="学校" value={punch.schoolName} />
        <Fact label="学科" value={punch.subjectName} />
        <Fact label="打卡人" value={punch.punchOperator && `${punch.punchOperator}（${punch.roleName}）`} />
        <Fact label="打卡时间" value={formatInstant(punch.punchTime)} />
        <Fact label="打卡渠道" value={punch.punchChannel} />
        <Fact label="提交标签" value={punch.submissionTag} />
        <Fact label="质检状态" value={punch.checkStatusDesc} />
        <Fact label="质检结果" value={punch.resultStatusDesc} />
        <Fact label="典型案例" value={punch.classicCase ? '是' : '否'} />
      </SimpleGrid>
      <Section title="服务内容">
        <Paper withBorder p="sm">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {formatText(detail.content)}
          </Text>
        </Paper>
        {detail.formValues.length > 0 && (
          <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
            {detail.formValues.map((f) => (
              <Fact key={f.key} label={f.label} value={f.value} />
            ))}
          </SimpleGrid>
        )}
      </Section>
      <Section title="自动预检">
        <PrecheckPanel punchId={punch.punchId} />
      </Section>
      <Section title="质检记录">
        <ReviewHistory reviews={detail.reviews} />
      </Section>
      <Divider />
      <CheckPanel
        key={punch.punchId}
        punch={punch}
        rule={rule}
        suggested={suggested === undefined ? null : resultStatusOf(String(suggested))}
        onChecked={onChecked}
      />
    </Stack>
  );
}

export interface PunchDetailModalProps {
  /** The punch shown; null: closed. */
  punchId: number | null;
  onClose: () => void;
}

/**
 * 服务打卡详情: the punch, what was written, the automatic pre-check, every check so far, and the
 * check form. Closes once the check is saved.
 */
export function PunchDetailModal({ punchId, onClose }: PunchDetailModalProps) {
  return (
    <Modal opened={punchId !== null} onClose={onClose} title="服务打卡详情" size="xl">
      {punchId !== null && <PunchDetailLoader punchId={punchId} onChecked={onClose} />}
    </Modal>
  );
}

function PunchDetailLoader({ punchId, onChecked }: { punchId: number; onChecked: () => void }) {
  const query = usePunchDetail(punchId);
  if (query.data) return <DetailBody detail={query.data} onChecked={onChecked} />;
  if (query.isError) {
    return (
      <Badge color="red" variant="light">
        打卡记录读取失败
      </Badge>
    );
  }
  return <Loader size="sm" aria-label="加载中" />;
}
