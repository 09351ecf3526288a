import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CellBadge } from '@/components/data-table/cell-badge';
import { formatInstant } from '@/lib/report-format';
import { useTaskCheck, useTaskDetail } from '../api/tasks';
import { TASK_STATUS, taskStatusBadge } from '../task-dict';
import { markAnswerPath, paperAnalysisPath, teacherCorrectPath } from '../task-paths';
import { SetTaskModal } from './set-task-modal';
import { TaskMessage } from './task-message';

export interface LessonTaskSectionProps {
  lessonId: number;
  classId: number;
}

/**
 * 课后任务 of an offline lesson (on 课表详情): the lesson's task — its name, questions, students and
 * state, with links to 教师批改, 试卷分析 and 标注答案 — or none yet; 布置任务 (or 修改任务 while
 * no answer is in) when the caller may set it, and why not when they may not.
 */
export function LessonTaskSection({ lessonId, classId }: LessonTaskSectionProps) {
  const check = useTaskCheck(lessonId);
  const c = check.data;
  const task = useTaskDetail(c?.exists ? c.taskId : null);
  const [setting, setSetting] = useState(false);
  const t = task.data;
  const status = taskStatusBadge(t?.status ?? c?.status ?? 0);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="课后任务">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={5}>课后任务</Title>
            {c?.exists && <CellBadge color={status.color} text={status.text} />}
          </Group>
          {c?.canEdit && (
            <Button size="xs" onClick={() => setSetting(true)}>
              {c.exists ? '修改任务' : '布置任务'}
            </Button>
          )}
        </Group>
        {check.isPending && (
          <Text size="sm" c="dimmed">
            加载中…
          </Text>
        )}
        {check.isError && (
          <Text size="sm" c="dimmed">
            未能读取课后任务
          </Text>
        )}
        {c && !c.exists && (
          <Text size="sm" c="dimmed">
            本课次还没有布置课后任务。
          </Text>
        )}
        {c?.reason && (
          <Text size="sm" c="orange.8" role="note">
            {c.reason}
          </Text>
        )}
        {t && (
          <Stack gap={6}>
            <Group gap="lg">
              <Text size="sm" aria-label="任务名称" fw={600}>
                {t.name}
              </Text>
              <Text size="sm" aria-label="题数">
                {t.questions.length} 道题
              </Text>
              <Text size="sm" aria-label="总分">
                总分 {t.totalScore}
              </Text>
              <Text size="sm" aria-label="学生数">
                {t.studentCount} 名学生
              </Text>
              <Text size="sm" c="dimmed">
                布置于 {formatInstant(t.createTime)}
              </Text>
            </Group>
            {t.status === TASK_STATUS.open && (
              <TaskMessage key={t.textContent} taskId={t.taskId} text={t.textContent} />
            )}
            <Group gap="md">
              <Anchor component={Link} to={teacherCorrectPath(t.taskId)} size="sm">
                教师批改
              </Anchor>
              <Anchor component={Link} to={paperAnalysisPath(t.taskId)} size="sm">
                试卷分析
              </Anchor>
              <Anchor component={Link} to={markAnswerPath()} size="sm">
                标注答案
              </Anchor>
            </Group>
          </Stack>
        )}
      </Stack>
      {c && (
        <SetTaskModal
          opened={setting}
          onClose={() => setSetting(false)}
          lessonId={lessonId}
          classId={classId}
          taskId={c.exists ? c.taskId : 0}
        />
      )}
    </Paper>
  );
}
