// What the question pickers of a report (选择错题, 整页选题) share: the report they add to (a draft
// of the caller's, else they say why not) and 加入报告, which adds the questions picked
// (use-picked) and returns to the editor.

import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryPage } from '@/components/query-page';
import type { StageReport } from '@/generated/StageReport';
import { showSuccess } from '@/lib/toast';
import { MAX_REPORT_QUESTIONS } from '../analysis-dict';
import { type AnalysisRoute, reportingEditPath, reportingPreviewPath } from '../analysis-paths';
import { periodText } from '../analysis-period';
import { useAddReportQuestions, useStageReport } from '../api/reports';
import { PageHeading } from './page-heading';

/** A picker's page: the report read, a draft the caller may change, else why not. */
export function PickerPage({
  reportId,
  route,
  children,
}: {
  reportId: number;
  route: AnalysisRoute;
  children: (report: StageReport) => ReactNode;
}) {
  const query = useStageReport(reportId);
  return (
    <QueryPage query={query}>
      {(report) => (
        <>
          <PageHeading route={route}>
            <Anchor component={Link} to={reportingEditPath(report.id)} size="sm">
              返回报告编辑
            </Anchor>
          </PageHeading>
          <Text size="sm" aria-label="报告">
            {report.title} · {report.student.name} · {periodText(report.from, report.to)}
          </Text>
          {report.canEdit ? (
            children(report)
          ) : (
            <Alert color="yellow" title="不能加入题目">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">报告已发布，或不是你撰写的报告。</Text>
                <Anchor component={Link} to={reportingPreviewPath(report.id)} size="sm">
                  预览报告
                </Anchor>
              </Stack>
            </Alert>
          )}
        </>
      )}
    </QueryPage>
  );
}

/** The count picked and 加入报告: adds them, then opens the editor on the report read again. */
export function PickerBar({ report, picked }: { report: StageReport; picked: number[] }) {
  const add = useAddReportQuestions();
  const navigate = useNavigate();
  const room = Math.max(0, MAX_REPORT_QUESTIONS - report.questions.length);
  const submit = () =>
    add.mutate(
      { id: report.id, questionIds: picked },
      {
        onSuccess: (added) => {
          showSuccess(added > 0 ? `已加入 ${added} 道题` : '所选题目已在报告中');
          void navigate(reportingEditPath(report.id));
        },
      },
    );
  return (
    <Paper withBorder p="sm" radius="md" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
      <Group justify="space-between">
        <Text size="sm" aria-label="已选题目">
          已选 {picked.length} 道 · 报告已有 {report.questions.length} 道，还可加入 {room} 道
        </Text>
        <Group gap="sm">
          <Button component={Link} to={reportingEditPath(report.id)} variant="default" size="xs">
            取消
          </Button>
          <Button size="xs" onClick={submit} disabled={picked.length === 0} loading={add.isPending}>
            加入报告
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
