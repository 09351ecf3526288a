import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { envelope, jsonBody, mockFetch, render, screen, userEvent, waitFor } from '@/testing/test-utils';
import { AiCommentButton } from './ai-comment-button';

// Messages of an earlier test are still in the notification store.
beforeEach(() => notifications.clean());
afterEach(() => vi.unstubAllGlobals());

const config = (aiConfigured: boolean) =>
  envelope({ sections: [{ key: 'aiTeacherComment', title: 'AI老师点评' }], maxSectionChars: 5000, aiConfigured });

describe('AiCommentButton', () => {
  it('asks the server for the comment (which it writes into the report)', async () => {
    const fetch = mockFetch([
      ['GET', '/api/report/feedback/v2/common/config', () => config(true)],
      ['POST', '/api/report/feedback/ai/content', () => envelope({ content: '本节课表现很好。' })],
    ]);
    render(<AiCommentButton reportId={3} fromWorkChat={false} />);
    const button = screen.getByRole('button', { name: 'AI 生成评语' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('AI 评语已生成')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([u]) => u === '/api/report/feedback/ai/content')!;
    expect(jsonBody(call[1])).toEqual({ reportId: 3 });
    expect(screen.queryByText('AI 服务未配置')).not.toBeInTheDocument();
  });

  it("shows the server's message when the AI service fails", async () => {
    mockFetch([
      ['GET', '/api/report/feedback/v2/common/config', () => config(true)],
      ['POST', '/api/report/feedback/ai/content', () => envelope(null, 'C0001', 'AI 服务暂时不可用，请稍后重试', 503)],
    ]);
    render(<AiCommentButton reportId={3} fromWorkChat={false} />);
    const button = screen.getByRole('button', { name: 'AI 生成评语' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('AI 服务暂时不可用，请稍后重试')).toBeInTheDocument();
    expect(screen.queryByText('AI 评语已生成')).not.toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it('is disabled with a hint while no AI provider is configured', async () => {
    const fetch = mockFetch([['GET', '/api/report/feedback/v2/common/config', () => config(false)]]);
    render(<AiCommentButton reportId={3} fromWorkChat={false} />);
    expect(await screen.findByText('AI 服务未配置')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'AI 生成评语' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('AI 服务未配置');
    expect(fetch.mock.calls.some(([u]) => u.includes('/ai/content'))).toBe(false);
  });
});
