import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import type { Colleague } from '@/generated/Colleague';
import type { DocMember } from '@/generated/DocMember';
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
import { ShareButton, ShareDialog } from './share-dialog';

beforeEach(() => notifications.clean());
afterEach(() => vi.unstubAllGlobals());

const COLLEAGUES: Colleague[] = [
  { email: 'teacher2@demo.eduhub', name: '李老师', schoolNames: ['海淀校区'] },
  { email: 'teacher3@demo.eduhub', name: '李明', schoolNames: ['海淀校区', '朝阳校区'] },
  { email: 'manager@demo.eduhub', name: '钱学管', schoolNames: ['海淀校区'] },
];

/**
 * A server holding the members of one document: save adds or changes, remove drops; the
 * colleague search filters by name or e-mail. `fail` answers these calls with an error instead.
 */
function server(initial: DocMember[], fail: Partial<Record<'save' | 'remove' | 'members', string>> = {}) {
  let members = [...initial];
  return mockFetch([
    [
      'GET',
      '/api/collab/members',
      () => (fail.members ? envelope(null, 'A0300', fail.members, 403) : envelope(members)),
    ],
    [
      'POST',
      '/api/collab/member/save',
      (_u, init) => {
        if (fail.save) return envelope(null, 'A0404', fail.save, 404);
        const { email, canEdit } = jsonBody(init) as { email: string; canEdit: boolean };
        const name = COLLEAGUES.find((c) => c.email === email)?.name ?? email;
        const existing = members.find((m) => m.email === email);
        members = existing
          ? members.map((m) => (m.email === email ? { ...m, canEdit } : m))
          : [...members, { email, name, canEdit }];
        return envelope(true);
      },
    ],
    [
      'POST',
      '/api/collab/member/remove',
      (_u, init) => {
        if (fail.remove) return envelope(null, 'A0404', fail.remove, 404);
        const { email } = jsonBody(init) as { email: string };
        members = members.filter((m) => m.email !== email);
        return envelope(true);
      },
    ],
    [
      'POST',
      '/api/teaching/colleagues',
      (_u, init) => {
        const keyword = (jsonBody(init).keyword as string | undefined) ?? '';
        return envelope(COLLEAGUES.filter((c) => c.name.includes(keyword) || c.email.includes(keyword)));
      },
    ],
  ]);
}

const open = (docType: 'feedback' | 'handout' = 'feedback', id = 7) =>
  render(<ShareDialog docType={docType} id={id} opened onClose={() => {}} />);

const rows = () =>
  within(screen.getByRole('table', { name: '成员列表' }))
    .getAllByRole('row')
    .slice(1);

describe('ShareDialog', () => {
  it('lists the members with their right', async () => {
    const fetch = server([
      { email: 'teacher2@demo.eduhub', name: '李老师', canEdit: true },
      { email: 'manager@demo.eduhub', name: '钱学管', canEdit: false },
    ]);
    open('feedback', 7);
    expect(await screen.findByRole('dialog', { name: '共享给同事' })).toBeInTheDocument();
    await screen.findByRole('table', { name: '成员列表' });
    expect(rows()).toHaveLength(2);
    expect(within(rows()[0]!).getByText('teacher2@demo.eduhub')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '李老师的权限' })).toHaveValue('edit');
    expect(screen.getByRole('combobox', { name: '钱学管的权限' })).toHaveValue('view');
    expect(
      within(screen.getByRole('combobox', { name: '钱学管的权限' })).getByRole('option', { selected: true }),
    ).toHaveTextContent('仅查看');
    expect(fetch.mock.calls.some(([u]) => u === '/api/collab/members?docType=feedback&id=7')).toBe(true);
  });

  it('says when nobody is shared with yet', async () => {
    server([]);
    open();
    expect(await screen.findByText('尚未共享给其他同事')).toBeInTheDocument();
  });

  it('adds a colleague found by name with the right chosen', async () => {
    const fetch = server([]);
    open('handout', 1);
    await screen.findByText('尚未共享给其他同事');
    await userEvent.type(screen.getByRole('textbox', { name: '同事' }), '李');
    const option = await screen.findByRole('option', { name: /李老师/ });
    // The colleague's schools help to tell namesakes apart.
    expect(within(option).getByText('海淀校区')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: /李明/ })).toHaveTextContent('海淀校区、朝阳校区');
    await waitFor(() => expect(bodiesOf(fetch, '/api/teaching/colleagues')).toContainEqual({ keyword: '李' }));
    await userEvent.click(option);
    expect(screen.getByRole('textbox', { name: '同事' })).toHaveValue('teacher2@demo.eduhub');
    await userEvent.click(screen.getByRole('radio', { name: '仅查看' }));
    await userEvent.click(screen.getByRole('button', { name: '添加' }));

    expect(await screen.findByText('已共享给李老师（仅查看）')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/collab/member/save')).toEqual([
      { docType: 'handout', id: 1, email: 'teacher2@demo.eduhub', canEdit: false },
    ]);
    // The list is read again and shows the new member; the input is cleared.
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: '李老师的权限' })).toHaveValue('view');
    expect(screen.getByRole('textbox', { name: '同事' })).toHaveValue('');
  });

  it('adds by an e-mail typed in full, as editor by default', async () => {
    const fetch = server([]);
    open('feedback', 7);
    await screen.findByText('尚未共享给其他同事');
    await userEvent.type(screen.getByRole('textbox', { name: '同事' }), 'someone@other.school{Enter}');
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/collab/member/save')).toEqual([
        { docType: 'feedback', id: 7, email: 'someone@other.school', canEdit: true },
      ]),
    );
    expect(await screen.findByText('已共享给someone@other.school（可编辑）')).toBeInTheDocument();
  });

  it('refuses what is not an e-mail without asking the server', async () => {
    const fetch = server([]);
    open();
    await screen.findByText('尚未共享给其他同事');
    await userEvent.type(screen.getByRole('textbox', { name: '同事' }), '不存在的人');
    await userEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('请选择同事或输入有效的邮箱')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/collab/member/save')).toEqual([]);
  });

  it("shows the server's error when adding fails", async () => {
    server([], { save: '账号不存在' });
    open();
    await screen.findByText('尚未共享给其他同事');
    await userEvent.type(screen.getByRole('textbox', { name: '同事' }), 'nobody@demo.eduhub');
    await userEvent.click(screen.getByRole('button', { name: '添加' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('账号不存在');
    // The typed address stays for a correction.
    expect(screen.getByRole('textbox', { name: '同事' })).toHaveValue('nobody@demo.eduhub');
  });

  it("changes a member's right", async () => {
    const fetch = server([{ email: 'teacher2@demo.eduhub', name: '李老师', canEdit: true }]);
    open('feedback', 7);
    const right = await screen.findByRole('combobox', { name: '李老师的权限' });
    await userEvent.selectOptions(right, '仅查看');
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/collab/member/save')).toEqual([
        { docType: 'feedback', id: 7, email: 'teacher2@demo.eduhub', canEdit: false },
      ]),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: '李老师的权限' })).toHaveValue('view'));
  });

  it('removes a member', async () => {
    const fetch = server([
      { email: 'teacher2@demo.eduhub', name: '李老师', canEdit: true },
      { email: 'manager@demo.eduhub', name: '钱学管', canEdit: false },
    ]);
    open('feedback', 7);
    await userEvent.click(await screen.findByRole('button', { name: '移除钱学管' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(bodiesOf(fetch, '/api/collab/member/remove')).toEqual([
      { docType: 'feedback', id: 7, email: 'manager@demo.eduhub' },
    ]);
    expect(within(screen.getByRole('table', { name: '成员列表' })).queryByText('钱学管')).not.toBeInTheDocument();
  });

  it("shows the server's error when removing fails", async () => {
    server([{ email: 'teacher2@demo.eduhub', name: '李老师', canEdit: true }], { remove: '该账号不是文档成员' });
    open();
    await userEvent.click(await screen.findByRole('button', { name: '移除李老师' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('该账号不是文档成员');
  });

  it('says why the list cannot be read (e.g. not the owner)', async () => {
    server([], { members: '无权限' });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('无权限');
  });
});

describe('ShareButton', () => {
  it('opens the dialog, which reads the members only then', async () => {
    const fetch = server([{ email: 'teacher2@demo.eduhub', name: '李老师', canEdit: true }]);
    render(<ShareButton docType="handout" id={1} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '共享' }));
    expect(await screen.findByRole('combobox', { name: '李老师的权限' })).toHaveValue('edit');
    expect(fetch.mock.calls.some(([u]) => u === '/api/collab/members?docType=handout&id=1')).toBe(true);
  });
});
