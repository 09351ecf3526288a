import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAccount } from '@/generated/AdminAccount';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import {
  bodiesOf,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { account, orgTree, pageOf, registDict } from '../../test-helpers';
import { ACCOUNT_TABLE, AccountsPage } from './accounts-page';

const SEARCH = '/api/admin/account/search';
const STATE = '/api/admin/account/state';
const REFUSE = '/api/admin/account/refuse';

beforeEach(() => {
  sessionStore.set((s) => ({ ...s, user: userInfo({ superuser: false }) }));
});
afterEach(() => {
  sessionStore.set((s) => ({ ...s, user: null }));
  vi.unstubAllGlobals();
});

/** A server keeping two accounts: one waiting for approval (listed first), one active. */
function server() {
  const accounts: AdminAccount[] = [
    account(31, { name: '待审老师', email: 'waiting@demo.eduhub', state: 0 }),
    account(32, {
      name: '在职老师',
      email: 'active@demo.eduhub',
      roles: ['teacher', '1v1_xg'],
      lastLoginAt: Date.UTC(2026, 2, 1),
    }),
  ];
  const fetch = mockFetch([
    ['GET', '/api/admin/org', () => envelope(orgTree)],
    ['GET', '/api/account/login/getRegistDict', () => envelope(registDict)],
    ['POST', SEARCH, () => pageOf([...accounts].sort((a, b) => Number(a.state !== 0) - Number(b.state !== 0)))],
    [
      'POST',
      STATE,
      (_url, init) => {
        const { userId, state } = jsonBody(init) as { userId: number; state: number };
        const found = accounts.find((a) => a.id === userId)!;
        found.state = state;
        return envelope(found);
      },
    ],
    [
      'POST',
      REFUSE,
      (_url, init) => {
        const { id } = jsonBody(init) as { id: number };
        accounts.splice(
          accounts.findIndex((a) => a.id === id),
          1,
        );
        return envelope(true);
      },
    ],
    ['POST', '/api/admin/account/update', (_url, init) => envelope({ ...accounts[1], ...jsonBody(init) })],
    [
      'POST',
      '/api/admin/account/resetLink',
      () => envelope({ path: '/resetPassword?token=rst-1', expiresAt: Date.UTC(2026, 2, 2) }),
    ],
  ]);
  return { fetch, accounts };
}

async function open() {
  render(<AccountsPage />);
  const table = await screen.findByRole('table', { name: ACCOUNT_TABLE });
  await within(table).findByRole('row', { name: 'waiting@demo.eduhub' });
  return table;
}

const row = (table: HTMLElement, email: string) => within(table).getByRole('row', { name: email });

describe('AccountsPage', () => {
  it('lists waiting approvals first with 通过 and 拒绝, and approves one', async () => {
    const { fetch } = server();
    const table = await open();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveAccessibleName('waiting@demo.eduhub');
    expect(within(rows[0]!).getByText('待审核')).toBeInTheDocument();
    expect(within(row(table, 'active@demo.eduhub')).getByText('教师、学管')).toBeInTheDocument();
    expect(within(row(table, 'active@demo.eduhub')).getByText('北京海淀校区')).toBeInTheDocument();
    expect(within(row(table, 'active@demo.eduhub')).queryByRole('button', { name: /通过/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '通过 waiting@demo.eduhub' }));
    await waitFor(() => expect(bodiesOf(fetch, STATE)).toEqual([{ userId: 31, state: 1 }]));
    // The list reads again: the account is active, with the active account's actions.
    await waitFor(() => expect(within(row(table, 'waiting@demo.eduhub')).getByText('正常')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: '停用 waiting@demo.eduhub' })).toBeInTheDocument();
    expect(await screen.findByText('已通过 waiting@demo.eduhub')).toBeInTheDocument();
  });

  it('disables an account only after a confirmation, then offers 启用', async () => {
    const { fetch } = server();
    const table = await open();

    await userEvent.click(screen.getByRole('button', { name: '停用 active@demo.eduhub' }));
    const dialog = await screen.findByRole('dialog', { name: '停用账号' });
    expect(dialog).toHaveTextContent('停用后该账号的所有登录立即失效');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(bodiesOf(fetch, STATE)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: '停用 active@demo.eduhub' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '停用账号' })).getByRole('button', { name: '停用' }),
    );
    await waitFor(() => expect(bodiesOf(fetch, STATE)).toEqual([{ userId: 32, state: 2 }]));
    await waitFor(() => expect(within(row(table, 'active@demo.eduhub')).getByText('已停用')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '停用 active@demo.eduhub' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '启用 active@demo.eduhub' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '启用账号' })).getByRole('button', { name: '启用' }),
    );
    await waitFor(() => expect(bodiesOf(fetch, STATE).at(-1)).toEqual({ userId: 32, state: 1 }));
    await waitFor(() => expect(within(row(table, 'active@demo.eduhub')).getByText('正常')).toBeInTheDocument());
  });

  it('refuses a registration after a confirmation: it leaves the list', async () => {
    const { fetch } = server();
    const table = await open();
    await userEvent.click(screen.getByRole('button', { name: '拒绝 waiting@demo.eduhub' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '拒绝注册' })).getByRole('button', { name: '拒绝' }),
    );
    await waitFor(() => expect(bodiesOf(fetch, REFUSE)).toEqual([{ id: 31 }]));
    await waitFor(() => expect(within(table).queryByRole('row', { name: 'waiting@demo.eduhub' })).toBeNull());
  });

  it('searches by keyword, role, school and state from the first page', async () => {
    const { fetch } = server();
    await open();
    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), ' 王 ');
    await userEvent.click(screen.getByRole('textbox', { name: '角色' }));
    await userEvent.click(await screen.findByRole('option', { name: '学管' }));
    await userEvent.click(screen.getByRole('textbox', { name: '校区' }));
    await userEvent.click(await screen.findByRole('option', { name: '北京海淀校区' }));
    await userEvent.click(screen.getByRole('textbox', { name: '状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '待审核' }));
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, SEARCH).at(-1)).toEqual({
        keyword: '王',
        role: '1v1_xg',
        schoolId: 1001,
        state: 0,
        pageNo: 1,
        pageSize: 20,
      }),
    );
    expect(bodiesOf(fetch, SEARCH)[0]).toEqual({ pageNo: 1, pageSize: 20 });
  });

  it('shows a password-reset link once, in full, with a copy button', async () => {
    server();
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'active@demo.eduhub 的重置密码链接' }));
    const dialog = await screen.findByRole('dialog', { name: '重置密码链接' });
    expect(within(dialog).getByRole('textbox', { name: '重置密码链接' })).toHaveValue(
      `${window.location.origin}/resetPassword?token=rst-1`,
    );
    expect(within(dialog).getByRole('button', { name: '复制链接' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('只显示这一次');
  });

  it("edits an account's name, roles, schools and subjects; only a super user sets the super-user mark", async () => {
    const { fetch } = server();
    await open();
    await userEvent.click(screen.getByRole('button', { name: '编辑 active@demo.eduhub' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑账号 · 在职老师' });
    expect(within(drawer).getByRole('switch', { name: /超级用户/ })).toBeDisabled();
    const name = within(drawer).getByRole('textbox', { name: '姓名' });
    await userEvent.clear(name);
    await userEvent.type(name, '王老师');
    await userEvent.click(within(drawer).getByRole('textbox', { name: /^角色/ }));
    await userEvent.click(await screen.findByRole('option', { name: '校长' }));
    await userEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/admin/account/update')).toEqual([
        {
          userId: 32,
          name: '王老师',
          roles: ['teacher', '1v1_xg', 'school_manager'],
          schoolIds: [1001],
          subjects: [{ stage: 4, subject: 54 }],
        },
      ]),
    );
  });
});
