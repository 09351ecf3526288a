import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminNotice } from '@/generated/AdminNotice';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { orgTree, pageOf } from '../../test-helpers';
import { NOTICE_TABLE, NoticesPage } from './notices-page';

afterEach(() => vi.unstubAllGlobals());

const PUBLISH = '/api/admin/notice/publish';
const WITHDRAW = '/api/admin/notice/withdraw';

const notice = (id: number, patch: Partial<AdminNotice> = {}): AdminNotice => ({
  id,
  title: `通知${id}`,
  content: '内容',
  type: 1,
  publishedBy: '管理员',
  createdAt: Date.UTC(2026, 2, 1),
  recipients: 8,
  read: 3,
  ...patch,
});

function server() {
  return mockFetch([
    [
      'POST',
      '/api/admin/notice/list',
      () => pageOf([notice(5, { title: '期中考试安排' }), notice(4, { withdrawnAt: 1, recipients: 0, read: 0 })]),
    ],
    ['GET', '/api/admin/org', () => envelope(orgTree)],
    ['POST', PUBLISH, () => envelope({ id: 6, recipients: 42 })],
    ['POST', WITHDRAW, () => envelope(8)],
  ]);
}

async function open() {
  render(<NoticesPage />);
  const table = await screen.findByRole('table', { name: NOTICE_TABLE });
  await within(table).findByRole('row', { name: '期中考试安排' });
  return table;
}

describe('NoticesPage', () => {
  it('shows each notice with its read rate, and withdraws one after a confirmation', async () => {
    const fetch = server();
    const table = await open();
    const row = within(table).getByRole('row', { name: '期中考试安排' });
    expect(within(row).getByText('37.5%')).toBeInTheDocument();
    expect(within(row).getByText('弹窗通知')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: '通知4' })).getByText('已撤回')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '撤回 通知4' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '撤回 期中考试安排' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '撤回通知' })).getByRole('button', { name: '撤回' }),
    );
    await waitFor(() => expect(bodiesOf(fetch, WITHDRAW)).toEqual([{ id: 5 }]));
  });

  it('previews a notice as users see it, then publishes it to roles and e-mails', async () => {
    const fetch = server();
    await open();
    await userEvent.click(screen.getByRole('button', { name: '发布通知' }));
    const dialog = await screen.findByRole('dialog', { name: '发布通知' });
    await userEvent.click(within(dialog).getByRole('button', { name: '预览' }));
    expect(within(dialog).getByText('请输入标题')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择接收角色、校区或填写邮箱')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: '标题' }), '系统升级');
    await userEvent.click(within(dialog).getByRole('textbox', { name: '类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '列表通知' }));
    await userEvent.click(within(dialog).getByRole('textbox', { name: '接收角色' }));
    await userEvent.click(await screen.findByRole('option', { name: '教师' }));
    await userEvent.click(within(dialog).getByRole('textbox', { name: '接收校区' }));
    await userEvent.click(await screen.findByRole('option', { name: '北京海淀校区' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '接收邮箱' }), 'A@demo.eduhub, b@demo.eduhub');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '内容' }), '今晚 22:00 升级。\n约 10 分钟。');
    await userEvent.click(within(dialog).getByRole('button', { name: '预览' }));

    const preview = within(dialog).getByRole('article', { name: '通知预览' });
    expect(within(preview).getByText('系统升级')).toBeInTheDocument();
    expect(preview).toHaveTextContent('今晚 22:00 升级。');
    expect(dialog).toHaveTextContent('列表通知 · 发送给：教师；北京海淀校区；a@demo.eduhub、b@demo.eduhub');
    expect(bodiesOf(fetch, PUBLISH)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: '发布' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, PUBLISH)).toEqual([
        {
          title: '系统升级',
          content: '今晚 22:00 升级。\n约 10 分钟。',
          type: 2,
          roles: ['teacher'],
          schoolIds: [1001],
          emails: ['a@demo.eduhub', 'b@demo.eduhub'],
        },
      ]),
    );
    expect(await screen.findByText('通知已发布，发送给 42 人')).toBeInTheDocument();
  });
});
