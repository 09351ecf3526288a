import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { Timing } from '@/generated/codes';
import type { UserInfo } from '@/generated/UserInfo';
import { type Selection, subjectOptions } from '@/lib/session';
import { useSelectSubject } from '../api/select';

export interface SubjectStageSelectorProps {
  user: UserInfo;
  selection: Selection | null;
}

/**
 * The subject/stage dropdown: opens on hover (no open delay, 200 ms close delay), Escape closes
 * it, disabled with one subject or none. Choosing reports {stage, subject} to the server.
 */
export function SubjectStageSelector({ user, selection }: SubjectStageSelectorProps) {
  const options = subjectOptions(user);
  const current = options.find(
    (o) => selection !== null && o.stage.code === selection.stage && o.subject.code === selection.subject,
  );
  const label = current ? `${current.stage.name}${current.subject.name}` : '选择学科';
  const disabled = options.length <= 1;
  const select = useSelectSubject();

  const choose = (stage: number, subject: number) => {
    if (selection !== null && stage === selection.stage && subject === selection.subject) return;
    // A failure: the API client has shown the error.
    select.mutate({ stage, subject });
  };

  return (
    <Menu
      trigger="hover"
      openDelay={0}
      closeDelay={Timing.POPOVER_CLOSE_DELAY_MS}
      closeOnEscape
      disabled={disabled}
      position="bottom-start"
      withinPortal
    >
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" disabled={disabled} aria-label={`学段学科：${label}`}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap="xs" p={4}>
          {[...user.stageList]
            .sort((a, b) => a.sort - b.sort)
            .map((stage) => (
              <div key={stage.code} role="group" aria-label={stage.name}>
                <Text size="xs" c="dimmed" mb={4} fw={stage.code === selection?.stage ? 700 : 400}>
                  {stage.name}
                </Text>
                <Group gap={4}>
                  {stage.subjects.map((subject) => {
                    const active =
                      selection !== null && stage.code === selection.stage && subject.code === selection.subject;
                    return (
                      <Menu.Item
                        key={subject.code}
                        component="button"
                        w="auto"
                        px="sm"
                        py={4}
                        bg={active ? 'var(--mantine-primary-color-light)' : undefined}
                        c={active ? 'var(--mantine-primary-color-filled)' : undefined}
                        aria-current={active ? 'true' : undefined}
                        onClick={() => choose(stage.code, subject.code)}
                      >
                        {subject.name}
                      </Menu.Item>
                    );
                  })}
                </Group>
              </div>
            ))}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
