import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { orgTree } from '../../test-helpers';
import { OrgPage, SCHOOL_TABLE } from './org-page';

afterEach(() => vi.unstubAllGlobals());

function server() {
  return mockFetch([
    ['GET', '/api/admin/org', () => envelope(orgTree)],
    ['POST', '/api/admin/org/school/save', () => envelope(3001)],
    ['POST', '/api/admin/org/school/close', () => envelope(true)],
    ['POST', '/api/admin/org/area/save', () => envelope('A2')],
    ['POST', '/api/admin/org/department/delete', () => envelope(true)],
    ['POST', '/api/admin/org/group/delete', () => envelope(true)],
  ]);
}

async function open() {
  render(<OrgPage />);
  const table = await screen.findByRole('table', { name: SCHOOL_TABLE });
  await within(table).findByRole('row', { name: '北京海淀校区' });
  return table;
}

describe('OrgPage', () => {
  it('lists the schools with province, group, edition, accounts and state', async () => {
    server();
    const table = await open();
    const open_ = within(table).getByRole('row', { name: '北京海淀校区' });
    expect(within(open_).getByText('北京')).toBeInTheDocument();
    expect(within(open_).getByText('华北区')).toBeInTheDocument();
    expect(within(open_).getByText('12')).toBeInTheDocument();
    expect(within(open_).getByText('开放')).toBeInTheDocument();
    const closed = within(table).getByRole('row', { name: '上海浦东校区' });
    expect(within(closed).getByText('本地版')).toBeInTheDocument();
    expect(within(closed).getByText('已关闭')).toBeInTheDocument();
    expect(within(closed).getByRole('button', { name: '重新开放 上海浦东校区' })).toBeInTheDocument();
  });

  it('creates a school, and closes one only after a confirmation', async () => {
    const fetch = server();
    await open();
    await userEvent.click(screen.getByRole('button', { name: '新增校区' }));
    const dialog = await screen.findByRole('dialog', { name: '新增校区' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '校区名称' }), '天津和平校区');
    await userEvent.click(within(dialog).getByRole('textbox', { name: '省份' }));
    await userEvent.click(await screen.findByRole('option', { name: '北京' }));
    await userEvent.click(within(dialog).getByRole('textbox', { name: '所属分组' }));
    await userEvent.click(await screen.findByRole('option', { name: '华北区' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/admin/org/school/save')).toEqual([
        { name: '天津和平校区', provinceCode: '11', groupId: 1, localEdition: false },
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: '关闭 北京海淀校区' }));
    const confirm = await screen.findByRole('dialog', { name: '关闭校区' });
    expect(confirm).toHaveTextContent('已有记录保留用于报表');
    await userEvent.click(within(confirm).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/admin/org/school/close')).toEqual([{ id: 1001, closed: true }]));

    await userEvent.click(screen.getByRole('button', { name: '重新开放 上海浦东校区' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/admin/org/school/close').at(-1)).toEqual({ id: 2001, closed: false }),
    );
  });

  it("keeps a school's teaching sites and departments", async () => {
    const fetch = server();
    await open();
    await userEvent.click(screen.getByRole('button', { name: '北京海淀校区 的教学点与部门' }));
    const drawer = await screen.findByRole('dialog', { name: '北京海淀校区 · 教学点与部门' });
    expect(within(within(drawer).getByRole('table', { name: '教学点' })).getByText('中关村教学点')).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('button', { name: '新增教学点' }));
    const naming = await screen.findByRole('dialog', { name: '新增教学点' });
    await userEvent.type(within(naming).getByRole('textbox', { name: '教学点名称' }), '五道口教学点');
    await userEvent.click(within(naming).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/admin/org/area/save')).toEqual([{ schoolId: 1001, name: '五道口教学点' }]),
    );

    await userEvent.click(within(drawer).getByRole('button', { name: '删除 教学部' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '删除部门' })).getByRole('button', { name: '删除' }),
    );
    await waitFor(() => expect(bodiesOf(fetch, '/api/admin/org/department/delete')).toEqual([{ id: 7 }]));
  });
});
