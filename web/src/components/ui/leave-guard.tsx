import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { LeaveGuardHandle } from '@/hooks/use-leave-guard';

const DEFAULT_MESSAGE = '有未保存的修改，离开后这些修改将丢失。确定离开吗？';

export interface LeaveGuardProps {
  /** The page's guard (`useLeaveGuard(unsaved)`). */
  guard: LeaveGuardHandle;
  /** What would be lost. */
  message?: string;
}

/**
 * Asks before leaving a page with unsaved changes (the `guard`'s): a route change waits for
 * 留在此页 or 离开; closing or reloading the page gets the browser's own dialog.
 */
export function LeaveGuard({ guard, message = DEFAULT_MESSAGE }: LeaveGuardProps) {
  const { blocker } = guard;
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="离开此页面？" centered>
      <Stack>
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            留在此页
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            离开
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
