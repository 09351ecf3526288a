import { Alert, Anchor, Button, Group, Loader, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { ProvinceRef } from '@/generated/ProvinceRef';
import { isApiError } from '@/lib/api-client';
import { setup, useSetupState } from '../api/setup';
import { passwordProblem } from '../passwords';

export interface SetupFormProps {
  /** The set-up link's token (?token=), printed by the server at its first start. */
  token: string;
  /** The first super user and school are made. */
  onDone: () => void;
}

interface Values {
  email: string;
  name: string;
  password: string;
  confirm: string;
  schoolName: string;
  provinceCode: string | null;
}

type Errors = Partial<Record<keyof Values, string>>;

function check(values: Values): Errors {
  const errors: Errors = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) errors.email = '请输入正确的邮箱';
  if (!values.name.trim()) errors.name = '请输入姓名';
  const problem = passwordProblem(values.password);
  if (problem) errors.password = problem;
  else if (values.confirm !== values.password) errors.confirm = '两次输入的密码不一致';
  if (!values.schoolName.trim()) errors.schoolName = '请输入校区名称';
  if (!values.provinceCode) errors.provinceCode = '请选择省份';
  return errors;
}

function provinceOptions(provinces: readonly ProvinceRef[]) {
  const regions = [...new Set(provinces.map((p) => p.areaName))];
  return regions.map((region) => ({
    group: region || '其他',
    items: provinces.filter((p) => p.areaName === region).map((p) => ({ value: p.code, label: p.name })),
  }));
}

function SetupBody({ token, provinces, onDone }: { token: string; provinces: ProvinceRef[]; onDone: () => void }) {
  const [values, setValues] = useState<Values>({
    email: '',
    name: '',
    password: '',
    confirm: '',
    schoolName: '',
    provinceCode: null,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    const found = check(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !values.provinceCode) return;
    setSubmitting(true);
    try {
      await setup({
        token,
        email: values.email.trim(),
        name: values.name.trim(),
        password: values.password,
        schoolName: values.schoolName.trim(),
        provinceCode: values.provinceCode,
      });
      onDone();
    } catch (err) {
      setFailure(isApiError(err) ? err.message : '初始化失败，请稍后重试');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          创建第一个超级管理员账号和第一个校区。完成后请用该账号登录，再在「系统管理」中邀请其他用户。
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="管理员邮箱"
          required
          autoComplete="username"
          value={values.email}
          error={errors.email}
          onChange={(e) => set('email', e.currentTarget.value)}
        />
        <TextInput
          label="管理员姓名"
          required
          maxLength={50}
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.currentTarget.value)}
        />
        <PasswordInput
          label="密码"
          required
          description="8 到 64 位"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={(e) => set('password', e.currentTarget.value)}
        />
        <PasswordInput
          label="确认密码"
          required
          autoComplete="new-password"
          value={values.confirm}
          error={errors.confirm}
          onChange={(e) => set('confirm', e.currentTarget.value)}
        />
        <TextInput
          label="校区名称"
          required
          maxLength={50}
          value={values.schoolName}
          error={errors.schoolName}
          onChange={(e) => set('schoolName', e.currentTarget.value)}
        />
        <Select
          label="省份"
          required
          searchable
          data={provinceOptions(provinces)}
          value={values.provinceCode}
          error={errors.provinceCode}
          onChange={(v) => set('provinceCode', v)}
          comboboxProps={{ withinPortal: true }}
        />
        <Button type="submit" loading={submitting} fullWidth>
          完成初始化
        </Button>
      </Stack>
    </form>
  );
}

/**
 * 系统初始化: on a fresh install (no account yet), the first super user and the first school,
 * through the set-up link the server prints at start. Once done, the page says so.
 */
export function SetupForm({ token, onDone }: SetupFormProps) {
  const state = useSetupState();
  if (state.isPending) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" />
      </Group>
    );
  }
  if (!state.data) {
    return (
      <Alert color="red" variant="light" role="alert">
        {state.error.message || '无法读取初始化状态，请刷新页面重试。'}
      </Alert>
    );
  }
  if (!state.data.needed) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" title="系统已完成初始化" role="status">
          无需再次初始化，请直接登录。
        </Alert>
        <Button component={Link} to={paths.login.path} fullWidth variant="light">
          去登录
        </Button>
      </Stack>
    );
  }
  if (!token) {
    return (
      <Stack gap="md">
        <Alert color="yellow" variant="light" title="缺少初始化链接" role="alert">
          请使用服务启动时打印的初始化链接（/setup?token=…）打开本页。
        </Alert>
        <Anchor component={Link} to={paths.login.path} size="sm" ta="center">
          返回登录
        </Anchor>
      </Stack>
    );
  }
  return <SetupBody token={token} provinces={state.data.provinces} onDone={onDone} />;
}
