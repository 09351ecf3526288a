import { afterEach, describe, expect, it, vi } from 'vitest';
import { atlasTree, NODES } from '@/features/question/test-helpers';
import type { AiAllocation } from '@/generated/AiAllocation';
import { sessionStore } from '@/lib/session';
import { connectedClient } from '@/testing/fake-socket';
import { userInfo } from '@/testing/fixtures';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { conversation, MODEL_CONFIG, page, question, reply } from '../test-helpers';
import { ChatPage } from './chat-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null, selection: null }));
});

const QUOTE = '函数 $f(x)=x^2$ 的导数是\nA. $x$\nB. $2x$\n答案：B';

const ALLOCATION: AiAllocation = {
  cells: [
    { knowledgeId: 111, knowledgeName: '函数的概念', questionType: 1, available: 10, allotted: 3 },
    { knowledgeId: 121, knowledgeName: '导数的概念', questionType: 1, available: 10, allotted: 2 },
    { knowledgeId: 111, knowledgeName: '函数的概念', questionType: 4, available: 1, allotted: 1 },
    { knowledgeId: 121, knowledgeName: '导数的概念', questionType: 4, available: 0, allotted: 0 },
  ],
  types: [
    { questionType: 1, typeName: '单选题', asked: 5, allotted: 5, short: 0 },
    { questionType: 4, typeName: '解答题', asked: 3, allotted: 1, short: 2 },
  ],
};

function server() {
  return mockFetch([
    ['GET', '/api/ai/model/config', () => envelope(MODEL_CONFIG)],
    ['POST', '/api/ai/conversation/list', () => envelope(page([conversation(5)]))],
    ['POST', '/api/ai/conversation/switch', () => envelope(conversation(5))],
    ['POST', '/api/ai/message/history', () => envelope(page([reply(12, '你好'), question(11, '你好')]))],
    ['POST', '/api/dict/atlas/list', () => envelope([atlasTree(1, { name: '高中数学知识图谱' })])],
    ['POST', '/api/atlas/tree/queryByTreeId', () => envelope({ tree: atlasTree(1), nodes: NODES })],
    [
      'POST',
      '/api/ai/library/query',
      () =>
        envelope({
          total: 1,
          terms: ['导数'],
          hits: [
            {
              questionId: 61,
              typeName: '单选题',
              stem: '函数 $f(x)=x^2$ 的导数是',
              options: ['$x$', '$2x$'],
              answer: 'B',
              quote: QUOTE,
            },
          ],
        }),
    ],
    ['POST', '/api/ai/question/allocate', () => envelope(ALLOCATION)],
  ]);
}

function renderChat() {
  sessionStore.set((s) => ({ ...s, user: userInfo(), selection: { stage: 4, subject: 54 } }));
  const { client } = connectedClient();
  render(<ChatPage title="AI 对话" realtime={client} />, { route: '/aiAssistant/chatPage?conversationId=5' });
}

describe('the tools of the chat page', () => {
  it('题库引用 finds questions of the stage and subject and quotes one into the message', async () => {
    const fetch = server();
    renderChat();
    const input = await screen.findByRole('textbox', { name: '输入消息' });
    await userEvent.type(input, '讲讲这道题：');
    await userEvent.click(screen.getByRole('button', { name: '题库引用' }));
    const drawer = await screen.findByRole('dialog', { name: '题库引用' });
    await userEvent.type(within(drawer).getByRole('textbox', { name: '查找题目' }), '导数');
    await userEvent.click(within(drawer).getByRole('button', { name: '查找' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/ai/library/query')).toEqual([
        { keyword: '导数', subject: 54, stage: 4, pageSize: 10 },
      ]),
    );
    const hit = await within(drawer).findByRole('listitem', { name: '题目 #61' });
    expect(hit.querySelector('.katex')).not.toBeNull();
    // The searched word is marked.
    expect(within(hit).getByText('导数', { selector: 'mark' })).toBeInTheDocument();
    await userEvent.click(within(hit).getByRole('button', { name: '引用' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '题库引用' })).not.toBeInTheDocument());
    expect(input).toHaveValue(`讲讲这道题：\n${QUOTE}`);
  });

  it('题量分配 spreads the questions of each type over the points and shows what is short', async () => {
    const fetch = server();
    renderChat();
    await userEvent.click(await screen.findByRole('button', { name: '题量分配' }));
    const dialog = await screen.findByRole('dialog', { name: '题量分配' });
    const run = within(dialog).getByRole('button', { name: '分配' });
    expect(run).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('textbox', { name: '知识点' }));
    await userEvent.click(await screen.findByRole('option', { name: '函数 / 函数的概念' }));
    await userEvent.click(await screen.findByRole('option', { name: '导数及其应用 / 导数的概念' }));
    const counts = within(dialog).getByRole('group', { name: '各题型题数' });
    await userEvent.clear(within(counts).getByRole('textbox', { name: '单选题' }));
    await userEvent.type(within(counts).getByRole('textbox', { name: '单选题' }), '5');
    await userEvent.clear(within(counts).getByRole('textbox', { name: '解答题' }));
    await userEvent.type(within(counts).getByRole('textbox', { name: '解答题' }), '3');
    await userEvent.click(run);
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/ai/question/allocate')).toEqual([
        {
          subject: 54,
          stage: 4,
          knowledgeIds: [111, 121],
          typeCounts: [
            { questionType: 1, count: 5 },
            { questionType: 4, count: 3 },
          ],
        },
      ]),
    );
    expect(await within(dialog).findByText(/解答题缺 2 道/)).toBeInTheDocument();
    const byType = within(dialog).getByRole('table', { name: '各题型分配' });
    expect(within(byType).getByRole('row', { name: '解答题' })).toHaveTextContent('缺 2');
    expect(within(byType).getByRole('row', { name: '单选题' })).toHaveTextContent('—');
    const byPoint = within(dialog).getByRole('table', { name: '知识点分配' });
    expect(within(byPoint).getByRole('row', { name: '函数的概念' })).toHaveTextContent('3 / 10');
    expect(within(byPoint).getByRole('row', { name: '导数的概念' })).toHaveTextContent('0 / 0');
  });
});
