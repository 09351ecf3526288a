import { Badge, Center, Checkbox, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AnalysisTask } from '@/generated/AnalysisTask';
import type { StageReport } from '@/generated/StageReport';
import { questionScore } from '../analysis-format';
import { ANALYSIS_ROUTES } from '../analysis-paths';
import { chinaDay } from '../analysis-period';
import { usePaperAnalysis } from '../api/analysis';
import { MarkBadge, QuestionBlock, StudentAnswer } from './question-block';
import { PickerBar, PickerPage } from './report-picker';
import { usePicked } from './use-picked';

/**
 * 整页选题 (/easyServer/fullPageSelectQuestion?reportId=): every task of the report's period as a
 * page of its questions with the student's answers; 整页选择 picks the whole page, or questions
 * are picked one by one, across pages; those picked are added to the report.
 */
export function FullPageSelectQuestion({ reportId }: { reportId: number }) {
  return (
    <PickerPage reportId={reportId} route={ANALYSIS_ROUTES.selectPage}>
      {(report) => <PagePicker report={report} />}
    </PickerPage>
  );
}

function PagePicker({ report }: { report: StageReport }) {
  const tasks = report.analysis.tasks;
  const [page, setPage] = useState(1);
  const picking = usePicked(report);
  const task = tasks[Math.min(page, tasks.length) - 1];
  return (
    <>
      {task ? (
        <>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              报告时段内共 {tasks.length} 次作业，每页一次
            </Text>
            <Pagination
              size="sm"
              total={tasks.length}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : '下一页' })}
            />
          </Group>
          <TaskPage key={task.taskId} task={task} studentId={report.student.id} picking={picking} />
        </>
      ) : (
        <Text c="dimmed" ta="center" p="xl">
          报告时段内没有作业
        </Text>
      )}
      <PickerBar report={report} picked={picking.picked} />
    </>
  );
}

function TaskPage({
  task,
  studentId,
  picking,
}: {
  task: AnalysisTask;
  studentId: number;
  picking: ReturnType<typeof usePicked>;
}) {
  const query = usePaperAnalysis(task.taskId, studentId);
  const { inReport, isPicked, full, set } = picking;
  const ids = (query.data?.questions ?? []).map((q) => q.questionId);
  const open = ids.filter((id) => !inReport.has(id));
  const taken = ids.filter((id) => inReport.has(id) || isPicked(id));
  const whole = ids.length > 0 && taken.length === ids.length;
  return (
    <Stack gap="sm" component="section" aria-label={task.name}>
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between">
          <Group gap="lg">
            <Title order={5}>{task.name}</Title>
            <Text size="sm" c="dimmed">
              {task.className} · 布置于 {chinaDay(task.createdAt)} · {task.questionCount} 道题
            </Text>
          </Group>
          <Checkbox
            label="整页选择"
            aria-label={`整页选择 ${task.name}`}
            checked={whole}
            indeterminate={!whole && taken.length > 0}
            disabled={open.length === 0 || (full && !whole && !open.some(isPicked))}
            onChange={(e) => set(open, e.currentTarget.checked)}
          />
        </Group>
      </Paper>
      {query.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label="加载中" />
        </Center>
      ) : query.isError ? (
        <Text c="dimmed" role="alert" ta="center" p="md">
          {query.error.message}
        </Text>
      ) : (
        query.data.questions.map((q) => {
          const already = inReport.has(q.questionId);
          const picked = isPicked(q.questionId);
          return (
            <QuestionBlock
              key={q.position}
              number={q.position}
              question={q}
              leading={
                <Checkbox
                  aria-label={`选择第${q.position}题`}
                  checked={already || picked}
                  disabled={already || (full && !picked)}
                  onChange={(e) => set([q.questionId], e.currentTarget.checked)}
                />
              }
              badges={
                <>
                  <Text size="sm" c="dimmed">
                    {q.fullScore} 分
                  </Text>
                  <MarkBadge answer={q} />
                  {already && (
                    <Badge size="sm" color="teal" variant="filled">
                      已在报告中
                    </Badge>
                  )}
                </>
              }
            >
              <Group gap="lg">
                <StudentAnswer answer={q.studentAnswer} />
                <Text size="sm" c="dimmed">
                  得分 {questionScore(q)}
                </Text>
              </Group>
            </QuestionBlock>
          );
        })
      )}
    </Stack>
  );
}
