import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JoinInfo } from '@/generated/JoinInfo';
import type { StudentCampView } from '@/generated/StudentCampView';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, within } from '@/testing/test-utils';
import { storedMemberToken, storeMemberToken } from '../member-tokens';
import { studentTask, studentView } from '../test-helpers';
import { CampJoinPage } from './camp-join-page';

afterEach(() => vi.unstubAllGlobals());

const JOIN = '/api/camp/student/join';
const VIEW = '/api/camp/student/view';
const ANSWER = '/api/camp/student/task/answer';
const DONE = '/api/camp/student/task/done';

const joinInfo: JoinInfo = {
  campId: 5,
  campName: '暑期数学营',
  description: '每天一练',
  dpName: '通用二维码',
  teacherName: '王老师',
  status: 1,
  statusName: '已发布',
};

function server(view: { current: StudentCampView }, viewAnswer?: () => Response) {
  return mockFetch([
    ['POST', '/api/camp/student/join/info', () => envelope(joinInfo)],
    ['POST', JOIN, () => envelope({ campId: 5, memberId: 8, memberToken: 'member-8' })],
    ['POST', VIEW, () => viewAnswer?.() ?? envelope(view.current)],
    ['POST', ANSWER, () => envelope({ taskId: 31, score: 50, rightAnswers: [1, 1], doneCount: 1, taskCount: 1 })],
    ['POST', DONE, () => envelope({ taskId: 32, score: null, rightAnswers: null, doneCount: 1, taskCount: 1 })],
  ]);
}

describe('the join link', () => {
  it('joins with code and name, keeps the member token, answers the question set and shows the score', async () => {
    const view = { current: studentView() };
    const fetch = server(view);
    render(<CampJoinPage token="join-tok" />);
    expect(await screen.findByRole('heading', { name: '暑期数学营' })).toBeInTheDocument();
    expect(screen.getByText('老师：王老师 · 通用二维码')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '加入学习营' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请填写学号和姓名');
    await userEvent.type(screen.getByLabelText(/^学号/), ' S001 ');
    await userEvent.type(screen.getByLabelText(/^姓名/), '张三');
    await userEvent.click(screen.getByRole('button', { name: '加入学习营' }));
    expect(await screen.findByText('已完成 0/1')).toBeInTheDocument();
    expect(bodiesOf(fetch, JOIN)).toEqual([{ token: 'join-tok', studentCode: 'S001', studentName: '张三' }]);
    expect(bodiesOf(fetch, VIEW)).toEqual([{ memberToken: 'member-8' }]);
    expect(storedMemberToken(5)).toBe('member-8');

    const task = screen.getByRole('article', { name: '小测' });
    await userEvent.click(within(task).getByRole('button', { name: '答题' }));
    const submit = within(task).getByRole('button', { name: '提交' });
    expect(submit).toBeDisabled();
    await userEvent.click(within(task).getByLabelText('B. 二'));
    await userEvent.click(within(task).getByLabelText('C. 广州'));
    view.current = studentView({
      doneCount: 1,
      phases: [
        {
          phaseId: 10,
          phaseName: '热身',
          open: true,
          lockedReason: '',
          tasks: [studentTask({ status: 2, score: 50, myAnswers: [1, 2], rightAnswers: [1, 1] })],
        },
      ],
    });
    await userEvent.click(submit);
    expect(await within(task).findByText('得分：50分')).toBeInTheDocument();
    expect(bodiesOf(fetch, ANSWER)).toEqual([{ memberToken: 'member-8', taskId: 31, answers: [1, 2] }]);
    expect(within(task).getByText('答对 1/2 题')).toBeInTheDocument();
    expect(within(task).getByText('你的答案：C. 广州；正确答案：B. 北京')).toBeInTheDocument();
    expect(await screen.findByText('已完成 1/1')).toBeInTheDocument();
  });

  it('opens the camp with the token kept; a locked phase says why; flash cards finish once all are turned', async () => {
    storeMemberToken(5, 'member-8');
    const cards = studentTask({
      taskId: 32,
      taskName: '单词卡',
      taskType: 4,
      taskTypeName: '闪卡',
      questions: undefined,
      cards: [
        { front: 'apple', back: '苹果' },
        { front: 'pear', back: '梨' },
      ],
    });
    const view = {
      current: studentView({
        taskCount: 2,
        phases: [
          { phaseId: 10, phaseName: '热身', open: true, lockedReason: '', tasks: [cards] },
          {
            phaseId: 11,
            phaseName: '进阶',
            open: false,
            lockedReason: '完成上一阶段的全部任务后开放',
            tasks: [studentTask({ questions: undefined })],
          },
        ],
      }),
    };
    const fetch = server(view);
    render(<CampJoinPage token="join-tok" />);
    expect(await screen.findByText('已完成 0/2')).toBeInTheDocument();
    expect(bodiesOf(fetch, JOIN)).toEqual([]);
    expect(screen.getByText('未开放：完成上一阶段的全部任务后开放')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: '阶段：进阶' })).getByRole('button', { name: '答题' }),
    ).toBeDisabled();

    const task = screen.getByRole('article', { name: '单词卡' });
    await userEvent.click(within(task).getByRole('button', { name: '学习' }));
    const finish = within(task).getByRole('button', { name: '完成' });
    expect(finish).toBeDisabled();
    await userEvent.click(within(task).getByRole('button', { name: /第1张闪卡，正面/ }));
    expect(within(task).getByText('苹果')).toBeInTheDocument();
    await userEvent.click(within(task).getByRole('button', { name: '下一张' }));
    await userEvent.click(within(task).getByRole('button', { name: /第2张闪卡，正面/ }));
    expect(finish).toBeEnabled();
    await userEvent.click(finish);
    await vi.waitFor(() => expect(bodiesOf(fetch, DONE)).toEqual([{ memberToken: 'member-8', taskId: 32 }]));
  });

  it('asks to join again when the kept token no longer works', async () => {
    storeMemberToken(5, 'old-token');
    server({ current: studentView() }, () => envelope(null, 'A0300', '暂无权限', 403));
    render(<CampJoinPage token="join-tok" />);
    expect(await screen.findByText('登录信息已失效，请重新填写学号和姓名加入。')).toBeInTheDocument();
    expect(storedMemberToken(5)).toBeNull();
    expect(screen.getByRole('button', { name: '加入学习营' })).toBeInTheDocument();
  });

  it('stops every action of a paused camp and says why', async () => {
    storeMemberToken(5, 'member-8');
    server({ current: studentView({ status: 3, statusName: '已暂停', notice: '营地已暂停：期中考试' }) });
    render(<CampJoinPage token="join-tok" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('营地已暂停：期中考试，暂时不能继续学习。');
    expect(screen.getByRole('button', { name: '答题' })).toBeDisabled();
  });

  it('says a link without a token or with a bad one cannot be used', async () => {
    mockFetch([['POST', '/api/camp/student/join/info', () => envelope(null, 'A0300', '链接已过期', 403)]]);
    const { unmount } = render(<CampJoinPage token="" />);
    expect(screen.getByText('链接无效')).toBeInTheDocument();
    unmount();
    render(<CampJoinPage token="bad" />);
    expect(await screen.findByText('链接已过期。链接可能已过期，请向老师索取新的二维码。')).toBeInTheDocument();
  });
});
