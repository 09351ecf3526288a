import { afterEach, describe, expect, it, vi } from 'vitest';
import { atlasTree, baseDicInfo, bodiesOf, jsonBody, NODES, pageOf, treeNode } from '@/features/question/test-helpers';
import type { AtlasTree } from '@/generated/AtlasTree';
import type { KnowledgeMapInfo } from '@/generated/KnowledgeMapInfo';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { KnowledgeSlicing } from './knowledge-slicing';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
});

const CENTRE = atlasTree(1, { name: '高中数学知识图谱', nodeCount: 5 });
const MINE = atlasTree(5, {
  name: '我的数学图谱',
  ownerId: 3,
  ownerName: '王老师',
  published: false,
  publishTime: null,
  canEdit: true,
  canManage: true,
});
const MY_NODES = [
  treeNode(510, '集合', 0, [], { treeId: 5 }),
  treeNode(
    520,
    '函数',
    0,
    [treeNode(521, '单调性', 520, [], { treeId: 5 }), treeNode(522, '奇偶性', 520, [], { treeId: 5 })],
    {
      treeId: 5,
    },
  ),
];

function mapInfo(nodeId: number, patch: Partial<KnowledgeMapInfo> = {}): KnowledgeMapInfo {
  return {
    nodeId,
    treeId: 1,
    name: '导数的概念',
    summary: '导数的定义与几何意义',
    path: [
      { id: 120, name: '导数及其应用' },
      { id: 121, name: '导数的概念' },
    ],
    map: { description: '瞬时变化率', keyPoints: ['定义', '几何意义'], commonMistakes: ['忽略定义域'], difficulty: 3 },
    mapUpdateTime: new Date(2026, 10, 20, 9).getTime(),
    questionCounts: [
      { code: 1, name: '单选题', count: 8 },
      { code: 4, name: '解答题', count: 4 },
    ],
    sampleQuestions: [],
    ...patch,
  };
}

function server() {
  let mine: AtlasTree = MINE;
  const copies: AtlasTree[] = [];
  return mockFetch([
    ['POST', '/api/dic/queryBaseDicInfo', () => envelope(baseDicInfo)],
    ['POST', '/api/atlas/tree/queryTreeList', () => envelope([CENTRE, mine, ...copies])],
    [
      'POST',
      '/api/atlas/tree/queryByTreeId',
      (_u, init) => {
        const id = Number(jsonBody(init).treeId);
        if (id === 1) return envelope({ tree: CENTRE, nodes: NODES });
        if (id === 5) return envelope({ tree: mine, nodes: MY_NODES });
        return envelope({
          tree: atlasTree(id, { name: '复制的图谱', ownerId: 3, canEdit: true, canManage: true }),
          nodes: NODES,
        });
      },
    ],
    [
      'POST',
      '/api/atlas/tree/queryResource',
      () => envelope([{ nodeId: 121, name: '导数的概念', questionCount: 12, paperCount: 1 }]),
    ],
    [
      'POST',
      '/api/atlas/tree/exist',
      (_u, init) => envelope({ exist: jsonBody(init).name === '我的数学图谱', treeId: 5 }),
    ],
    [
      'POST',
      '/api/atlas/tree/add',
      (_u, init) => envelope(atlasTree(7, { name: String(jsonBody(init).name), canEdit: true })),
    ],
    [
      'POST',
      '/api/atlas/tree/copyFromCenter',
      () => {
        const copy = atlasTree(8, { name: '高中数学知识图谱 (1)', ownerId: 3, published: false, canEdit: true });
        copies.push(copy);
        return envelope(copy);
      },
    ],
    ['POST', '/api/atlas/tree/del', () => envelope(true)],
    [
      'POST',
      '/api/atlas/publish',
      (_u, init) => {
        mine = { ...mine, published: Boolean(jsonBody(init).publish) };
        return envelope(mine);
      },
    ],
    [
      'POST',
      '/api/atlas/type',
      (_u, init) => {
        mine = { ...mine, atlasType: Number(jsonBody(init).atlasType) };
        return envelope(mine);
      },
    ],
    ['POST', '/api/atlas/node/add', (_u, init) => envelope({ id: 599, name: String(jsonBody(init).name) })],
    ['POST', '/api/atlas/node/move', () => envelope(true)],
    [
      'POST',
      '/api/atlas/node/rename',
      (_u, init) => envelope({ id: Number(jsonBody(init).nodeId), name: String(jsonBody(init).name) }),
    ],
    ['POST', '/api/atlas/node/del', () => envelope(3)],
    [
      'GET',
      '/api/atlas/permission/queryByTreeId',
      () =>
        envelope({
          treeId: 5,
          ownerId: 3,
          ownerName: '王老师',
          editors: [{ userId: 11, name: '张老师', email: 'zhang@demo.eduhub', grantTime: 0 }],
          canManage: true,
        }),
    ],
    [
      'POST',
      '/api/atlas/permission/update',
      (_u, init) =>
        envelope({ treeId: 5, ownerId: 3, ownerName: '王老师', editors: [], canManage: true, ...jsonBody(init) }),
    ],
    [
      'POST',
      '/api/document/shareCandidates',
      () => envelope([{ userId: 21, name: '李老师', email: 'li@demo.eduhub' }]),
    ],
    [
      'POST',
      '/api/atlas/knowledgeMap/queryInfoForDevelop',
      (_u, init) => envelope(mapInfo(Number(jsonBody(init).nodeId))),
    ],
    [
      'POST',
      '/api/atlas/knowledgeMap/addOrUpdate',
      (_u, init) =>
        envelope(mapInfo(Number(jsonBody(init).nodeId), { map: jsonBody(init).content as KnowledgeMapInfo['map'] })),
    ],
    [
      'POST',
      '/api/log/nodeOperateLogList',
      () =>
        envelope(
          pageOf(
            [
              {
                id: 1,
                treeId: 5,
                nodeId: 521,
                userId: 3,
                userName: '王老师',
                action: 'node_move',
                detail: '520 → 0',
                time: 0,
              },
              {
                id: 2,
                treeId: 5,
                nodeId: 0,
                userId: 3,
                userName: '王老师',
                action: 'tree_add',
                detail: '我的数学图谱',
                time: 0,
              },
            ],
            2,
            1,
            20,
          ),
        ),
    ],
  ]);
}

function open(admin = false) {
  sessionStore.set((s) => ({
    ...s,
    user: userInfo(admin ? { roleList: [{ code: 'admin', name: '管理员', current: true, icon: '' }] } : {}),
    selection: { stage: 4, subject: 54 },
  }));
  render(<KnowledgeSlicing title="知识切片" />, { route: '/' });
}

async function chooseTree(name: string) {
  const list = await screen.findByRole('navigation', { name: '图谱列表' });
  await userEvent.click(within(list).getByRole('button', { name }));
  return screen.findByRole('tree', { name: '知识点' });
}

async function nodeMenu(name: string, item: string) {
  await userEvent.click(screen.getByRole('button', { name: `知识点操作：${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('知识切片', () => {
  it('shows a centre tree read-only with its counts and maps, and copies it into my trees', async () => {
    const fetch = server();
    open();
    const tree = await screen.findByRole('tree', { name: '知识点' });
    expect(bodiesOf(fetch, '/api/atlas/tree/queryTreeList')).toEqual([{ subject: 54, stage: 4, scope: 0 }]);
    expect(screen.getByText('只读')).toBeInTheDocument();
    expect(within(tree).getByRole('treeitem', { name: '导数的概念' })).toHaveTextContent('12 题');
    expect(screen.queryByRole('button', { name: '添加一级知识点' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^拖动/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^知识点操作/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '编辑权限' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '发布' })).not.toBeInTheDocument();

    await userEvent.click(within(tree).getByRole('button', { name: '导数的概念' }));
    const panel = await screen.findByRole('region', { name: '知识地图' });
    expect(within(panel).getByText('导数及其应用 / 导数的概念')).toBeInTheDocument();
    expect(within(panel).getByText('题目 12 道')).toBeInTheDocument();
    expect(within(panel).getByText('单选题 8')).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: '描述' })).toHaveAttribute('readonly');
    expect(within(panel).getByRole('textbox', { name: '重点' })).toHaveValue('定义\n几何意义');
    expect(within(panel).queryByRole('button', { name: '保存知识地图' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '复制到我的图谱' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/atlas/tree/copyFromCenter')).toEqual([{ treeId: 1 }]));
    expect(await screen.findByText('已复制为「高中数学知识图谱 (1)」')).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(fetch, '/api/atlas/tree/queryByTreeId')).toContainEqual({ treeId: 8 }));
  });

  it('edits my tree: adds, renames, steps and deletes points', async () => {
    const fetch = server();
    open();
    const tree = await chooseTree('我的数学图谱');
    expect(within(tree).getByRole('button', { name: '拖动单调性' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '添加一级知识点' }));
    let dialog = await screen.findByRole('dialog', { name: '添加一级知识点' });
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('请输入知识点名称')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '知识点名称' }), '数列');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/atlas/node/add')).toEqual([{ treeId: 5, parentId: 0, name: '数列' }]),
    );

    await nodeMenu('单调性', '添加同级知识点');
    dialog = await screen.findByRole('dialog', { name: '添加同级知识点 · 单调性' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '知识点名称' }), '最值');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '简介' }), '最大值与最小值');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/atlas/node/add').at(-1)).toEqual({
        treeId: 5,
        parentId: 520,
        name: '最值',
        summary: '最大值与最小值',
        index: 1,
      }),
    );

    await nodeMenu('集合', '添加子知识点');
    dialog = await screen.findByRole('dialog', { name: '添加子知识点 · 集合' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '知识点名称' }), '子集');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/atlas/node/add').at(-1)).toEqual({ treeId: 5, parentId: 510, name: '子集' }),
    );

    await nodeMenu('奇偶性', '重命名');
    dialog = await screen.findByRole('dialog', { name: '重命名 · 奇偶性' });
    const name = within(dialog).getByRole('textbox', { name: '知识点名称' });
    expect(name).toHaveValue('奇偶性');
    await userEvent.clear(name);
    await userEvent.type(name, '函数的奇偶性');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/atlas/node/rename')).toEqual([{ nodeId: 522, name: '函数的奇偶性', summary: '' }]),
    );

    // Without a pointer: the node menu steps a point.
    await nodeMenu('奇偶性', '上移');
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/atlas/node/move')).toEqual([{ nodeId: 522, parentId: 520, index: 0 }]),
    );
    await nodeMenu('单调性', '升一级');
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/atlas/node/move').at(-1)).toEqual({ nodeId: 521, parentId: 0, index: 2 }),
    );
    await nodeMenu('函数', '降一级');
    await waitFor(() => expect(bodiesOf(fetch, '/api/atlas/node/move').at(-1)).toEqual({ nodeId: 520, parentId: 510 }));
    await userEvent.click(screen.getByRole('button', { name: '知识点操作：集合' }));
    expect(await screen.findByRole('menuitem', { name: '上移' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');

    await nodeMenu('函数', '删除');
    const confirm = await screen.findByRole('dialog', { name: '删除知识点' });
    expect(confirm).toHaveTextContent('确定删除「函数」及其下 2 个知识点吗？');
    await userEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/atlas/node/del')).toEqual([{ nodeId: 520 }]));
  });

  it('publishes my tree, sets its type, its editors and shows its change log', async () => {
    const fetch = server();
    open();
    await chooseTree('我的数学图谱');
    await userEvent.click(screen.getByRole('button', { name: '发布' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/atlas/publish')).toEqual([{ treeId: 5, publish: true }]));
    expect(await screen.findByRole('button', { name: '撤回发布' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('textbox', { name: '图谱类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '专题图谱' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/atlas/type')).toEqual([{ treeId: 5, atlasType: 3 }]));

    await userEvent.click(screen.getByRole('button', { name: '编辑权限' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑权限 · 我的数学图谱' });
    expect(await within(dialog).findByRole('listitem')).toHaveTextContent('张老师');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '添加协作者' }), '李');
    const found = await within(dialog).findByRole('group', { name: '查找结果' });
    await userEvent.click(within(found).getByRole('checkbox', { name: '李老师（li@demo.eduhub）' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '移除张老师' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/atlas/permission/update')).toEqual([{ treeId: 5, userIds: [21] }]),
    );
    expect(await screen.findByText('权限已保存')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '修改记录' }));
    const log = await screen.findByRole('table', { name: '修改记录' });
    expect(within(log).getByText('移动知识点')).toBeInTheDocument();
    expect(within(log).getByText('新建图谱')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/log/nodeOperateLogList')).toEqual([{ treeId: 5, pageNo: 1, pageSize: 20 }]);
  });

  it('saves a point’s knowledge map in a tree I edit', async () => {
    const fetch = server();
    open();
    const tree = await chooseTree('我的数学图谱');
    await userEvent.click(within(tree).getByRole('button', { name: '单调性' }));
    const panel = await screen.findByRole('region', { name: '知识地图' });
    const mistakes = within(panel).getByRole('textbox', { name: '易错点' });
    await userEvent.type(mistakes, '\n区间写法 ');
    await userEvent.click(within(panel).getByRole('textbox', { name: '难度' }));
    await userEvent.click(await screen.findByRole('option', { name: '较难' }));
    await userEvent.click(within(panel).getByRole('button', { name: '保存知识地图' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/atlas/knowledgeMap/addOrUpdate')).toEqual([
        {
          nodeId: 521,
          content: {
            description: '瞬时变化率',
            keyPoints: ['定义', '几何意义'],
            commonMistakes: ['忽略定义域', '区间写法'],
            difficulty: 4,
          },
        },
      ]),
    );
    expect(await screen.findByText('知识地图已保存')).toBeInTheDocument();
  });

  it('creates a tree after checking its name; an admin may make it the centre’s; a manager deletes one', async () => {
    const fetch = server();
    open(true);
    await screen.findByRole('tree', { name: '知识点' });
    await userEvent.click(screen.getByRole('button', { name: '新建图谱' }));
    let dialog = await screen.findByRole('dialog', { name: '新建图谱' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '图谱名称' }), '我的数学图谱');
    await userEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await within(dialog).findByText('已有同名的知识图谱')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/atlas/tree/add')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /中心图谱/ }));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: '图谱名称' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '图谱名称' }), '高考专题');
    await userEvent.click(within(dialog).getByRole('textbox', { name: '图谱类型' }));
    await userEvent.click(await screen.findByRole('option', { name: '专题图谱' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/atlas/tree/add')).toEqual([
        { name: '高考专题', subject: 54, stage: 4, atlasType: 3, centre: true },
      ]),
    );
    expect(await screen.findByText('已创建图谱「高考专题」')).toBeInTheDocument();

    await chooseTree('我的数学图谱');
    await userEvent.click(screen.getByRole('button', { name: '删除图谱' }));
    dialog = await screen.findByRole('dialog', { name: '删除图谱' });
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/atlas/tree/del')).toEqual([{ treeId: 5 }]));
  });
});
