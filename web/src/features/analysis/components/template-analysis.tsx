import { Alert, Anchor, Button, Group, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { studentPath } from '@/features/teaching/teaching-paths';
import { showSuccess } from '@/lib/toast';
import { MAX_REPORT_TITLE_CHARS, TEMPLATE_PAPER, TEMPLATE_POINTS } from '../analysis-dict';
import { ANALYSIS_ROUTES, analysisModulePath, type AnalysisSearch, reportingEditPath } from '../analysis-paths';
import { chinaDay, periodOf } from '../analysis-period';
import { useReportTemplates, useStudentAnalysis } from '../api/analysis';
import { useCreateStageReport } from '../api/reports';
import { PageHeading } from './page-heading';
import { PeriodFilter } from './period-filter';

export interface TemplateAnalysisProps {
  studentId: number;
  /** The subject and days of the report (the address's). */
  search: AnalysisSearch;
  onSearch: (search: AnalysisSearch) => void;
  /** A task chosen for the single-paper template (from the address). */
  taskId?: number | null;
}

/**
 * 模板分析 (/easyServer/templateAnalysis?studentId=): the report templates as cards, the period and
 * subject the report covers and, for the single-paper template, one of the student's tasks of the
 * period; 创建报告 creates the draft and opens it in 报告编辑.
 */
export function TemplateAnalysis({ studentId, search, onSearch, taskId = null }: TemplateAnalysisProps) {
  const templates = useReportTemplates();
  const { from, to } = periodOf(search.range);
  const analysis = useStudentAnalysis({ studentId, subject: search.subject, from, to });
  const create = useCreateStageReport();
  const navigate = useNavigate();
  const [template, setTemplate] = useState(String(taskId ? TEMPLATE_PAPER : TEMPLATE_POINTS));
  const [task, setTask] = useState<string | null>(taskId ? String(taskId) : null);
  const [title, setTitle] = useState('');
  const [taskError, setTaskError] = useState<string | null>(null);

  const chosen = templates.data?.find((t) => String(t.id) === template);
  const tasks = analysis.data?.tasks ?? [];
  const taskChoices = [...tasks].reverse().map((t) => ({
    value: String(t.taskId),
    label: `${chinaDay(t.createdAt)} ${t.name}（${t.className}）`,
  }));
  // A task of the address outside the period is not offered.
  const taskValue = task && taskChoices.some((c) => c.value === task) ? task : null;

  const submit = () => {
    if (!chosen) return;
    if (chosen.needsTask && !taskValue) {
      setTaskError('单卷分析报告需要选择一次作业');
      return;
    }
    create.mutate(
      {
        studentId,
        template: chosen.id,
        subject: search.subject,
        from,
        to,
        taskId: chosen.needsTask ? Number(taskValue) : null,
        title: title.trim() || null,
      },
      {
        onSuccess: (report) => {
          showSuccess('报告已创建');
          void navigate(reportingEditPath(report.id));
        },
      },
    );
  };

  return (
    <Stack p="md" gap="md">
      <PageHeading route={ANALYSIS_ROUTES.templates}>
        <Anchor component={Link} to={analysisModulePath(studentId, search)} size="sm">
          学情分析
        </Anchor>
        <Anchor component={Link} to={studentPath(studentId)} size="sm">
          学生详情
        </Anchor>
      </PageHeading>
      {analysis.isError ? (
        <Alert color="red" title="无法读取学生的学情">
          {analysis.error.message}
        </Alert>
      ) : (
        <Text size="sm" aria-label="学生">
          学生：{analysis.data ? `${analysis.data.student.name}（${analysis.data.student.code || '-'}）` : '…'}
        </Text>
      )}
      <Radio.Group label="报告模板" value={template} onChange={setTemplate}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
          {(templates.data ?? []).map((t) => (
            <Radio.Card key={t.id} value={String(t.id)} p="md" radius="md" aria-label={t.name}>
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Text fw={600}>{t.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t.description}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Paper withBorder p="md" radius="md" component="section" aria-label="报告范围">
        <Stack gap="sm">
          <PeriodFilter key={JSON.stringify(search)} value={search} onApply={onSearch} label="报告时段" live />
          {chosen?.needsTask && (
            <Select
              label="作业"
              placeholder={tasks.length ? '选择一次作业' : '这段时间没有作业'}
              data={taskChoices}
              value={taskValue}
              onChange={(v) => {
                setTask(v);
                setTaskError(null);
              }}
              error={taskError}
              searchable
              maw={480}
            />
          )}
          <TextInput
            label="报告标题"
            description="不填时按学生、模板和时段生成"
            maxLength={MAX_REPORT_TITLE_CHARS}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maw={480}
          />
        </Stack>
      </Paper>
      <Group>
        <Button onClick={submit} loading={create.isPending} disabled={!chosen || analysis.isError}>
          创建报告
        </Button>
      </Group>
    </Stack>
  );
}
