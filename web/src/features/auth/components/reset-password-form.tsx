import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { LinkKind, resetPassword, useLinkInfo } from '../api/links';
import { passwordProblem } from '../passwords';

export interface ResetPasswordFormProps {
  /** The reset link's token (?token=). */
  token: string;
  /** The new password is set (every session of the account ended). */
  onDone: () => void;
}

/** 重置密码: a new password, twice, through a one-time reset link. */
export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const link = useLinkInfo(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (token && link.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" />
      </Group>
    );
  }
  if (!token || link.data?.kind !== LinkKind.Reset) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" title="链接不可用" role="alert">
          {link.error?.message ?? '重置密码链接无效或已过期，请联系管理员重新获取。'}
        </Alert>
        <Anchor component={Link} to={paths.login.path} size="sm" ta="center">
          返回登录
        </Anchor>
      </Stack>
    );
  }

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    const problem = passwordProblem(password);
    const found = problem ? { password: problem } : confirm !== password ? { confirm: '两次输入的密码不一致' } : {};
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await resetPassword({ token, password });
      onDone();
    } catch (err) {
      setFailure(isApiError(err) ? err.message : '重置失败，请稍后重试');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          为 <b>{link.data.email}</b> 设置新密码。设置后该账号的所有登录将失效，请用新密码重新登录。
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <PasswordInput
          label="新密码"
          required
          description="8 到 64 位"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <PasswordInput
          label="确认新密码"
          required
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
        />
        <Button type="submit" loading={submitting} fullWidth>
          设置新密码
        </Button>
      </Stack>
    </form>
  );
}
