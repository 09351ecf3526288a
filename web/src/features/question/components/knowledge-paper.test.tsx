import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { BasketList } from '@/generated/BasketList';
import type { QuestionSearchRequest } from '@/generated/QuestionSearchRequest';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { atlasTree, baseDicInfo, basketEnums, bodiesOf, jsonBody, NODES, pageOf, questionView } from '../test-helpers';
import { KnowledgePaper } from './knowledge-paper';

beforeEach(() => sessionStore.set((s) => ({ ...s, user: userInfo(), selection: { stage: 4, subject: 54 } })));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
});

const Q1 = questionView(1, { questionIndex: 1, customBlockData: { customTags: ['易错'] } });
const Q2 = questionView(2, {
  questionIndex: 2,
  questionType: 4,
  typeName: '解答题',
  stem: '求函数 $y=e^x$ 的导数',
  options: [],
  answer: "$y'=e^x$",
  difficulty: 5,
  ownerId: 7,
});

function server() {
  let basket: number[] = [];
  const basketList = (): BasketList => ({
    total: basket.length,
    limit: 100,
    groups: basket.length
      ? [{ questionType: 1, typeName: '单选题', questions: basket.map((id) => questionView(id, { inBasket: true })) }]
      : [],
  });
  return mockFetch([
    ['POST', '/api/basket/question/enums', () => envelope(basketEnums)],
    ['POST', '/api/basket/question/list', () => envelope(basketList())],
    [
      'POST',
      '/api/basket/add',
      (_u, init) => {
        basket = [...basket, ...(jsonBody(init).questionIds as number[])];
        return envelope({ total: basket.length });
      },
    ],
    [
      'POST',
      '/api/basket/remove/questionId',
      (_u, init) => {
        const ids = jsonBody(init).questionIds as number[];
        basket = jsonBody(init).all ? [] : basket.filter((id) => !ids.includes(id));
        return envelope({ total: basket.length });
      },
    ],
    [
      'POST',
      '/api/basket/assemble',
      () => envelope({ paperId: 42, paperList: [{ paperId: 42, paperName: '期中复习' }] }),
    ],
    [
      'POST',
      '/api/dict/atlas/list',
      () =>
        envelope([
          atlasTree(5, { name: '我的图谱', ownerId: 9, published: false }),
          atlasTree(1, { name: '高中数学知识图谱' }),
        ]),
    ],
    [
      'POST',
      '/api/atlas/tree/queryByTreeId',
      (_u, init) => envelope({ tree: atlasTree(Number(jsonBody(init).treeId)), nodes: NODES }),
    ],
    ['POST', '/api/dic/queryBaseDicInfo', () => envelope(baseDicInfo)],
    [
      'POST',
      '/api/paper/search',
      (_u, init) => {
        const body = jsonBody(init) as QuestionSearchRequest;
        const records = [Q1, Q2].map((q) => ({ ...q, inBasket: basket.includes(q.questionId) }));
        return envelope({ ...pageOf(records, 23), terms: body.keyword ? ['函数', '导数'] : [] });
      },
    ],
    [
      'POST',
      '/api/paper/class/search',
      () =>
        envelope({
          total: 23,
          types: [
            { code: 1, name: '单选题', count: 15 },
            { code: 4, name: '解答题', count: 8 },
          ],
          difficulties: [
            { code: 3, name: '中等', count: 20 },
            { code: 5, name: '困难', count: 3 },
          ],
          knowledgePoints: [{ code: 121, name: '导数的概念', count: 9 }],
        }),
    ],
    ['POST', '/api/paper/copySimilarQuestion', () => envelope([questionView(31, { stem: '相似的题 $x^3$' })])],
    ['GET', '/api/question/tags/list', () => envelope({ tagList: [{ tag: '易错', count: 3 }] })],
    [
      'POST',
      '/api/question/tags/batch',
      () =>
        envelope({
          tagList: [
            { tag: '易错', count: 3 },
            { tag: '压轴', count: 1 },
          ],
        }),
    ],
    ['POST', '/api/question/reedit', (_u, init) => envelope({ reeditId: 9, auditStatus: 1, proposal: jsonBody(init) })],
  ]);
}

function open() {
  const router = createMemoryRouter(
    [
      { path: '/knowledgeSelection/knowledgePaper', element: <KnowledgePaper title="知识点组卷" /> },
      { path: '/knowledgeSectionEdit', element: <p>讲义编辑</p> },
    ],
    { initialEntries: ['/knowledgeSelection/knowledgePaper'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const card = (n: number) => screen.findByRole('article', { name: `第${n}题` });
const lastSearch = (fetch: ReturnType<typeof server>) => bodiesOf(fetch, '/api/paper/search').at(-1);

describe('知识点组卷', () => {
  it('searches the centre tree of the header subject: questions with formulas, badges, points and tags, counts beside the filters', async () => {
    const fetch = server();
    open();
    const first = await card(1);
    expect(first.querySelector('.katex')).not.toBeNull();
    expect(within(first).getByText('单选题')).toBeInTheDocument();
    expect(within(first).getByText('中等')).toBeInTheDocument();
    expect(within(first).getByText('导数的概念')).toBeInTheDocument();
    expect(within(first).getByLabelText('标签 易错')).toBeInTheDocument();
    expect(within(first).getAllByRole('listitem')).toHaveLength(4);
    const second = await card(2);
    expect(within(second).getByText('我的题目')).toBeInTheDocument();
    expect(within(second).getByText('困难')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: '纠错' })).not.toBeInTheDocument();
    expect(screen.getByText('共 23 条')).toBeInTheDocument();

    // The centre's published tree opens (not the first of the list), its points on the left.
    expect(screen.getByRole('textbox', { name: '图谱' })).toHaveValue('高中数学知识图谱');
    expect(bodiesOf(fetch, '/api/atlas/tree/queryByTreeId')).toEqual([{ treeId: 1 }]);
    expect(lastSearch(fetch)).toEqual({
      subject: 54,
      stage: 4,
      knowledgeIds: [],
      source: 0,
      typeIds: [-1],
      difficulties: [-1],
      order: 0,
      pageNo: 1,
      pageSize: 10,
    });
    expect(bodiesOf(fetch, '/api/paper/class/search').at(-1)).toEqual({
      subject: 54,
      stage: 4,
      knowledgeIds: [],
      source: 0,
      typeIds: [-1],
      difficulties: [-1],
    });
    const types = screen.getByRole('group', { name: '题型' });
    expect(await within(types).findByRole('button', { name: /^单选题\s*15$/ })).toBeInTheDocument();
    expect(within(types).getByRole('button', { name: /^多选题\s*0$/ })).toBeInTheDocument();
    expect(within(types).getByRole('button', { name: /^全部\s*23$/ })).toHaveAttribute('aria-pressed', 'true');
    // Answer and analysis on demand.
    await userEvent.click(within(first).getByRole('button', { name: '答案解析' }));
    expect(within(first).getByLabelText('答案与解析')).toHaveTextContent('【答案】C');
  });

  it('narrows by knowledge point, type, difficulty, source, order and words, the words marked', async () => {
    const fetch = server();
    open();
    await card(1);
    const points = await screen.findByRole('navigation', { name: '知识点' });
    await userEvent.click(within(points).getByRole('button', { name: /导数的概念/ }));
    await waitFor(() => expect(lastSearch(fetch)?.knowledgeIds).toEqual([121]));
    await userEvent.click(within(screen.getByRole('group', { name: '题型' })).getByRole('button', { name: /解答题/ }));
    await waitFor(() => expect(lastSearch(fetch)?.typeIds).toEqual([4]));
    await userEvent.click(within(screen.getByRole('group', { name: '难度' })).getByRole('button', { name: /困难/ }));
    await waitFor(() => expect(lastSearch(fetch)?.difficulties).toEqual([5]));
    await userEvent.click(screen.getByRole('textbox', { name: '来源' }));
    await userEvent.click(await screen.findByRole('option', { name: '题库' }));
    await userEvent.click(screen.getByRole('textbox', { name: '排序' }));
    await userEvent.click(await screen.findByRole('option', { name: '综合评分' }));
    await userEvent.type(screen.getByRole('textbox', { name: '关键词' }), '函数 导数');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(lastSearch(fetch)).toEqual({
        subject: 54,
        stage: 4,
        keyword: '函数 导数',
        knowledgeIds: [121],
        source: 1,
        typeIds: [4],
        difficulties: [5],
        order: 1,
        pageNo: 1,
        pageSize: 10,
      }),
    );
    // The type counts are of every type (the other filters applied).
    expect(bodiesOf(fetch, '/api/paper/class/search').at(-1)).toMatchObject({
      typeIds: [-1],
      difficulties: [-1],
      source: 1,
    });
    const first = await card(1);
    await waitFor(() =>
      expect([...first.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['函数', '导数']),
    );
    expect([...(await card(2)).querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['函数', '导数']);
  });

  it('puts questions in the basket (the count follows), and assembles it into a handout that opens', async () => {
    const fetch = server();
    const router = open();
    const first = await card(1);
    expect(screen.getByLabelText('试题篮题数')).toHaveTextContent('0');
    await userEvent.click(within(first).getByRole('button', { name: '加入试题篮' }));
    expect(await within(first).findByRole('button', { name: '移出试题篮' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/basket/add')).toEqual([{ questionIds: [1] }]);
    await waitFor(() => expect(screen.getByLabelText('试题篮题数')).toHaveTextContent('1'));

    await userEvent.click(screen.getByRole('button', { name: /^试题篮/ }));
    const drawer = await screen.findByRole('dialog', { name: '试题篮（1）' });
    expect(within(drawer).getByRole('group', { name: '单选题' })).toBeInTheDocument();
    expect(within(drawer).getByLabelText('试题篮第1题').querySelector('.katex')).not.toBeNull();
    await userEvent.click(within(drawer).getByRole('button', { name: '组卷' }));
    const dialog = await screen.findByRole('dialog', { name: '组卷' });
    const titleBox = within(dialog).getByRole('textbox', { name: '讲义标题' });
    await userEvent.clear(titleBox);
    await userEvent.type(titleBox, '期中复习');
    await userEvent.click(within(dialog).getByRole('button', { name: '组卷' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/knowledgeSectionEdit'));
    expect(router.state.location.search).toBe('?paperId=42&ver=0');
    expect(bodiesOf(fetch, '/api/basket/assemble')).toEqual([{ subject: 54, stage: 4, title: '期中复习' }]);
  });

  it('removes a question from the basket and empties it', async () => {
    const fetch = server();
    open();
    const first = await card(1);
    await userEvent.click(within(first).getByRole('button', { name: '加入试题篮' }));
    await userEvent.click(await within(first).findByRole('button', { name: '移出试题篮' }));
    expect(await within(first).findByRole('button', { name: '加入试题篮' })).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/basket/remove/questionId')).toEqual([{ questionIds: [1] }]);

    await userEvent.click(within(await card(2)).getByRole('button', { name: '加入试题篮' }));
    await waitFor(() => expect(screen.getByLabelText('试题篮题数')).toHaveTextContent('1'));
    await userEvent.click(screen.getByRole('button', { name: /^试题篮/ }));
    const drawer = await screen.findByRole('dialog', { name: '试题篮（1）' });
    await userEvent.click(within(drawer).getByRole('button', { name: '清空' }));
    const confirm = await screen.findByRole('dialog', { name: '清空试题篮' });
    await userEvent.click(within(confirm).getByRole('button', { name: '清空' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/basket/remove/questionId').at(-1)).toEqual({ questionIds: [], all: true }),
    );
    expect(await screen.findByText('试题篮已清空')).toBeInTheDocument();
  });

  it('shows similar questions, edits my tags, and sends a correction of a bank question for audit', async () => {
    const fetch = server();
    open();
    const first = await card(1);
    await userEvent.click(within(first).getByRole('button', { name: '相似题' }));
    const similar = await screen.findByRole('dialog', { name: '相似题 · 第1题' });
    expect((await within(similar).findByRole('article', { name: '第1题' })).querySelector('.katex')).not.toBeNull();
    expect(bodiesOf(fetch, '/api/paper/copySimilarQuestion')).toEqual([{ questionId: 1, count: 5 }]);
    await userEvent.click(within(similar).getByRole('button', { name: '加入试题篮' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/basket/add')).toEqual([{ questionIds: [31] }]));
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(first).getByRole('button', { name: '标签' }));
    const tags = await screen.findByRole('dialog', { name: '编辑标签' });
    await userEvent.type(within(tags).getByRole('textbox', { name: '标签' }), '压轴{enter}');
    await userEvent.click(within(tags).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/question/tags/batch')).toEqual([
        { operations: [{ questionId: 1, actions: [{ action: 'add', tag: '压轴' }] }] },
      ]),
    );

    await userEvent.click(within(first).getByRole('button', { name: '纠错' }));
    const form = await screen.findByRole('dialog', { name: '纠错重编' });
    const stem = within(form).getByRole('textbox', { name: '题干' });
    expect(stem).toHaveValue(Q1.stem);
    await userEvent.clear(stem);
    await userEvent.type(stem, '改正后的题干 $x$');
    expect(within(form).getByLabelText('题干预览').querySelector('.katex')).not.toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: '提交纠错' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/question/reedit')).toEqual([
        {
          questionId: 1,
          content: {
            questionType: 1,
            stem: '改正后的题干 $x$',
            options: ['$0$', '$1$', '$2$', '$3$'],
            answer: 'C',
            analysis: Q1.analysis,
            difficulty: 3,
            knowledgeIds: [111],
          },
        },
      ]),
    );
    expect(await screen.findByText('纠错已提交，审核通过后生效')).toBeInTheDocument();
  });
});
