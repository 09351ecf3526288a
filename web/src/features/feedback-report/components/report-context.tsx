import { Badge, Group, Text } from '@mantine/core';
import type { FeedbackReportSummary } from '@/generated/FeedbackReportSummary';
import { formatDateTime } from '@/lib/format';
import { FEEDBACK_STATUS_TEXT } from '../sections';

const STATUS_COLOR: Record<number, string> = { 0: 'gray', 1: 'blue', 2: 'green' };

/** The report's context line: student, lesson, class, status. */
export function ReportContext({ report }: { report: FeedbackReportSummary }) {
  return (
    <Group gap="lg" aria-label="报告信息">
      <Text size="sm">
        学生：{report.studentName}
        {report.studentCode && (
          <Text span c="dimmed" size="sm">
            {' '}
            （{report.studentCode}）
          </Text>
        )}
      </Text>
      <Text size="sm">课节：{report.lessonTitle}</Text>
      {report.className && <Text size="sm">班级：{report.className}</Text>}
      <Text size="sm">上课时间：{formatDateTime(new Date(report.lessonStartTime))}</Text>
      <Badge variant="light" color={STATUS_COLOR[report.status] ?? 'gray'}>
        {FEEDBACK_STATUS_TEXT[report.status] ?? `状态 ${report.status}`}
      </Badge>
    </Group>
  );
}
