import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a route failed to load (e.g. the server is unreachable). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '未知错误';
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm">
        <Title order={3}>页面加载失败</Title>
        <Text c="dimmed" size="sm">
          {message}
        </Text>
        <Button variant="light" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      </Stack>
    </Center>
  );
}
