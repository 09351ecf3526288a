import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseRange } from '@/generated/CourseRange';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { cleanup, envelope, jsonBody, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { bodies, pageOf, qcServer, rule, serviceType } from '../../test-helpers';
import { ServeConfig } from './serve-config';

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

const OPTIONS = {
  productTypes: [
    { value: 'ZJK', label: '正价课' },
    { value: 'STK', label: '试听课' },
  ],
  grades: [
    { value: '10', label: '高一' },
    { value: '11', label: '高二' },
  ],
};

const range: CourseRange = { productTypes: ['ZJK'], classTypes: [1], gradeCodes: [], updatedAt: 0, updatedBy: '' };

function server() {
  const services = [
    serviceType(1, {
      name: '家长沟通',
      punchCount: 5,
      formFields: [{ key: 'topic', label: '沟通主题', kind: 'text', required: true, options: [] }],
    }),
    serviceType(2, { name: '课后回访', enabled: false, icon: 'home', roleNames: ['教师', '学管'] }),
  ];
  return qcServer([
    ['POST', '/api/service/addOrUpdate', () => envelope(serviceType(3))],
    ['POST', '/api/service/del', () => envelope(null)],
    [
      'GET',
      '/api/service/detailById',
      (url) => envelope(services.find((s) => s.id === Number(url.searchParams.get('id')))),
    ],
    [
      'GET',
      '/api/service/studentFollowForm',
      () =>
        envelope({
          serviceId: 1,
          serviceName: '家长沟通',
          fields: [{ key: 'topic', label: '沟通主题', kind: 'select', required: true, options: ['学习', '生活'] }],
        }),
    ],
    ['POST', '/api/service/list', pageOf(services)],
    [
      'GET',
      '/api/rule/getRule',
      (url) => {
        const schoolId = Number(url.searchParams.get('schoolId'));
        return envelope(rule({ schoolId, inherited: schoolId !== -1 }));
      },
    ],
    ['POST', '/api/rule/saveOrUpdate', (_url, init) => envelope(rule(jsonBody(init)))],
    ['GET', '/api/courseRange/get', () => envelope(range)],
    ['POST', '/api/courseRange/save', () => envelope({ ...range, updatedAt: 1 })],
    [
      'GET',
      '/api/tag/list',
      () =>
        envelope([
          { id: 1, name: '家长满意', useCount: 3 },
          { id: 2, name: '需跟进', useCount: 0 },
        ]),
    ],
    ['POST', '/api/tag/del', () => envelope(null)],
  ]);
}

const openTab = async (name: string) => userEvent.click(await screen.findByRole('tab', { name }));

describe('ServeConfig › 服务类型', () => {
  it('lists the services with their icon, roles and state', async () => {
    const fetch = server();
    render(<ServeConfig courseRangeOptions={OPTIONS} />);
    const table = await screen.findByRole('table', { name: '服务类型' });
    const row = await within(table).findByRole('row', { name: '课后回访' });
    expect(row).toHaveTextContent('家访');
    expect(row).toHaveTextContent('教师、学管');
    expect(row).toHaveTextContent('停用');
    expect(bodies(fetch, '/api/service/list')[0]).toEqual({ enabled: -1, pageNo: 1, pageSize: 30 });

    await userEvent.type(screen.getByRole('textbox', { name: '服务名称' }), ' 回访 ');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodies(fetch, '/api/service/list').at(-1)).toEqual({
        keyword: '回访',
        enabled: -1,
        pageNo: 1,
        pageSize: 30,
      }),
    );
  });

  it('adds a service with a form field, after checking what it needs', async () => {
    const fetch = server();
    render(<ServeConfig courseRangeOptions={OPTIONS} />);
    await screen.findByRole('row', { name: '家长沟通' });
    await userEvent.click(screen.getByRole('button', { name: '新增服务' }));
    const modal = await screen.findByRole('dialog', { name: '新增服务' });
    await userEvent.click(within(modal).getByRole('button', { name: '保存' }));
    expect(await within(modal).findByText('请填写服务名称')).toBeInTheDocument();
    expect(within(modal).getByText('请选择图标')).toBeInTheDocument();

    await userEvent.type(within(modal).getByRole('textbox', { name: '服务名称' }), '家访');
    await userEvent.click(within(modal).getByRole('textbox', { name: '图标' }));
    await userEvent.click(await screen.findByRole('option', { name: '家访' }));
    await userEvent.click(within(modal).getByRole('textbox', { name: '执行角色' }));
    await userEvent.click(await screen.findByRole('option', { name: '学管' }));
    await userEvent.click(within(modal).getByRole('textbox', { name: '周期' }));
    await userEvent.click(await screen.findByRole('option', { name: '每月' }));
    const times = within(modal).getByRole('textbox', { name: '应服务次数' });
    await userEvent.clear(times);
    await userEvent.type(times, '2');

    await userEvent.click(within(modal).getByRole('button', { name: '添加字段' }));
    await userEvent.type(within(modal).getByRole('textbox', { name: '字段1标识' }), 'topic');
    await userEvent.type(within(modal).getByRole('textbox', { name: '字段1名称' }), '沟通主题');
    await userEvent.click(within(modal).getByRole('textbox', { name: '字段1类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '单选' }));
    await userEvent.click(within(modal).getByRole('button', { name: '保存' }));
    expect(await within(modal).findByText('单选至少需要一个选项')).toBeInTheDocument();
    expect(bodies(fetch, '/api/service/addOrUpdate')).toHaveLength(0);
    await userEvent.type(within(modal).getByRole('textbox', { name: '字段1选项' }), '学习{Enter}生活{Enter}');
    await userEvent.click(within(modal).getByRole('checkbox', { name: '字段1必填' }));

    const reads = bodies(fetch, '/api/service/list').length;
    await userEvent.click(within(modal).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodies(fetch, '/api/service/addOrUpdate')).toEqual([
        {
          name: '家访',
          icon: 'home',
          side: 0,
          roleCodes: ['teacher', '1v1_xg'],
          periodType: 'month',
          requiredTimes: 2,
          enabled: true,
          sortNo: 0,
          formFields: [{ key: 'topic', label: '沟通主题', kind: 'select', required: true, options: ['学习', '生活'] }],
        },
      ]),
    );
    expect(await screen.findByText('服务已保存')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新增服务' })).not.toBeInTheDocument());
    await waitFor(() => expect(bodies(fetch, '/api/service/list').length).toBeGreaterThan(reads));
  });

  it('edits a service read afresh, keeping its id', async () => {
    const fetch = server();
    render(<ServeConfig courseRangeOptions={OPTIONS} />);
    await userEvent.click(await screen.findByRole('button', { name: '编辑 家长沟通' }));
    const modal = await screen.findByRole('dialog', { name: '编辑服务' });
    const name = await within(modal).findByRole('textbox', { name: '服务名称' });
    expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/service/detailById?id=1');
    expect(within(modal).getByRole('textbox', { name: '字段1名称' })).toHaveValue('沟通主题');
    await userEvent.clear(name);
    await userEvent.type(name, '家长电话沟通');
    await userEvent.click(within(modal).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodies(fetch, '/api/service/addOrUpdate')[0]).toMatchObject({
        id: 1,
        name: '家长电话沟通',
        icon: 'phone',
      }),
    );
  });

  it('previews the follow-up form and deletes a service after asking', async () => {
    const fetch = server();
    render(<ServeConfig courseRangeOptions={OPTIONS} />);
    await userEvent.click(await screen.findByRole('button', { name: '预览 家长沟通 的表单' }));
    const preview = await screen.findByRole('dialog', { name: '表单预览' });
    const fields = await within(preview).findByRole('table', { name: '表单字段' });
    expect(within(fields).getByRole('row', { name: /沟通主题/ })).toHaveTextContent('单选');
    expect(within(fields).getByRole('row', { name: /沟通主题/ })).toHaveTextContent('学习、生活');
    await userEvent.click(within(preview).getByRole('button', { name: '' }));

    await userEvent.click(screen.getByRole('button', { name: '删除 家长沟通' }));
    const confirm = await screen.findByRole('dialog', { name: '删除服务' });
    expect(confirm).toHaveTextContent('已有5条打卡记录');
    await userEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(bodies(fetch, '/api/service/del')).toEqual([{ id: 1 }]));
    expect(await screen.findByText('服务已删除')).toBeInTheDocument();
  });
});

describe('ServeConfig › 质检规则', () => {
  it("shows the group's rule, a school following it, and saves the school's own", async () => {
    const fetch = server();
    render(<ServeConfig courseRangeOptions={OPTIONS} />);
    await openTab('质检规则');
    const rate = await screen.findByRole('textbox', { name: '抽检比例(%)' });
    expect(rate).toHaveValue('20');
    expect(screen.queryByText('沿用集团默认规则')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('textbox', { name: '适用范围' }));
    await userEvent.click(await screen.findByRole('option', { name: '北京海淀校区' }));
    expect(await screen.findByText('沿用集团默认规则')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/rule/getRule?schoolId=1001');

    const to = screen.getByRole('textbox', { name: '打卡时段结束(时)' });
    await userEvent.clear(to);
    await userEvent.type(to, '6');
    await userEvent.click(screen.getByRole('button', { name: '保存规则' }));
    expect(await screen.findByText('结束时间须晚于开始时间')).toBeInTheDocument();
    await userEvent.clear(to);
    await userEvent.type(to, '22');
    await userEvent.clear(screen.getByRole('textbox', { name: '抽检比例(%)' }));
    await userEvent.type(screen.getByRole('textbox', { name: '抽检比例(%)' }), '30');
    await userEvent.click(screen.getByRole('switch', { name: '不合格时必须填写评语' }));
    await userEvent.click(screen.getByRole('button', { name: '保存规则' }));
    await waitFor(() =>
      expect(bodies(fetch, '/api/rule/saveOrUpdate')).toEqual([
        {
          schoolId: 1001,
          minContentChars: 20,
          duplicateWindowHours: 12,
          workingHourFrom: 7,
          workingHourTo: 22,
          sampleRatePercent: 30,
          commentRequiredWhenUnqualified: false,
        },
      ]),
    );
    expect(await screen.findByText('质检规则已保存')).toBeInTheDocument();
  });
});

describe('ServeConfig › 课程范围 and 提交标签', () => {
  it('saves the course range', async () => {
    const fetch = server();
    render(<ServeConfig courseRangeOptions={OPTIONS} />);
    await openTab('课程范围');
    expect(await screen.findByRole('checkbox', { name: '一对一' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: '班课' }));
    await userEvent.click(screen.getByRole('textbox', { name: '年级' }));
    await userEvent.click(await screen.findByRole('option', { name: '高二' }));
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodies(fetch, '/api/courseRange/save')).toEqual([
        { productTypes: ['ZJK'], classTypes: [1, 3], gradeCodes: [11] },
      ]),
    );
    expect(await screen.findByText('课程范围已保存')).toBeInTheDocument();
  });

  it('lists the tags with their use and deletes one after asking', async () => {
    const fetch = server();
    render(<ServeConfig courseRangeOptions={OPTIONS} />);
    await openTab('提交标签');
    const table = await screen.findByRole('table', { name: '提交标签' });
    expect(await within(table).findByRole('row', { name: '家长满意' })).toHaveTextContent('3');
    await userEvent.click(within(table).getByRole('button', { name: '删除 家长满意' }));
    const confirm = await screen.findByRole('dialog', { name: '删除标签' });
    expect(confirm).toHaveTextContent('已有3条打卡使用该标签');
    await userEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(bodies(fetch, '/api/tag/del')).toEqual([{ id: 1 }]));
  });
});
