import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuestionCard } from '@/features/question/components/question-card';
import { questionView } from '@/features/question/test-helpers';
import type { ContentFeedback } from '@/generated/ContentFeedback';
import { sessionStore } from '@/lib/session';
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

beforeEach(() => notifications.clean());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null }));
});

const TAGS = [
  { code: 'stem', name: '题干有误' },
  { code: 'answer', name: '答案有误' },
  { code: 'analysis', name: '解析有误' },
];

function report(feedbackId: number, patch: Partial<ContentFeedback> = {}): ContentFeedback {
  return {
    feedbackId,
    userId: 8,
    userName: '赵老师',
    targetType: 1,
    targetId: 3,
    targetTitle: '第3题',
    tags: ['answer'],
    content: '答案应为 B',
    status: 0,
    reply: '',
    handleTime: null,
    createTime: new Date(2026, 10, 24, 9).getTime(),
    ...patch,
  };
}

function server({ refuseSubmit = false } = {}) {
  return mockFetch([
    ['GET', '/api/feedback/queryTagList', () => envelope({ tagList: TAGS })],
    [
      'POST',
      '/api/feedback/queryCommonData',
      () =>
        envelope({
          targetTitle: '第3题：函数 $f(x)=x^2$',
          tagList: TAGS,
          maxLength: 500,
          myOpenCount: 1,
          totalCount: 3,
        }),
    ],
    [
      'POST',
      '/api/feedback/submit',
      (_u, init) =>
        refuseSubmit
          ? envelope(null, 'A0400', '反馈内容需为1到500个字', 400)
          : envelope(report(5, { ...(jsonBody(init) as Partial<ContentFeedback>) })),
    ],
    [
      'GET',
      '/api/feedback/more/ai/summary',
      () =>
        envelope({
          total: 3,
          open: 1,
          byTag: [
            { code: 'answer', name: '答案有误', count: 2 },
            { code: 'stem', name: '题干有误', count: 1 },
          ],
          latest: [report(1), report(2, { status: 1, userName: '钱老师', reply: '已修改', tags: ['stem'] })],
          aiSummary: '多位老师指出答案有误。',
        }),
    ],
    ['POST', '/api/feedback/handle', (_u, init) => envelope(report(1, { status: jsonBody(init).accept ? 1 : 2 }))],
  ]);
}

function open(roleCode = 'teacher', ownerId = 0) {
  sessionStore.set((s) => ({
    ...s,
    user: userInfo({ roleList: [{ code: roleCode, name: roleCode, current: true, icon: '' }] }),
  }));
  render(<QuestionCard question={questionView(3, { questionIndex: 3, ownerId })} feedback />);
}

describe('题目反馈', () => {
  it('reports an error in a bank question with tags and words', async () => {
    const fetch = server();
    open();
    const card = screen.getByRole('article', { name: '第3题' });
    expect(within(card).queryByRole('button', { name: '反馈汇总' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: '反馈' }));
    const dialog = await screen.findByRole('dialog', { name: '反馈题目问题' });
    expect(await within(dialog).findByText('第3题：函数 $f(x)=x^2$')).toBeInTheDocument();
    expect(within(dialog).getByText('已有 3 条反馈，其中你的 1 条待处理')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/feedback/queryCommonData')).toEqual([{ targetType: 1, targetId: 3 }]);

    await userEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(within(dialog).getByText('请描述问题')).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: '答案有误' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '解析有误' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '问题描述' }), '答案应为 B');
    expect(within(dialog).getByText('6/500')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/feedback/submit')).toEqual([
        { targetType: 1, targetId: 3, tags: ['answer', 'analysis'], content: '答案应为 B' },
      ]),
    );
    expect(await screen.findByText('您的反馈已提交，研发员将会尽快查看')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    server({ refuseSubmit: true });
    open();
    await userEvent.click(screen.getByRole('button', { name: '反馈' }));
    const dialog = await screen.findByRole('dialog', { name: '反馈题目问题' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '问题描述' }), '有误');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('反馈内容需为1到500个字');
  });

  it('has no 反馈 on my own questions', () => {
    server();
    open('teacher', 7);
    expect(screen.queryByRole('button', { name: '反馈' })).not.toBeInTheDocument();
  });

  it('shows an editor the summary and settles an open report with a reply', async () => {
    const fetch = server();
    open('operator');
    await userEvent.click(screen.getByRole('button', { name: '反馈汇总' }));
    const dialog = await screen.findByRole('dialog', { name: '反馈汇总 · 第3题' });
    expect(await within(dialog).findByText('共 3 条反馈，1 条待处理')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => u === '/api/feedback/more/ai/summary?targetType=1&targetId=3')).toBe(true);
    expect(within(dialog).getByRole('list', { name: '按问题类型' })).toHaveTextContent('答案有误 2');
    expect(within(dialog).getByText('多位老师指出答案有误。')).toBeInTheDocument();

    const settled = within(dialog).getByRole('article', { name: '钱老师的反馈' });
    expect(within(settled).getByText('已采纳')).toBeInTheDocument();
    expect(within(settled).getByText('回复：已修改')).toBeInTheDocument();
    expect(within(settled).queryByRole('button', { name: '采纳' })).not.toBeInTheDocument();

    const open1 = within(dialog).getByRole('article', { name: '赵老师的反馈' });
    expect(within(open1).getByText('答案有误')).toBeInTheDocument();
    await userEvent.click(within(open1).getByRole('button', { name: '不采纳' }));
    await userEvent.type(within(open1).getByRole('textbox', { name: '回复反馈人' }), '原答案无误');
    await userEvent.click(within(open1).getByRole('button', { name: '确定不采纳' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/feedback/handle')).toEqual([{ feedbackId: 1, accept: false, reply: '原答案无误' }]),
    );
    expect(await screen.findByText('已标记为不采纳，已通知反馈人')).toBeInTheDocument();
  });
});
