import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { MyReportRow } from '@/generated/MyReportRow';
import { feedbackEditPath, feedbackPreviewPath } from '../teaching-paths';

/** 编辑 (when I may) and 预览 of a report. */
export function ReportActions({ row }: { row: MyReportRow }) {
  return (
    <Group gap={4} wrap="nowrap">
      {row.canEdit && (
        <Button component={Link} to={feedbackEditPath(row.reportId)} size="compact-xs">
          编辑
        </Button>
      )}
      <Button component={Link} to={feedbackPreviewPath(row.reportId)} size="compact-xs" variant="light">
        预览
      </Button>
    </Group>
  );
}
