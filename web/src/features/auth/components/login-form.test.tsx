import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, render, screen, userEvent, waitFor } from '@/testing/test-utils';
import { LoginForm } from './login-form';

afterEach(() => vi.unstubAllGlobals());

const loginUser = { token: 't', name: '王老师', email: 'teacher@demo.eduhub' };

describe('LoginForm', () => {
  it('logs in with e-mail and password', async () => {
    const fetch = mockFetch([['POST', '/api/account/login/login', () => envelope(loginUser)]]);
    const onSuccess = vi.fn();
    render(<LoginForm onSuccess={onSuccess} />);
    await userEvent.type(screen.getByLabelText(/邮箱/), 'teacher@demo.eduhub');
    await userEvent.type(screen.getByLabelText(/密码/), 'eduhub-demo');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(loginUser));
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({
      email: 'teacher@demo.eduhub',
      password: 'eduhub-demo',
      type: 1,
      skipBlocker: true,
    });
  });

  it('shows the captcha when the server asks for it and sends the code', async () => {
    let calls = 0;
    const fetch = mockFetch([
      [
        'POST',
        '/api/account/login/login',
        () => (++calls === 1 ? envelope({ captchaRequired: true }, 'A0240', '请输入验证码', 400) : envelope(loginUser)),
      ],
    ]);
    const onSuccess = vi.fn();
    render(<LoginForm onSuccess={onSuccess} />);
    await userEvent.type(screen.getByLabelText(/邮箱/), 'teacher@demo.eduhub');
    await userEvent.type(screen.getByLabelText(/密码/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('请输入验证码');
    const img = screen.getByRole('img', { name: '验证码' });
    expect(img.getAttribute('src')).toMatch(/^\/api\/account\/login\/VerifyCode\?email=teacher%40demo\.eduhub&t=\d+$/);

    const before = img.getAttribute('src');
    await new Promise((r) => setTimeout(r, 2));
    await userEvent.click(img);
    expect(screen.getByRole('img', { name: '验证码' }).getAttribute('src')).not.toBe(before);

    await userEvent.type(screen.getByLabelText('验证码'), 'ab12');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(JSON.parse(fetch.mock.calls[1]![1]!.body as string)).toMatchObject({ code: 'ab12' });
  });

  it('shows a wrong-password message', async () => {
    mockFetch([['POST', '/api/account/login/login', () => envelope(null, 'A0210', '邮箱或密码错误', 400)]]);
    render(<LoginForm onSuccess={vi.fn()} />);
    await userEvent.type(screen.getByLabelText(/邮箱/), 'teacher@demo.eduhub');
    await userEvent.type(screen.getByLabelText(/密码/), 'nope');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('邮箱或密码错误');
    expect(screen.queryByRole('img', { name: '验证码' })).not.toBeInTheDocument();
  });
});
