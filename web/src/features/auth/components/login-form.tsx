import { Alert, Anchor, Button, Group, Image, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ErrorCode } from '@/generated/codes';
import type { LoginUser } from '@/generated/LoginUser';
import { isApiError } from '@/lib/api-client';
import { captchaStamp, captchaUrl, login, needsCaptcha } from '../api/login';

export interface LoginFormProps {
  onSuccess: (user: LoginUser) => void;
}

interface Values {
  email: string;
  password: string;
  code: string;
}

/** E-mail and password, plus the captcha once the server asks for it (A0240). */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [captchaT, setCaptchaT] = useState<number | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { email: '', password: '', code: '' },
    validate: {
      email: (v) => (/^\S+@\S+$/.test(v.trim()) ? null : '请输入正确的邮箱'),
      password: (v) => (v ? null : '请输入密码'),
      code: (v) => (captchaT !== null && !v.trim() ? '请输入验证码' : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    try {
      const user = await login({
        email: values.email.trim(),
        password: values.password,
        code: captchaT !== null ? values.code.trim() : undefined,
      });
      onSuccess(user);
    } catch (e) {
      if (isApiError(e)) {
        setError(e.message);
        if (e.code === ErrorCode.CaptchaRequired || needsCaptcha(e.data)) {
          setCaptchaT(captchaStamp());
          form.setFieldValue('code', '');
        } else if (captchaT !== null) {
          setCaptchaT(captchaStamp());
        }
      } else {
        setError('登录失败，请稍后重试');
      }
    } finally {
      setSubmitting(false);
    }
  });

  const email = form.getValues().email.trim();

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="邮箱"
          placeholder="name@example.com"
          autoComplete="username"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput label="密码" autoComplete="current-password" required {...form.getInputProps('password')} />
        {captchaT !== null && (
          <Group align="flex-end" wrap="nowrap">
            <TextInput label="验证码" style={{ flex: 1 }} autoComplete="off" {...form.getInputProps('code')} />
            <Anchor component="button" type="button" onClick={() => setCaptchaT(captchaStamp())} title="看不清？换一张">
              <Image src={captchaUrl(email, captchaT)} alt="验证码" h={36} w={100} radius="sm" />
            </Anchor>
          </Group>
        )}
        <Button type="submit" loading={submitting} fullWidth>
          登录
        </Button>
      </Stack>
    </form>
  );
}
