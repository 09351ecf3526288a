import { Button, Center, Group, Image, Popover, Stack, Text } from '@mantine/core';
import { FEEDBACK_QR_CODES } from '@/config/constants';

/** 反馈: the QR codes of the senior-high experience-officer groups. */
export function FeedbackPopover() {
  return (
    <Popover position="bottom-end" withinPortal width={300}>
      <Popover.Target>
        <Button variant="subtle" color="gray" size="compact-sm">
          反馈
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm" mb="xs" ta="center">
          高中体验官群
        </Text>
        <Group justify="center" grow>
          {FEEDBACK_QR_CODES.map((qr) => (
            <Stack key={qr.label} gap={4} align="center">
              {qr.src ? (
                <Image src={qr.src} alt={`${qr.label}二维码`} w={110} h={110} />
              ) : (
                <Center w={110} h={110} bg="gray.1" style={{ borderRadius: 8 }}>
                  <Text size="xs" c="dimmed">
                    二维码暂未配置
                  </Text>
                </Center>
              )}
              <Text size="xs">{qr.label}</Text>
            </Stack>
          ))}
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
