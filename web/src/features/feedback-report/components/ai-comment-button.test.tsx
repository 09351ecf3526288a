import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import type { FeedbackDetail } from '@/generated/FeedbackDetail';
import {
  createTestQueryClient,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  userEvent,
  waitFor,
} from '@/testing/test-utils';
import { feedbackKeys } from '../api/feedback-report';
import { AiCommentButton } from './ai-comment-button';

// Messages of an earlier test are still in the notification store.
beforeEach(() => notifications.clean());
afterEach(() => vi.unstubAllGlobals());

/** A report's detail as v2/detail answers it, with these section texts. */
const detail = (sections: Record<string, string>): FeedbackDetail => ({
  report: {
    reportId: 3,
    lessonId: 1,
    lessonTitle: '二次函数复习',
    lessonStartTime: Date.UTC(2026, 10, 20, 6),
    className: '高一数学一对一',
    studentId: 11,
    studentName: '小明',
    studentCode: 'S0011',
    status: 0,
    expireTime: Date.UTC(2026, 11, 20),
    syncCount: 0,
    updateTime: Date.UTC(2026, 10, 20, 8),
  },
  sections,
  formulas: [],
  pictures: [],
  resources: [],
  canEdit: true,
});

const config = (aiConfigured: boolean) =>
  envelope({ sections: [{ key: 'aiTeacherComment', title: 'AI老师点评' }], maxSectionChars: 5000, aiConfigured });

describe('AiCommentButton', () => {
  it('asks the server for the comment (which it writes into the report)', async () => {
    const fetch = mockFetch([
      ['GET', '/api/report/feedback/v2/common/config', () => config(true)],
      ['POST', '/api/report/feedback/ai/content', () => envelope({ content: '本节课表现很好。' })],
    ]);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(feedbackKeys.detail(3, false), detail({ aiTeacherComment: '' }));
    render(<AiCommentButton reportId={3} fromWorkChat={false} />, { queryClient });
    const button = screen.getByRole('button', { name: 'AI 生成评语' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('AI 评语已生成')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([u]) => u === '/api/report/feedback/ai/content')!;
    expect(jsonBody(call[1])).toEqual({ reportId: 3 });
    // The cached report holds the comment the server wrote into the section.
    expect(queryClient.getQueryData<FeedbackDetail>(feedbackKeys.detail(3, false))?.sections).toEqual({
      aiTeacherComment: '本节课表现很好。',
    });
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
