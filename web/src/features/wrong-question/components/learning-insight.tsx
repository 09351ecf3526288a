import { Alert, Select, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { StatCards } from '@/components/stat-cards';
import { Loading } from '@/features/teaching/components/loading';
import type { WrongClassSummary } from '@/generated/WrongClassSummary';
import { formatCount } from '@/lib/report-format';
import { useWrongClassGroups } from '../api/wrong-questions';
import { ClassStudents, ClassTasks } from './class-insight-tables';

const idOf = (value: string | null): number | null => {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * 学情洞察 (/easyLessonPreparation/insightLearningSituation?classId=): one of my classes (the first
 * by default) as its students' work shows it — the wrong questions counted (待巩固, 已推送相似题,
 * 已掌握) from wrongQuestion/class/group/list, each task with answers in and how the class did on it
 * (lesson/report/hasAnswer/list/v2, with links to its analysis by knowledge point and by question),
 * and each student's wrong questions (wrongQuestion/task/studentSummaryInfo, with their notebook).
 */
export function LearningInsight({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const asked = idOf(params.get('classId'));
  const groups = useWrongClassGroups();
  const classes = (groups.data ?? []).flatMap((g) => g.classes);
  const current = asked === null ? (classes[0] ?? null) : (classes.find((c) => c.classId === asked) ?? null);
  const options = (groups.data ?? [])
    .map((g) => ({
      group: g.typeName,
      items: g.classes.map((c) => ({ value: String(c.classId), label: `${c.className}（${c.subjectName || '-'}）` })),
    }))
    .filter((g) => g.items.length > 0);

  let body;
  if (groups.isPending) body = <Loading />;
  else if (groups.isError)
    body = (
      <Alert color="orange" title="班级未能读取">
        {groups.error.message}
      </Alert>
    );
  else if (classes.length === 0) body = <Text c="dimmed">暂无班级</Text>;
  else if (!current) body = <Text c="dimmed">该班级不存在或不是我的班级</Text>;
  else body = <ClassInsight key={current.classId} summary={current} busy={groups.isFetching} />;

  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <Select
        label="班级"
        placeholder={groups.isPending ? '加载中…' : '请选择班级'}
        searchable
        data={options}
        value={current ? String(current.classId) : null}
        allowDeselect={false}
        onChange={(v) => v && setParams({ classId: v })}
        maw={360}
      />
      {body}
    </Stack>
  );
}

function ClassInsight({ summary, busy }: { summary: WrongClassSummary; busy: boolean }) {
  return (
    <Stack gap="lg">
      <StatCards
        title="班级概况"
        busy={busy}
        items={[
          { label: '学生数', value: formatCount(summary.studentCount) },
          { label: '有待巩固错题的学生', value: formatCount(summary.studentsWithOpen) },
          { label: '待巩固错题', value: formatCount(summary.open) },
          { label: '已推送相似题', value: formatCount(summary.sent) },
          { label: '已掌握错题', value: formatCount(summary.mastered) },
        ]}
      />
      <ClassTasks classId={summary.classId} />
      <ClassStudents classId={summary.classId} />
    </Stack>
  );
}
