import { Button, Center, Group, Image, Loader, Popover, Stack, Text } from '@mantine/core';
import type { FeedbackGroupCode } from '@/generated/FeedbackGroupCode';
import { useShellConfig } from '../api/get-shell-config';

const QR_SIZE = 110;

function GroupCode({ group }: { group: FeedbackGroupCode }) {
  return (
    <Stack gap={4} align="center">
      {group.qrCode ? (
        <Image src={group.qrCode} alt={`${group.label}二维码`} w={QR_SIZE} h={QR_SIZE} />
      ) : (
        <Center w={QR_SIZE} h={QR_SIZE} bg="gray.1" style={{ borderRadius: 8 }}>
          <Text size="xs" c="dimmed">
            二维码暂未配置
          </Text>
        </Center>
      )}
      <Text size="xs">{group.label}</Text>
    </Stack>
  );
}

/** 反馈: the QR codes of the experience-officer groups, as the server configures them. */
export function FeedbackPopover() {
  const { state, retry } = useShellConfig();

  return (
    <Popover position="bottom-end" withinPortal width={300} onOpen={retry}>
      <Popover.Target>
        <Button variant="subtle" color="gray" size="compact-sm">
          反馈
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {state.status === 'loading' && (
          <Center h={QR_SIZE}>
            <Loader size="sm" aria-label="加载中" />
          </Center>
        )}
        {state.status === 'error' && (
          <Text size="sm" c="dimmed" ta="center">
            反馈群信息加载失败，请稍后再试
          </Text>
        )}
        {state.status === 'ready' && (
          <>
            <Text fw={600} size="sm" mb="xs" ta="center">
              {state.config.feedbackHeading}
            </Text>
            {state.config.feedbackGroups.length > 0 ? (
              <Group justify="center" grow>
                {state.config.feedbackGroups.map((group) => (
                  <GroupCode key={group.label} group={group} />
                ))}
              </Group>
            ) : (
              <Text size="xs" c="dimmed" ta="center">
                二维码暂未配置
              </Text>
            )}
          </>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
