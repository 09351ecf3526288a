import { Anchor, Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { WorkTaskRow } from '@/generated/WorkTaskRow';
import { useSession } from '@/lib/session';
import { formatDay, formatInstant, formatText } from '@/lib/report-format';
import { useWorkTask } from '../../api/task';
import { canFinish, myTaskPath, qcBadge, stateBadge } from '../../work-task-dict';
import { FinishModal } from '../finish-modal';

type Fact = [label: string, value: ReactNode];

/** A titled card of label–value pairs ('-' when empty). */
function FactsSection({ title, facts }: { title: string; facts: Fact[] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={5}>{title}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" verticalSpacing={6}>
          {facts.map(([label, value]) => (
            <Group key={label} gap={6} wrap="nowrap" align="flex-start" role="group" aria-label={label}>
              <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {label}：
              </Text>
              <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {typeof value === 'string' || value === null || value === undefined ? formatText(value) : value}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function StateBadge({ spec }: { spec: { text: string; color: string } }) {
  return (
    <Badge color={spec.color} variant="light">
      {spec.text}
    </Badge>
  );
}

/** A task's every field: the task, its lesson, its check. */
export function TaskView({ task, onFinish }: { task: WorkTaskRow; onFinish?: () => void }) {
  const state = stateBadge(task);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={4}>{formatText(task.taskName)}</Title>
          <StateBadge spec={state} />
        </Group>
        {onFinish && <Button onClick={onFinish}>完成</Button>}
      </Group>
      <FactsSection
        title="任务信息"
        facts={[
          ['课程类型', task.courseTypeDesc],
          ['任务名称', task.taskName],
          ['环节', task.stepName],
          ['执行人', task.executorEmail ? `${task.executorName}（${task.executorEmail}）` : task.executorName],
          ['执行角色', task.executorRoleDesc],
          ['状态', <StateBadge key="state" spec={state} />],
          ['开始时间', formatInstant(task.startAt)],
          ['截止时间', formatInstant(task.endAt)],
          ['完成时间', formatInstant(task.finishedAt)],
          ['完成说明', task.note],
        ]}
      />
      <FactsSection
        title="课程信息"
        facts={[
          ['学员', task.studentName],
          ['学员编号', task.studentCode],
          ['老师', task.teacherName],
          ['学校', task.schoolName],
          ['学科', task.subjectName],
          ['上课日期', formatDay(task.lessonTime)],
        ]}
      />
      <FactsSection
        title="质检信息"
        facts={[
          ['质检状态', <StateBadge key="qc" spec={qcBadge(task)} />],
          ['质检时间', formatInstant(task.qcAt)],
          ['质检人', task.qcOperatorName],
          ['质检备注', task.qcRemark],
          ...(task.firstTag ? ([['AI 标记', task.firstTag]] satisfies Fact[]) : []),
        ]}
      />
    </Stack>
  );
}

/**
 * /easyServer/workTaskDetail?id= (任务详情): one work task, for its executor or whoever's data scope
 * holds its lesson; its executor finishes it here while it is not done. A task that cannot be read
 * says why (the server's message: 任务不存在, 无权限).
 */
export function TaskDetail({ id }: { id: number }) {
  const query = useWorkTask(id);
  const userId = useSession((s) => s.user?.e2uid);
  const [finishing, setFinishing] = useState(false);

  if (query.isPending) {
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="加载中" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Stack p="md" gap="sm" align="center">
        <Text c="dimmed" role="alert">
          {query.error.message}
        </Text>
        <Anchor component={Link} to={myTaskPath()} size="sm">
          返回我的任务
        </Anchor>
      </Stack>
    );
  }
  const task = query.data;
  return (
    <Stack p="md" gap="md">
      <TaskView task={task} onFinish={canFinish(task, userId) ? () => setFinishing(true) : undefined} />
      <FinishModal task={finishing ? task : null} onClose={() => setFinishing(false)} />
    </Stack>
  );
}
