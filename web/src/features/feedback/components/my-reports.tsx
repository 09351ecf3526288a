import { Alert, Badge, Center, Loader, Table, Text } from '@mantine/core';
import { formatInstant } from '@/lib/report-format';
import { useFeedbackTags, useMyReports } from '../api/feedback';
import { feedbackBadge, TARGET_NAMES, tagNames } from '../feedback-dict';

/** 我的反馈: the caller's reports on questions and handouts, their state and the editors' replies. */
export function MyReports() {
  const reports = useMyReports();
  const tags = useFeedbackTags().data ?? [];
  if (reports.isPending)
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="正在加载我的反馈" />
      </Center>
    );
  if (reports.isError)
    return (
      <Alert color="orange" title="我的反馈加载失败">
        {reports.error.message}
      </Alert>
    );
  if (reports.data.length === 0) return <Text c="dimmed">还没有反馈过问题；在题目上点“反馈”即可报告错误。</Text>;
  return (
    <Table aria-label="我的反馈" striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>反馈对象</Table.Th>
          <Table.Th>问题类型</Table.Th>
          <Table.Th>问题描述</Table.Th>
          <Table.Th>状态</Table.Th>
          <Table.Th>回复</Table.Th>
          <Table.Th>时间</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {reports.data.map((f) => {
          const badge = feedbackBadge(f.status);
          return (
            <Table.Tr key={f.feedbackId} aria-label={f.targetTitle}>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {TARGET_NAMES[f.targetType] ?? ''}
                </Text>
                <Text size="sm" lineClamp={2}>
                  {f.targetTitle}
                </Text>
              </Table.Td>
              <Table.Td>{tagNames(f.tags, tags) || '-'}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={3}>
                  {f.content}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={badge.color}>
                  {badge.text}
                </Badge>
              </Table.Td>
              <Table.Td>{f.reply || '-'}</Table.Td>
              <Table.Td>{formatInstant(f.createTime)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
