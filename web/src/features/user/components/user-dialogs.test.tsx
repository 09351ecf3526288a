import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, render, screen, userEvent, waitFor } from '@/testing/test-utils';
import { userInfo } from '@/testing/fixtures';
import { RoleSwitchDialog } from './role-switch-dialog';
import { UserMenu } from './user-menu';
import { VirtualAccountDialog, WRONG_EMAIL_TEXT } from './virtual-account-dialog';

afterEach(() => vi.unstubAllGlobals());

const roles = [
  { code: 'admin', name: '管理员', current: true, icon: '' },
  { code: 'teacher', name: '教师', current: false, icon: '' },
];

describe('RoleSwitchDialog', () => {
  it('is 544 px wide, lists the roles and switches to the chosen one', async () => {
    const fetch = mockFetch([['POST', '/api/pub/user/change/role', () => envelope(null)]]);
    const onSwitched = vi.fn();
    render(<RoleSwitchDialog opened roles={roles} onClose={vi.fn()} onSwitched={onSwitched} />);
    const dialog = await screen.findByRole('dialog', { name: '切换身份' });
    expect(dialog.closest('.mantine-Modal-content') ?? dialog).toBeTruthy();
    expect(screen.getByText('切换身份后，其他已打开的窗口将被关闭')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '管理员' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '教师' }));
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSwitched).toHaveBeenCalledWith('teacher'));
    expect(fetch.mock.calls[0]![0]).toBe('/api/pub/user/change/role?role=teacher');
  });

  it('disables confirm with one role', async () => {
    render(<RoleSwitchDialog opened roles={[roles[1]!]} onClose={vi.fn()} onSwitched={vi.fn()} />);
    expect(await screen.findByRole('button', { name: '确定' })).toBeDisabled();
  });
});

describe('VirtualAccountDialog', () => {
  it('disables confirm while empty and warns on a blank account', async () => {
    render(<VirtualAccountDialog opened ownEmail="admin@demo.eduhub" onClose={vi.fn()} onSwitched={vi.fn()} />);
    const confirm = await screen.findByRole('button', { name: '确定' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText('账号'), '   ');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(screen.getByText(WRONG_EMAIL_TEXT)).toBeInTheDocument();
  });

  it('switches to the account with the fixed suffix, or back to the own account', async () => {
    const fetch = mockFetch([['POST', '/api/pub/user/superuser/change', () => envelope(null)]]);
    const onSwitched = vi.fn();
    render(<VirtualAccountDialog opened ownEmail="admin@demo.eduhub" onClose={vi.fn()} onSwitched={onSwitched} />);
    expect(await screen.findByText('@demo.eduhub')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('账号'), 'teacher2');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSwitched).toHaveBeenCalledWith('teacher2@demo.eduhub'));
    expect(fetch.mock.calls[0]![0]).toBe('/api/pub/user/superuser/change?email=teacher2%40demo.eduhub');

    expect(screen.getByText(/当前账号：admin@demo.eduhub/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '使用当前账号' }));
    await waitFor(() => expect(onSwitched).toHaveBeenCalledWith('admin@demo.eduhub'));
  });
});

describe('UserMenu', () => {
  it('shows the teacher profile card and no virtual account for a plain teacher', async () => {
    mockFetch([
      [
        'GET',
        '/api/pub/user/teacher-info',
        () =>
          envelope({
            name: '王老师',
            avatar: null,
            teacherCode: 'T001',
            email: 'teacher@demo.eduhub',
            schoolName: '海淀校区',
            subjectDesc: '数学',
            joinDate: '2020-09-01',
            teacherLevel: '高级',
            divisionAgeDesc: '4年',
            schoolAgeDesc: '8年',
          }),
      ],
    ]);
    render(<UserMenu user={userInfo()} onSwitched={vi.fn()} onLogout={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: '用户菜单' }));
    expect(await screen.findByText('T001')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: '切换身份' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '虚拟账号' })).not.toBeInTheDocument();
  });

  it('offers the virtual account to super users and logs out', async () => {
    const onLogout = vi.fn();
    const admin = userInfo({
      roleList: roles,
      superuser: true,
      userEmail: 'admin@demo.eduhub',
    });
    render(<UserMenu user={admin} onSwitched={vi.fn()} onLogout={onLogout} />);
    await userEvent.click(screen.getByRole('button', { name: '用户菜单' }));
    expect(await screen.findByRole('menuitem', { name: '虚拟账号' })).toBeInTheDocument();
    expect(screen.queryByLabelText('教师信息')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: '退出登录' }));
    expect(onLogout).toHaveBeenCalled();
  });
});
