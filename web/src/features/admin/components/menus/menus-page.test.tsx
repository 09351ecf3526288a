import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMenuNode } from '@/generated/AdminMenuNode';
import type { WhitelistedFunction } from '@/generated/WhitelistedFunction';
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
import { adminMenus, menuNode } from '../../test-helpers';
import { MENU_TABLE } from './menu-grants';
import { MenusPage } from './menus-page';

afterEach(() => vi.unstubAllGlobals());

const GRANT = '/api/admin/menu/grant';
const UPDATE = '/api/admin/menu/update';
const MENUS = '/api/admin/menus';

/** A server keeping the menu nodes, their grants and the whitelist. */
function server() {
  const nodes: AdminMenuNode[] = [
    menuNode('KNOWLEDGEREPOSITORY', '知识库', { sort: 1, roles: ['teacher', 'admin'] }),
    menuNode('ADMINISTRATION', '系统管理', { sort: 2, roles: ['admin'] }),
    menuNode('AD_AUDIT', '审计日志', { parentCode: 'ADMINISTRATION', level: 2, sort: 2 }),
    menuNode('AD_ORG', '组织架构', { parentCode: 'ADMINISTRATION', level: 2, sort: 1 }),
  ];
  const functions: WhitelistedFunction[] = [{ code: 'teacher_group', emails: ['a@demo.eduhub'] }];
  const fetch = mockFetch([
    ['GET', MENUS, () => envelope(adminMenus(nodes))],
    [
      'POST',
      GRANT,
      (_url, init) => {
        const { code, role, granted } = jsonBody(init) as { code: string; role: string; granted: boolean };
        const node = nodes.find((n) => n.code === code)!;
        node.roles = granted ? [...node.roles, role] : node.roles.filter((r) => r !== role);
        return envelope(true);
      },
    ],
    [
      'POST',
      UPDATE,
      (_url, init) => {
        const change = jsonBody(init) as Pick<AdminMenuNode, 'code' | 'name' | 'sort' | 'hidden' | 'badge'>;
        Object.assign(
          nodes.find((n) => n.code === change.code)!,
          change,
        );
        return envelope(true);
      },
    ],
    ['GET', '/api/admin/whitelist', () => envelope({ functions })],
    [
      'POST',
      '/api/admin/whitelist/function',
      (_url, init) => {
        const { code, listed } = jsonBody(init) as { code: string; listed: boolean };
        if (listed) functions.push({ code, emails: [] });
        else
          functions.splice(
            functions.findIndex((f) => f.code === code),
            1,
          );
        return envelope(true);
      },
    ],
    [
      'POST',
      '/api/admin/whitelist/grant',
      (_url, init) => {
        const { code, email, granted } = jsonBody(init) as { code: string; email: string; granted: boolean };
        const fn = functions.find((f) => f.code === code)!;
        fn.emails = granted ? [...fn.emails, email] : fn.emails.filter((e) => e !== email);
        return envelope(true);
      },
    ],
  ]);
  return { fetch, nodes };
}

async function open() {
  render(<MenusPage />);
  const table = await screen.findByRole('table', { name: MENU_TABLE });
  await within(table).findByRole('row', { name: '组织架构' });
  return table;
}

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('MenusPage: menus', () => {
  it('shows the tree in order, each node granted itself or through its parent', async () => {
    server();
    const table = await open();
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.getAttribute('aria-label'));
    expect(names).toEqual(['知识库', '系统管理', '组织架构', '审计日志']);
    expect(box('知识库 · 教师')).toBeChecked();
    expect(box('系统管理 · 管理员')).toBeChecked();
    // Granted through 系统管理: shown so, not as the node's own grant.
    expect(box('组织架构 · 管理员')).not.toBeChecked();
    expect(box('组织架构 · 管理员')).toHaveAttribute('data-indeterminate', 'true');
    expect(box('组织架构 · 教师')).not.toBeChecked();
  });

  it('grants and takes back a node for a role with its checkbox', async () => {
    const { fetch } = server();
    await open();
    await userEvent.click(box('组织架构 · 校长'));
    await waitFor(() =>
      expect(bodiesOf(fetch, GRANT)).toEqual([{ code: 'AD_ORG', role: 'school_manager', granted: true }]),
    );
    await waitFor(() => expect(box('组织架构 · 校长')).toBeChecked());

    await userEvent.click(box('知识库 · 教师'));
    await waitFor(() =>
      expect(bodiesOf(fetch, GRANT).at(-1)).toEqual({ code: 'KNOWLEDGEREPOSITORY', role: 'teacher', granted: false }),
    );
    await waitFor(() => expect(box('知识库 · 教师')).not.toBeChecked());
    // The nodes are read again after each change.
    expect(fetch.mock.calls.filter(([u]) => u === MENUS).length).toBeGreaterThanOrEqual(3);
  });

  it('hides a node with its switch and sets its name, order and badge', async () => {
    const { fetch } = server();
    const table = await open();
    await userEvent.click(screen.getByRole('switch', { name: '隐藏 审计日志' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, UPDATE)).toEqual([
        { code: 'AD_AUDIT', name: '审计日志', sort: 2, hidden: true, badge: '' },
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: '编辑 组织架构' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑菜单' });
    const badge = within(dialog).getByRole('textbox', { name: '角标' });
    await userEvent.type(badge, '新');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, UPDATE).at(-1)).toEqual({
        code: 'AD_ORG',
        name: '组织架构',
        sort: 1,
        hidden: false,
        badge: '新',
      }),
    );
    await waitFor(() =>
      expect(within(within(table).getByRole('row', { name: '组织架构' })).getByText('新')).toBeInTheDocument(),
    );
  });
});

describe('MenusPage: whitelist', () => {
  it('adds a function, grants and takes back e-mails, and frees a function after a confirmation', async () => {
    const { fetch } = server();
    await open();
    await userEvent.click(screen.getByRole('tab', { name: '白名单' }));
    const existing = await screen.findByRole('group', { name: 'teacher_group' });
    expect(within(existing).getByText('a@demo.eduhub')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: '功能编码' }), 'ai paper');
    await userEvent.click(screen.getByRole('button', { name: '添加白名单功能' }));
    expect(await screen.findByText(/功能编码只能由字母、数字和下划线组成/)).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: '功能编码' }));
    await userEvent.type(screen.getByRole('textbox', { name: '功能编码' }), 'ai_paper');
    await userEvent.click(screen.getByRole('button', { name: '添加白名单功能' }));
    const added = await screen.findByRole('group', { name: 'ai_paper' });
    expect(bodiesOf(fetch, '/api/admin/whitelist/function')).toEqual([{ code: 'ai_paper', listed: true }]);

    await userEvent.type(within(added).getByRole('textbox', { name: '授予 ai_paper 的邮箱' }), 'B@Demo.eduhub');
    await userEvent.click(within(added).getByRole('button', { name: '授予' }));
    expect(await within(added).findByText('b@demo.eduhub')).toBeInTheDocument();

    await userEvent.click(within(existing).getByRole('button', { name: '收回 a@demo.eduhub' }));
    await waitFor(() => expect(within(existing).queryByText('a@demo.eduhub')).toBeNull());
    expect(bodiesOf(fetch, '/api/admin/whitelist/grant')).toEqual([
      { code: 'ai_paper', email: 'b@demo.eduhub', granted: true },
      { code: 'teacher_group', email: 'a@demo.eduhub', granted: false },
    ]);

    await userEvent.click(within(existing).getByRole('button', { name: '移出 teacher_group' }));
    const dialog = await screen.findByRole('dialog', { name: '取消白名单管理' });
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'teacher_group' })).toBeNull());
    expect(bodiesOf(fetch, '/api/admin/whitelist/function').at(-1)).toEqual({ code: 'teacher_group', listed: false });
  });
});
