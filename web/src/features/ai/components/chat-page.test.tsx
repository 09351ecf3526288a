import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AiMessage } from '@/generated/AiMessage';
import type { AiModelConfig } from '@/generated/AiModelConfig';
import { connectedClient, pushContent } from '@/testing/fake-socket';
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
import { chunk, conversation, MODEL_CONFIG, NOT_CONFIGURED, page, question, reply } from '../test-helpers';
import { ChatPage } from './chat-page';

afterEach(() => vi.unstubAllGlobals());

const QUESTION = question(11, '什么是勾股定理？');

function server({ history, config = MODEL_CONFIG }: { history: AiMessage[]; config?: AiModelConfig }) {
  const state = { history };
  const fetch = mockFetch([
    ['GET', '/api/ai/model/config', () => envelope(config)],
    ['POST', '/api/ai/conversation/list', () => envelope(page([conversation(5, { unread: 1 })]))],
    ['POST', '/api/ai/conversation/switch', () => envelope(conversation(5))],
    ['POST', '/api/ai/message/history', () => envelope(page(state.history))],
    ['GET', '/api/ai/feedback/tags', () => envelope({ useful: ['准确'], notUseful: ['有错误'] })],
    ['POST', '/api/ai/message/interrupt', () => envelope(reply(12, '勾股', { status: 3 }))],
    ['POST', '/api/ai/message/send', () => envelope(null, 'A0429', '提问太频繁了，请一分钟后再试', 429)],
  ]);
  return { fetch, state };
}

function renderChat() {
  const { client, socket } = connectedClient();
  const result = render(<ChatPage title="AI 对话" realtime={client} />, {
    route: '/aiAssistant/chatPage?conversationId=5',
  });
  return { ...result, socket };
}

const replyArticle = () => screen.getByRole('article', { name: 'AI 回复' });

describe('对话页', () => {
  it('assembles the streaming reply from its pushes (overlapping and repeated pieces kept once)', async () => {
    // The history was read after the first pieces: it already holds 勾股.
    const { fetch } = server({ history: [reply(12, '勾股', { status: 1 }), QUESTION] });
    const { socket } = renderChat();
    await waitFor(() => expect(within(replyArticle()).getByText('勾股')).toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: '输入消息' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '停止生成' })).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(fetch, '/api/ai/conversation/switch')).toEqual([{ conversationId: 5 }]));

    socket.push(1, 'magic_ai_stream', pushContent({ value: chunk({ seq: 1, offset: 0, delta: '勾' }) }));
    socket.push(2, 'magic_ai_stream', pushContent({ value: chunk({ seq: 2, offset: 1, delta: '股定理' }) }));
    socket.push(3, 'magic_ai_stream', pushContent({ value: chunk({ seq: 3, offset: 4, delta: '：$a^2+b^2=c^2$' }) }));
    socket.push(4, 'magic_ai_stream', pushContent({ value: chunk({ seq: 3, offset: 4, delta: '：$a^2+b^2=c^2$' }) }));
    await waitFor(() =>
      expect(screen.getByTestId('reply-text').querySelector('[data-latex]')).toHaveAttribute(
        'data-latex',
        'a^2+b^2=c^2',
      ),
    );
    expect(screen.getByTestId('reply-text').textContent).toMatch(/^勾股定理：/);
    expect(screen.getByTestId('reply-text').textContent).not.toMatch(/勾股勾/);

    socket.push(
      5,
      'magic_ai_stream',
      pushContent({ value: chunk({ seq: 4, offset: 18, delta: '', done: true, status: 2 }) }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: '停止生成' })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: '输入消息' })).toBeEnabled();
    expect(within(replyArticle()).getByRole('button', { name: '有用' })).toBeInTheDocument();
    // The reply ended while the conversation was open: its replies are marked read again.
    await waitFor(() => expect(bodiesOf(fetch, '/api/ai/conversation/switch')).toHaveLength(2));
  });

  it('停止生成 interrupts the reply, which keeps its text and is marked 已停止', async () => {
    const { fetch } = server({ history: [reply(12, '勾股', { status: 1 }), QUESTION] });
    renderChat();
    await userEvent.click(await screen.findByRole('button', { name: '停止生成' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/ai/message/interrupt')).toEqual([{ messageId: 12 }]));
    expect(await within(replyArticle()).findByText('已停止')).toBeInTheDocument();
    expect(within(replyArticle()).getByText('勾股')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '停止生成' })).not.toBeInTheDocument();
  });

  it('shows a failed reply with its error; 重新发送 sends the question again and shows the server’s refusal', async () => {
    const { fetch } = server({
      history: [reply(12, '', { status: 4, error: '模型服务超时' }), QUESTION],
    });
    renderChat();
    expect(await screen.findByText('模型服务超时')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重新发送' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/ai/message/send')).toEqual([
        { conversationId: 5, content: '什么是勾股定理？', model: 'edu-chat' },
      ]),
    );
    expect(await screen.findByText('提问太频繁了，请一分钟后再试')).toBeInTheDocument();
  });

  it('shows the oldest message at the top and reads older pages upward', async () => {
    // 22 messages, newest first: page 1 holds 22..3, page 2 holds 2..1.
    const all = Array.from({ length: 22 }, (_, i) => 22 - i).map((n) =>
      n % 2 === 1 ? question(n, `问题${n}`) : reply(n, `回答${n}`),
    );
    const fetch = mockFetch([
      ['GET', '/api/ai/model/config', () => envelope(MODEL_CONFIG)],
      ['POST', '/api/ai/conversation/list', () => envelope(page([conversation(5)]))],
      ['POST', '/api/ai/conversation/switch', () => envelope(conversation(5))],
      [
        'POST',
        '/api/ai/message/history',
        (_url, init) => {
          const pageNo = Number(jsonBody(init).pageNo);
          return envelope(page(all.slice((pageNo - 1) * 20, pageNo * 20), pageNo, all.length));
        },
      ],
    ]);
    renderChat();
    const log = await screen.findByRole('log', { name: '消息' });
    await waitFor(() => expect(within(log).getAllByRole('article')).toHaveLength(20));
    expect(within(log).getAllByRole('article')[0]).toHaveTextContent('问题3');
    expect(within(log).getAllByRole('article').at(-1)).toHaveTextContent('回答22');
    await userEvent.click(screen.getByRole('button', { name: '加载更早的消息' }));
    await waitFor(() => expect(within(log).getAllByRole('article')).toHaveLength(22));
    expect(within(log).getAllByRole('article')[0]).toHaveTextContent('问题1');
    expect(screen.queryByRole('button', { name: '加载更早的消息' })).not.toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/ai/message/history').map((b) => b.pageNo)).toEqual([1, 2]);
  });

  it('编辑 changes my message and asks again: the later turns go, the new reply streams from its pushes', async () => {
    const fetch = mockFetch([
      ['GET', '/api/ai/model/config', () => envelope(MODEL_CONFIG)],
      ['POST', '/api/ai/conversation/list', () => envelope(page([conversation(5)]))],
      ['POST', '/api/ai/conversation/switch', () => envelope(conversation(5))],
      [
        'POST',
        '/api/ai/message/history',
        () => envelope(page([reply(14, '第二个回答'), question(13, '第二个问题'), reply(12, '勾股定理是…'), QUESTION])),
      ],
      [
        'POST',
        '/api/ai/message/reedit',
        (_u, init) =>
          envelope({
            conversation: conversation(5),
            question: question(11, String(jsonBody(init).content)),
            reply: reply(15, '', { status: 1 }),
          }),
      ],
    ]);
    const { socket } = renderChat();
    const log = await screen.findByRole('log', { name: '消息' });
    await waitFor(() => expect(within(log).getAllByRole('article')).toHaveLength(4));
    const mine = within(log).getAllByRole('article', { name: '我的消息' });
    expect(mine).toHaveLength(2);
    await userEvent.click(within(mine[0]!).getByRole('button', { name: '编辑' }));
    const box = within(mine[0]!).getByRole('textbox', { name: '修改消息' });
    expect(box).toHaveValue('什么是勾股定理？');
    await userEvent.clear(box);
    await userEvent.type(box, '勾股定理怎么证明？');
    await userEvent.click(within(mine[0]!).getByRole('button', { name: '重新发送' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/ai/message/reedit')).toEqual([
        { messageId: 11, content: '勾股定理怎么证明？', model: 'edu-chat' },
      ]),
    );
    // The turns after it are gone; the new reply is being generated.
    await waitFor(() => expect(within(log).getAllByRole('article')).toHaveLength(2));
    expect(within(log).getByRole('article', { name: '我的消息' })).toHaveTextContent('勾股定理怎么证明？');
    expect(within(log).queryByText('第二个问题')).not.toBeInTheDocument();
    expect(within(log).queryByText('勾股定理是…')).not.toBeInTheDocument();
    expect(within(replyArticle()).getByText('正在思考…')).toBeInTheDocument();
    // While it is generated, nothing can be changed or sent.
    expect(within(log).queryByRole('button', { name: '编辑' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '输入消息' })).toBeDisabled();

    socket.push(1, 'magic_ai_stream', pushContent({ value: chunk({ messageId: 15, offset: 0, delta: '用面积法' }) }));
    socket.push(
      2,
      'magic_ai_stream',
      pushContent({ value: chunk({ messageId: 15, seq: 2, offset: 4, delta: '', done: true, status: 2 }) }),
    );
    expect(await within(replyArticle()).findByText('用面积法')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: '输入消息' })).toBeEnabled());
    expect(within(log).getByRole('button', { name: '编辑' })).toBeInTheDocument();
  });

  it('without a provider, says so with the hint instead of the input', async () => {
    server({ history: [reply(12, '你好', { status: 2 }), QUESTION], config: NOT_CONFIGURED });
    renderChat();
    expect(await screen.findByText(NOT_CONFIGURED.hint)).toBeInTheDocument();
    expect(screen.getByText('AI 助手尚未配置')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '输入消息' })).not.toBeInTheDocument();
  });
});
