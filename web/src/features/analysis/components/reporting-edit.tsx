import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { memo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LeaveGuard } from '@/components/ui/leave-guard';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { QueryPage } from '@/components/query-page';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { studentPath } from '@/features/teaching/teaching-paths';
import { ErrorCode } from '@/generated/codes';
import type { StageReport } from '@/generated/StageReport';
import type { StageReportQuestion } from '@/generated/StageReportQuestion';
import { isApiError, showError } from '@/lib/api-client';
import { showSuccess, showWarning } from '@/lib/toast';
import {
  MAX_REPORT_QUESTION_NOTE_CHARS,
  MAX_REPORT_QUESTIONS,
  MAX_REPORT_TEXT_CHARS,
  MAX_REPORT_TITLE_CHARS,
  REPORT_PUBLISHED,
  reportStatusBadge,
  subjectName,
} from '../analysis-dict';
import {
  ANALYSIS_ROUTES,
  analysisModulePath,
  fullPageSelectPath,
  reportingPreviewPath,
  selectErrorQuestionPath,
  stageReportPreviewPath,
} from '../analysis-paths';
import { periodText } from '../analysis-period';
import { useDeleteStageReport, usePublishStageReport, useSaveStageReport, useStageReport } from '../api/reports';
import {
  canPublish,
  changed,
  moved,
  noteError,
  type ReportValues,
  saveBodyOf,
  valuesErrors,
  valuesOf,
} from '../report-values';
import { MasteryTable, PaperCards, TotalsCards } from './analysis-figures';
import { PageHeading } from './page-heading';
import { MarkBadge, QuestionBlock, StudentAnswer } from './question-block';
import { ReportView } from './report-view';

/**
 * 报告编辑 (/easyServer/reportingEdit?reportId=): the teacher's draft — its title, 阶段总结,
 * 老师评语 and 后续计划, the questions it shows (in order, each with a note; more from 选择错题 and
 * 整页选题), and the analysis it carries, computed by the server. 保存 sends the version read (a
 * newer one is not overwritten: the page says to refresh); 发布 needs a summary or a comment and
 * makes the report read-only; leaving with unsaved changes asks first. Anyone else, or a
 * published report, reads it here read-only.
 */
export function ReportingEdit({ reportId }: { reportId: number }) {
  const query = useStageReport(reportId);
  return (
    <QueryPage query={query}>
      {(report) =>
        report.canEdit ? (
          <ReportEditor report={report} onRefresh={async () => (await query.refetch()).data} />
        ) : (
          <ReadOnlyReport report={report} />
        )
      }
    </QueryPage>
  );
}

function ReadOnlyReport({ report }: { report: StageReport }) {
  const published = report.status === REPORT_PUBLISHED;
  return (
    <>
      <PageHeading route={ANALYSIS_ROUTES.edit}>
        <Anchor component={Link} to={analysisModulePath(report.student.id)} size="sm">
          学情分析
        </Anchor>
      </PageHeading>
      <Alert color={published ? 'green' : 'yellow'} title={published ? '报告已发布' : '不能编辑此报告'}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{published ? '已发布的报告不能再修改。' : '只有撰写报告的老师可以编辑草稿。'}</Text>
          <Anchor
            component={Link}
            to={published ? stageReportPreviewPath(report.id) : reportingPreviewPath(report.id)}
            size="sm"
          >
            {published ? '查看阶段报告' : '预览报告'}
          </Anchor>
        </Stack>
      </Alert>
      <ReportView report={report} />
    </>
  );
}

type TextField = 'summary' | 'comment' | 'nextPlan';

const TEXT_FIELDS: readonly { key: TextField; label: string; placeholder: string }[] = [
  { key: 'summary', label: '阶段总结', placeholder: '这段时间的学习情况、进步与不足' },
  { key: 'comment', label: '老师评语', placeholder: '写给学生和家长的话' },
  { key: 'nextPlan', label: '后续计划', placeholder: '接下来的学习安排与建议' },
];

/** The analysis the report carries, computed by the server (drawn again only when it is read again). */
const ReportData = memo(function ReportData({ report }: { report: StageReport }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="学情数据">
      <Stack gap="sm">
        <Title order={5}>学情数据</Title>
        <Text size="xs" c="dimmed">
          以下数据由系统按报告时段内已批改的作业计算，打开报告时按最新批改结果更新。
        </Text>
        <TotalsCards totals={report.analysis.totals} />
        {report.paper && <PaperCards paper={report.paper} />}
        <MasteryTable points={report.paper ? report.paper.points : report.analysis.points} />
      </Stack>
    </Paper>
  );
});

interface ReportEditorProps {
  report: StageReport;
  /** Reads the report again; the version read, or undefined when it could not be read. */
  onRefresh: () => Promise<StageReport | undefined>;
}

function ReportEditor({ report, onRefresh }: ReportEditorProps) {
  const save = useSaveStageReport();
  const publish = usePublishStageReport();
  const remove = useDeleteStageReport();
  const navigate = useNavigate();
  /** The version the form started from (sent as `updatedAt`). */
  const [base, setBase] = useState(report);
  const [values, setValues] = useState<ReportValues>(() => valuesOf(report));
  const [showErrors, setShowErrors] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'publish' | 'delete' | null>(null);
  const dirty = changed(values, base);

  // A newer version read while nothing is changed here (questions added from a picker) is taken.
  if (report.updatedAt !== base.updatedAt && report.id === base.id && !dirty) {
    setBase(report);
    setValues(valuesOf(report));
  }

  // Leaving with unsaved changes asks first (a route change, and closing the page); publishing
  // and deleting leave at once, before React has drawn the page again, so they release the guard.
  const leaveGuard = useLeaveGuard(dirty);

  const errors = showErrors ? valuesErrors(values) : {};
  const questions = new Map<number, StageReportQuestion>(
    [...base.questions, ...report.questions].map((q) => [q.questionId, q]),
  );
  const busy = save.isPending || publish.isPending || remove.isPending;

  const take = (next: StageReport) => {
    setBase(next);
    setValues(valuesOf(next));
    setShowErrors(false);
    setConflict(null);
  };

  /** Saves the form; the report saved, or null when it was not. */
  const submit = async (): Promise<StageReport | null> => {
    const problems = valuesErrors(values);
    if (Object.keys(problems).length > 0 || values.questions.some((q) => noteError(q.note))) {
      setShowErrors(true);
      showWarning('请先修改标红的内容');
      return null;
    }
    try {
      const next = await save.mutateAsync(saveBodyOf(base, values));
      take(next);
      return next;
    } catch (e) {
      if (isApiError(e, ErrorCode.Conflict)) setConflict(e.message);
      else showError(e instanceof Error ? e.message : '保存失败');
      return null;
    }
  };

  const refresh = async () => {
    const fresh = await onRefresh();
    if (fresh) take(fresh);
  };

  const askPublish = () => {
    if (!canPublish(values)) {
      showWarning('请先填写阶段总结或老师评语再发布');
      return;
    }
    setConfirming('publish');
  };

  const publishNow = async () => {
    try {
      if (dirty && !(await submit())) {
        setConfirming(null);
        return;
      }
      const published = await publish.mutateAsync(base.id);
      leaveGuard.release();
      showSuccess('报告已发布');
      void navigate(stageReportPreviewPath(published.id));
    } catch {
      // The API client said why; the draft stays.
      setConfirming(null);
    }
  };

  const deleteNow = async () => {
    try {
      await remove.mutateAsync(base.id);
      leaveGuard.release();
      showSuccess('报告已删除');
      void navigate(analysisModulePath(base.student.id));
    } catch {
      setConfirming(null);
    }
  };

  const setQuestions = (next: ReportValues['questions']) => setValues((v) => ({ ...v, questions: next }));
  const status = reportStatusBadge(base.status, base.statusName);
  const room = MAX_REPORT_QUESTIONS - values.questions.length;

  return (
    <>
      <PageHeading route={ANALYSIS_ROUTES.edit}>
        <Anchor component={Link} to={analysisModulePath(base.student.id)} size="sm">
          学情分析
        </Anchor>
        <Anchor component={Link} to={studentPath(base.student.id)} size="sm">
          学生详情
        </Anchor>
        <Button component={Link} to={reportingPreviewPath(base.id)} size="xs" variant="default">
          预览
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming('delete')} disabled={busy}>
          删除
        </Button>
      </PageHeading>
      <Group gap="lg" aria-label="报告信息">
        <Badge variant="light" color={status.color}>
          {status.text}
        </Badge>
        <Text size="sm">{base.templateName}</Text>
        <Text size="sm">
          学生：{base.student.name}（{base.student.code || '-'}）
        </Text>
        <Text size="sm">时间范围：{periodText(base.from, base.to)}</Text>
        <Text size="sm">学科：{subjectName(base.subject)}</Text>
      </Group>
      {conflict && (
        <Alert color="red" title="未能保存" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{conflict}</Text>
            <Button size="xs" variant="default" onClick={() => void refresh()}>
              刷新（放弃本页未保存的修改）
            </Button>
          </Stack>
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" component="section" aria-label="报告内容">
        <Stack gap="sm">
          <TextInput
            label="报告标题"
            required
            maxLength={MAX_REPORT_TITLE_CHARS}
            value={values.title}
            error={errors.title}
            onChange={(e) => {
              const title = e.currentTarget.value;
              setValues((v) => ({ ...v, title }));
            }}
          />
          {TEXT_FIELDS.map((f) => (
            <Textarea
              key={f.key}
              label={f.label}
              placeholder={f.placeholder}
              autosize
              minRows={3}
              maxRows={12}
              maxLength={MAX_REPORT_TEXT_CHARS}
              description={`${values[f.key].length}/${MAX_REPORT_TEXT_CHARS}`}
              value={values[f.key]}
              error={errors[f.key]}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setValues((v) => ({ ...v, [f.key]: text }));
              }}
            />
          ))}
        </Stack>
      </Paper>
      <Stack gap="sm" component="section" aria-label="报告题目">
        <Group justify="space-between">
          <Title order={5}>
            报告题目（{values.questions.length}/{MAX_REPORT_QUESTIONS}）
          </Title>
          <Group gap="sm">
            <Button component={Link} to={selectErrorQuestionPath(base.id)} size="xs" variant="light">
              选择错题
            </Button>
            <Button component={Link} to={fullPageSelectPath(base.id)} size="xs" variant="light">
              整页选题
            </Button>
          </Group>
        </Group>
        {values.questions.length === 0 && (
          <Text size="sm" c="dimmed">
            还没有题目：从「选择错题」或「整页选题」加入。
          </Text>
        )}
        {room <= 0 && (
          <Text size="sm" c="orange">
            报告最多展示 {MAX_REPORT_QUESTIONS} 道题。
          </Text>
        )}
        {values.questions.map((item, i) => {
          const q = questions.get(item.questionId);
          if (!q) return null;
          const n = i + 1;
          return (
            <QuestionBlock
              key={item.questionId}
              number={n}
              question={q}
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
              leading={
                <Group gap={2}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`上移第${n}题`}
                    disabled={i === 0}
                    onClick={() => setQuestions(moved(values.questions, i, i - 1))}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`下移第${n}题`}
                    disabled={i === values.questions.length - 1}
                    onClick={() => setQuestions(moved(values.questions, i, i + 1))}
                  >
                    ↓
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    color="red"
                    aria-label={`移除第${n}题`}
                    onClick={() => setQuestions(values.questions.filter((_, j) => j !== i))}
                  >
                    ×
                  </ActionIcon>
                </Group>
              }
            >
              <StudentAnswer answer={q.studentAnswer} />
              <Textarea
                label={`第${n}题点评`}
                placeholder="写给学生的点评（可选）"
                autosize
                minRows={1}
                maxRows={6}
                maxLength={MAX_REPORT_QUESTION_NOTE_CHARS}
                value={item.note}
                error={showErrors ? noteError(item.note) : null}
                onChange={(e) => {
                  const note = e.currentTarget.value;
                  setQuestions(values.questions.map((x, j) => (j === i ? { ...x, note } : x)));
                }}
              />
            </QuestionBlock>
          );
        })}
      </Stack>
      <ReportData report={report} />
      <Group justify="flex-end" gap="sm">
        {dirty && (
          <Text size="sm" c="orange">
            有未保存的修改
          </Text>
        )}
        <Button
          variant="default"
          onClick={() =>
            void submit().then((next) => {
              if (next) showSuccess('报告已保存');
            })
          }
          loading={save.isPending && confirming === null}
          disabled={busy}
        >
          保存
        </Button>
        <Button onClick={askPublish} disabled={busy}>
          发布
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming === 'publish'}
        title="发布报告"
        message="发布后报告不能再修改，学生的其他老师也可以查看。确定发布吗？"
        confirmLabel="发布"
        busy={busy}
        onConfirm={() => void publishNow()}
        onClose={() => setConfirming(null)}
      />
      <ConfirmModal
        opened={confirming === 'delete'}
        title="删除报告"
        message={`确定删除「${base.title}」吗？删除后不可恢复。`}
        confirmLabel="删除"
        busy={busy}
        onConfirm={() => void deleteNow()}
        onClose={() => setConfirming(null)}
      />
      <LeaveGuard guard={leaveGuard} />
    </>
  );
}
