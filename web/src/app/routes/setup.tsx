import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { SetupForm } from '@/features/auth/components/setup-form';
import { showSuccess } from '@/lib/toast';
import { AuthCard } from './auth-card';

/** /setup?token= (no login, fresh installs): the first super user and school, then the login. */
export function SetupRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AuthCard heading={paths.setup.title} width={460}>
      <SetupForm
        token={params.get('token')?.trim() ?? ''}
        onDone={() => {
          showSuccess('初始化完成，请用管理员账号登录');
          void navigate(paths.login.path, { replace: true });
        }}
      />
    </AuthCard>
  );
}
