import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';

/** /noAuth: no permission after the role guard; shows the error code. */
export function NoAuthRoute() {
  const [params] = useSearchParams();
  const code = params.get('errorcode');
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="sm">
        <Title order={2}>暂无权限</Title>
        <Text c="dimmed">您没有访问该页面的权限，请联系管理员开通。</Text>
        {code && (
          <Text size="sm" c="dimmed">
            错误码：{code}
          </Text>
        )}
        <Button component={Link} to={paths.home.path} variant="light">
          返回首页
        </Button>
      </Stack>
    </Center>
  );
}
