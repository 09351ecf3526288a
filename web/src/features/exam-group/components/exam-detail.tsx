import { Anchor, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CellBadge } from '@/components/data-table/cell-badge';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { FactsCard } from '@/features/teaching/components/facts';
import { Loading, NotLoaded } from '@/features/teaching/components/loading';
import type { ExamDetail as ExamDetailData } from '@/generated/ExamDetail';
import type { ExamMember } from '@/generated/ExamMember';
import { formatAverage, formatCount, formatInstant, formatText } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useAddExamMembers, useNotSubmitted, useSaveScores } from '../api/exam-members';
import { useExamDetail } from '../api/exams';
import { useGroupsShown } from '../api/white-check';
import { EXAM_STATUS } from '../exam-dict';
import { examListPath } from '../exam-paths';
import { changedScores, scoreText } from '../scores';
import { examTime } from './exam-columns';
import { ExamStatusBadge } from './exam-status-badge';
import { RevokeButton } from './revoke-button';
import { ShareModal } from './share-modal';
import { StudentPicker } from './student-picker';

type MemberFilter = 'all' | 'notSubmitted';

/**
 * 考试详情 (/easyexamination/offlineExam/examDetail?examId=): the exam's facts; its members with a
 * score input each (the changed scores saved in one call; an emptied score clears the result),
 * all or only those not handed in; for its publisher 添加学生, 共享 and 撤回.
 */
export function ExamDetail({ examId }: { examId: number }) {
  const detail = useExamDetail(examId);
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <NotLoaded text={detail.error.message || undefined} />;
  return <DetailPage key={detail.data.exam.examId} data={detail.data} />;
}

function DetailPage({ data }: { data: ExamDetailData }) {
  const { exam, canManage } = data;
  const examId = exam.examId;
  const published = exam.status === EXAM_STATUS.published;
  const groupsShown = useGroupsShown() === true;
  const [filter, setFilter] = useState<MemberFilter>('all');
  const notSubmitted = useNotSubmitted(examId, filter === 'notSubmitted');
  const [drafts, setDrafts] = useState<ReadonlyMap<number, string>>(new Map());
  const [adding, setAdding] = useState(false);
  const [sharing, setSharing] = useState(false);
  const save = useSaveScores(examId);
  const addMembers = useAddExamMembers(examId);

  const members = filter === 'all' ? data.members : (notSubmitted.data ?? []);
  const { scores, errors } = changedScores(data.members, drafts, exam.fullScore);
  const memberIds = new Set(data.members.map((m) => m.studentId));

  const setDraft = (studentId: number, text: string) => setDrafts((current) => new Map(current).set(studentId, text));

  const submit = () =>
    save.mutate(scores, {
      onSuccess: (row) => {
        setDrafts(new Map());
        showSuccess(`已保存 ${scores.length} 名学生的成绩，平均分 ${formatAverage(row.averageScore)}`);
      },
    });

  const columns: ListTableColumn<ExamMember>[] = [
    { accessor: 'studentName', title: '姓名', width: 100 },
    { accessor: 'studentCode', title: '学号', width: 100 },
    { accessor: 'grade', title: '年级', width: 70, render: (m) => formatText(m.grade) },
    { accessor: 'groupName', title: '分组', width: 120, render: (m) => formatText(m.groupName) },
    {
      accessor: 'submitted',
      title: '状态',
      width: 80,
      render: (m) => <CellBadge color={m.submitted ? 'green' : 'gray'} text={m.submitted ? '已交' : '未交'} />,
    },
    {
      accessor: 'score',
      title: `成绩（满分${exam.fullScore}）`,
      width: 200,
      toggleable: false,
      render: (m) => {
        const draft = drafts.get(m.studentId);
        const value = draft ?? scoreText(m.score);
        return (
          <Group gap={4} wrap="nowrap" align="flex-start">
            <TextInput
              size="xs"
              w={90}
              inputMode="decimal"
              aria-label={`${m.studentName}的成绩`}
              placeholder="未录入"
              value={value}
              disabled={!published}
              error={errors.get(m.studentId)}
              onChange={(e) => setDraft(m.studentId, e.currentTarget.value)}
            />
            {published && value !== '' && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                aria-label={`清除${m.studentName}的成绩`}
                onClick={() => setDraft(m.studentId, '')}
              >
                清除
              </Button>
            )}
          </Group>
        );
      },
    },
    { accessor: 'submittedAt', title: '提交时间', width: 150, render: (m) => formatInstant(m.submittedAt) },
  ];

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Anchor component={Link} to={examListPath(exam.mine ? 'mine' : 'shared')} size="sm">
          ‹ 考试列表
        </Anchor>
        {canManage && (
          <Group gap="xs">
            {published && groupsShown && (
              <Button size="xs" variant="light" onClick={() => setAdding(true)}>
                添加学生
              </Button>
            )}
            <Button size="xs" variant="default" onClick={() => setSharing(true)}>
              共享
            </Button>
            {published && <RevokeButton examId={examId} examName={exam.examName} />}
          </Group>
        )}
      </Group>
      <FactsCard
        title={exam.examName}
        badges={<ExamStatusBadge status={exam.status} name={exam.statusName} />}
        facts={[
          ['考试时间', examTime(exam)],
          ['试卷', exam.paperTitle],
          ['满分', String(exam.fullScore)],
          ['平均分', formatAverage(exam.averageScore)],
          ['已交/人数', `${formatCount(exam.submittedCount)}/${formatCount(exam.memberCount)}`],
          ['发布人', exam.ownerName],
          ['发布时间', formatInstant(exam.publishedAt)],
          ['共享给', data.sharedWith.map((u) => u.name || u.email).join('、')],
        ]}
      />
      <Group justify="space-between">
        <SegmentedControl
          size="xs"
          aria-label="成员筛选"
          data={[
            { value: 'all', label: `全部成员（${data.members.length}）` },
            { value: 'notSubmitted', label: `未交（${exam.memberCount - exam.submittedCount}）` },
          ]}
          value={filter}
          onChange={(v) => setFilter(v === 'notSubmitted' ? 'notSubmitted' : 'all')}
        />
        {published && (
          <Group gap="xs">
            <Text size="sm" c={errors.size > 0 ? 'red' : 'dimmed'}>
              {errors.size > 0
                ? `${errors.size} 个成绩有误`
                : scores.length > 0
                  ? `已修改 ${scores.length} 名学生的成绩`
                  : '输入成绩后保存；清空即清除成绩'}
            </Text>
            <Button
              size="xs"
              variant="default"
              disabled={drafts.size === 0 || save.isPending}
              onClick={() => setDrafts(new Map())}
            >
              撤销修改
            </Button>
            <Button
              size="xs"
              disabled={scores.length === 0 || errors.size > 0}
              loading={save.isPending}
              onClick={submit}
            >
              保存成绩
            </Button>
          </Group>
        )}
      </Group>
      <ListTable<ExamMember>
        label="考试成员"
        storeKey="exam-members"
        columns={columns}
        records={members}
        idAccessor="studentId"
        rowAttributes={(m) => ({ 'aria-label': m.studentName })}
        noRecordsText={
          filter === 'notSubmitted' && notSubmitted.isPending
            ? '加载中…'
            : filter === 'notSubmitted'
              ? '所有学生都已提交'
              : '暂无成员'
        }
        fetching={filter === 'notSubmitted' && notSubmitted.isFetching}
        pinFirstColumn
      />
      {canManage && (
        <>
          <StudentPicker
            opened={adding}
            onClose={() => setAdding(false)}
            title="添加学生"
            taken={(s) => (memberIds.has(s.studentId) ? '已在考试' : null)}
            busy={addMembers.isPending}
            onSubmit={async (studentIds) => {
              const { changed } = await addMembers.mutateAsync(studentIds);
              showSuccess(`已添加 ${changed} 名学生`);
              setAdding(false);
            }}
          />
          <ShareModal examId={examId} sharedWith={data.sharedWith} opened={sharing} onClose={() => setSharing(false)} />
        </>
      )}
    </Stack>
  );
}
