import { Anchor, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { enterNewSession } from '../session-bootstrap';
import { AuthCard } from './auth-card';

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
    <AuthCard>
      <LoginForm
        onSuccess={() => {
          enterNewSession();
          void navigate(safeRedirect(params.get('redirect')), { replace: true });
        }}
      />
      <Text size="sm" ta="center">
        还没有账号？
        <Anchor component={Link} to={paths.register.path}>
          注册账号
        </Anchor>
      </Text>
    </AuthCard>
  );
}
