import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { bodies, doneTask, refusal, taskRow, workTaskServer } from '../../test-helpers';
import { TaskDetail } from './task-detail';

const DETAIL = '/api/workTask/detail';
const FINISH = '/api/workTask/finish';

/** Signed in as user `id`. */
function signIn(id: number) {
  sessionStore.set((s) => ({ ...s, user: userInfo({ e2uid: String(id) }) }));
}

beforeEach(() => signIn(101));
afterEach(() => vi.unstubAllGlobals());

const fact = (section: string, label: string) =>
  within(screen.getByRole('region', { name: section })).getByRole('group', { name: label });

describe('任务详情', () => {
  it("shows every field and lets the task's executor finish it", async () => {
    let finished = false;
    const fetch = workTaskServer([
      ['POST', DETAIL, () => envelope(finished ? doneTask(7) : taskRow(7, { firstTag: '通话不足1分钟' }))],
      [
        'POST',
        FINISH,
        () => {
          finished = true;
          return envelope(doneTask(7));
        },
      ],
    ]);
    render(<TaskDetail id={7} />, { route: '/easyServer/workTaskDetail?id=7' });
    expect(await screen.findByRole('heading', { name: '首课跟进任务' })).toBeInTheDocument();
    expect(bodies(fetch, DETAIL)[0]).toEqual({ id: 7 });
    expect(fact('任务信息', '环节')).toHaveTextContent('开课电话');
    expect(fact('任务信息', '课程类型')).toHaveTextContent('正价课首课');
    expect(fact('任务信息', '执行人')).toHaveTextContent('李学管（xg@demo.eduhub）');
    expect(fact('任务信息', '执行角色')).toHaveTextContent('学管任务');
    expect(fact('任务信息', '状态')).toHaveTextContent('待完成');
    expect(fact('任务信息', '截止时间')).toHaveTextContent('2026-03-03 22:00');
    expect(fact('任务信息', '完成时间')).toHaveTextContent('-');
    expect(fact('课程信息', '学员')).toHaveTextContent('学员7');
    expect(fact('课程信息', '老师')).toHaveTextContent('王老师');
    expect(fact('课程信息', '上课日期')).toHaveTextContent('2026-03-02');
    expect(fact('质检信息', '质检状态')).toHaveTextContent('未质检');
    expect(fact('质检信息', 'AI 标记')).toHaveTextContent('通话不足1分钟');

    await userEvent.click(screen.getByRole('button', { name: '完成' }));
    const dialog = await screen.findByRole('dialog', { name: '完成任务' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '完成说明' }), '  已沟通开课时间 ');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认完成' }));
    await waitFor(() => expect(bodies(fetch, FINISH)).toEqual([{ id: 7, note: '已沟通开课时间' }]));
    await waitFor(() => expect(fact('任务信息', '状态')).toHaveTextContent('已完成'));
    expect(fact('任务信息', '完成说明')).toHaveTextContent('已与家长沟通开课安排');
    expect(screen.queryByRole('button', { name: '完成' })).not.toBeInTheDocument();
  });

  it("offers no 完成 on someone else's task", async () => {
    signIn(9);
    workTaskServer([['POST', DETAIL, () => envelope(taskRow(7))]]);
    render(<TaskDetail id={7} />, { route: '/easyServer/workTaskDetail?id=7' });
    expect(await screen.findByRole('heading', { name: '首课跟进任务' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '完成' })).not.toBeInTheDocument();
  });

  it("says why a task cannot be read (the server's message)", async () => {
    workTaskServer([['POST', DETAIL, refusal('A0404', '任务不存在', 404)]]);
    render(<TaskDetail id={8} />, { route: '/easyServer/workTaskDetail?id=8' });
    expect(await screen.findByText('任务不存在')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回我的任务' })).toHaveAttribute('href', '/easyServer/myTask');
  });
});
