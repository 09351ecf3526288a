import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { bodiesOf, envelope, mockFetch, render, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import { examDetail, examMember, examRow } from '../test-helpers';
import { ExamDetail } from './exam-detail';

beforeEach(() => sessionStore.set((s) => ({ ...s, user: userInfo() })));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null }));
});

type Answer = Response | (() => Response);

function server(overrides: Record<string, Answer> = {}) {
  const route = (path: string, fallback: Answer): [string, string, () => Response] => [
    'POST',
    path,
    () => {
      const a = overrides[path] ?? fallback;
      return typeof a === 'function' ? a() : a.clone();
    },
  ];
  return mockFetch([
    route('/api/teacher/group/white/check', envelope({ showFlag: true })),
    route('/api/exam/detail', envelope(examDetail())),
    route('/api/exam/group/member/select/noSubmit/list', envelope([examMember(2), examMember(3)])),
    route(
      '/api/teaching/colleagues',
      envelope([{ email: 'li@demo.eduhub', name: '李老师', schoolNames: ['海淀校区'] }]),
    ),
    route('/api/exam/share', envelope([{ email: 'li@demo.eduhub', name: '李老师' }])),
    route('/api/exam/score/save', envelope(examRow(7, { averageScore: 80, submittedCount: 2 }))),
    route(
      '/api/exam/api/collections_suit/checkIfCanRevoke',
      envelope({ canRevoke: false, reason: '已有1名学生提交成绩，不能撤回' }),
    ),
    route('/api/exam/api/collections_suit/executeRevoke', envelope(examRow(7, { status: 2, statusName: '已撤回' }))),
  ]);
}

const scoreInput = (name: string) => screen.getByRole('textbox', { name: `${name}的成绩` });

describe('考试详情', () => {
  it('shows the exam’s facts and members with their scores', async () => {
    server();
    render(<ExamDetail examId={7} />, { route: '/' });
    expect(await screen.findByRole('heading', { name: '考试7' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '平均分' })).toHaveTextContent('90');
    expect(screen.getByRole('group', { name: '已交/人数' })).toHaveTextContent('1/3');
    const table = screen.getByRole('table', { name: '考试成员' });
    expect(within(table).getByRole('row', { name: '学生1' })).toHaveTextContent('已交');
    expect(scoreInput('学生1')).toHaveValue('90');
    expect(scoreInput('学生2')).toHaveValue('');
  });

  it('saves the changed scores in one call (an emptied score clears); a bad score blocks saving', async () => {
    const fetch = server();
    render(<ExamDetail examId={7} />, { route: '/' });
    await screen.findByRole('table', { name: '考试成员' });
    const save = screen.getByRole('button', { name: '保存成绩' });
    expect(save).toBeDisabled();

    await userEvent.type(scoreInput('学生2'), '75.5');
    await userEvent.type(scoreInput('学生3'), '120');
    expect(await screen.findByText('成绩需在0到100之间')).toBeInTheDocument();
    expect(screen.getByText('1 个成绩有误')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '清除学生3的成绩' }));
    await userEvent.click(screen.getByRole('button', { name: '清除学生1的成绩' }));
    expect(screen.getByText('已修改 2 名学生的成绩')).toBeInTheDocument();
    await userEvent.click(save);
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/exam/score/save')).toEqual([
        {
          examId: 7,
          scores: [
            { studentId: 1, score: null },
            { studentId: 2, score: 75.5 },
          ],
        },
      ]),
    );
    expect(await screen.findByText('已保存 2 名学生的成绩，平均分 80')).toBeInTheDocument();
    // The exam is read again.
    await waitFor(() => expect(bodiesOf(fetch, '/api/exam/detail')).toHaveLength(2));
  });

  it('未交 lists the members who have not handed in', async () => {
    const fetch = server();
    render(<ExamDetail examId={7} />, { route: '/' });
    const table = await screen.findByRole('table', { name: '考试成员' });
    await userEvent.click(screen.getByText('未交（2）'));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/exam/group/member/select/noSubmit/list')).toEqual([{ examId: 7 }]),
    );
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.getAttribute('aria-label')),
      ).toEqual(['学生2', '学生3']),
    );
  });

  it('撤回 asks the rule first and shows its reason when it refuses', async () => {
    const fetch = server();
    render(<ExamDetail examId={7} />, { route: '/' });
    await userEvent.click(await screen.findByRole('button', { name: '撤回' }));
    const dialog = await screen.findByRole('dialog', { name: '无法撤回' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('已有1名学生提交成绩，不能撤回');
    expect(bodiesOf(fetch, '/api/exam/api/collections_suit/checkIfCanRevoke')).toEqual([{ examId: 7 }]);
    expect(bodiesOf(fetch, '/api/exam/api/collections_suit/executeRevoke')).toEqual([]);
  });

  it('撤回 allowed: the picture code confirms it; a wrong code draws a new picture', async () => {
    let attempts = 0;
    const fetch = server({
      '/api/exam/api/collections_suit/checkIfCanRevoke': envelope({ canRevoke: true, reason: '' }),
      '/api/exam/api/collections_suit/executeRevoke': () =>
        ++attempts === 1
          ? envelope(null, 'A0400', '图片验证码错误或已过期，请重新获取', 400)
          : envelope(examRow(7, { status: 2, statusName: '已撤回' })),
    });
    render(<ExamDetail examId={7} />, { route: '/' });
    await userEvent.click(await screen.findByRole('button', { name: '撤回' }));
    const dialog = await screen.findByRole('dialog', { name: '撤回考试' });
    const picture = within(dialog).getByRole('img', { name: '图片验证码' });
    const first = picture.getAttribute('src');
    expect(first).toMatch(/^\/api\/exam\/achieveVerifyCode\?examId=7&t=\d+$/);

    await userEvent.type(within(dialog).getByLabelText('验证码'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认撤回' }));
    expect(await within(dialog).findByText('图片验证码错误或已过期，请重新获取')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: '图片验证码' }).getAttribute('src')).not.toBe(first);
    expect(within(dialog).getByLabelText('验证码')).toHaveValue('');

    await userEvent.type(within(dialog).getByLabelText('验证码'), 'ab12');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认撤回' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/exam/api/collections_suit/executeRevoke')).toEqual([
        { examId: 7, verifyCode: 'wrong' },
        { examId: 7, verifyCode: 'ab12' },
      ]),
    );
    expect(await screen.findByText('考试「考试7」已撤回')).toBeInTheDocument();
  });

  it('共享 replaces the colleagues it is shared with by those chosen', async () => {
    const fetch = server({
      '/api/exam/detail': envelope(examDetail({ sharedWith: [{ email: 'zhao@demo.eduhub', name: '赵老师' }] })),
    });
    render(<ExamDetail examId={7} />, { route: '/' });
    expect(await screen.findByRole('group', { name: '共享给' })).toHaveTextContent('赵老师');
    await userEvent.click(screen.getByRole('button', { name: '共享' }));
    const dialog = await screen.findByRole('dialog', { name: '共享给同事' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '同事' }), '李');
    await waitFor(() => expect(bodiesOf(fetch, '/api/teaching/colleagues')).toContainEqual({ keyword: '李' }));
    await userEvent.click(await screen.findByRole('option', { name: /李老师/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: '移除赵老师' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/exam/share')).toEqual([{ examId: 7, emails: ['li@demo.eduhub'] }]),
    );
    expect(await screen.findByText('已共享给 1 位同事')).toBeInTheDocument();
  });

  it('a colleague it is shared with records scores but neither adds, shares nor withdraws', async () => {
    server({ '/api/exam/detail': envelope(examDetail({ canManage: false, exam: examRow(7, { mine: false }) })) });
    render(<ExamDetail examId={7} />, { route: '/' });
    await screen.findByRole('table', { name: '考试成员' });
    expect(scoreInput('学生2')).toBeEnabled();
    for (const name of ['撤回', '共享', '添加学生']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('a withdrawn exam’s scores are read-only', async () => {
    server({ '/api/exam/detail': envelope(examDetail({ exam: examRow(7, { status: 2, statusName: '已撤回' }) })) });
    render(<ExamDetail examId={7} />, { route: '/' });
    await screen.findByRole('table', { name: '考试成员' });
    expect(scoreInput('学生1')).toBeDisabled();
    expect(screen.queryByRole('button', { name: '保存成绩' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '撤回' })).not.toBeInTheDocument();
  });
});
