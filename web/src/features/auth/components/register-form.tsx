import {
  Alert,
  Anchor,
  Button,
  Group,
  Image,
  Loader,
  MultiSelect,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ErrorCode } from '@/generated/codes';
import type { LinkInfo } from '@/generated/LinkInfo';
import type { LoginUser } from '@/generated/LoginUser';
import type { RegistDict } from '@/generated/RegistDict';
import type { RegisterRequest } from '@/generated/RegisterRequest';
import { isApiError } from '@/lib/api-client';
import { LinkKind, useLinkInfo } from '../api/links';
import { captchaStamp, captchaUrl } from '../api/login';
import { register, useRegistDict } from '../api/register';
import { passwordProblem } from '../passwords';

export interface RegisterFormProps {
  /** The token of an invitation link (?invitation=), '' without one. */
  invitation: string;
  /** The account was made and signed in. */
  onSignedIn: (user: LoginUser) => void;
}

interface Values {
  email: string;
  mobile: string;
  name: string;
  password: string;
  confirm: string;
  stage: string | null;
  subject: string | null;
  schoolId: string | null;
  projects: string[];
  code: string;
}

type Errors = Partial<Record<keyof Values, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^1\d{10}$/;

function check(values: Values): Errors {
  const errors: Errors = {};
  if (!EMAIL.test(values.email.trim())) errors.email = '请输入正确的邮箱';
  if (!MOBILE.test(values.mobile.trim())) errors.mobile = '请输入正确的手机号';
  if (!values.name.trim()) errors.name = '请输入姓名';
  const problem = passwordProblem(values.password);
  if (problem) errors.password = problem;
  else if (values.confirm !== values.password) errors.confirm = '两次输入的密码不一致';
  if (!values.stage) errors.stage = '请选择学段';
  if (!values.subject) errors.subject = '请选择学科';
  if (!values.schoolId) errors.schoolId = '请选择校区';
  if (!values.code.trim()) errors.code = '请输入验证码';
  return errors;
}

/** What an invitation gives, shown above the form. */
function InvitationSummary({ info }: { info: LinkInfo }) {
  return (
    <Alert color="blue" variant="light" title="受邀注册" role="status">
      <Stack gap={2}>
        <Text size="sm">邀请邮箱：{info.email}</Text>
        {info.roles.length > 0 && <Text size="sm">角色：{info.roles.join('、')}</Text>}
        {info.schools.length > 0 && <Text size="sm">校区：{info.schools.join('、')}</Text>}
        <Text size="xs" c="dimmed">
          注册后直接获得以上角色和校区，无需审核。
        </Text>
      </Stack>
    </Alert>
  );
}

/** The registration has been received and waits for an administrator. */
function PendingApproval() {
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" title="注册成功，等待审核" role="status">
        账号已提交，需管理员审核通过后才能登录。审核通过后请使用注册邮箱和密码登录。
      </Alert>
      <Button component={Link} to={paths.login.path} fullWidth variant="light">
        返回登录
      </Button>
    </Stack>
  );
}

interface FormBodyProps {
  dict: RegistDict;
  invitation: string;
  info: LinkInfo | null;
  onSignedIn: (user: LoginUser) => void;
  onPending: () => void;
}

function FormBody({ dict, invitation, info, onSignedIn, onPending }: FormBodyProps) {
  const invitedSchool = info ? dict.schools.find((s) => info.schools.includes(s.name)) : undefined;
  const [values, setValues] = useState<Values>({
    email: info?.email ?? '',
    mobile: '',
    name: '',
    password: '',
    confirm: '',
    stage: null,
    subject: null,
    schoolId: invitedSchool ? String(invitedSchool.id) : null,
    projects: [],
    code: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [captchaT, setCaptchaT] = useState(captchaStamp);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const stage = dict.stages.find((s) => String(s.code) === values.stage);
  const email = values.email.trim();

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    const found = check(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const body: RegisterRequest = {
      email,
      mobile: values.mobile.trim(),
      name: values.name.trim(),
      password: values.password,
      edu: Number(values.stage),
      subject: Number(values.subject),
      schoolId: Number(values.schoolId),
      code: values.code.trim(),
      ...(values.projects.length > 0 ? { project: values.projects } : {}),
      ...(invitation ? { invitation } : {}),
    };
    setSubmitting(true);
    try {
      const user = await register(body);
      if (user) onSignedIn(user);
      else onPending();
    } catch (err) {
      setFailure(isApiError(err) ? err.message : '注册失败，请稍后重试');
      // A captcha is used once: a new one for the next try.
      set('code', '');
      setCaptchaT(captchaStamp());
      if (isApiError(err, ErrorCode.CaptchaRequired)) setErrors({ code: err.message });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        {info && <InvitationSummary info={info} />}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="邮箱"
          required
          autoComplete="username"
          value={values.email}
          readOnly={info !== null}
          description={info ? '受邀邮箱，不可修改' : undefined}
          error={errors.email}
          onChange={(e) => set('email', e.currentTarget.value)}
        />
        <TextInput
          label="手机号"
          required
          autoComplete="tel"
          value={values.mobile}
          error={errors.mobile}
          onChange={(e) => set('mobile', e.currentTarget.value)}
        />
        <TextInput
          label="姓名"
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
        <Group grow align="flex-start">
          <Select
            label="学段"
            required
            data={[...dict.stages]
              .sort((a, b) => a.sort - b.sort)
              .map((s) => ({ value: String(s.code), label: s.name }))}
            value={values.stage}
            error={errors.stage}
            onChange={(v) => setValues((prev) => ({ ...prev, stage: v, subject: null }))}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="学科"
            required
            disabled={!stage}
            data={(stage?.subjects ?? []).map((s) => ({ value: String(s.code), label: s.name }))}
            value={values.subject}
            error={errors.subject}
            onChange={(v) => set('subject', v)}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <Select
          label="校区"
          required
          searchable
          data={dict.schools.map((s) => ({ value: String(s.id), label: s.localEdition ? `本地版-${s.name}` : s.name }))}
          value={values.schoolId}
          error={errors.schoolId}
          onChange={(v) => set('schoolId', v)}
          comboboxProps={{ withinPortal: true }}
        />
        {dict.projects.length > 0 && (
          <MultiSelect
            label="项目"
            data={dict.projects.map((p) => ({ value: p.code, label: p.name }))}
            value={values.projects}
            onChange={(v) => set('projects', v)}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group align="flex-start" wrap="nowrap">
          <TextInput
            label="验证码"
            required
            style={{ flex: 1 }}
            autoComplete="off"
            value={values.code}
            error={errors.code}
            onChange={(e) => set('code', e.currentTarget.value)}
          />
          {EMAIL.test(email) ? (
            <Anchor
              component="button"
              type="button"
              mt={24}
              onClick={() => setCaptchaT(captchaStamp())}
              title="看不清？换一张"
            >
              <Image src={captchaUrl(email, captchaT)} alt="验证码" h={36} w={100} radius="sm" />
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed" mt={32} w={100}>
              填写邮箱后显示
            </Text>
          )}
        </Group>
        <Button type="submit" loading={submitting} fullWidth>
          注册
        </Button>
        <Text size="sm" ta="center">
          已有账号？
          <Anchor component={Link} to={paths.login.path}>
            去登录
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

/**
 * Self-registration (注册账号): e-mail, mobile, name, password, stage and subject, school and the
 * captcha. Through an invitation link the e-mail is the invited one (locked) and what the
 * invitation gives is shown; an account waiting for an administrator's approval says so.
 */
export function RegisterForm({ invitation, onSignedIn }: RegisterFormProps) {
  const dict = useRegistDict();
  const link = useLinkInfo(invitation);
  const [pending, setPending] = useState(false);

  if (pending) return <PendingApproval />;
  if (dict.isPending || (invitation && link.isPending)) {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" />
      </Group>
    );
  }
  if (!dict.data) {
    return (
      <Alert color="red" variant="light" role="alert">
        注册信息加载失败，请刷新页面重试。
      </Alert>
    );
  }
  const info = invitation && link.data?.kind === LinkKind.Invite ? link.data : null;
  if (invitation && !info) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" title="邀请链接不可用" role="alert">
          {link.error?.message ?? '邀请链接无效或已过期，请联系管理员重新邀请。'}
        </Alert>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.register.path} size="sm">
            不使用邀请注册
          </Anchor>
          <Anchor component={Link} to={paths.login.path} size="sm">
            返回登录
          </Anchor>
        </Group>
      </Stack>
    );
  }
  return (
    <FormBody
      key={info?.email ?? ''}
      dict={dict.data}
      invitation={invitation}
      info={info}
      onSignedIn={onSignedIn}
      onPending={() => setPending(true)}
    />
  );
}
