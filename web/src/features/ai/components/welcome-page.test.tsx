import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AiModelConfig } from '@/generated/AiModelConfig';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor } from '@/testing/test-utils';
import { conversation, MODEL_CONFIG, NOT_CONFIGURED, question, reply } from '../test-helpers';
import { WelcomePage } from './welcome-page';

afterEach(() => vi.unstubAllGlobals());

function server(config: AiModelConfig) {
  return mockFetch([
    ['GET', '/api/ai/model/config', () => envelope(config)],
    [
      'POST',
      '/api/ai/usage',
      () => envelope({ everyone: false, models: [{ model: 'edu-chat', calls: 1234, failed: 2, tokens: 56789 }] }),
    ],
    [
      'POST',
      '/api/ai/message/send',
      () =>
        envelope({
          conversation: conversation(5, { title: '勾股定理' }),
          question: question(11, '勾股定理'),
          reply: reply(12, '', { status: 1 }),
        }),
    ],
  ]);
}

function renderWelcome() {
  const router = createMemoryRouter(
    [
      { path: '/aiAssistant/welcomePage', element: <WelcomePage title="AI 助手" /> },
      { path: '/aiAssistant/chatPage', element: <p>对话页</p> },
    ],
    { initialEntries: ['/aiAssistant/welcomePage'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('欢迎页', () => {
  it('starts a conversation with the default model and opens it; shows the usage of the last 30 days', async () => {
    const fetch = server(MODEL_CONFIG);
    const router = renderWelcome();
    const model = await screen.findByRole('textbox', { name: '模型' });
    expect(model).toHaveValue('Edu Chat（默认）');
    expect(await screen.findByRole('cell', { name: '1,234' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '56,789' })).toBeInTheDocument();
    const [usage] = bodiesOf(fetch, '/api/ai/usage');
    expect(Number(usage?.endTime) - Number(usage?.startTime)).toBe(30 * 86_400_000 - 1);

    // An example prompt fills the input; Shift+Enter adds a line, Enter sends.
    await userEvent.click(screen.getByRole('button', { name: /勾股定理/ }));
    const input = screen.getByRole('textbox', { name: '输入消息' });
    expect((input as HTMLTextAreaElement).value).toMatch(/勾股定理/);
    await userEvent.clear(input);
    await userEvent.type(input, '勾股定理{Shift>}{Enter}{/Shift}怎么证明？{Enter}');
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/ai/message/send')).toEqual([{ content: '勾股定理\n怎么证明？', model: 'edu-chat' }]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/aiAssistant/chatPage'));
    expect(router.state.location.search).toBe('?conversationId=5');
  });

  it('without a provider, shows the hint instead of the input', async () => {
    const fetch = server(NOT_CONFIGURED);
    renderWelcome();
    expect(await screen.findByText(NOT_CONFIGURED.hint)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '输入消息' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '示例问题' })).not.toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/ai/message/send')).toEqual([]);
  });
});
