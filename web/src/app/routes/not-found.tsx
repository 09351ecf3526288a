import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="sm">
        <Title order={1}>404</Title>
        <Text c="dimmed">页面不存在</Text>
        <Button component={Link} to={paths.home.path} variant="light">
          返回首页
        </Button>
      </Stack>
    </Center>
  );
}
