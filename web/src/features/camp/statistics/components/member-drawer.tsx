// A member's drawer: their figures, their record of every published task and, once asked for,
// a praise poster (an image to show and download). It follows the member's progress live as the
// page does (the same queries).

import { Alert, Anchor, Button, Drawer, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListTable, type ListTableColumn } from '@/components/data-table/list-table';
import type { MemberHead } from '@/generated/MemberHead';
import type { MemberTaskRow } from '@/generated/MemberTaskRow';
import { formatInstant, formatText } from '@/lib/report-format';
import { useMemberHead, useMemberTasks, usePraisePoster } from '../api/statistics';
import { formatCampRate, formatDoneOf, formatScore } from '../stats-format';
import { ProgressBadge } from './cells';
import { column, instantColumn, scoreColumn, textColumn } from './columns';

const TASK_COLUMNS: ListTableColumn<MemberTaskRow>[] = [
  textColumn('phaseName', '阶段', 160),
  textColumn('taskName', '任务', 160),
  textColumn('taskTypeName', '类型', 80),
  column<MemberTaskRow>('status', '状态', 90, (t) => <ProgressBadge code={t.status} name={t.statusName} />),
  scoreColumn('score', '得分', 80),
  instantColumn('doneAt', '完成时间'),
];

/** The member's figures, each a group named by its label. */
function HeadFacts({ head }: { head: MemberHead }) {
  const facts: [string, string][] = [
    ['学号', formatText(head.studentCode)],
    ['班级', formatText(head.className)],
    ['已完成/任务数', formatDoneOf(head.doneCount, head.taskCount)],
    ['完成率', formatCampRate(head.completionRate)],
    ['题集平均分', formatScore(head.averageScore)],
    ['学习状态', formatText(head.progressName)],
    ['加入时间', formatInstant(head.joinedAt)],
    ['最近学习', formatInstant(head.lastActiveAt)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" component="section" aria-label="学员概况">
      {facts.map(([label, value]) => (
        <Paper key={label} withBorder p="xs" role="group" aria-label={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600}>{value}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Poster({ campId, head }: { campId: number; head: MemberHead }) {
  const [asked, setAsked] = useState(false);
  const poster = usePraisePoster({ campId, memberId: head.memberId }, asked);
  const nothingDone = head.doneCount === 0;
  return (
    <Stack gap="xs" component="section" aria-label="表扬海报">
      <Group gap="sm">
        <Button
          size="xs"
          variant="light"
          disabled={nothingDone}
          loading={asked && poster.isFetching}
          onClick={() => setAsked(true)}
        >
          表扬海报
        </Button>
        {nothingDone && (
          <Text size="xs" c="dimmed">
            完成任务后可生成表扬海报
          </Text>
        )}
      </Group>
      {asked && poster.isError && (
        <Alert color="orange" variant="light">
          {poster.error.message}
        </Alert>
      )}
      {asked && poster.data && (
        <Stack gap={4} align="flex-start">
          <Text size="sm">{poster.data.achievement}</Text>
          <Image src={poster.data.image} alt={`${poster.data.studentName}的表扬海报`} w={300} radius="md" />
          <Anchor href={poster.data.image} download={`表扬海报-${poster.data.studentName}.svg`} size="sm">
            下载海报
          </Anchor>
        </Stack>
      )}
    </Stack>
  );
}

function MemberRecord({ campId, member }: { campId: number; member: MemberHead }) {
  const request = { campId, memberId: member.memberId };
  const head = useMemberHead(request).data ?? member;
  const tasks = useMemberTasks(request);
  return (
    <Stack gap="md">
      <HeadFacts head={head} />
      <Poster campId={campId} head={head} />
      <Title order={6}>任务记录</Title>
      <ListTable<MemberTaskRow>
        label="任务记录"
        storeKey="camp-stats-member-tasks"
        columns={TASK_COLUMNS}
        records={tasks.data ?? []}
        idAccessor="taskId"
        rowAttributes={(t) => ({ 'aria-label': t.taskName })}
        noRecordsText={tasks.isPending ? '加载中…' : '暂无任务'}
        fetching={tasks.isFetching}
        pinFirstColumn
      />
    </Stack>
  );
}

export interface MemberDrawerProps {
  campId: number;
  /** The member opened (the row clicked), null when closed. */
  member: MemberHead | null;
  onClose: () => void;
}

export function MemberDrawer({ campId, member, onClose }: MemberDrawerProps) {
  return (
    <Drawer
      opened={member !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={member ? `${member.studentName}的学习记录` : ''}
      closeButtonProps={{ 'aria-label': '关闭' }}
    >
      {member && <MemberRecord key={member.memberId} campId={campId} member={member} />}
    </Drawer>
  );
}
