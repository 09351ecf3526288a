import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { cleanup, envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { bodies, pageOf, qcGroupRow, qcServer, staffInfo } from '../../test-helpers';
import { QcConfig } from './qc-config';

const SCHOOLS = [
  { id: 1001, name: '北京海淀校区', localEdition: false },
  { id: 1002, name: '北京朝阳校区', localEdition: false },
];

beforeEach(() => {
  sessionStore.set((s) => ({ ...s, user: userInfo({ schoolList: SCHOOLS, selectedSchool: SCHOOLS[0]! }) }));
});
afterEach(() => {
  cleanup();
  sessionStore.set((s) => ({ ...s, user: null }));
  vi.unstubAllGlobals();
});

const LIST = '/api/qcGroupConfig/list';
const SAVE = '/api/qcGroupConfig/addOrUpdate';

function server() {
  return qcServer([
    ['POST', LIST, pageOf([qcGroupRow(1, { remark: '' }), qcGroupRow(2, { members: [] })])],
    ['POST', SAVE, () => envelope(qcGroupRow(3))],
    ['POST', '/api/qcGroupConfig/batchDel', () => envelope({ changed: 2 })],
    [
      'GET',
      '/api/qcGroupConfig/getTeacherInfoByKeword',
      (url) =>
        envelope(
          url.searchParams.get('keyword') === '孙'
            ? [staffInfo(9, { name: '孙质检', email: 'inspector@demo.eduhub' })]
            : [
                staffInfo(101, { name: '老师1', email: 't1@demo.eduhub' }),
                staffInfo(102, { name: '老师2', email: 't2@demo.eduhub' }),
              ],
        ),
    ],
    [
      'GET',
      '/api/qcGroupConfig/getTeacherInfo',
      (url) =>
        envelope(
          staffInfo(Number(url.searchParams.get('userId')), {
            name: '老师1',
            groupName: '数学组',
            qcGroupName: '质检1组',
          }),
        ),
    ],
  ]);
}

describe('QcConfig', () => {
  it("lists the QC teams, and a member's name shows their record", async () => {
    const fetch = server();
    render(<QcConfig />);
    const table = await screen.findByRole('table', { name: '质检组' });
    const row = await within(table).findByRole('row', { name: '质检1组' });
    expect(bodies(fetch, LIST)[0]).toEqual({ schoolId: -1, pageNo: 1, pageSize: 30 });
    expect(row).toHaveTextContent('孙质检');
    expect(row).toHaveTextContent('王管理');
    expect(within(table).getByRole('row', { name: '质检2组' })).toHaveTextContent('-');

    await userEvent.click(within(row).getByRole('button', { name: '老师1' }));
    const card = await screen.findByLabelText('老师1的信息');
    expect(card).toHaveTextContent('教学部');
    expect(card).toHaveTextContent('数学组');
    expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/qcGroupConfig/getTeacherInfo?userId=101');
  });

  it('adds a team with members and an inspector found by keyword among the inspectors', async () => {
    const fetch = server();
    render(<QcConfig />);
    await screen.findByRole('row', { name: '质检1组' });
    await userEvent.click(screen.getByRole('button', { name: '新增质检组' }));
    const modal = await screen.findByRole('dialog', { name: '新增质检组' });
    await userEvent.click(within(modal).getByRole('button', { name: '保存' }));
    expect(await within(modal).findByText('请填写名称')).toBeInTheDocument();
    expect(within(modal).getByText('请选择学校')).toBeInTheDocument();
    expect(within(modal).getByText('请选择质检负责人')).toBeInTheDocument();

    await userEvent.type(within(modal).getByRole('textbox', { name: '质检组名称' }), '海淀二组');
    await userEvent.click(within(modal).getByRole('textbox', { name: '学校' }));
    await userEvent.click(await screen.findByRole('option', { name: '北京海淀校区' }));
    await userEvent.type(within(modal).getByRole('textbox', { name: '被质检员工' }), '老师');
    await userEvent.click(await screen.findByRole('option', { name: '老师2（t2@demo.eduhub）' }));
    await userEvent.type(within(modal).getByRole('textbox', { name: '质检负责人' }), '孙');
    await userEvent.click(await screen.findByRole('option', { name: '孙质检（inspector@demo.eduhub）' }));
    expect(fetch.mock.calls.map(([u]) => u)).toContain(
      `/api/qcGroupConfig/getTeacherInfoByKeword?keyword=${encodeURIComponent('孙')}&schoolId=1001&inspectors=true`,
    );
    await userEvent.click(within(modal).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodies(fetch, SAVE)).toEqual([
        { name: '海淀二组', schoolId: 1001, remark: '', memberIds: [102], responsibleIds: [9] },
      ]),
    );
    expect(await screen.findByText('质检组已保存')).toBeInTheDocument();
  });

  it('edits a team with its members', async () => {
    const fetch = server();
    render(<QcConfig />);
    await userEvent.click(await screen.findByRole('button', { name: '编辑 质检1组' }));
    const modal = await screen.findByRole('dialog', { name: '编辑质检组' });
    await userEvent.click(within(modal).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodies(fetch, SAVE)).toEqual([
        { id: 1, name: '质检1组', schoolId: 1001, remark: '', memberIds: [101], responsibleIds: [9] },
      ]),
    );
  });

  it('deletes the teams picked after asking', async () => {
    const fetch = server();
    render(<QcConfig />);
    const table = await screen.findByRole('table', { name: '质检组' });
    await within(table).findByRole('row', { name: '质检1组' });
    await userEvent.click(within(table).getByRole('checkbox', { name: '全选' }));
    await userEvent.click(screen.getByRole('button', { name: '批量删除（2）' }));
    const confirm = await screen.findByRole('dialog', { name: '删除质检组' });
    await userEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(bodies(fetch, '/api/qcGroupConfig/batchDel')).toEqual([{ ids: [1, 2] }]));
    expect(await screen.findByText('已删除2个质检组')).toBeInTheDocument();
  });
});
