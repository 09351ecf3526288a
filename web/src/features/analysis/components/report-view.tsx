import { Alert, Anchor, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryPage } from '@/components/query-page';
import type { StageReport } from '@/generated/StageReport';
import type { StageReportQuestion } from '@/generated/StageReportQuestion';
import { formatInstant } from '@/lib/report-format';
import { REPORT_PUBLISHED, reportStatusBadge, subjectName, TEMPLATE_PAPER, TEMPLATE_WRONG } from '../analysis-dict';
import {
  ANALYSIS_ROUTES,
  analysisModulePath,
  reportingEditPath,
  reportingPreviewPath,
  stageReportPreviewPath,
} from '../analysis-paths';
import { periodText } from '../analysis-period';
import { useStageReport } from '../api/reports';
import { MasteryTable, ScoreTrendChart, TotalsCards } from './analysis-figures';
import classes from './analysis.module.css';
import { PaperView } from './full-volume-analysis';
import { PageHeading } from './page-heading';
import { MarkBadge, QuestionBlock, StudentAnswer } from './question-block';

/** The heading of the report's questions, by what the template reviews. */
const questionsTitle = (template: number) =>
  template === TEMPLATE_WRONG ? '错题复盘' : template === TEMPLATE_PAPER ? '重点题目' : '典型错题';

/** A question of the report: what the student answered last in the period, how often wrong, the note. */
export function ReportQuestionBlock({
  question: q,
  number,
  answer = 'open',
}: {
  question: StageReportQuestion;
  number: number;
  answer?: 'open' | 'folded';
}) {
  return (
    <QuestionBlock
      number={number}
      question={q}
      answer={answer}
      badges={
        <>
          <MarkBadge answer={q} />
          {q.wrongCount > 0 && (
            <Text size="sm" c="dimmed">
              错 {q.wrongCount} 次
            </Text>
          )}
        </>
      }
    >
      <StudentAnswer answer={q.studentAnswer} />
      {q.note && (
        <Text size="sm" component="div" aria-label="老师点评" c="blue.9">
          <Text span fw={600}>
            老师点评：
          </Text>
          <Text span style={{ whiteSpace: 'pre-wrap' }}>
            {q.note}
          </Text>
        </Text>
      )}
    </QuestionBlock>
  );
}

/** One of the report's texts, under its heading (left out when empty). */
function ReportText({ title, text }: { title: string; text: string }) {
  if (!text.trim()) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={5} mb="xs">
        {title}
      </Title>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
    </Paper>
  );
}

/**
 * A stage report as the family and colleagues read it, ready to print: the header (student,
 * period, teacher), the period's totals, the trend and mastery (or the paper's analysis for a
 * single-paper report), the teacher's texts and the chosen questions with their notes.
 */
export function ReportView({ report }: { report: StageReport }) {
  const status = reportStatusBadge(report.status, report.statusName);
  const { analysis } = report;
  return (
    <Stack gap="md" className={classes.report} component="article" aria-label={report.title}>
      <Paper withBorder p="md" radius="md">
        <Stack gap={6}>
          <Group gap="xs">
            <Title order={3}>{report.title}</Title>
            <Badge variant="light" color={status.color}>
              {status.text}
            </Badge>
          </Group>
          <Group gap="lg">
            <Text size="sm" aria-label="报告类型">
              {report.templateName}
            </Text>
            <Text size="sm" aria-label="学生">
              学生：{report.student.name}（{report.student.code || '-'}）{report.student.grade}
            </Text>
            <Text size="sm" aria-label="时间范围">
              时间范围：{periodText(report.from, report.to)}
            </Text>
            <Text size="sm" aria-label="学科">
              学科：{subjectName(report.subject)}
            </Text>
            <Text size="sm" aria-label="老师">
              老师：{report.teacherName || '-'}
            </Text>
            {report.publishedAt !== null && (
              <Text size="sm" aria-label="发布时间">
                发布于 {formatInstant(report.publishedAt)}
              </Text>
            )}
          </Group>
        </Stack>
      </Paper>
      <ReportText title="阶段总结" text={report.summary} />
      <TotalsCards totals={analysis.totals} />
      {report.paper ? (
        <>
          <Divider label={`单卷分析：${report.paper.name}`} labelPosition="left" />
          <PaperView paper={report.paper} />
        </>
      ) : (
        <>
          <ScoreTrendChart tasks={analysis.tasks} />
          <MasteryTable points={analysis.points} />
        </>
      )}
      {report.questions.length > 0 && (
        <Stack gap="sm" component="section" aria-label={questionsTitle(report.template)}>
          <Title order={5}>{questionsTitle(report.template)}</Title>
          {report.questions.map((q, i) => (
            <ReportQuestionBlock key={q.questionId} question={q} number={i + 1} />
          ))}
        </Stack>
      )}
      <ReportText title="老师评语" text={report.comment} />
      <ReportText title="后续计划" text={report.nextPlan} />
    </Stack>
  );
}

function PrintButton() {
  return (
    <Button size="xs" variant="default" onClick={() => window.print()}>
      打印
    </Button>
  );
}

/**
 * 报告预览 (/easyServer/reportingPreview?reportId=): the report as it will read, a draft too; back
 * to 报告编辑 while the caller may edit it.
 */
export function ReportingPreview({ reportId }: { reportId: number }) {
  const query = useStageReport(reportId);
  return (
    <QueryPage query={query}>
      {(report) => (
        <>
          <PageHeading route={ANALYSIS_ROUTES.preview}>
            <Anchor component={Link} to={analysisModulePath(report.student.id)} size="sm">
              学情分析
            </Anchor>
            {report.status === REPORT_PUBLISHED && (
              <Anchor component={Link} to={stageReportPreviewPath(report.id)} size="sm">
                阶段报告预览
              </Anchor>
            )}
            {report.canEdit && (
              <Button component={Link} to={reportingEditPath(report.id)} size="xs">
                返回编辑
              </Button>
            )}
            <PrintButton />
          </PageHeading>
          <ReportView report={report} />
        </>
      )}
    </QueryPage>
  );
}

/**
 * 阶段报告预览 (/easyServer/stageReportPreview?reportId=): a published report, read-only, to print;
 * a draft is not shown here yet.
 */
export function StageReportPreview({ reportId }: { reportId: number }) {
  const query = useStageReport(reportId);
  return (
    <QueryPage query={query}>
      {(report) => (
        <>
          <PageHeading route={ANALYSIS_ROUTES.stagePreview}>
            <Anchor component={Link} to={analysisModulePath(report.student.id)} size="sm">
              学情分析
            </Anchor>
            {report.status === REPORT_PUBLISHED && <PrintButton />}
          </PageHeading>
          {report.status === REPORT_PUBLISHED ? (
            <ReportView report={report} />
          ) : (
            <Alert color="yellow" title="报告尚未发布">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">这份阶段报告还是草稿，发布后才能在这里查看。</Text>
                <Group gap="sm">
                  <Anchor component={Link} to={reportingPreviewPath(report.id)} size="sm">
                    预览草稿
                  </Anchor>
                  {report.canEdit && (
                    <Anchor component={Link} to={reportingEditPath(report.id)} size="sm">
                      编辑报告
                    </Anchor>
                  )}
                </Group>
              </Stack>
            </Alert>
          )}
        </>
      )}
    </QueryPage>
  );
}
