import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useShellConfig } from '../api/get-shell-config';

/** 演示视频: the configured video opens in a new tab; without one the page says so. */
export function DemoVideoPage() {
  const { state } = useShellConfig();
  const link = state.status === 'ready' ? state.config.helpLinks.demoVideo : '';

  return (
    <Center mih={360} p="xl">
      <Stack align="center" gap="sm">
        <Title order={3}>演示视频</Title>
        {state.status === 'loading' ? (
          <Loader size="sm" aria-label="加载中" />
        ) : link ? (
          <Button component="a" href={link} target="_blank" rel="noopener noreferrer">
            观看演示视频
          </Button>
        ) : (
          <Text c="dimmed">演示视频暂未配置，请联系管理员</Text>
        )}
      </Stack>
    </Center>
  );
}
