import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { WorkTaskCheckResult } from '@/generated/WorkTaskCheckResult';
import type { WorkTaskRow } from '@/generated/WorkTaskRow';

export interface CheckResultModalProps {
  /** A check that left some tasks alone; null: closed. */
  result: WorkTaskCheckResult | null;
  /** The tasks checked, to name the skipped ones. */
  tasks: readonly WorkTaskRow[];
  onClose: () => void;
}

/** What a check did: how many were checked, and each task left alone with why. */
export function CheckResultModal({ result, tasks, onClose }: CheckResultModalProps) {
  const nameOf = (id: number) => {
    const task = tasks.find((t) => t.id === id);
    return task ? `${task.taskName}（${task.studentName}）` : `任务 #${id}`;
  };
  return (
    <Modal opened={result !== null} onClose={onClose} title="质检结果" centered>
      {result && (
        <Stack gap="sm">
          <Text size="sm">
            已质检 {result.checked} 条，未质检 {result.skipped.length} 条：
          </Text>
          <List size="sm" spacing={4} aria-label="未质检的任务">
            {result.skipped.map((s) => (
              <List.Item key={s.id}>
                {nameOf(s.id)}：{s.reason}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button onClick={onClose}>知道了</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
