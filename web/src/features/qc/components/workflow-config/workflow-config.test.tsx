import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseRange } from '@/generated/CourseRange';
import type { TeamSearch } from '@/generated/TeamSearch';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { cleanup, envelope, jsonBody, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { bodies, qcGroupRow, qcServer, rule, serviceType } from '../../test-helpers';
import { WorkflowConfig } from './workflow-config';

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

const RULE_SAVE = '/api/rule/saveOrUpdate';
const TEAMS = '/api/qcGroupConfig/list';

function server() {
  let range: CourseRange = { productTypes: ['ZJK'], classTypes: [1, 3], gradeCodes: [], updatedAt: 0, updatedBy: '' };
  let saved: Record<string, unknown> | null = null;
  return qcServer([
    [
      'POST',
      '/api/service/listByCondition',
      () =>
        envelope([
          serviceType(1, { name: '家长沟通', roleNames: ['教师', '学管'], periodTypeDesc: '每周', requiredTimes: 2 }),
        ]),
    ],
    [
      'GET',
      '/api/rule/getRule',
      (url) => {
        const schoolId = Number(url.searchParams.get('schoolId'));
        if (saved && saved.schoolId === schoolId)
          return envelope(rule({ ...saved, updatedBy: '王管理', updatedAt: 1 }));
        return envelope(rule({ schoolId, inherited: schoolId !== -1, duplicateWindowHours: 0 }));
      },
    ],
    [
      'POST',
      RULE_SAVE,
      (_url, init) => {
        saved = jsonBody(init);
        return envelope(rule({ ...saved, updatedAt: 1 }));
      },
    ],
    [
      'POST',
      TEAMS,
      (_url, init) => {
        const { schoolId } = jsonBody(init) as TeamSearch;
        const teams =
          schoolId === 1002
            ? []
            : [
                qcGroupRow(1, { name: '海淀一组' }),
                qcGroupRow(2, { name: '海淀二组', responsibleList: [], members: [] }),
              ];
        return envelope({ records: teams, total: teams.length, pageNo: 1, pageSize: 100 });
      },
    ],
    ['GET', '/api/courseRange/get', () => envelope(range)],
    [
      'POST',
      '/api/courseRange/save',
      (_url, init) => {
        range = { ...range, ...(jsonBody(init) as Partial<CourseRange>), updatedAt: 2, updatedBy: '王管理' };
        return envelope(range);
      },
    ],
  ]);
}

const step = (name: string) => screen.getByRole('region', { name });

async function open() {
  render(<WorkflowConfig courseRangeOptions={OPTIONS} />);
  await screen.findByRole('heading', { name: '流程配置' });
  await within(step('自动预检')).findByText('服务内容少于20字时标记');
}

describe('WorkflowConfig', () => {
  it("shows the group's workflow step by step", async () => {
    const fetch = server();
    await open();
    const services = within(step('服务打卡')).getByRole('table', { name: '打卡服务' });
    expect(await within(services).findByRole('row', { name: '家长沟通' })).toHaveTextContent('教师、学管');

    const precheck = within(step('自动预检'));
    expect(precheck.getByText('不检查')).toBeInTheDocument();
    expect(precheck.getByText('07:00–23:00（北京时间）以外的打卡标记')).toBeInTheDocument();
    expect(precheck.getByText('尚未修改（默认设置）')).toBeInTheDocument();

    const sampling = within(step('人工抽检'));
    expect(sampling.getByText('20%（质检统计中的质检率目标）')).toBeInTheDocument();
    expect(sampling.getByText('必须填写')).toBeInTheDocument();
    const teams = sampling.getByRole('table', { name: '负责质检的质检组' });
    expect(await within(teams).findByRole('row', { name: '海淀一组' })).toHaveTextContent('孙质检');
    // A team nobody is responsible for is named; its empty cells show '-'.
    expect(sampling.getByText('质检组“海淀二组”没有质检负责人')).toBeInTheDocument();
    expect(within(within(teams).getByRole('row', { name: '海淀二组' })).getAllByRole('cell')[2]).toHaveTextContent('-');
    expect(bodies(fetch, TEAMS)[0]).toEqual({ schoolId: -1, pageNo: 1, pageSize: 100 });

    const statistics = within(step('质检统计'));
    expect(await statistics.findByText('正价课')).toBeInTheDocument();
    expect(statistics.getByText('一对一、班课')).toBeInTheDocument();
    expect(statistics.getByText('全部年级')).toBeInTheDocument();
  });

  it("shows a school's workflow: the group's rule it follows, and no QC team", async () => {
    const fetch = server();
    await open();
    await userEvent.click(screen.getByRole('textbox', { name: '适用范围' }));
    await userEvent.click(await screen.findByRole('option', { name: '北京朝阳校区' }));
    expect(await within(step('自动预检')).findByText('沿用集团默认规则')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([u]) => u)).toContain('/api/rule/getRule?schoolId=1002');
    expect(await within(step('人工抽检')).findByText('该学校尚未配置质检组，打卡记录无人负责质检')).toBeInTheDocument();
    expect(bodies(fetch, TEAMS).at(-1)).toMatchObject({ schoolId: 1002 });
  });

  it("changes a school's rule in place", async () => {
    const fetch = server();
    await open();
    await userEvent.click(screen.getByRole('textbox', { name: '适用范围' }));
    await userEvent.click(await screen.findByRole('option', { name: '北京海淀校区' }));
    await within(step('自动预检')).findByText('沿用集团默认规则');
    await userEvent.click(within(step('人工抽检')).getByRole('button', { name: '修改质检规则' }));
    const modal = await screen.findByRole('dialog', { name: '修改质检规则' });
    const rate = within(modal).getByRole('textbox', { name: '抽检比例(%)' });
    await userEvent.clear(rate);
    await userEvent.type(rate, '30');
    await userEvent.click(within(modal).getByRole('button', { name: '保存规则' }));
    await waitFor(() =>
      expect(bodies(fetch, RULE_SAVE)).toEqual([
        {
          schoolId: 1001,
          minContentChars: 20,
          duplicateWindowHours: 0,
          workingHourFrom: 7,
          workingHourTo: 23,
          sampleRatePercent: 30,
          commentRequiredWhenUnqualified: true,
        },
      ]),
    );
    expect(await screen.findByText('质检规则已保存')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改质检规则' })).not.toBeInTheDocument());
    expect(await within(step('人工抽检')).findByText('30%（质检统计中的质检率目标）')).toBeInTheDocument();
  });

  it('changes the course range in place', async () => {
    const fetch = server();
    await open();
    await userEvent.click(await within(step('质检统计')).findByRole('button', { name: '修改课程范围' }));
    const modal = await screen.findByRole('dialog', { name: '修改课程范围' });
    await userEvent.click(within(modal).getByRole('textbox', { name: '年级' }));
    await userEvent.click(await screen.findByRole('option', { name: '高二' }));
    await userEvent.click(within(modal).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodies(fetch, '/api/courseRange/save')).toEqual([
        { productTypes: ['ZJK'], classTypes: [1, 3], gradeCodes: [11] },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '修改课程范围' })).not.toBeInTheDocument());
    expect(await within(step('质检统计')).findByText('高二')).toBeInTheDocument();
  });

  it('opens a service and a QC team for editing', async () => {
    server();
    await open();
    const services = within(step('服务打卡')).getByRole('table', { name: '打卡服务' });
    await userEvent.click(await within(services).findByRole('button', { name: '编辑 家长沟通' }));
    expect(await screen.findByRole('dialog', { name: '编辑服务' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    const teams = within(step('人工抽检')).getByRole('table', { name: '负责质检的质检组' });
    await userEvent.click(await within(teams).findByRole('button', { name: '编辑 海淀一组' }));
    const modal = await screen.findByRole('dialog', { name: '编辑质检组' });
    expect(within(modal).getByRole('textbox', { name: '质检组名称' })).toHaveValue('海淀一组');
  });
});
