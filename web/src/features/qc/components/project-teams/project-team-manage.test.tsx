import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SchoolTeams } from '@/generated/SchoolTeams';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { cleanup, envelope, jsonBody, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { bodies, pageOf, qcServer, staffInfo } from '../../test-helpers';
import { ProjectTeamManage } from './project-team-manage';

const SCHOOLS = [
  { id: 1001, name: '北京海淀校区', localEdition: false },
  { id: 2001, name: '上海浦东校区', localEdition: false },
];

beforeEach(() => {
  sessionStore.set((s) => ({ ...s, user: userInfo({ schoolList: SCHOOLS, selectedSchool: SCHOOLS[0]! }) }));
});
afterEach(() => {
  cleanup();
  sessionStore.set((s) => ({ ...s, user: null }));
  vi.unstubAllGlobals();
});

const team = (id: number, name: string, schoolId: number, memberCount: number) => ({
  id,
  name,
  schoolId,
  schoolName: '',
  remark: '',
  memberCount,
});

const teams: SchoolTeams[] = [
  { schoolId: 1001, schoolName: '北京海淀校区', teams: [team(1, '数学组', 1001, 2), team(2, '英语组', 1001, 0)] },
  { schoolId: 2001, schoolName: '上海浦东校区', teams: [team(3, '物理组', 2001, 1)] },
];

const MEMBERS = '/api/tfGroup/memberListV2';
const MOVE = '/api/tfGroup/batchChangeGroup';

function server() {
  return qcServer([
    ['GET', '/api/tfGroup/findGroupListV2', () => envelope(teams)],
    [
      'POST',
      MEMBERS,
      pageOf([staffInfo(101, { name: '王老师', groupId: 1, groupName: '数学组' }), staffInfo(102, { name: '李老师' })]),
    ],
    [
      'GET',
      '/api/tfGroup/getSchoolDeptList',
      () =>
        envelope([
          { schoolId: 1001, schoolName: '北京海淀校区', depts: ['教学部', '教务部'] },
          { schoolId: 2001, schoolName: '上海浦东校区', depts: ['教学部', '市场部'] },
        ]),
    ],
    ['POST', MOVE, (_url, init) => envelope({ changed: (jsonBody(init) as { userIds: number[] }).userIds.length })],
    ['POST', '/api/tfGroup/changeGroup', () => envelope({ changed: 1 })],
    ['POST', '/api/tfGroup/batchDel', () => envelope({ changed: 2 })],
    ['POST', '/api/tfGroup/batchDelGroup', () => envelope({ changed: 1 })],
    ['POST', '/api/tfGroup/addOrUpdate', () => envelope(team(9, '新组', 1001, 0))],
    [
      'POST',
      '/api/tfGroup/emailList',
      () =>
        envelope({
          found: [staffInfo(105, { name: '赵老师', email: 'zhao@demo.eduhub' })],
          missing: ['nobody@demo.eduhub'],
        }),
    ],
  ]);
}

async function open() {
  render(<ProjectTeamManage />);
  const table = await screen.findByRole('table', { name: '项目组成员' });
  await within(table).findByRole('row', { name: '王老师' });
  return table;
}

describe('ProjectTeamManage', () => {
  it("lists every school's teams and the members of the school, team or no team picked", async () => {
    const fetch = server();
    await open();
    expect(bodies(fetch, MEMBERS)[0]).toEqual({ schoolId: -1, pageNo: 1, pageSize: 30 });
    const tree = screen.getByRole('navigation', { name: '项目组' });
    await userEvent.click(within(tree).getByText('数学组'));
    await waitFor(() =>
      expect(bodies(fetch, MEMBERS).at(-1)).toEqual({ schoolId: 1001, groupId: 1, pageNo: 1, pageSize: 30 }),
    );
    await userEvent.click(within(tree).getAllByText('未分组员工')[1]!);
    await waitFor(() =>
      expect(bodies(fetch, MEMBERS).at(-1)).toEqual({ schoolId: 2001, groupId: 0, pageNo: 1, pageSize: 30 }),
    );

    // The filters follow the tree, and search a department and a keyword of that school.
    expect(screen.getByRole('textbox', { name: '项目组' })).toHaveValue('未分组');
    await userEvent.click(screen.getByRole('textbox', { name: '部门' }));
    expect(await screen.findByRole('option', { name: '市场部' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '教务部' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: '市场部' }));
    await userEvent.type(screen.getByRole('textbox', { name: '员工' }), ' zhao {Enter}');
    await waitFor(() =>
      expect(bodies(fetch, MEMBERS).at(-1)).toEqual({
        schoolId: 2001,
        groupId: 0,
        deptName: '市场部',
        keyword: 'zhao',
        pageNo: 1,
        pageSize: 30,
      }),
    );
  });

  it('moves the staff picked into a team, one on its own, and out of their teams', async () => {
    const fetch = server();
    const table = await open();
    await userEvent.click(within(table).getByRole('checkbox', { name: '选择 王老师' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: '选择 李老师' }));
    await userEvent.click(screen.getByRole('button', { name: '批量移入项目组' }));
    const modal = await screen.findByRole('dialog', { name: '批量移入项目组' });
    expect(modal).toHaveTextContent('已选择 2 名员工');
    await userEvent.click(within(modal).getByRole('button', { name: '确定' }));
    expect(await within(modal).findByText('请选择项目组')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('textbox', { name: '目标项目组' }));
    await userEvent.click(await screen.findByRole('option', { name: '英语组' }));
    await userEvent.click(within(modal).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(fetch, MOVE)).toEqual([{ userIds: [101, 102], groupId: 2 }]));
    expect(await screen.findByText('已将2人移入项目组')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: '调整 李老师 的项目组' }));
    const single = await screen.findByRole('dialog', { name: '调整项目组' });
    await userEvent.click(within(single).getByRole('textbox', { name: '目标项目组' }));
    await userEvent.click(await screen.findByRole('option', { name: '物理组' }));
    await userEvent.click(within(single).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodies(fetch, '/api/tfGroup/changeGroup')).toEqual([{ userId: 102, groupId: 3 }]));

    await userEvent.click(within(table).getByRole('checkbox', { name: '全选' }));
    await userEvent.click(screen.getByRole('button', { name: '移出项目组' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '移出项目组' })).getByRole('button', { name: '移出' }),
    );
    await waitFor(() => expect(bodies(fetch, '/api/tfGroup/batchDel')).toEqual([{ userIds: [101, 102] }]));
  });

  it('finds staff by pasted e-mails and moves the ones found into a team', async () => {
    const fetch = server();
    await open();
    await userEvent.click(screen.getByRole('button', { name: '按邮箱批量添加' }));
    const modal = await screen.findByRole('dialog', { name: '按邮箱批量添加' });
    const emails = within(modal).getByRole('textbox', { name: '员工邮箱' });
    await userEvent.type(emails, 'Zhao@demo.eduhub, wang');
    await userEvent.click(within(modal).getByRole('button', { name: '查找员工' }));
    expect(await within(modal).findByText('以下内容不是邮箱：wang')).toBeInTheDocument();
    expect(bodies(fetch, '/api/tfGroup/emailList')).toHaveLength(0);

    await userEvent.clear(emails);
    await userEvent.type(emails, 'Zhao@demo.eduhub{Enter}nobody@demo.eduhub；zhao@demo.eduhub');
    await userEvent.click(within(modal).getByRole('button', { name: '查找员工' }));
    await waitFor(() =>
      expect(bodies(fetch, '/api/tfGroup/emailList')).toEqual([{ emails: ['zhao@demo.eduhub', 'nobody@demo.eduhub'] }]),
    );
    expect(await within(modal).findByText('找到 1 人，1 个邮箱未找到')).toBeInTheDocument();
    expect(
      within(within(modal).getByRole('table', { name: '找到的员工' })).getByRole('cell', { name: '赵老师' }),
    ).toBeInTheDocument();
    expect(within(modal).getByText('nobody@demo.eduhub')).toBeInTheDocument();

    await userEvent.click(within(modal).getByRole('textbox', { name: '移入项目组' }));
    await userEvent.click(await screen.findByRole('option', { name: '数学组' }));
    await userEvent.click(within(modal).getByRole('button', { name: '移入项目组' }));
    await waitFor(() => expect(bodies(fetch, MOVE)).toEqual([{ userIds: [105], groupId: 1 }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '按邮箱批量添加' })).not.toBeInTheDocument());
  });

  it('adds, edits and deletes a team', async () => {
    const fetch = server();
    await open();
    const tree = screen.getByRole('navigation', { name: '项目组' });
    await userEvent.click(within(tree).getByRole('button', { name: '新增项目组' }));
    let modal = await screen.findByRole('dialog', { name: '新增项目组' });
    await userEvent.click(within(modal).getByRole('button', { name: '保存' }));
    expect(await within(modal).findByText('请填写名称')).toBeInTheDocument();
    await userEvent.type(within(modal).getByRole('textbox', { name: '项目组名称' }), '语文组');
    await userEvent.click(within(modal).getByRole('textbox', { name: '学校' }));
    await userEvent.click(await screen.findByRole('option', { name: '北京海淀校区' }));
    await userEvent.click(within(modal).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodies(fetch, '/api/tfGroup/addOrUpdate')).toEqual([{ name: '语文组', schoolId: 1001, remark: '' }]),
    );

    await userEvent.click(within(tree).getByRole('button', { name: '编辑 英语组' }));
    modal = await screen.findByRole('dialog', { name: '编辑项目组' });
    expect(within(modal).getByRole('textbox', { name: '项目组名称' })).toHaveValue('英语组');
    await userEvent.click(within(modal).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodies(fetch, '/api/tfGroup/addOrUpdate').at(-1)).toEqual({
        id: 2,
        name: '英语组',
        schoolId: 1001,
        remark: '',
      }),
    );

    await userEvent.click(within(tree).getByRole('button', { name: '删除 数学组' }));
    const confirm = await screen.findByRole('dialog', { name: '删除项目组' });
    expect(confirm).toHaveTextContent('组内2名员工将变为未分组');
    await userEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(bodies(fetch, '/api/tfGroup/batchDelGroup')).toEqual([{ ids: [1] }]));
  });
});
