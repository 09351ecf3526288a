// The pages outside the shell added with the administration: the login's link to registration,
// the password reset through a one-time link, and the first set-up.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { LinkInfo } from '@/generated/LinkInfo';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor } from '@/testing/test-utils';
import { routes } from '../router';

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const resetLink: LinkInfo = { kind: 'reset', email: 'teacher@demo.eduhub', roles: [], schools: [], expiresAt: 0 };

describe('public pages', () => {
  it('links the login page to registration', async () => {
    mockFetch([['GET', '/api/account/login/getRegistDict', () => envelope({ schools: [], stages: [], projects: [] })]]);
    const router = renderAt('/login');
    await userEvent.click(await screen.findByRole('link', { name: '注册账号' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await screen.findByRole('button', { name: '注册' })).toBeInTheDocument();
  });

  it('sets a new password through a reset link, then goes to the login', async () => {
    const fetch = mockFetch([
      ['POST', '/api/account/link/info', () => envelope(resetLink)],
      ['POST', '/api/account/password/reset', () => envelope(true)],
    ]);
    const router = renderAt('/resetPassword?token=rst-1');
    expect(await screen.findByText('teacher@demo.eduhub')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^新密码/, { selector: 'input' }), 'new-password-1');
    await userEvent.type(screen.getByLabelText(/^确认新密码/, { selector: 'input' }), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: '设置新密码' }));
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^确认新密码/, { selector: 'input' }));
    await userEvent.type(screen.getByLabelText(/^确认新密码/, { selector: 'input' }), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: '设置新密码' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodiesOf(fetch, '/api/account/password/reset')).toEqual([{ token: 'rst-1', password: 'new-password-1' }]);
    expect(await screen.findByText('密码已重置，请用新密码登录')).toBeInTheDocument();
  });

  it('says a reset link is no longer good', async () => {
    mockFetch([
      ['POST', '/api/account/link/info', () => envelope(null, 'A0400', '链接无效或已过期，请联系管理员重新获取', 400)],
    ]);
    renderAt('/resetPassword?token=used');
    expect(await screen.findByText('链接无效或已过期，请联系管理员重新获取')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '设置新密码' })).not.toBeInTheDocument();
  });

  it('says a set-up is done once an account exists', async () => {
    mockFetch([['GET', '/api/setup/state', () => envelope({ needed: false, provinces: [] })]]);
    renderAt('/setup?token=s-1');
    expect(await screen.findByText('系统已完成初始化')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去登录' })).toHaveAttribute('href', '/login');
  });

  it('makes the first super user and school on a fresh install, then goes to the login', async () => {
    const fetch = mockFetch([
      [
        'GET',
        '/api/setup/state',
        () => envelope({ needed: true, provinces: [{ code: '11', name: '北京', areaName: '华北' }] }),
      ],
      ['POST', '/api/setup', () => envelope(true)],
    ]);
    const router = renderAt('/setup?token=s-1');
    await userEvent.type(await screen.findByRole('textbox', { name: '管理员邮箱' }), 'root@school.cn');
    await userEvent.type(screen.getByRole('textbox', { name: '管理员姓名' }), '校长');
    await userEvent.type(screen.getByLabelText(/^密码/, { selector: 'input' }), 'first-password');
    await userEvent.type(screen.getByLabelText(/^确认密码/, { selector: 'input' }), 'first-password');
    await userEvent.type(screen.getByRole('textbox', { name: '校区名称' }), '总校');
    await userEvent.click(screen.getByRole('textbox', { name: '省份' }));
    await userEvent.click(await screen.findByRole('option', { name: '北京' }));
    await userEvent.click(screen.getByRole('button', { name: '完成初始化' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodiesOf(fetch, '/api/setup')).toEqual([
      {
        token: 's-1',
        email: 'root@school.cn',
        name: '校长',
        password: 'first-password',
        schoolName: '总校',
        provinceCode: '11',
      },
    ]);
  });
});
