import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paperSummary } from '@/features/paper/components/test-helpers';
import { atlasTree, NODES, pageOf } from '@/features/question/test-helpers';
import { CLASS_TYPES } from '@/features/teaching-material/test-helpers';
import type { TeachingOutline } from '@/generated/TeachingOutline';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import {
  bodiesOf,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  urlsOf,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { outlineTree, teachingOutline } from '../test-helpers';
import { TeachingOutlines } from './teaching-outlines';

beforeEach(() => notifications.clean());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
});

const AUTUMN = teachingOutline(3, { name: '高一数学秋季', valid: true, status: 1, canEdit: true });
const WINTER = teachingOutline(4, { name: '高一数学寒假', classType: 3, unitCount: 1, lessonCount: 0, totalHours: 0 });

interface Options {
  refuseSave?: boolean;
  refuseStatus?: boolean;
}

function server({ refuseSave = false, refuseStatus = false }: Options = {}) {
  const byId = (init?: RequestInit): TeachingOutline => (Number(jsonBody(init).outlineId) === 4 ? WINTER : AUTUMN);
  return mockFetch([
    ['GET', '/api/teachingMaterial/queryConfigClassTypeList', () => envelope(CLASS_TYPES)],
    ['POST', '/api/teaching/outline/list', () => envelope(pageOf([AUTUMN, WINTER], 2, 1, 20))],
    [
      'POST',
      '/api/teaching/outline/save',
      (_u, init) =>
        refuseSave
          ? envelope(null, 'A0409', '使用中的大纲不能修改，请先设为编辑状态', 409)
          : envelope(outlineTree(teachingOutline(9, { name: String(jsonBody(init).name) }))),
    ],
    ['POST', '/api/teaching/outline/copy', () => envelope(teachingOutline(10, { name: '高一数学秋季（副本）' }))],
    ['POST', '/api/teaching/outline/del', () => envelope(null, 'A0409', '已发布到讲义库的大纲不能删除，请先下架', 409)],
    [
      'POST',
      '/api/teaching/outline/valid/edit',
      (_u, init) => envelope({ ...byId(init), valid: jsonBody(init).valid }),
    ],
    ['POST', '/api/teaching/outline/name/edit', (_u, init) => envelope({ ...byId(init), name: jsonBody(init).name })],
    ['POST', '/api/library/outline/tree', (_u, init) => envelope(outlineTree(byId(init)))],
    [
      'POST',
      '/api/library/outline/config/detail',
      () => envelope({ lessonMinutes: 45, lessonsPerWeek: 2, weeks: 16, note: '' }),
    ],
    ['POST', '/api/library/outline/config/update', (_u, init) => envelope(jsonBody(init).config)],
    ['POST', '/api/library/outline/paper/update', () => envelope(outlineTree(AUTUMN))],
    [
      'GET',
      '/api/dic/school/all',
      () =>
        envelope([
          { code: '1', name: '海淀校区' },
          { code: '2', name: '朝阳校区' },
        ]),
    ],
    ['POST', '/api/library/transferSchoolInfo', () => envelope([{ code: '2', name: '朝阳校区' }])],
    [
      'POST',
      '/api/library/updateStatus',
      (_u, init) =>
        refuseStatus
          ? envelope(null, 'A0409', '只有使用中的大纲可以发布到讲义库', 409)
          : envelope({ ...byId(init), status: jsonBody(init).status }),
    ],
    ['POST', '/api/dict/atlas/list', () => envelope([atlasTree(1, { name: '高中数学知识图谱' })])],
    ['POST', '/api/atlas/tree/queryByTreeId', () => envelope({ tree: atlasTree(1), nodes: NODES })],
    [
      'POST',
      '/api/paper/collection',
      () => envelope(pageOf([paperSummary(50, { paperTitle: '函数的概念讲义' }), paperSummary(51)], 2, 1, 100)),
    ],
  ]);
}

function open(roleCode = 'teacher') {
  sessionStore.set((s) => ({
    ...s,
    user: userInfo({ roleList: [{ code: roleCode, name: roleCode, current: true, icon: '' }] }),
    selection: { stage: 4, subject: 54 },
  }));
  render(<TeachingOutlines title="教学大纲" />, { route: '/easyLessonPreparation/teachingInstruction' });
}

async function rowMenu(name: string, item: string) {
  await userEvent.click(screen.getByRole('button', { name: `大纲操作：${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('教学大纲', () => {
  it('lists the outlines read-only for a teacher and opens one with its units and lessons', async () => {
    const fetch = server();
    open();
    const row = await screen.findByRole('row', { name: '高一数学秋季' });
    expect(bodiesOf(fetch, '/api/teaching/outline/list')).toEqual([{ subject: 54, stage: 4, pageNo: 1, pageSize: 20 }]);
    expect(within(row).getByText('班课')).toBeInTheDocument();
    expect(within(row).getByText('2 / 3 / 5')).toBeInTheDocument();
    expect(within(row).getByText('在用')).toBeInTheDocument();
    expect(within(row).getByText('全部校区')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '新建大纲' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: '大纲状态' })).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: '查看' }));
    const drawer = await screen.findByRole('dialog', { name: '高一数学秋季' });
    const unit = await within(drawer).findByRole('region', { name: '第一单元 集合与函数' });
    const lesson = within(unit).getByRole('row', { name: '函数的概念' });
    expect(within(lesson).getByRole('list', { name: '函数的概念的知识点' })).toHaveTextContent('函数的概念');
    expect(within(lesson).getByRole('link', { name: '函数的概念讲义' })).toHaveAttribute(
      'href',
      '/knowledgeSectionEdit?paperId=50&ver=0',
    );
    expect(within(drawer).getByRole('group', { name: '课程配置' })).toHaveTextContent(
      '每节 45 分钟，每周 2 节，共 16 周',
    );
    expect(within(drawer).queryByRole('button', { name: /^更换讲义/ })).not.toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/library/outline/tree')).toEqual([{ outlineId: 3 }]);
  });

  it('filters by state, class type and name for an editor', async () => {
    const fetch = server();
    open('operator');
    await screen.findByRole('row', { name: '高一数学寒假' });
    await userEvent.click(screen.getByRole('radio', { name: '编辑中' }));
    await userEvent.click(screen.getByRole('textbox', { name: '班型' }));
    await userEvent.click(await screen.findByRole('option', { name: '小组课' }));
    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), '寒假');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teaching/outline/list').at(-1)).toEqual({
        subject: 54,
        stage: 4,
        classType: 3,
        keyword: '寒假',
        valid: false,
        pageNo: 1,
        pageSize: 20,
      }),
    );
  });

  it('creates an outline with its units and lessons, points and handouts, moved into order', async () => {
    const fetch = server();
    open('admin');
    await screen.findByRole('row', { name: '高一数学秋季' });
    await userEvent.click(screen.getByRole('button', { name: '新建大纲' }));
    const dialog = await screen.findByRole('dialog', { name: '新建大纲' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('请输入大纲名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择班型')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/teaching/outline/save')).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: '大纲名称' }), '高二数学秋季');
    await userEvent.click(within(dialog).getByRole('textbox', { name: '班型' }));
    await userEvent.click(await screen.findByRole('option', { name: '班课' }));

    const unit1 = within(dialog).getByRole('group', { name: '第1单元' });
    await userEvent.clear(within(unit1).getByRole('textbox', { name: '单元名称' }));
    await userEvent.type(within(unit1).getByRole('textbox', { name: '单元名称' }), '集合与函数');
    const lesson1 = within(unit1).getByRole('group', { name: '第1单元第1课次' });
    await userEvent.clear(within(lesson1).getByRole('textbox', { name: '课次名称' }));
    await userEvent.type(within(lesson1).getByRole('textbox', { name: '课次名称' }), '函数的概念');
    await userEvent.clear(within(lesson1).getByRole('textbox', { name: '课时' }));
    await userEvent.type(within(lesson1).getByRole('textbox', { name: '课时' }), '2');
    await userEvent.click(within(lesson1).getByRole('textbox', { name: '知识点' }));
    await userEvent.click(await screen.findByRole('option', { name: '函数 / 函数的概念' }));
    await userEvent.click(within(lesson1).getByRole('textbox', { name: '讲义' }));
    await userEvent.click(await screen.findByRole('option', { name: '函数的概念讲义' }));

    await userEvent.click(within(unit1).getByRole('button', { name: '第1单元添加课次' }));
    const lesson2 = within(unit1).getByRole('group', { name: '第1单元第2课次' });
    expect(within(lesson2).getByRole('textbox', { name: '课次名称' })).toHaveValue('第2课');
    await userEvent.click(within(unit1).getByRole('button', { name: '上移课次：第1单元第2课次' }));

    await userEvent.click(within(dialog).getByRole('button', { name: '添加单元' }));
    const unit2 = within(dialog).getByRole('group', { name: '第2单元' });
    await userEvent.clear(within(unit2).getByRole('textbox', { name: '单元名称' }));
    await userEvent.type(within(unit2).getByRole('textbox', { name: '单元名称' }), '预备知识');
    await userEvent.click(within(unit2).getByRole('button', { name: '上移单元：第2单元' }));
    expect(within(dialog).getByText('共 2 单元、3 课次、4 课时')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teaching/outline/save')).toEqual([
        {
          name: '高二数学秋季',
          subject: 54,
          stage: 4,
          classType: 2,
          units: [
            { title: '预备知识', lessons: [{ title: '第1课', hours: 1, knowledgeIds: [] }] },
            {
              title: '集合与函数',
              lessons: [
                { title: '第2课', hours: 1, knowledgeIds: [] },
                { title: '函数的概念', hours: 2, knowledgeIds: [111], paperId: 50 },
              ],
            },
          ],
        },
      ]),
    );
    expect(await screen.findByText('大纲已创建')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建大纲' })).not.toBeInTheDocument());
  });

  it('edits an outline from its tree, and keeps the form open with the server’s refusal', async () => {
    const fetch = server({ refuseSave: true });
    open('admin');
    const row = await screen.findByRole('row', { name: '高一数学秋季' });
    await userEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑大纲 · 高一数学秋季' });
    expect(await within(dialog).findByText('这份大纲正在使用中，需先设为编辑中才能保存修改。')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '大纲名称' })).toHaveValue('高一数学秋季');
    const unit2 = within(dialog).getByRole('group', { name: '第2单元' });
    expect(within(unit2).getByRole('textbox', { name: '单元名称' })).toHaveValue('第二单元 导数');
    await userEvent.click(within(dialog).getByRole('button', { name: '删除课次：第2单元第1课次' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('使用中的大纲不能修改，请先设为编辑状态');
    expect(bodiesOf(fetch, '/api/teaching/outline/save')).toEqual([
      {
        outlineId: 3,
        name: '高一数学秋季',
        subject: 54,
        stage: 4,
        classType: 2,
        units: [
          {
            title: '第一单元 集合与函数',
            lessons: [
              { title: '集合的概念', hours: 1, knowledgeIds: [] },
              { title: '函数的概念', hours: 2, knowledgeIds: [111], paperId: 50 },
            ],
          },
          { title: '第二单元 导数', lessons: [] },
        ],
      },
    ]);
  });

  it('puts an outline in use, renames, copies, configures it and shows why a delete is refused', async () => {
    const fetch = server();
    open('admin');
    const winter = await screen.findByRole('row', { name: '高一数学寒假' });
    await userEvent.click(within(winter).getByRole('switch', { name: '在用：高一数学寒假' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teaching/outline/valid/edit')).toEqual([{ outlineId: 4, valid: true }]),
    );
    expect(await screen.findByText('「高一数学寒假」已设为在用')).toBeInTheDocument();

    await rowMenu('高一数学寒假', '重命名');
    let dialog = await screen.findByRole('dialog', { name: '重命名 · 高一数学寒假' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: '大纲名称' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '大纲名称' }), '高一数学寒假班');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/teaching/outline/name/edit')).toEqual([{ outlineId: 4, name: '高一数学寒假班' }]),
    );
    expect(await screen.findByText('大纲已重命名')).toBeInTheDocument();

    await rowMenu('高一数学秋季', '复制');
    expect(await screen.findByText('已复制为「高一数学秋季（副本）」')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/teaching/outline/copy')).toEqual([{ outlineId: 3 }]);

    await rowMenu('高一数学秋季', '课程配置');
    dialog = await screen.findByRole('dialog', { name: '课程配置 · 高一数学秋季' });
    const weeks = await within(dialog).findByRole('textbox', { name: '总周数' });
    await userEvent.clear(weeks);
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('需在1到52周之间')).toBeInTheDocument();
    await userEvent.clear(weeks);
    await userEvent.type(weeks, '18');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '备注' }), '每周六上午');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/library/outline/config/update')).toEqual([
        { outlineId: 3, config: { lessonMinutes: 45, lessonsPerWeek: 2, weeks: 18, note: '每周六上午' } },
      ]),
    );
    expect(await screen.findByText('课程配置已保存')).toBeInTheDocument();

    await rowMenu('高一数学秋季', '删除');
    dialog = await screen.findByRole('dialog', { name: '删除大纲' });
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('已发布到讲义库的大纲不能删除，请先下架')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '删除大纲' })).toBeInTheDocument();
  });

  it('publishes an outline to chosen schools: the schools first, then the state', async () => {
    const fetch = server();
    open('admin');
    await screen.findByRole('row', { name: '高一数学寒假' });
    await rowMenu('高一数学寒假', '发布到讲义库');
    const dialog = await screen.findByRole('dialog', { name: '发布到讲义库 · 高一数学寒假' });
    expect(within(dialog).getByText('只有在用的大纲可以发布到讲义库，请先将大纲设为在用。')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('textbox', { name: '发布校区' }));
    await userEvent.click(await screen.findByRole('option', { name: '朝阳校区' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('「高一数学寒假」已发布到讲义库')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/library/transferSchoolInfo')).toEqual([{ outlineId: 4, schoolIds: [2] }]);
    expect(bodiesOf(fetch, '/api/library/updateStatus')).toEqual([{ outlineId: 4, status: 1 }]);
    const urls = urlsOf(fetch);
    expect(urls.indexOf('/api/library/transferSchoolInfo')).toBeLessThan(urls.indexOf('/api/library/updateStatus'));
  });

  it('shows why publishing is refused, and withdraws a published outline', async () => {
    const fetch = server({ refuseStatus: true });
    open('admin');
    await screen.findByRole('row', { name: '高一数学寒假' });
    await rowMenu('高一数学寒假', '发布到讲义库');
    let dialog = await screen.findByRole('dialog', { name: '发布到讲义库 · 高一数学寒假' });
    await userEvent.click(within(dialog).getByRole('button', { name: '发布' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('只有使用中的大纲可以发布到讲义库');
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));

    await rowMenu('高一数学秋季', '发布设置');
    dialog = await screen.findByRole('dialog', { name: '发布设置 · 高一数学秋季' });
    await userEvent.click(within(dialog).getByRole('button', { name: '下架' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/library/updateStatus').at(-1)).toEqual({ outlineId: 3, status: 0 }),
    );
  });

  it('lets an editor change a lesson’s handout from the outline', async () => {
    const fetch = server();
    open('admin');
    const row = await screen.findByRole('row', { name: '高一数学秋季' });
    await userEvent.click(within(row).getByRole('button', { name: '查看' }));
    const drawer = await screen.findByRole('dialog', { name: '高一数学秋季' });
    await userEvent.click(await within(drawer).findByRole('button', { name: '更换讲义：函数的概念' }));
    const dialog = await screen.findByRole('dialog', { name: '更换讲义 · 函数的概念' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: '讲义' }));
    await userEvent.click(await screen.findByRole('option', { name: '讲义51' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/library/outline/paper/update')).toEqual([{ lessonId: 12, paperId: 51 }]),
    );
    expect(await screen.findByText('讲义已更换')).toBeInTheDocument();
  });
});
