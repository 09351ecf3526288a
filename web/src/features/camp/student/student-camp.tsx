import { Alert, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { StudentCampView } from '@/generated/StudentCampView';
import { isLive } from '../camp-dict';
import { StudentTaskCard } from './student-task-card';

function LockIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/**
 * The camp as the member follows it: progress, the notice of a paused or shut camp (which stops
 * every action), and the phases, a locked one with why, an open one with its tasks.
 */
export function StudentCamp({ view, memberToken }: { view: StudentCampView; memberToken: string }) {
  const live = isLive(view.status);
  const percent = view.taskCount > 0 ? Math.round((view.doneCount / view.taskCount) * 100) : 0;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3}>{view.campName}</Title>
        {view.description && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {view.description}
          </Text>
        )}
        <Text size="sm">{view.studentName}，欢迎加入！</Text>
      </Stack>
      <Card withBorder padding="sm" radius="md" aria-label="学习进度">
        <Group justify="space-between" mb={6}>
          <Text size="sm" fw={500}>
            学习进度
          </Text>
          <Text size="sm" data-role="progress">
            已完成 {view.doneCount}/{view.taskCount}
          </Text>
        </Group>
        <Progress value={percent} color="teal" aria-label={`完成 ${percent}%`} />
      </Card>
      {!live && (
        <Alert color="orange" variant="light" title={view.statusName} role="alert">
          {view.notice || `营地${view.statusName}`}，暂时不能继续学习。
        </Alert>
      )}
      {view.phases.map((phase, i) => (
        <Stack key={phase.phaseId} gap="xs" component="section" aria-label={`阶段：${phase.phaseName}`}>
          <Group gap="xs">
            {!phase.open && <LockIcon />}
            <Text fw={600}>
              第{i + 1}阶段 {phase.phaseName}
            </Text>
            <Text size="xs" c="dimmed">
              {phase.tasks.filter((t) => t.status === 2).length}/{phase.tasks.length}
            </Text>
          </Group>
          {!phase.open && (
            <Text size="sm" c="dimmed">
              未开放：{phase.lockedReason || '暂未开放'}
            </Text>
          )}
          {phase.tasks.map((task) => (
            <StudentTaskCard key={task.taskId} task={task} memberToken={memberToken} workable={live && phase.open} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
