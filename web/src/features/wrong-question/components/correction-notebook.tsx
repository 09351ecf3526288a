import { Button, Grid, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { StatCards } from '@/components/stat-cards';
import { countColumn, instantColumn, textColumn } from '@/features/teaching/components/columns';
import type { WrongClassSummary } from '@/generated/WrongClassSummary';
import type { WrongStudentSummary } from '@/generated/WrongStudentSummary';
import type { RealtimeClient } from '@/lib/realtime';
import { showSuccess } from '@/lib/toast';
import { useSendSimilarBatch } from '../api/similar-batch';
import { useSimilarBatchLive } from '../api/use-similar-batch-live';
import { useExistStatus, useWrongClassGroups, useWrongStudents } from '../api/wrong-questions';
import { BATCH_STUDENT_LIMIT } from '../wrong-dict';
import { SimilarBatchPanel } from './similar-batch-panel';
import { WrongQuestionList } from './wrong-question-list';

const idOf = (params: URLSearchParams, name: string): number | null => {
  const id = Number(params.get(name));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export interface CorrectionNotebookProps {
  title: string;
  /** The push client (a fake one in tests). */
  realtime?: RealtimeClient;
}

/**
 * 错题本 (/correctionNotebook?classId=&studentId=): my classes by type with their wrong questions
 * counted; a class's students, 发送相似题 for their open wrong questions (all, or the students
 * picked) with the batch's state as its pushes tell it and 重新发送 of its failures; a student's
 * wrong questions, all or of one state.
 */
export function CorrectionNotebook({ title, realtime }: CorrectionNotebookProps) {
  useSimilarBatchLive(realtime);
  const [params, setParams] = useSearchParams();
  const classId = idOf(params, 'classId');
  const groups = useWrongClassGroups();
  const classes = (groups.data ?? []).flatMap((g) => g.classes);
  const current = classes.find((c) => c.classId === classId) ?? null;
  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <nav aria-label="班级">
            {groups.isPending && (
              <Text size="sm" c="dimmed">
                加载中…
              </Text>
            )}
            {groups.isSuccess && classes.length === 0 && (
              <Text size="sm" c="dimmed">
                暂无班级
              </Text>
            )}
            {(groups.data ?? []).map((g) => (
              <Stack key={g.classType} gap={2} mb="sm">
                <Text size="xs" c="dimmed" fw={600}>
                  {g.typeName}
                </Text>
                {g.classes.map((c) => (
                  <NavLink
                    key={c.classId}
                    label={c.className}
                    description={`${c.subjectName} · 待巩固 ${c.open} · 已推送 ${c.sent}`}
                    active={c.classId === classId}
                    aria-current={c.classId === classId ? 'true' : undefined}
                    onClick={() => setParams({ classId: String(c.classId) })}
                  />
                ))}
              </Stack>
            ))}
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {current ? (
            <ClassNotebook
              key={current.classId}
              klass={current}
              studentId={idOf(params, 'studentId')}
              onStudent={(id) => setParams({ classId: String(current.classId), studentId: String(id) })}
            />
          ) : (
            <Text c="dimmed" p="md">
              {classId === null ? '选择一个班级查看学生的错题。' : '班级不存在或无权查看'}
            </Text>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function ClassNotebook({
  klass,
  studentId,
  onStudent,
}: {
  klass: WrongClassSummary;
  studentId: number | null;
  onStudent: (studentId: number) => void;
}) {
  const students = useWrongStudents(klass.classId);
  const [selected, setSelected] = useState<WrongStudentSummary[]>([]);
  const selectedIds = selected.map((s) => s.studentId);
  const exist = useExistStatus(klass.classId, selectedIds);
  const send = useSendSimilarBatch();
  const [batchId, setBatchId] = useState<number | null>(null);
  const sending = exist.data?.sendingBatchId ?? 0;
  const shownBatch = batchId ?? (sending > 0 ? sending : null);
  const tooMany = selected.length > BATCH_STUDENT_LIMIT;
  const canSend = exist.data !== undefined && exist.data.exist && sending === 0 && !tooMany;
  const student = (students.data ?? []).find((s) => s.studentId === studentId);

  const columns: ListTableColumn<WrongStudentSummary>[] = [
    {
      accessor: 'studentName',
      title: '学生',
      width: 110,
      render: (s) => (
        <Button size="compact-sm" variant="subtle" onClick={() => onStudent(s.studentId)}>
          {s.studentName}
        </Button>
      ),
    },
    textColumn('studentCode', '学员编号', 130),
    countColumn('total', '错题', 70),
    countColumn('open', '待巩固', 80),
    countColumn('sent', '已推送', 80),
    countColumn('mastered', '已掌握', 80),
    instantColumn('lastWrongTime', '最近错题时间'),
  ];

  return (
    <Stack gap="md">
      <StatCards
        title={`${klass.className} · ${klass.subjectName}`}
        busy={students.isFetching}
        cols={{ base: 2, sm: 5 }}
        items={[
          { label: '学生数', value: String(klass.studentCount) },
          { label: '有错题的学生', value: String(klass.studentsWithOpen) },
          { label: '待巩固', value: String(klass.open) },
          { label: '已推送相似题', value: String(klass.sent) },
          { label: '已掌握', value: String(klass.mastered) },
        ]}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {selected.length > 0
            ? `将给选中的 ${selected.length} 名学生发送相似题`
            : '将给全班有待巩固错题的学生发送相似题（可勾选部分学生）'}
          {exist.data && `；待巩固 ${exist.data.open} 道`}
          {tooMany && `；一次最多 ${BATCH_STUDENT_LIMIT} 名学生`}
        </Text>
        <Button
          size="xs"
          disabled={!canSend}
          loading={send.isPending}
          onClick={() =>
            send.mutate(
              selectedIds.length > 0 ? { classId: klass.classId, studentIds: selectedIds } : { classId: klass.classId },
              {
                onSuccess: (batch) => {
                  setBatchId(batch.batchId);
                  showSuccess(`已提交发送：${batch.total} 道错题的相似题`);
                },
              },
            )
          }
        >
          发送相似题
        </Button>
      </Group>
      {shownBatch !== null && <SimilarBatchPanel batchId={shownBatch} />}
      <ListTable<WrongStudentSummary>
        label="班级学生错题"
        storeKey="wrong-question-students"
        columns={columns}
        records={students.data ?? []}
        idAccessor="studentId"
        rowAttributes={(s) => ({ 'aria-label': s.studentName })}
        noRecordsText={students.isPending ? '加载中…' : '暂无学生'}
        fetching={students.isFetching}
        selection={{ selected, onChange: setSelected, label: (s) => s.studentName }}
        pinFirstColumn
      />
      {student && (
        <WrongQuestionList key={student.studentId} studentId={student.studentId} studentName={student.studentName} />
      )}
    </Stack>
  );
}
