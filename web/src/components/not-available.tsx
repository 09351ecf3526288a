import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export interface NotAvailableProps {
  /** The page's title, shown above the message. */
  title?: string;
}

/** A page whose feature is not built yet: says so plainly. */
export function NotAvailable({ title }: NotAvailableProps) {
  return (
    <Center mih={360} p="xl">
      <Stack align="center" gap="sm">
        {title && (
          <Text c="dimmed" size="sm">
            {title}
          </Text>
        )}
        <Title order={2}>功能建设中</Title>
        <Text c="dimmed">该页面尚未开放，敬请期待。</Text>
        <Button component={Link} to={paths.home.path} variant="light">
          返回首页
        </Button>
      </Stack>
    </Center>
  );
}
