import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { AuthCard } from './auth-card';
import { enterNewSession } from '../session-bootstrap';

/** /register (no login): self-registration, or through an invitation link (?invitation=). */
export function RegisterRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invitation = params.get('invitation')?.trim() ?? '';
  return (
    <AuthCard heading={paths.register.title} width={480}>
      <RegisterForm
        key={invitation}
        invitation={invitation}
        onSignedIn={() => {
          enterNewSession();
          void navigate(paths.home.path, { replace: true });
        }}
      />
    </AuthCard>
  );
}
