import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveBlob } from '@/features/download/download-file';
import { putBytes } from '@/features/upload/api/uploads';
import type { AccountImportResult } from '@/generated/AccountImportResult';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { orgTree, pageOf, registDict } from '../../test-helpers';
import { AccountsPage } from './accounts-page';
import { INVITATION_TABLE } from './invitations-panel';

vi.mock('@/features/upload/api/uploads', () => ({ putBytes: vi.fn(() => Promise.resolve({ fileId: 'f-xlsx' })) }));
vi.mock('@/features/download/download-file', () => ({ saveBlob: vi.fn() }));

const INVITE = '/api/admin/account/invite';
const IMPORT = '/api/admin/account/import';
const REVOKE = '/api/admin/account/invitation/revoke';

beforeEach(() => {
  sessionStore.set((s) => ({ ...s, user: userInfo() }));
});
afterEach(() => {
  sessionStore.set((s) => ({ ...s, user: null }));
  vi.unstubAllGlobals();
  vi.mocked(saveBlob).mockClear();
  vi.mocked(putBytes).mockClear();
});

const imported: AccountImportResult = {
  total: 3,
  invited: [
    { line: 2, email: 'a@demo.eduhub', link: { path: '/register?invitation=inv-a', expiresAt: Date.UTC(2026, 3, 1) } },
  ],
  errors: [
    { line: 3, reason: '未知角色：老师' },
    { line: 4, reason: '校区不存在：广州校区' },
  ],
};

function server() {
  return mockFetch([
    ['GET', '/api/admin/org', () => envelope(orgTree)],
    ['GET', '/api/account/login/getRegistDict', () => envelope(registDict)],
    ['POST', '/api/admin/account/search', () => pageOf([])],
    ['POST', INVITE, () => envelope({ path: '/register?invitation=inv-1', expiresAt: Date.UTC(2026, 3, 1) })],
    [
      'POST',
      '/api/admin/account/invitations',
      () =>
        pageOf([
          {
            id: 'h1',
            email: 'open@demo.eduhub',
            roles: ['teacher'],
            schoolIds: [1001],
            invitedBy: '管理员',
            createdAt: Date.UTC(2026, 2, 1),
            expiresAt: Date.UTC(2026, 2, 8),
            status: 'open',
          },
          {
            id: 'h2',
            email: 'used@demo.eduhub',
            roles: ['admin'],
            schoolIds: [],
            invitedBy: '管理员',
            createdAt: Date.UTC(2026, 1, 1),
            expiresAt: Date.UTC(2026, 1, 8),
            status: 'used',
          },
        ]),
    ],
    ['POST', REVOKE, () => envelope(true)],
    [
      'POST',
      '/api/resource/getUploadUrl',
      () => envelope({ fileId: 'f-xlsx', uploadUrl: '/api/upload/f-xlsx', fileName: 'x', expireTime: 0 }),
    ],
    ['POST', IMPORT, () => envelope(imported)],
  ]);
}

describe('AccountsPage: invitations', () => {
  it('invites an e-mail with roles and schools, then shows the link once with a copy button', async () => {
    const fetch = server();
    render(<AccountsPage />);
    await userEvent.click(await screen.findByRole('button', { name: '邀请' }));
    const dialog = await screen.findByRole('dialog', { name: '邀请注册' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '邮箱' }), ' New@Demo.eduhub ');
    await userEvent.click(within(dialog).getByRole('textbox', { name: '校区' }));
    await userEvent.click(await screen.findByRole('option', { name: '北京海淀校区' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '生成邀请链接' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, INVITE)).toEqual([
        { email: 'new@demo.eduhub', roles: ['teacher'], schoolIds: [1001], subjects: [] },
      ]),
    );
    expect(await within(dialog).findByRole('textbox', { name: '邀请链接' })).toHaveValue(
      `${window.location.origin}/register?invitation=inv-1`,
    );
    expect(within(dialog).getByRole('button', { name: '复制链接' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '邀请注册' })).not.toBeInTheDocument());
  });

  it('lists the invitations with their status and revokes an open one', async () => {
    const fetch = server();
    render(<AccountsPage />);
    await userEvent.click(await screen.findByRole('tab', { name: '邀请记录' }));
    const table = await screen.findByRole('table', { name: INVITATION_TABLE });
    const open = await within(table).findByRole('row', { name: 'open@demo.eduhub' });
    expect(within(open).getByText('待使用')).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: 'used@demo.eduhub' })).getByText('已使用'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '撤销 used@demo.eduhub 的邀请' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '撤销 open@demo.eduhub 的邀请' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '撤销邀请' })).getByRole('button', { name: '撤销' }),
    );
    await waitFor(() => expect(bodiesOf(fetch, REVOKE)).toEqual([{ id: 'h1' }]));
  });

  it('imports an .xlsx: invited rows with their links (as CSV too), refused rows with line and reason', async () => {
    const fetch = server();
    render(<AccountsPage />);
    await userEvent.click(await screen.findByRole('button', { name: '批量导入' }));
    const dialog = await screen.findByRole('dialog', { name: '批量导入账号' });
    await userEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(within(dialog).getByText('请选择 .xlsx 文件')).toBeInTheDocument();

    const file = new File(['xlsx'], '教师名单.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, file);
    await userEvent.click(within(dialog).getByRole('button', { name: '导入' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('共 3 行，已邀请 1 人，2 行未导入');
    expect(bodiesOf(fetch, '/api/resource/getUploadUrl')).toEqual([{ fileName: '教师名单.xlsx' }]);
    expect(putBytes).toHaveBeenCalledWith('/api/upload/f-xlsx', file, expect.anything());
    expect(bodiesOf(fetch, IMPORT)).toEqual([{ fileId: 'f-xlsx' }]);
    const invited = within(dialog).getByRole('table', { name: '已邀请' });
    expect(within(invited).getByText(`${window.location.origin}/register?invitation=inv-a`)).toBeInTheDocument();
    const refused = within(dialog).getByRole('table', { name: '未导入的行' });
    expect(within(within(refused).getByRole('row', { name: '第3行' })).getByText('未知角色：老师')).toBeInTheDocument();
    expect(
      within(within(refused).getByRole('row', { name: '第4行' })).getByText('校区不存在：广州校区'),
    ).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: '下载邀请链接（CSV）' }));
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(name).toBe('invitations.csv');
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });
    expect(csv).toContain('行号,邮箱,邀请链接,有效期至');
    expect(csv).toContain(`2,a@demo.eduhub,${window.location.origin}/register?invitation=inv-a,`);
  });
});
