import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { act, bodiesOf, render, screen, urlsOf, userEvent, waitFor, within } from '@/testing/test-utils';
import { browserNav } from '../browser-nav';
import { createDriveUploads } from '../drive-upload';
import { driveItem, driveServer, folder, member, shareInfo, team } from '../test-helpers';
import { DrivePage } from './drive-page';

afterEach(() => {
  // Toasts of a test must not queue those of the next one.
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Shows the route's query, to check where the page is. */
function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

const uploaded = (name: string) => ({ fileId: `f-${name}`, fileName: name, size: 3, sha256: 'x' });

function renderDrive(route = '/knowledgeRepository/mainSpace') {
  const { client, socket } = connectedClient();
  const uploads = createDriveUploads({ transfer: async (item) => uploaded(item.fileName) });
  const view = render(
    <>
      <DrivePage realtime={client} uploads={uploads} />
      <Where />
    </>,
    { route },
  );
  return { ...view, socket };
}

const table = () => screen.getByRole('table', { name: '文件列表' });
const row = (name: string) => within(table()).findByRole('row', { name });
const where = () => new URLSearchParams(screen.getByTestId('where').textContent);

async function rowAction(name: string, action: string) {
  await userEvent.click(within(await row(name)).getByRole('button', { name: `更多操作：${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

const LESSONS = [folder(1, '教案'), folder(2, '试卷'), driveItem(3, '期中复习.pdf', { size: 3 * 1024 * 1024 })];

describe('the drive page', () => {
  it('shows the space tree, the quota and the personal root, folders first, read with the document query', async () => {
    const { fetch } = driveServer({ items: LESSONS, used: 1.5 * 1024 ** 3 });
    renderDrive();
    const tree = await screen.findByRole('navigation', { name: '空间' });
    for (const name of ['我的空间', '数学教研组', '共享', '收到的', '发出的', '回收站']) {
      expect(within(tree).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(tree).getByTestId('drive-node-personal')).toHaveAttribute('aria-current', 'page');
    const quota = screen.getByRole('group', { name: '存储空间' });
    expect(quota).toHaveTextContent('已用 1.5G / 10G');
    expect(quota).toHaveAttribute('data-used', String(1.5 * 1024 ** 3));

    expect(await row('期中复习.pdf')).toHaveTextContent('3MB');
    const names = within(table())
      .getAllByTestId('drive-row')
      .map((r) => r.getAttribute('aria-label'));
    expect(names).toEqual(['教案', '试卷', '期中复习.pdf']);
    expect(within(await row('期中复习.pdf')).getByRole('img', { name: 'PDF' })).toBeInTheDocument();
    expect(within(await row('教案')).getByRole('img', { name: '文件夹' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/document/list/v2/0')[0]).toEqual({
      createTimeOrder: 2,
      orderType: 2,
      pageNum: 1,
      pageSize: 30,
      subjectId: -1,
      typeIds: [-1],
    });
  });

  it('makes a folder in the folder viewed; a double click opens it and the crumbs lead back', async () => {
    const { fetch } = driveServer({ items: LESSONS });
    renderDrive();
    await row('教案');
    await userEvent.dblClick(await row('教案'));
    await waitFor(() => expect(where().get('id')).toBe('1'));
    expect(where().get('nodeId')).toBe('personal');
    const crumbs = screen.getByTestId('drive-crumbs');
    await waitFor(() => expect(within(crumbs).getByText('教案')).toHaveAttribute('aria-current', 'location'));
    expect(await screen.findByText('此文件夹为空')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '新建文件夹' }));
    const dialog = await screen.findByRole('dialog', { name: '新建文件夹' });
    await userEvent.type(within(dialog).getByLabelText('文件夹名称'), ' 第一单元 ');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await row('第一单元')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/document/create')).toEqual([{ parentId: 1, name: '第一单元' }]);
    expect(await screen.findByText('已新建文件夹「第一单元」')).toBeInTheDocument();

    await userEvent.click(within(crumbs).getByRole('button', { name: '我的空间' }));
    await waitFor(() => expect(where().get('id')).toBe('0'));
    expect(await row('教案')).toBeInTheDocument();
  });

  it('opens at the folder the route names (reload, back)', async () => {
    driveServer({ items: [...LESSONS, folder(7, '第二单元', { parentId: 1, path: '/1/7/' })] });
    renderDrive('/knowledgeRepository/mainSpace?nodeId=personal&id=1&nodeName=我的空间&location=1');
    expect(await row('第二单元')).toBeInTheDocument();
    const crumbs = screen.getByTestId('drive-crumbs');
    await waitFor(() => expect(within(crumbs).getByText('教案')).toBeInTheDocument());
  });

  it('renames an item from its row', async () => {
    const { fetch } = driveServer({ items: LESSONS });
    renderDrive();
    await rowAction('期中复习.pdf', '重命名');
    const dialog = await screen.findByRole('dialog', { name: '重命名' });
    const input = within(dialog).getByLabelText('名称');
    expect(input).toHaveValue('期中复习.pdf');
    await userEvent.clear(input);
    await userEvent.type(input, '期中总复习.pdf');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await row('期中总复习.pdf')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/document/rename')).toEqual([{ id: 3, name: '期中总复习.pdf' }]);
  });

  it('moves an item into a folder picked in the move dialog; a folder cannot go into itself', async () => {
    const { fetch, state } = driveServer({ items: LESSONS });
    renderDrive();
    await rowAction('教案', '移动');
    let dialog = await screen.findByRole('dialog', { name: '移动「教案」到' });
    expect(await within(dialog).findByRole('button', { name: '教案' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');

    await rowAction('期中复习.pdf', '移动');
    dialog = await screen.findByRole('dialog', { name: '移动「期中复习.pdf」到' });
    await userEvent.click(await within(dialog).findByRole('button', { name: '试卷' }));
    expect(within(dialog).getByText('目标：试卷')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '移动到此处' }));
    await waitFor(() => expect(within(table()).queryByRole('row', { name: '期中复习.pdf' })).not.toBeInTheDocument());
    expect(bodiesOf(fetch, '/api/document/move')).toEqual([{ id: 3, targetId: 2, teamId: 0 }]);
    expect(state.items.find((i) => i.id === 3)?.parentId).toBe(2);
    expect(bodiesOf(fetch, '/api/team/queryAllFolder')[0]).toEqual({});
  });

  it('deletes to the recycle bin, lists it there and restores it', async () => {
    const { fetch } = driveServer({ items: LESSONS });
    renderDrive();
    await rowAction('期中复习.pdf', '删除');
    const confirm = await screen.findByRole('dialog', { name: '删除' });
    await userEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(within(table()).queryByRole('row', { name: '期中复习.pdf' })).not.toBeInTheDocument());
    expect(urlsOf(fetch)).toContain('/api/document/moveRecycle/3');

    await userEvent.click(screen.getByTestId('drive-node-recycle'));
    await waitFor(() => expect(where().get('nodeId')).toBe('recycle'));
    expect(where().get('id')).toBe('-99999');
    expect(where().get('location')).toBe('5');
    const binRow = await row('期中复习.pdf');
    expect(within(table()).getByRole('columnheader', { name: /删除时间/ })).toBeInTheDocument();
    expect(within(binRow).queryByTestId('drive-open')).not.toBeInTheDocument();
    await rowAction('期中复习.pdf', '还原');
    expect(await screen.findByText('回收站为空')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/document/restore')).toEqual([{ ids: [3] }]);

    await userEvent.click(screen.getByTestId('drive-node-personal'));
    expect(await row('期中复习.pdf')).toBeInTheDocument();
  });

  it('deletes picked rows together and empties the bin after asking', async () => {
    const { fetch } = driveServer({ items: LESSONS });
    renderDrive();
    await row('教案');
    await userEvent.click(screen.getByRole('checkbox', { name: '选择 教案' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '选择 期中复习.pdf' }));
    const batch = screen.getByRole('toolbar', { name: '批量操作' });
    expect(batch).toHaveTextContent('已选 2 项');
    expect(
      within(batch)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['移动', '复制', '分享', '删除', '取消选择']);
    await userEvent.click(within(batch).getByRole('button', { name: '删除' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '删除' })).getByRole('button', { name: '删除' }),
    );
    await waitFor(() => expect(within(table()).getAllByTestId('drive-row')).toHaveLength(1));
    expect(bodiesOf(fetch, '/api/batch/moveRecycle')).toEqual([{ ids: [1, 3] }]);

    await userEvent.click(screen.getByTestId('drive-node-recycle'));
    await row('教案');
    await userEvent.click(screen.getByRole('button', { name: '清空回收站' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '清空回收站' })).getByRole('button', { name: '清空' }),
    );
    expect(await screen.findByText('回收站为空')).toBeInTheDocument();
    expect(urlsOf(fetch)).toContain('/api/document/emptyRecycle');
  });

  it('shares with a colleague found by name and with a team', async () => {
    const { fetch } = driveServer({ items: LESSONS });
    renderDrive();
    await rowAction('教案', '分享');
    const dialog = await screen.findByRole('dialog', { name: '分享「教案」' });
    await userEvent.type(within(dialog).getByLabelText('搜索同事'), '李');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: '李老师（teacher2@demo.eduhub）' }));
    expect(within(dialog).getByRole('list', { name: '分享给的同事' })).toHaveTextContent('李老师');
    expect(bodiesOf(fetch, '/api/document/shareCandidates')).toEqual([{ keyword: '李' }]);
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: '数学教研组' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '分享' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/document/teamShareToPerson')).toEqual([
        { id: 1, ids: [], emails: ['teacher2@demo.eduhub'], teamIds: [5] },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '分享「教案」' })).not.toBeInTheDocument());
  });

  it('reads the folder and the tree again when a push says the drive changed', async () => {
    const { fetch, state } = driveServer({ items: LESSONS });
    const { socket } = renderDrive();
    await row('教案');
    const reads = () => urlsOf(fetch).filter((u) => u === '/api/document/list/v2/0').length;
    const before = reads();
    // Another tab makes a folder; the server signals the change (a signal has no id).
    state.items.push(folder(50, '另一个标签页的文件夹'));
    state.used = 4096;
    socket.push('', 'magic_drive_changed', pushContent({ value: { teamId: 0, folderIds: [0] } }));
    expect(await row('另一个标签页的文件夹')).toBeInTheDocument();
    expect(reads()).toBe(before + 1);
    await waitFor(() => expect(screen.getByRole('group', { name: '存储空间' })).toHaveTextContent('已用 4KB'));
    // Other pushes read nothing.
    socket.push(7, 'magic_camp_changed', pushContent({ value: { campId: 1, kind: 'state' } }));
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toBe(before + 1);
  });

  it('uploads a file into the folder viewed through the upload manager', async () => {
    const { fetch } = driveServer({ items: LESSONS });
    renderDrive('/knowledgeRepository/mainSpace?nodeId=team-5&id=0&nodeName=数学教研组&location=2');
    expect(await screen.findByText('此文件夹为空')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/document/list/v2/0')[0]).toMatchObject({ teamId: 5 });
    await userEvent.click(screen.getByRole('button', { name: '上传文件' }));
    const dialog = await screen.findByRole('dialog', { name: '上传文件' });
    expect(within(dialog).getByTestId('drive-upload-target')).toHaveTextContent('上传到：数学教研组');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      within(dialog).getByLabelText('选择文件'),
      new File(['%PDF'], '教案.pdf', { type: 'application/pdf' }),
    );
    const success = await within(dialog).findByRole('list', { name: '上传成功' });
    await waitFor(() =>
      expect(within(success).getByRole('listitem', { name: '教案.pdf' })).toHaveTextContent('已保存'),
    );
    expect(bodiesOf(fetch, '/api/document/create')).toEqual([
      { parentId: 0, teamId: 5, fileId: 'f-教案.pdf', name: '教案.pdf' },
    ]);
    await userEvent.keyboard('{Escape}');
    expect(await row('教案.pdf')).toBeInTheDocument();
  });

  it('filters by name and type and sorts', async () => {
    const { fetch } = driveServer({ items: LESSONS });
    renderDrive();
    await row('教案');
    await userEvent.type(screen.getByLabelText('按名称搜索'), '复习');
    await waitFor(() => expect(within(table()).getAllByTestId('drive-row')).toHaveLength(1));
    expect(bodiesOf(fetch, '/api/document/list/v2/0').at(-1)).toMatchObject({ likeName: '复习', pageNum: 1 });
    await userEvent.click(screen.getByRole('button', { name: '降序' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/document/list/v2/0').at(-1)).toMatchObject({ createTimeOrder: 1 }),
    );
    await userEvent.click(within(table()).getByText('名称'));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/document/list/v2/0').at(-1)).toMatchObject({ orderType: 1, createTimeOrder: 1 }),
    );
    await userEvent.click(screen.getByRole('textbox', { name: '类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '文档' }));
    await userEvent.click(await screen.findByRole('option', { name: '图片' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/document/list/v2/0').at(-1)).toMatchObject({ typeIds: [1, 7] }));
  });

  it('previews a PDF in place and opens a web link in a new tab', async () => {
    driveServer({ items: [...LESSONS, driveItem(8, '课程网站', { linkUrl: 'https://example.edu/a', iconCode: 0 })] });
    const openTab = vi.spyOn(browserNav, 'openTab').mockImplementation(() => {});
    renderDrive();
    await userEvent.click(within(await row('期中复习.pdf')).getByRole('button', { name: '期中复习.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: '期中复习.pdf' });
    expect(within(dialog).getByTitle('期中复习.pdf')).toHaveAttribute('src', '/api/files/preview/1?sig=s');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(await row('课程网站')).getByRole('button', { name: '课程网站' }));
    expect(openTab).toHaveBeenCalledWith('https://example.edu/a');
  });

  it('copies a received item into my space, revokes a sent share, and follows a copy job pushed', async () => {
    const received = folder(60, '李老师的课件', { canWrite: false, ownerName: '李老师' });
    const sent = folder(1, '教案');
    const { fetch } = driveServer({
      items: LESSONS,
      received: [{ ...received, share: shareInfo(77, received, { shareTime: 0 }) }],
      sent: [
        {
          ...sent,
          share: shareInfo(78, sent, { senderId: 1, senderName: '张老师', receiverId: 3, receiverName: '王老师' }),
        },
      ],
    });
    const { socket } = renderDrive();
    await userEvent.click(await screen.findByTestId('drive-node-received'));
    expect(within(await row('李老师的课件')).getByText('李老师')).toBeInTheDocument();
    await rowAction('李老师的课件', '复制到我的空间');
    await waitFor(() => expect(bodiesOf(fetch, '/api/batch/copy')).toEqual([{ ids: [60], targetId: 0, teamId: 0 }]));
    expect(await screen.findByText('已复制 1 项到我的空间')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('drive-node-sent'));
    expect(within(await row('教案')).getByText('王老师')).toBeInTheDocument();
    await rowAction('教案', '撤销分享');
    await waitFor(() => expect(bodiesOf(fetch, '/api/document/share/revoke')).toEqual([{ shareId: 78 }]));

    socket.push(
      3,
      'magic_drive_job',
      pushContent({ id: 9, value: { jobId: 9, status: 2, percent: 40, total: 10000 } }),
    );
    const jobs = await screen.findByRole('region', { name: '复制任务' });
    expect(jobs).toHaveTextContent('复制中 40%');
    socket.push(
      4,
      'magic_drive_job',
      pushContent({ id: 9, value: { jobId: 9, status: 3, percent: 100, total: 10000 } }),
    );
    await waitFor(() => expect(jobs).toHaveTextContent('已完成'));
    expect(await screen.findByText('复制完成，共 10000 项')).toBeInTheDocument();
  });

  it('manages a team: its members, one added by e-mail as a viewer', async () => {
    const { fetch } = driveServer({ items: LESSONS });
    renderDrive();
    await userEvent.click(await screen.findByRole('button', { name: '团队操作：数学教研组' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '团队成员' }));
    const dialog = await screen.findByRole('dialog', { name: '团队成员 · 数学教研组' });
    const members = await within(dialog).findByRole('table', { name: '团队成员' });
    expect(within(members).getByRole('row', { name: '李老师' })).toHaveTextContent('可编辑');
    await userEvent.type(within(dialog).getByLabelText('成员邮箱'), 'wang@demo.eduhub');
    await userEvent.selectOptions(within(dialog).getByLabelText('角色'), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: '添加成员' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/team/member/add')).toEqual([{ teamId: 5, emails: ['wang@demo.eduhub'], role: 3 }]),
    );
    expect(await within(members).findByRole('row', { name: 'wang' })).toHaveTextContent('仅查看');
  });

  it("shows the team's owner every share of the team's items and revokes one after asking", async () => {
    const plan = folder(30, '期末复习计划', { teamId: 5 });
    const slides = driveItem(31, '函数课件.pptx', { teamId: 5 });
    const { fetch } = driveServer({
      items: LESSONS,
      teamShares: [
        shareInfo(81, plan, { senderId: 1, senderName: '张老师', receiverId: 3, receiverName: '王老师' }),
        shareInfo(82, slides, { receiverId: 0, receiverTeamId: 8, receiverName: '物理教研组' }),
      ],
    });
    renderDrive();
    await userEvent.click(await screen.findByRole('button', { name: '团队操作：数学教研组' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '团队成员' }));
    const dialog = await screen.findByRole('dialog', { name: '团队成员 · 数学教研组' });
    const shares = await within(dialog).findByRole('table', { name: '团队内容的分享' });
    expect(bodiesOf(fetch, '/api/team/shares')).toEqual([{ teamId: 5 }]);
    const mine = within(shares).getByRole('row', { name: '期末复习计划 → 王老师' });
    expect(mine).toHaveTextContent('张老师');
    expect(mine).toHaveTextContent('2026-11-24 09:00');
    // An editor's share of a team item, with a team.
    const editors = within(shares).getByRole('row', { name: '函数课件.pptx → 物理教研组（团队）' });
    expect(editors).toHaveTextContent('李老师');

    await userEvent.click(
      within(editors).getByRole('button', { name: '撤销分享：函数课件.pptx → 物理教研组（团队）' }),
    );
    const confirm = await screen.findByRole('dialog', { name: '撤销分享' });
    expect(confirm).toHaveTextContent('撤销李老师分享给物理教研组（团队）的「函数课件.pptx」？');
    expect(bodiesOf(fetch, '/api/document/share/revoke')).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/document/share/revoke')).toEqual([{ shareId: 82 }]));
    expect(await screen.findByText('已撤销分享「函数课件.pptx」')).toBeInTheDocument();
    // The list is read again: the revoked share is gone, the other stays.
    await waitFor(() => expect(within(shares).queryByRole('row', { name: /函数课件/ })).not.toBeInTheDocument());
    expect(bodiesOf(fetch, '/api/team/shares')).toHaveLength(2);
    expect(within(shares).getByRole('row', { name: '期末复习计划 → 王老师' })).toBeInTheDocument();
  });

  it("does not ask for the team's shares for a member who is not its owner", async () => {
    const { fetch } = driveServer({
      items: LESSONS,
      teams: [team(5, '数学教研组', 2)],
      members: [member(1, '张老师', 2), member(2, '李老师', 1)],
    });
    renderDrive();
    await userEvent.click(await screen.findByRole('button', { name: '团队操作：数学教研组' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '团队成员' }));
    const dialog = await screen.findByRole('dialog', { name: '团队成员 · 数学教研组' });
    await within(dialog).findByRole('table', { name: '团队成员' });
    expect(within(dialog).queryByRole('table', { name: '团队内容的分享' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('团队内容的分享')).not.toBeInTheDocument();
    expect(urlsOf(fetch).some((u) => u.includes('/api/team/shares'))).toBe(false);
  });

  it('opens a share link and saves its items into my space', async () => {
    const { fetch } = driveServer({ items: LESSONS });
    renderDrive('/knowledgeRepository/mainSpace?share=abc123');
    const dialog = await screen.findByRole('dialog', { name: '分享的文件' });
    expect(await within(dialog).findByText(/李老师 分享了 1 项/)).toBeInTheDocument();
    expect(within(dialog).getByRole('listitem', { name: '期末复习' })).toHaveTextContent('3 项');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存到我的空间' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/document/planShare/save')).toEqual([{ code: 'abc123' }]));
    await waitFor(() => expect(where().get('share')).toBeNull());
    expect(where().get('nodeId')).toBe('personal');
  });
});
