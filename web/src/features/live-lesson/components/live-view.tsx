import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { CellBadge } from '@/components/data-table/cell-badge';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import { StatCards } from '@/components/stat-cards';
import type { LiveLessonDetail } from '@/generated/LiveLessonDetail';
import type { LivePresence } from '@/generated/LivePresence';
import type { LiveStudent } from '@/generated/LiveStudent';
import { formatText } from '@/lib/report-format';
import { useStayClock } from '../hooks/use-stay-clock';
import { formatMoment, formatStay, presenceBadge, studentBadge } from '../live-dict';
import { FactGrid } from './lesson-header';

export const STUDENT_TABLE = '学员在教室情况';

/** A stay's seconds with an open stay counted on by `grown`. */
const staySeconds = (presence: LivePresence, grown: number) => presence.seconds + (presence.inRoom ? grown : 0);

/** The students' columns; the lesson's start places the times of entries and exits. */
function studentColumns(detail: LiveLessonDetail, grown: number): ListTableColumn<LiveStudent>[] {
  const moment = (millis: number | undefined) => formatMoment(millis, detail.startAt);
  return [
    {
      accessor: 'studentName',
      title: '学员',
      width: 160,
      render: (s) => (s.studentCode ? `${formatText(s.studentName)}（${s.studentCode}）` : formatText(s.studentName)),
    },
    { accessor: 'groupName', title: '小组', width: 110, render: (s) => formatText(s.groupName) },
    {
      accessor: 'state',
      title: '状态',
      width: 100,
      render: (s) => {
        const badge = studentBadge(s);
        return <CellBadge color={badge.color} text={badge.text} />;
      },
    },
    { accessor: 'firstEntryAt', title: '首次进入', width: 120, render: (s) => moment(s.presence.firstEntryAt) },
    { accessor: 'lastExitAt', title: '最后离开', width: 120, render: (s) => moment(s.presence.lastExitAt) },
    {
      accessor: 'seconds',
      title: '时长',
      width: 120,
      render: (s) => formatStay(s.presence, staySeconds(s.presence, grown)),
    },
    { accessor: 'entries', title: '进入次数', width: 100, render: (s) => String(s.presence.entries) },
  ];
}

/** The main teacher's presence (a region 主讲老师). */
function TeacherPresence({ detail, grown }: { detail: LiveLessonDetail; grown: number }) {
  const { teacher } = detail;
  const badge = presenceBadge(teacher);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="主讲老师">
      <Stack gap="sm">
        <Title order={5}>主讲老师</Title>
        <FactGrid
          facts={[
            ['老师', detail.teacherName],
            [
              '状态',
              <Badge key="state" color={badge.color} variant="light">
                {badge.text}
              </Badge>,
            ],
            ['首次进入', formatMoment(teacher.firstEntryAt, detail.startAt)],
            ['时长', formatStay(teacher, staySeconds(teacher, grown))],
          ]}
        />
      </Stack>
    </Paper>
  );
}

export interface LiveViewProps {
  detail: LiveLessonDetail;
  /** When the detail arrived (the query's `dataUpdatedAt`): open stays count on from it. */
  readAt: number;
}

/**
 * The lesson's room now: the main teacher's presence, how many students are in the room, have
 * entered and are on the roster, and each student's presence. Open stays count on by themselves;
 * every entry and exit reads the lesson again (the page's signal), so nothing here polls.
 */
export function LiveView({ detail, readAt }: LiveViewProps) {
  const grown = useStayClock(detail, readAt);
  return (
    <Stack gap="md">
      <TeacherPresence detail={detail} grown={grown} />
      <StatCards
        title="到课情况"
        busy={false}
        cols={{ base: 3 }}
        items={[
          { label: '在教室', value: String(detail.present) },
          { label: '已进入', value: String(detail.entered) },
          { label: '学员', value: String(detail.students.length) },
        ]}
      />
      <section aria-label="学员">
        <ListTable<LiveStudent>
          label={STUDENT_TABLE}
          storeKey="live-lesson-students"
          columns={studentColumns(detail, grown)}
          records={detail.students}
          idAccessor="studentId"
          rowAttributes={(s) => ({ 'aria-label': s.studentName })}
          noRecordsText="暂无学员"
          pinFirstColumn
        />
      </section>
      <Text size="xs" c="dimmed">
        以上为实时数据：学员进出教室时自动更新
      </Text>
    </Stack>
  );
}
