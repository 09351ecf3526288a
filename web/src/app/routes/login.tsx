import { Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useSearchParams } from 'react-router';
import logo from '@/assets/logo.svg';
import { paths } from '@/config/paths';
import { resetSessionExpired } from '@/lib/api-client';
import { LoginForm } from '@/features/auth/components/login-form';
import { resetBootstrap } from '../session-bootstrap';
import classes from './login.module.css';

/** Only same-app paths are followed after login. */
function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith(paths.login.path)) {
    return paths.home.path;
  }
  return value;
}

export function LoginRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Center className={classes.root}>
      <Paper withBorder shadow="md" p="xl" radius="lg" w={400}>
        <Stack gap="lg">
          <Group gap="sm" justify="center">
            <Image src={logo} alt="EduHub" w={36} h={36} />
            <div>
              <Title order={3}>EduHub 教研工作台</Title>
              <Text size="xs" c="dimmed">
                教师与教研人员的一站式工作平台
              </Text>
            </div>
          </Group>
          <LoginForm
            onSuccess={() => {
              notifications.clean();
              resetSessionExpired();
              resetBootstrap();
              void navigate(safeRedirect(params.get('redirect')), { replace: true });
            }}
          />
        </Stack>
      </Paper>
    </Center>
  );
}
