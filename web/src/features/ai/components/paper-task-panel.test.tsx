import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AiModelConfig } from '@/generated/AiModelConfig';
import type { AiPaperTask } from '@/generated/AiPaperTask';
import type { AiTaskQuestion } from '@/generated/AiTaskQuestion';
import { atlasTree, NODES } from '@/features/question/test-helpers';
import { sessionStore } from '@/lib/session';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { userInfo } from '@/testing/fixtures';
import {
  bodiesOf,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { MODEL_CONFIG, NOT_CONFIGURED, page, paperTask, taskQuestion } from '../test-helpers';
import { PaperTaskPanel } from './paper-task-panel';
import { WelcomePage } from './welcome-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
});

interface State {
  tasks: AiPaperTask[];
  questions: AiTaskQuestion[];
  config: AiModelConfig;
  /** The basket cannot take the questions: saved to the bank all the same, then refused (409). */
  basketFull?: boolean;
}

function server(initial: Partial<State> = {}) {
  const state: State = { tasks: [], questions: [], config: MODEL_CONFIG, ...initial };
  const find = (init?: RequestInit) => {
    const id = Number(jsonBody(init).taskId);
    return state.tasks.find((t) => t.taskId === id) ?? paperTask(id);
  };
  const fetch = mockFetch([
    ['GET', '/api/ai/model/config', () => envelope(state.config)],
    ['POST', '/api/ai/usage', () => envelope({ everyone: false, models: [] })],
    ['POST', '/api/dict/atlas/list', () => envelope([atlasTree(1, { name: '高中数学知识图谱' })])],
    ['POST', '/api/atlas/tree/queryByTreeId', () => envelope({ tree: atlasTree(1), nodes: NODES })],
    ['POST', '/api/ai/paper/task/search', () => envelope(page(state.tasks, 1, state.tasks.length, 10))],
    [
      'POST',
      '/api/cos/upload',
      (url) => envelope({ fileId: 'f-9', fileName: url.searchParams.get('fileName'), size: 3, sha256: 'x' }),
    ],
    [
      'POST',
      '/api/ai/paper/task/addOrUpdate',
      (_u, init) => {
        const body = jsonBody(init);
        const id = typeof body.taskId === 'number' ? body.taskId : 9;
        const task: AiPaperTask = {
          ...(state.tasks.find((t) => t.taskId === id) ?? paperTask(id)),
          title: String(body.title),
          fileId: typeof body.fileId === 'string' ? body.fileId : '',
          fileName: 'paper.png',
          knowledgeIds: body.knowledgeIds as number[],
          updateTime: Date.now(),
        };
        state.tasks = [task, ...state.tasks.filter((t) => t.taskId !== id)];
        if (Array.isArray(body.questions)) {
          state.questions = (body.questions as AiTaskQuestion[]).map((q, i) => ({ ...q, itemId: 200 + i }));
        }
        return envelope(task);
      },
    ],
    ['POST', '/api/ai/paper/task/details', (_u, init) => envelope(find(init))],
    [
      'POST',
      '/api/ai/paper/task/recognize',
      (_u, init) =>
        state.config.configured
          ? envelope({ ...find(init), status: 1 })
          : envelope(null, 'C0001', 'AI 服务未配置（EDUHUB_AI_URL），请联系管理员', 503),
    ],
    ['POST', '/api/ai/paper/task/questions', () => envelope(page(state.questions, 1, state.questions.length, 100))],
    [
      'POST',
      '/api/ai/paper/task/relation',
      () =>
        envelope(
          state.questions.map((q) => ({
            itemId: q.itemId,
            savedQuestionId: q.savedQuestionId ?? null,
            similarQuestionIds: q.itemId === 101 ? [31, 32] : [],
          })),
        ),
    ],
    [
      'POST',
      '/api/ai/paper/task/save',
      (_u, init) => {
        state.questions = state.questions.map((q, i) => ({ ...q, savedQuestionId: 500 + i }));
        const task = { ...find(init), status: 5, savedCount: state.questions.length, updateTime: Date.now() };
        state.tasks = [task];
        if (state.basketFull && jsonBody(init).addToBasket) {
          return envelope(null, 'A0409', '题目已保存，但试题篮最多100道题，未能全部加入', 409);
        }
        return envelope({ task, questionIds: state.questions.map((q) => q.savedQuestionId), inBasket: 7 });
      },
    ],
    ['GET', '/api/ai/paper/feedback/tags', () => envelope({ useful: ['识别准确', '省去录入'], notUseful: ['漏题'] })],
    [
      'POST',
      '/api/ai/paper/task/feedback',
      (_u, init) => envelope({ ...find(init), feedback: jsonBody(init).useful ? 1 : 2, updateTime: Date.now() }),
    ],
    ['POST', '/api/ai/paper/task/delete', () => envelope(true)],
  ]);
  return { fetch, state };
}

function signIn() {
  sessionStore.set((s) => ({ ...s, user: userInfo(), selection: { stage: 4, subject: 54 } }));
}

function renderPanel() {
  signIn();
  const { client, socket } = connectedClient();
  render(<PaperTaskPanel realtime={client} />, { route: '/' });
  return socket;
}

const question = (n: number) => screen.getByRole('article', { name: `第${n}题` });

describe('AI 识卷', () => {
  it('creates a task with its paper and points, recognises it with the pushed progress, then edits the questions', async () => {
    const { fetch, state } = server();
    const socket = renderPanel();
    expect(await screen.findByText(/还没有识卷任务/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '新建识卷任务' }));

    const form = screen.getByRole('form', { name: '新建识卷任务' });
    await userEvent.click(within(form).getByRole('button', { name: '保存并识别' }));
    expect(within(form).getByText('请填写标题')).toBeInTheDocument();
    expect(within(form).getByText('请上传试卷图片或PDF')).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: '标题' }), '高一期中');
    await userEvent.click(within(form).getByRole('textbox', { name: '知识点' }));
    await userEvent.click(await screen.findByRole('option', { name: '函数 / 指数函数' }));
    const file = new File(['png'], 'paper.png', { type: 'image/png' });
    await userEvent.upload(within(form).getByLabelText('试卷文件'), file);
    await userEvent.click(within(form).getByRole('button', { name: '保存并识别' }));

    await waitFor(() => expect(bodiesOf(fetch, '/api/ai/paper/task/recognize')).toEqual([{ taskId: 9 }]));
    expect(fetch.mock.calls.some(([u]) => u === '/api/cos/upload?fileName=paper.png')).toBe(true);
    expect(bodiesOf(fetch, '/api/ai/paper/task/addOrUpdate')).toEqual([
      { title: '高一期中', subject: 54, stage: 4, fileId: 'f-9', knowledgeIds: [112] },
    ]);
    expect(await screen.findByText('排队等待识别…')).toBeInTheDocument();

    // The progress and the end arrive as pushes (nothing polls the task).
    const push = (seq: number, patch: Partial<AiPaperTask>) => {
      const task = { ...state.tasks[0]!, ...patch, updateTime: Date.now() + seq };
      state.tasks = [task];
      socket.push(seq, 'magic_ai_paper_task', pushContent({ value: task }));
    };
    push(1, { status: 2, progress: 40 });
    expect(await screen.findByText('正在识别… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '识别进度 40%' })).toBeInTheDocument();
    state.questions = [
      taskQuestion(101),
      taskQuestion(102, { questionType: 3, options: [], stem: '方程 $x^2=4$ 的正根是____', answer: '2' }),
    ];
    push(2, { status: 3, progress: 100, questionCount: 2, model: 'edu-vision' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const polls = fetch.mock.calls.filter(([u]) => u === '/api/ai/paper/task/details').length;
    expect(polls).toBeLessThanOrEqual(1);
    expect(question(1).querySelector('.katex')).not.toBeNull();
    expect(within(question(1)).getByText('疑似重复：#31、#32')).toBeInTheDocument();

    // Edit the second question, remove the first, add one; 保存修改 sends the whole list.
    await userEvent.click(within(question(2)).getByRole('button', { name: '编辑' }));
    const stem = within(question(2)).getByRole('textbox', { name: '题干' });
    await userEvent.clear(stem);
    await userEvent.paste('方程 $x^2=9$ 的正根是____');
    expect(within(question(2)).getByLabelText('题干预览').querySelector('.katex')).not.toBeNull();
    const answer = within(question(2)).getByRole('textbox', { name: '答案' });
    await userEvent.clear(answer);
    await userEvent.type(answer, '3');
    await userEvent.click(within(question(1)).getByRole('button', { name: '删除' }));
    await userEvent.click(screen.getByRole('button', { name: '添加题目' }));
    // The added question is a choice; empty, it is refused.
    await userEvent.click(screen.getByRole('button', { name: '保存修改' }));
    expect(await screen.findByText('第2题：请填写题干')).toBeInTheDocument();
    const added = question(2);
    await userEvent.click(within(added).getByRole('textbox', { name: '题干' }));
    await userEvent.paste('下列是偶函数的是');
    for (const [letter, text] of [
      ['A', '$y=x$'],
      ['B', '$y=x^2$'],
    ] as const) {
      await userEvent.type(within(added).getByRole('textbox', { name: `选项 ${letter}` }), text);
    }
    await userEvent.click(within(added).getByRole('button', { name: '删除选项 D' }));
    await userEvent.click(within(added).getByRole('button', { name: '删除选项 C' }));
    await userEvent.type(within(added).getByRole('textbox', { name: '答案' }), 'B');
    await userEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/ai/paper/task/addOrUpdate')).toHaveLength(2));
    expect(bodiesOf(fetch, '/api/ai/paper/task/addOrUpdate')[1]).toEqual({
      taskId: 9,
      title: '高一期中',
      subject: 54,
      stage: 4,
      fileId: 'f-9',
      knowledgeIds: [112],
      questions: [
        {
          itemId: 102,
          questionType: 3,
          stem: '方程 $x^2=9$ 的正根是____',
          options: [],
          answer: '3',
          analysis: '',
          difficulty: 3,
          knowledgeIds: [],
        },
        {
          questionType: 1,
          stem: '下列是偶函数的是',
          options: ['$y=x$', '$y=x^2$'],
          answer: 'B',
          analysis: '',
          difficulty: 3,
          knowledgeIds: [],
        },
      ],
    });
    // The saved questions are read again (new item ids).
    await waitFor(() => expect(screen.queryByText('（有未保存的修改）', { exact: false })).not.toBeInTheDocument());
    await waitFor(() => expect(within(question(2)).queryByText('新增')).not.toBeInTheDocument());
  });

  it('saves the questions to the bank and the basket, shows the bank ids, and takes the verdict with its tags', async () => {
    const { fetch } = server({
      tasks: [paperTask(5, { title: '月考', status: 3, questionCount: 2, model: 'edu-vision' })],
      questions: [taskQuestion(101), taskQuestion(102)],
    });
    renderPanel();
    const row = await screen.findByRole('row', { name: '月考' });
    expect(within(row).getByText('已识别')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: '打开' }));
    const bank = await screen.findByRole('group', { name: '保存到题库' });
    expect(await within(bank).findByText('2 道题待保存到「我的题库」')).toBeInTheDocument();
    await userEvent.click(within(bank).getByRole('checkbox', { name: '同时加入试题篮' }));
    await userEvent.click(within(bank).getByRole('button', { name: '保存到题库' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/ai/paper/task/save')).toEqual([{ taskId: 5, addToBasket: true }]));
    expect(await within(bank).findByText(/已保存 2 道题到我的题库/)).toHaveTextContent('试题篮现有 7 道题');
    await waitFor(() => expect(within(question(1)).getByText('已入库 #500')).toBeInTheDocument());
    expect(within(question(2)).getByText('已入库 #501')).toBeInTheDocument();
    // Saved questions are not changed here.
    expect(within(question(1)).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();

    const verdict = screen.getByRole('group', { name: '识别效果' });
    await userEvent.click(within(verdict).getByRole('button', { name: '👍 有用' }));
    await userEvent.click(await within(verdict).findByRole('checkbox', { name: '省去录入' }));
    await userEvent.type(within(verdict).getByRole('textbox', { name: '补充说明' }), '很方便');
    await userEvent.click(within(verdict).getByRole('button', { name: '提交评价' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/ai/paper/task/feedback')).toEqual([
        { taskId: 5, useful: true, tags: ['省去录入'], note: '很方便' },
      ]),
    );
    expect(await screen.findByText('👍 有用')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '识别效果' })).not.toBeInTheDocument();
  });

  it('shows the questions saved when the basket refuses them after the bank took them (409)', async () => {
    const { fetch } = server({
      tasks: [paperTask(5, { title: '月考', status: 3, questionCount: 2 })],
      questions: [taskQuestion(101), taskQuestion(102)],
      basketFull: true,
    });
    renderPanel();
    await userEvent.click(
      within(await screen.findByRole('row', { name: '月考' })).getByRole('button', { name: '打开' }),
    );
    const bank = await screen.findByRole('group', { name: '保存到题库' });
    expect(await within(bank).findByText('2 道题待保存到「我的题库」')).toBeInTheDocument();
    const reads = (url: string) => fetch.mock.calls.filter(([u]) => u === url).length;
    const before = {
      task: reads('/api/ai/paper/task/details'),
      relations: reads('/api/ai/paper/task/relation'),
    };
    await userEvent.click(within(bank).getByRole('checkbox', { name: '同时加入试题篮' }));
    await userEvent.click(within(bank).getByRole('button', { name: '保存到题库' }));
    // The server's words; no push came, yet the questions, the task and the relations are read again.
    expect(await within(bank).findByRole('alert')).toHaveTextContent('题目已保存，但试题篮最多100道题，未能全部加入');
    expect(await within(bank).findByText('全部题目已保存到「我的题库」')).toBeInTheDocument();
    await waitFor(() => expect(within(question(1)).getByText('已入库 #500')).toBeInTheDocument());
    expect(within(question(2)).getByText('已入库 #501')).toBeInTheDocument();
    await waitFor(() => expect(reads('/api/ai/paper/task/details')).toBeGreaterThan(before.task));
    expect(reads('/api/ai/paper/task/relation')).toBeGreaterThan(before.relations);
    expect(await screen.findByText('题目：2 道（已入库 2 道）')).toBeInTheDocument();
  });

  it('forgets unsaved edits that leave the page: saving to the bank and 重新识别 are not held', async () => {
    const { state } = server({
      tasks: [paperTask(5, { title: '月考', status: 3, questionCount: 2 })],
      questions: [taskQuestion(101), taskQuestion(102)],
    });
    const socket = renderPanel();
    await userEvent.click(
      within(await screen.findByRole('row', { name: '月考' })).getByRole('button', { name: '打开' }),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const bank = screen.getByRole('group', { name: '保存到题库' });
    await waitFor(() => expect(within(bank).getByRole('button', { name: '保存到题库' })).toBeEnabled());

    // An edit holds saving to the bank, recognising again and 修改信息 (which would lose it).
    await userEvent.click(within(question(1)).getByRole('button', { name: '删除' }));
    expect(within(bank).getByText('请先保存或放弃对题目的修改。')).toBeInTheDocument();
    expect(within(bank).getByRole('button', { name: '保存到题库' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '重新识别' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '修改信息' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '放弃修改' }));
    expect(screen.getByRole('button', { name: '修改信息' })).toBeEnabled();

    // Edited again, then the questions leave the page (another tab recognises the task again).
    await userEvent.click(within(question(1)).getByRole('button', { name: '删除' }));
    expect(screen.getByRole('button', { name: '修改信息' })).toBeDisabled();
    const push = (seq: number, patch: Partial<AiPaperTask>) => {
      const task = { ...state.tasks[0]!, ...patch, updateTime: Date.now() + seq };
      state.tasks = [task];
      socket.push(seq, 'magic_ai_paper_task', pushContent({ value: task }));
    };
    push(1, { status: 2, progress: 40 });
    expect(await screen.findByText('正在识别… 40%')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '识别的题目' })).not.toBeInTheDocument();
    push(2, { status: 3, progress: 100 });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    const again = screen.getByRole('group', { name: '保存到题库' });
    expect(within(again).queryByText('请先保存或放弃对题目的修改。')).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: '保存到题库' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '重新识别' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '修改信息' })).toBeEnabled();
  });

  it('holds saving to the bank while a question lacks knowledge points and the task names none', async () => {
    server({
      tasks: [paperTask(5, { title: '月考', status: 3, questionCount: 1, knowledgeIds: [] })],
      questions: [taskQuestion(101)],
    });
    renderPanel();
    await userEvent.click(
      within(await screen.findByRole('row', { name: '月考' })).getByRole('button', { name: '打开' }),
    );
    const bank = await screen.findByRole('group', { name: '保存到题库' });
    expect(await within(bank).findByText(/有 1 道题没有知识点/)).toBeInTheDocument();
    expect(within(bank).getByRole('button', { name: '保存到题库' })).toBeDisabled();
  });

  it('searches by title and status, and deletes a task after asking', async () => {
    const { fetch } = server({ tasks: [paperTask(5, { title: '月考', status: 4, error: '图片不清晰' })] });
    renderPanel();
    const row = await screen.findByRole('row', { name: '月考' });
    expect(within(row).getByText('识别失败')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: '标题' }), '月考');
    await userEvent.click(screen.getByRole('textbox', { name: '状态' }));
    await userEvent.click(await screen.findByRole('option', { name: '识别失败' }));
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/ai/paper/task/search').at(-1)).toEqual({
        keyword: '月考',
        status: 4,
        pageNo: 1,
        pageSize: 10,
      }),
    );
    expect(bodiesOf(fetch, '/api/ai/paper/task/search')[0]).toEqual({ pageNo: 1, pageSize: 10 });

    await userEvent.click(within(row).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog', { name: '删除识卷任务' });
    await userEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/ai/paper/task/delete')).toEqual([{ taskId: 5 }]));
  });

  it('without a provider, says so with the hint and cannot recognise', async () => {
    const { state } = server({ tasks: [paperTask(5, { title: '月考' })], config: NOT_CONFIGURED });
    renderPanel();
    await userEvent.click(
      within(await screen.findByRole('row', { name: '月考' })).getByRole('button', { name: '打开' }),
    );
    expect(await screen.findByText(NOT_CONFIGURED.hint)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开始识别' })).toBeDisabled();
    expect(state.tasks[0]?.status).toBe(0);
  });

  it('shows a failed recognition’s reason; the provider gone since shows the not-configured state', async () => {
    const { fetch, state } = server({ tasks: [paperTask(5, { title: '月考', status: 4, error: '图片不清晰' })] });
    renderPanel();
    await userEvent.click(
      within(await screen.findByRole('row', { name: '月考' })).getByRole('button', { name: '打开' }),
    );
    expect(await screen.findByText('图片不清晰')).toBeInTheDocument();
    state.config = NOT_CONFIGURED;
    await userEvent.click(screen.getByRole('button', { name: '重新识别' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/ai/paper/task/recognize')).toEqual([{ taskId: 5 }]));
    // The provider's state is read again: the hint how to configure one.
    expect(await screen.findByText(NOT_CONFIGURED.hint)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新识别' })).toBeDisabled();
  });

  it('opens from the welcome page', async () => {
    server({ tasks: [paperTask(5, { title: '月考' })] });
    signIn();
    const router = createMemoryRouter([{ path: '*', element: <WelcomePage title="AI 助手" /> }], {
      initialEntries: ['/aiAssistant/welcomePage'],
    });
    render(<RouterProvider router={router} />);
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'AI 工具' })).getByRole('button', { name: 'AI 识卷' }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'AI 识卷' });
    expect(await within(drawer).findByRole('row', { name: '月考' })).toBeInTheDocument();
  });
});
