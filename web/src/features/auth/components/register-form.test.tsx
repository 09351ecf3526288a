import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkInfo } from '@/generated/LinkInfo';
import type { RegistDict } from '@/generated/RegistDict';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { RegisterForm } from './register-form';

afterEach(() => vi.unstubAllGlobals());

const REGISTER = '/api/account/login/regist';
const LINK_INFO = '/api/account/link/info';

const dict: RegistDict = {
  schools: [
    { id: 1001, name: '北京海淀校区', localEdition: false },
    { id: 2001, name: '上海浦东校区', localEdition: false },
  ],
  stages: [
    { code: 3, name: '初中', sort: 2, subjects: [{ code: 54, name: '数学' }] },
    {
      code: 4,
      name: '高中',
      sort: 1,
      subjects: [
        { code: 54, name: '数学' },
        { code: 56, name: '物理' },
      ],
    },
  ],
  projects: [],
};

const invitation: LinkInfo = {
  kind: 'invite',
  email: 'new.teacher@demo.eduhub',
  roles: ['教师', '学管'],
  schools: ['上海浦东校区'],
  expiresAt: Date.UTC(2026, 5, 1),
};

const loginUser = {
  name: '新老师',
  email: 'new.teacher@demo.eduhub',
  schoolId: 2001,
  schoolName: '上海浦东校区',
  subjectAndEdu: '4_56',
  types: [1],
  lastType: 1,
  first: true,
};

function server(registered: unknown, info: () => Response = () => envelope(invitation)) {
  return mockFetch([
    ['GET', '/api/account/login/getRegistDict', () => envelope(dict, '1', 'ok')],
    ['POST', LINK_INFO, info],
    ['POST', REGISTER, () => envelope(registered)],
  ]);
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Fills every field but the e-mail and the school. */
async function fillIn() {
  await userEvent.type(screen.getByRole('textbox', { name: '手机号' }), '13812345678');
  await userEvent.type(screen.getByRole('textbox', { name: '姓名' }), '新老师');
  await userEvent.type(screen.getByLabelText(/^密码/, { selector: 'input' }), 'a-good-password');
  await userEvent.type(screen.getByLabelText(/^确认密码/, { selector: 'input' }), 'a-good-password');
  await choose('学段', '高中');
  await choose('学科', '物理');
  await userEvent.type(screen.getByRole('textbox', { name: '验证码' }), 'k7p2');
}

describe('RegisterForm', () => {
  it('registers through an invitation: the invited e-mail locked, what it gives shown, signed in', async () => {
    const fetch = server(loginUser);
    const onSignedIn = vi.fn();
    render(<RegisterForm invitation="tok-123" onSignedIn={onSignedIn} />, { route: '/register?invitation=tok-123' });

    const summary = await screen.findByRole('status');
    expect(summary).toHaveTextContent('受邀注册');
    expect(summary).toHaveTextContent('角色：教师、学管');
    expect(summary).toHaveTextContent('校区：上海浦东校区');
    expect(bodiesOf(fetch, LINK_INFO)).toEqual([{ token: 'tok-123' }]);
    const email = screen.getByRole('textbox', { name: '邮箱' });
    expect(email).toHaveValue('new.teacher@demo.eduhub');
    expect(email).toHaveAttribute('readonly');
    // The invited school is picked.
    expect(screen.getByRole('textbox', { name: '校区' })).toHaveValue('上海浦东校区');
    // The captcha is drawn for the invited e-mail.
    expect(screen.getByRole('img', { name: '验证码' }).getAttribute('src')).toMatch(
      /^\/api\/account\/login\/VerifyCode\?email=new\.teacher%40demo\.eduhub&t=\d+$/,
    );

    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(loginUser));
    expect(bodiesOf(fetch, REGISTER)).toEqual([
      {
        email: 'new.teacher@demo.eduhub',
        mobile: '13812345678',
        name: '新老师',
        password: 'a-good-password',
        edu: 4,
        subject: 56,
        schoolId: 2001,
        code: 'k7p2',
        invitation: 'tok-123',
      },
    ]);
  });

  it('says the account waits for approval when the server signs nobody in', async () => {
    const fetch = server(null);
    const onSignedIn = vi.fn();
    render(<RegisterForm invitation="" onSignedIn={onSignedIn} />, { route: '/register' });

    await userEvent.type(await screen.findByRole('textbox', { name: '邮箱' }), 'self@demo.eduhub');
    await choose('校区', '北京海淀校区');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: '注册' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('注册成功，等待审核');
    expect(status).toHaveTextContent('需管理员审核通过后才能登录');
    expect(screen.getByRole('link', { name: '返回登录' })).toHaveAttribute('href', '/login');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(bodiesOf(fetch, LINK_INFO)).toEqual([]);
    const [body] = bodiesOf(fetch, REGISTER);
    expect(body).toMatchObject({ email: 'self@demo.eduhub', schoolId: 1001 });
    expect(body).not.toHaveProperty('invitation');
  });

  it('checks the fields before sending, and draws a new captcha after a refusal', async () => {
    const fetch = mockFetch([
      ['GET', '/api/account/login/getRegistDict', () => envelope(dict)],
      ['POST', REGISTER, () => envelope(null, 'A0240', '验证码错误或已过期，请重新输入', 400)],
    ]);
    render(<RegisterForm invitation="" onSignedIn={vi.fn()} />, { route: '/register' });
    await userEvent.click(await screen.findByRole('button', { name: '注册' }));
    expect(screen.getByText('请输入正确的邮箱')).toBeInTheDocument();
    expect(screen.getByText('请选择校区')).toBeInTheDocument();
    expect(bodiesOf(fetch, REGISTER)).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: '邮箱' }), 'self@demo.eduhub');
    await choose('校区', '北京海淀校区');
    await fillIn();
    const before = screen.getByRole('img', { name: '验证码' }).getAttribute('src');
    await new Promise((r) => setTimeout(r, 2));
    await userEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误或已过期，请重新输入');
    expect(screen.getByRole('textbox', { name: '验证码' })).toHaveValue('');
    expect(screen.getByRole('img', { name: '验证码' }).getAttribute('src')).not.toBe(before);
  });

  it('says an invitation link is no longer good, and offers registering without it', async () => {
    server(loginUser, () => envelope(null, 'A0400', '链接无效或已过期，请联系管理员重新获取', 400));
    render(<RegisterForm invitation="used-token" onSignedIn={vi.fn()} />, { route: '/register?invitation=used-token' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('邀请链接不可用');
    expect(within(alert).getByText('链接无效或已过期，请联系管理员重新获取')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '不使用邀请注册' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: '注册' })).not.toBeInTheDocument();
  });
});
