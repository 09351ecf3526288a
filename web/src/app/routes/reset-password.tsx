import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { showSuccess } from '@/lib/toast';
import { AuthCard } from './auth-card';

/** /resetPassword?token= (no login): a new password through a reset link, then the login. */
export function ResetPasswordRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AuthCard heading={paths.resetPassword.title}>
      <ResetPasswordForm
        token={params.get('token')?.trim() ?? ''}
        onDone={() => {
          showSuccess('密码已重置，请用新密码登录');
          void navigate(paths.login.path, { replace: true });
        }}
      />
    </AuthCard>
  );
}
