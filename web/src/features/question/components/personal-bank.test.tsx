import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import {
  atlasTree,
  baseDicInfo,
  basketEnums,
  bodiesOf,
  jsonBody,
  NODES,
  pageOf,
  questionView,
  reedit,
} from '../test-helpers';
import { PersonalBank } from './personal-bank';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
});

const MINE = questionView(61, {
  questionIndex: 1,
  ownerId: 7,
  questionType: 3,
  typeName: '填空题',
  stem: '方程 $x^2=4$ 的正根是____',
  options: [],
  answer: '$2$',
  customBlockData: { customTags: ['课堂'] },
});

function server() {
  return mockFetch([
    ['POST', '/api/basket/question/enums', () => envelope(basketEnums)],
    ['POST', '/api/basket/question/list', () => envelope({ total: 0, limit: 100, groups: [] })],
    ['POST', '/api/dic/queryBaseDicInfo', () => envelope(baseDicInfo)],
    ['POST', '/api/dict/atlas/list', () => envelope([atlasTree(1, { name: '高中数学知识图谱' })])],
    ['POST', '/api/atlas/tree/queryByTreeId', () => envelope({ tree: atlasTree(1), nodes: NODES })],
    [
      'POST',
      '/api/paper/search',
      (_u, init) => {
        const body = jsonBody(init);
        const records = body.tags ? [MINE, questionView(3, { questionIndex: 2 })] : [MINE];
        return envelope({ ...pageOf(records), terms: [] });
      },
    ],
    ['GET', '/api/question/tags/list', () => envelope({ tagList: [{ tag: '课堂', count: 2 }] })],
    [
      'POST',
      '/api/question/save',
      (_u, init) => envelope(questionView(62, { ownerId: 7, ...(jsonBody(init).content as object) })),
    ],
    ['POST', '/api/question/delete', () => envelope(true)],
    [
      'POST',
      '/api/question/reedit/list',
      () => envelope(pageOf([reedit(1), reedit(2, { auditStatus: 3, auditNote: '原题无误' })])),
    ],
    ['GET', '/api/feedback/queryTagList', () => envelope({ tagList: [{ code: 'answer', name: '答案有误' }] })],
    [
      'GET',
      '/api/itemreporterror/getUserReportError',
      () =>
        envelope([
          {
            feedbackId: 5,
            userId: 7,
            userName: '王老师',
            targetType: 1,
            targetId: 3,
            targetTitle: '函数 f(x)=x² 的导数',
            tags: ['answer'],
            content: '答案应为 2x',
            status: 1,
            reply: '已修正',
            handleTime: null,
            createTime: new Date(2026, 10, 24, 9).getTime(),
          },
        ]),
    ],
    [
      'POST',
      '/api/question/reedit/audit',
      (_u, init) => envelope(reedit(Number(jsonBody(init).reeditId), { auditStatus: 2 })),
    ],
  ]);
}

function openPage(admin = false) {
  sessionStore.set((s) => ({
    ...s,
    user: userInfo(admin ? { roleList: [{ code: 'admin', name: '管理员', current: true, icon: '' }] } : {}),
    selection: { stage: 4, subject: 54 },
  }));
  render(<PersonalBank title="我的题库" />, { route: '/' });
}

describe('我的题库', () => {
  it('lists my own questions (source 2) with edit and delete; a tag from 我的标签 shows its questions', async () => {
    const fetch = server();
    openPage();
    const card = await screen.findByRole('article', { name: '第1题' });
    expect(card.querySelector('.katex')).not.toBeNull();
    expect(bodiesOf(fetch, '/api/paper/search')[0]).toEqual({
      subject: 54,
      stage: 4,
      typeIds: [-1],
      difficulties: [-1],
      source: 2,
      order: 0,
      pageNo: 1,
      pageSize: 10,
    });
    expect(within(card).getByRole('button', { name: '编辑' })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog', { name: '删除题目' });
    await userEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/question/delete')).toEqual([{ questionId: 61 }]));
    expect(await screen.findByText('题目已删除')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: '我的标签' }));
    const tags = await screen.findByRole('table', { name: '我的标签' });
    expect(within(tags).getByRole('row', { name: '课堂' })).toHaveTextContent('2');
    await userEvent.click(within(tags).getByRole('button', { name: '查看题目' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/paper/search').at(-1)).toMatchObject({ tags: ['课堂'], source: 0 }),
    );
    // A bank question found by my tag is corrected, not edited.
    const bank = await screen.findByRole('article', { name: '第2题' });
    expect(within(bank).getByRole('button', { name: '纠错' })).toBeInTheDocument();
    expect(within(bank).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
  });

  it('creates a choice question: checks the form, then saves type, options, answer and points', async () => {
    const fetch = server();
    openPage();
    await screen.findByRole('article', { name: '第1题' });
    await userEvent.click(screen.getByRole('button', { name: '新建题目' }));
    const form = await screen.findByRole('dialog', { name: '新建题目' });
    await userEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByText('请填写题干')).toBeInTheDocument();
    expect(within(form).getByText('请选择一个正确选项')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/question/save')).toEqual([]);

    await userEvent.type(within(form).getByRole('textbox', { name: '题干' }), '函数 $y=2^x$ 是');
    expect(within(form).getByLabelText('题干预览').querySelector('.katex')).not.toBeNull();
    const options = within(form).getByRole('group', { name: '选项' });
    for (const [letter, text] of [
      ['A', '增函数'],
      ['B', '减函数'],
      ['C', '常函数'],
    ] as const) {
      await userEvent.type(within(options).getByRole('textbox', { name: `选项 ${letter}` }), text);
    }
    await userEvent.click(within(options).getByRole('button', { name: '删除选项 D' }));
    await userEvent.click(within(form).getByRole('radio', { name: 'A' }));
    await userEvent.click(within(form).getByRole('textbox', { name: '知识点' }));
    await userEvent.click(await screen.findByRole('option', { name: '函数 / 指数函数' }));
    await userEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/question/save')).toEqual([
        {
          subject: 54,
          stage: 4,
          content: {
            questionType: 1,
            stem: '函数 $y=2^x$ 是',
            options: ['增函数', '减函数', '常函数'],
            answer: 'A',
            analysis: '',
            difficulty: 3,
            knowledgeIds: [112],
          },
        },
      ]),
    );
    expect(await screen.findByText('题目已创建')).toBeInTheDocument();
  });

  it('edits my question with its id, keeping its points', async () => {
    const fetch = server();
    openPage();
    const card = await screen.findByRole('article', { name: '第1题' });
    await userEvent.click(within(card).getByRole('button', { name: '编辑' }));
    const form = await screen.findByRole('dialog', { name: '编辑题目' });
    expect(within(form).getByRole('textbox', { name: '答案' })).toHaveValue('$2$');
    const analysis = within(form).getByRole('textbox', { name: '解析' });
    await userEvent.clear(analysis);
    await userEvent.type(analysis, '开方即得');
    await userEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/question/save')).toHaveLength(1));
    expect(bodiesOf(fetch, '/api/question/save')[0]).toMatchObject({
      questionId: 61,
      content: { questionType: 3, options: [], answer: '$2$', analysis: '开方即得', knowledgeIds: [111] },
    });
  });

  it('纠错 lists re-edits beside the original; an admin approves a pending one', async () => {
    const fetch = server();
    openPage(true);
    await userEvent.click(await screen.findByRole('tab', { name: '纠错' }));
    const first = await screen.findByRole('region', { name: '纠错 1' });
    expect(within(first).getByText('待审核')).toBeInTheDocument();
    expect(within(first).getByText('李老师')).toBeInTheDocument();
    expect(first.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(2);
    const refused = screen.getByRole('region', { name: '纠错 2' });
    expect(within(refused).getByText('审核意见：原题无误')).toBeInTheDocument();
    expect(within(refused).queryByRole('button', { name: '通过' })).not.toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: '通过' }));
    const dialog = await screen.findByRole('dialog', { name: '通过纠错' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '审核意见' }), '已核对');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定通过' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/question/reedit/audit')).toEqual([{ reeditId: 1, approve: true, note: '已核对' }]),
    );
    expect(await screen.findByText('已通过，修改已替换原题')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: '待审核' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/question/reedit/list').at(-1)).toEqual({ status: 1, pageNo: 1, pageSize: 10 }),
    );
  });

  it('纠错 offers no audit to a teacher', async () => {
    server();
    openPage(false);
    await userEvent.click(await screen.findByRole('tab', { name: '纠错' }));
    const first = await screen.findByRole('region', { name: '纠错 1' });
    expect(within(first).queryByRole('button', { name: '通过' })).not.toBeInTheDocument();
    expect(screen.getByText('这里是我提交的纠错')).toBeInTheDocument();
  });

  it('我的反馈 lists the errors I reported with their state and the reply', async () => {
    const fetch = server();
    openPage();
    await userEvent.click(await screen.findByRole('tab', { name: '我的反馈' }));
    const table = await screen.findByRole('table', { name: '我的反馈' });
    const row = within(table).getByRole('row', { name: '函数 f(x)=x² 的导数' });
    expect(within(row).getByText('题目')).toBeInTheDocument();
    expect(within(row).getByText('答案有误')).toBeInTheDocument();
    expect(within(row).getByText('答案应为 2x')).toBeInTheDocument();
    expect(within(row).getByText('已采纳')).toBeInTheDocument();
    expect(within(row).getByText('已修正')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => u === '/api/itemreporterror/getUserReportError')).toBe(true);
  });
});
