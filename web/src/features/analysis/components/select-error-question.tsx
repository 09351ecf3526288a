import { Badge, Center, Checkbox, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CellBadge } from '@/components/data-table/cell-badge';
import { WRONG_STATUSES, wrongStatusBadge } from '@/features/wrong-question/wrong-dict';
import type { AnalysisWrongQuestion } from '@/generated/AnalysisWrongQuestion';
import type { StageReport } from '@/generated/StageReport';
import { formatInstant } from '@/lib/report-format';
import { ANALYSIS_ROUTES } from '../analysis-paths';
import { useAnalysisWrongQuestions } from '../api/analysis';
import { QuestionBlock, StudentAnswer } from './question-block';
import { PickerBar, PickerPage } from './report-picker';
import { usePicked } from './use-picked';

const ALL = '0';
const STATUS_CHOICES = [
  { value: ALL, label: '全部' },
  ...WRONG_STATUSES.map((s) => ({ value: String(s.status), label: s.text })),
];

/**
 * 选择错题 (/easyServer/selectErrorQuestion?reportId=): the wrong questions of the report's student
 * (those last answered wrong in the report's period unless 全部时间 is chosen), by state and by a
 * knowledge point of the report's analysis; those picked are added to the report. The questions
 * already in it are marked and cannot be picked again.
 */
export function SelectErrorQuestion({ reportId }: { reportId: number }) {
  return (
    <PickerPage reportId={reportId} route={ANALYSIS_ROUTES.selectWrong}>
      {(report) => <WrongPicker report={report} />}
    </PickerPage>
  );
}

function WrongPicker({ report }: { report: StageReport }) {
  const [status, setStatus] = useState(ALL);
  const [nodeId, setNodeId] = useState(ALL);
  const [inPeriod, setInPeriod] = useState(true);
  const query = useAnalysisWrongQuestions({
    studentId: report.student.id,
    status: Number(status),
    nodeId: Number(nodeId),
    from: inPeriod ? report.from : null,
    to: inPeriod ? report.to : null,
  });
  const { picked, inReport, full, isPicked, set } = usePicked(report);
  const pointChoices = [
    { value: ALL, label: '全部知识点' },
    ...report.analysis.points.map((p) => ({ value: String(p.nodeId), label: p.name })),
  ];
  const rows = query.data ?? [];

  return (
    <>
      <Group gap="sm" align="flex-end" role="search" aria-label="筛选条件">
        <Select
          size="xs"
          label="错题状态"
          w={140}
          data={STATUS_CHOICES}
          value={status}
          allowDeselect={false}
          onChange={(v) => setStatus(v ?? ALL)}
        />
        <Select
          size="xs"
          label="知识点"
          w={220}
          data={pointChoices}
          value={nodeId}
          allowDeselect={false}
          searchable
          onChange={(v) => setNodeId(v ?? ALL)}
        />
        <Checkbox
          size="xs"
          mb={6}
          label="只看报告时段内的错题"
          checked={inPeriod}
          onChange={(e) => setInPeriod(e.currentTarget.checked)}
        />
      </Group>
      {query.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label="加载中" />
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl">
          没有符合条件的错题
        </Text>
      ) : (
        <Stack gap="sm" aria-label="错题" role="list" aria-busy={query.isFetching || undefined}>
          {rows.map((w, i) => (
            <div role="listitem" key={w.questionId}>
              <WrongQuestionItem
                wrong={w}
                number={i + 1}
                inReport={inReport.has(w.questionId)}
                picked={isPicked(w.questionId)}
                disabled={full}
                onPick={(on) => set([w.questionId], on)}
              />
            </div>
          ))}
        </Stack>
      )}
      <PickerBar report={report} picked={picked} />
    </>
  );
}

function WrongQuestionItem({
  wrong,
  number,
  inReport,
  picked,
  disabled,
  onPick,
}: {
  wrong: AnalysisWrongQuestion;
  number: number;
  inReport: boolean;
  picked: boolean;
  disabled: boolean;
  onPick: (on: boolean) => void;
}) {
  const status = wrongStatusBadge(wrong.status, wrong.statusName);
  return (
    <QuestionBlock
      number={number}
      question={wrong}
      leading={
        <Checkbox
          aria-label={`选择第${number}题`}
          checked={inReport || picked}
          disabled={inReport || (disabled && !picked)}
          onChange={(e) => onPick(e.currentTarget.checked)}
        />
      }
      badges={
        <>
          <CellBadge color={status.color} text={status.text} />
          {inReport && (
            <Badge size="sm" color="teal" variant="filled">
              已在报告中
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {wrong.className} · 错 {wrong.wrongCount} 次 · 最近 {formatInstant(wrong.lastWrongAt)}
          </Text>
        </>
      }
    >
      <StudentAnswer answer={wrong.lastAnswer} label="最近错答" />
    </QuestionBlock>
  );
}
