import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { QueryPage } from '@/components/query-page';
import { studentPath } from '@/features/teaching/teaching-paths';
import type { PaperAnalysis } from '@/generated/PaperAnalysis';
import type { PaperQuestion } from '@/generated/PaperQuestion';
import { showSuccess } from '@/lib/toast';
import { rateText, TEMPLATE_PAPER } from '../analysis-dict';
import { ANALYSIS_ROUTES, analysisModulePath, reportingEditPath } from '../analysis-paths';
import { questionScore } from '../analysis-format';
import { chinaDay, dayPeriod } from '../analysis-period';
import { usePaperAnalysis } from '../api/analysis';
import { useCreateStageReport } from '../api/reports';
import { BandChart, MasteryTable, PaperCards } from './analysis-figures';
import { PageHeading } from './page-heading';
import { MarkBadge, QuestionBlock, StudentAnswer } from './question-block';

/** A question of the paper with the student's answer, their points and the class's correct rate. */
export function PaperQuestionBlock({ question: q }: { question: PaperQuestion }) {
  return (
    <QuestionBlock
      number={q.position}
      question={q}
      badges={
        <>
          <Text size="sm" c="dimmed">
            {q.fullScore} 分
          </Text>
          <MarkBadge answer={q} />
        </>
      }
    >
      <StudentAnswer answer={q.studentAnswer} />
      <Group gap="lg">
        <Text size="sm" aria-label="得分">
          得分 {questionScore(q)}
        </Text>
        <Text size="sm" c="dimmed" aria-label="班级正确率">
          班级正确率 {rateText(q.classCorrectRate)}
        </Text>
      </Group>
    </QuestionBlock>
  );
}

/** The paper's figures: the result beside the class, the bands, the knowledge points, each question. */
export function PaperView({ paper }: { paper: PaperAnalysis }) {
  return (
    <>
      <PaperCards paper={paper} />
      <BandChart paper={paper} />
      <MasteryTable points={paper.points} label="知识点得失" />
      <Stack gap="sm" component="section" aria-label="逐题分析">
        <Title order={5}>逐题分析</Title>
        {paper.questions.map((q) => (
          <PaperQuestionBlock key={q.position} question={q} />
        ))}
      </Stack>
    </>
  );
}

/**
 * 全卷分析 (/easyServer/fullVolumeAnalysis?taskId=&studentId=): one task of a student as a whole
 * paper beside the class — score, class size, average, best and rank, the class's score bands,
 * the knowledge points, each question with the student's answer and the class's correct rate.
 * 生成单卷分析报告 creates a single-paper report of the task (its day as the period) and opens it.
 */
export function FullVolumeAnalysis({ taskId, studentId }: { taskId: number; studentId: number }) {
  const query = usePaperAnalysis(taskId, studentId);
  const create = useCreateStageReport();
  const navigate = useNavigate();

  const createReport = (paper: PaperAnalysis) => {
    create.mutate(
      {
        studentId,
        template: TEMPLATE_PAPER,
        subject: paper.subject,
        ...dayPeriod(paper.createdAt),
        taskId,
        title: null,
      },
      {
        onSuccess: (report) => {
          showSuccess('单卷分析报告已创建');
          void navigate(reportingEditPath(report.id));
        },
      },
    );
  };

  return (
    <QueryPage query={query}>
      {(paper) => (
        <>
          <PageHeading route={ANALYSIS_ROUTES.paper}>
            <Anchor component={Link} to={analysisModulePath(studentId)} size="sm">
              学情分析
            </Anchor>
            <Anchor component={Link} to={studentPath(studentId)} size="sm">
              学生详情
            </Anchor>
            <Button size="xs" onClick={() => createReport(paper)} loading={create.isPending}>
              生成单卷分析报告
            </Button>
          </PageHeading>
          <Paper withBorder p="sm" radius="md" aria-label="作业">
            <Group gap="lg">
              <Title order={5}>{paper.name}</Title>
              <Text size="sm" c="dimmed">
                {paper.className}
              </Text>
              <Text size="sm" c="dimmed">
                布置于 {chinaDay(paper.createdAt)}
              </Text>
              <Text size="sm">
                学生：{paper.student.name}（{paper.student.code || '-'}）
              </Text>
            </Group>
          </Paper>
          <PaperView paper={paper} />
        </>
      )}
    </QueryPage>
  );
}
