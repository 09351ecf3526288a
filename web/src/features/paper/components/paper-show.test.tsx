import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageOf } from '@/features/question/test-helpers';
import type { PaperSummary } from '@/generated/PaperSummary';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import {
  bodiesOf,
  envelope,
  jsonBody,
  mockFetch,
  render,
  screen,
  urlsOf,
  userEvent,
  waitFor,
  within,
} from '@/testing/test-utils';
import { PaperShow } from './paper-show';
import { paperSummary } from './test-helpers';

beforeEach(() => notifications.clean());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null }));
});

const DRAFT = paperSummary(1, { paperTitle: '导数讲义' });
const REFUSED = paperSummary(2, {
  paperTitle: '函数讲义',
  auditStatus: 3,
  auditNote: '例题答案有误',
  auditInfoVisible: true,
});
const PENDING = paperSummary(3, { paperTitle: '数列讲义', auditStatus: 1, ownerId: 9, ownerName: '李老师' });
const APPROVED = paperSummary(4, { paperTitle: '三角函数讲义', auditStatus: 2, ownerId: 9, ownerName: '李老师' });

function server({ refuseJudge = false, emptyPapers = [] as number[], failCheck = false } = {}) {
  const audit = (paperId: number, auditStatus: number) => ({
    paperId,
    auditStatus,
    auditNote: '',
    auditTime: null,
    auditInfoVisible: false,
  });
  return mockFetch([
    [
      'POST',
      '/api/paper/collection',
      (_u, init) => {
        const body = jsonBody(init);
        const records: PaperSummary[] = body.mine ? [DRAFT, REFUSED] : body.auditStatus === 1 ? [PENDING] : [APPROVED];
        return envelope(pageOf(records, records.length, 1, 20));
      },
    ],
    [
      'GET',
      '/api/feedback/preCheckContentIsEmpty',
      (u) =>
        failCheck
          ? envelope(null, 'A0404', '讲义不存在', 404)
          : envelope(
              emptyPapers.includes(Number(u.searchParams.get('paperId')))
                ? { empty: true, emptySections: ['knowledgeReview', 'workedExamples', 'classPractice', 'homework'] }
                : { empty: false, emptySections: ['homework'] },
            ),
    ],
    ['POST', '/api/paper/audit/post', (_u, init) => envelope(audit(Number(jsonBody(init).paperId), 1))],
    [
      'POST',
      '/api/paper/audit/updateAuditInfoInvisible',
      (_u, init) => envelope(audit(Number(jsonBody(init).paperId), 3)),
    ],
    [
      'POST',
      '/api/paper/audit/judge',
      (_u, init) =>
        refuseJudge
          ? envelope(null, 'A0409', '该讲义不在待审核状态', 409)
          : envelope(audit(Number(jsonBody(init).paperId), jsonBody(init).approve ? 2 : 3)),
    ],
    [
      'POST',
      '/api/paper/tree',
      () =>
        envelope([
          { key: 'section:handoutTitle', title: '讲义标题', level: 1, children: [] },
          {
            key: 'section:knowledgeReview',
            title: '知识梳理',
            level: 1,
            children: [{ key: 'heading:knowledgeReview:0', title: '导数的定义', level: 2, children: [] }],
          },
        ]),
    ],
    [
      'POST',
      '/api/log/docPaperOperateLogList',
      () =>
        envelope(
          pageOf(
            [
              {
                id: 31,
                paperId: 1,
                userId: 7,
                userName: '王老师',
                action: 'audit_post',
                detail: '提交审核',
                time: 1_790_000_000_000,
              },
            ],
            1,
            1,
            10,
          ),
        ),
    ],
    [
      'POST',
      '/api/log/docPaperOperateLogInfo',
      () =>
        envelope({
          id: 31,
          paperId: 1,
          userId: 7,
          userName: '王老师',
          action: 'audit_post',
          detail: '提交审核（第1次）',
          time: 1_790_000_000_000,
        }),
    ],
    [
      'POST',
      '/api/feedback/queryCommonData',
      () => envelope({ targetTitle: '三角函数讲义', tagList: [], maxLength: 500, myOpenCount: 0, totalCount: 2 }),
    ],
    ['GET', '/api/feedback/queryTagList', () => envelope({ tagList: [{ code: 'format', name: '格式或公式错乱' }] })],
    ['POST', '/api/feedback/submit', (_u, init) => envelope({ feedbackId: 1, ...jsonBody(init) })],
  ]);
}

function open(roleCode = 'teacher') {
  sessionStore.set((s) => ({
    ...s,
    user: userInfo({ roleList: [{ code: roleCode, name: roleCode, current: true, icon: '' }] }),
  }));
  render(<PaperShow title="讲义审核与发布" />, { route: '/paperCollection/paperShow' });
}

describe('讲义审核与发布', () => {
  it('lists my papers with their audit state, submits one and dismisses a result', async () => {
    const fetch = server();
    open();
    const draft = await screen.findByRole('row', { name: '导数讲义' });
    expect(bodiesOf(fetch, '/api/paper/collection')).toEqual([{ mine: true, pageNo: 1, pageSize: 20 }]);
    expect(screen.queryByRole('tab', { name: '审核' })).not.toBeInTheDocument();
    expect(within(draft).getByText('草稿')).toBeInTheDocument();
    expect(within(draft).getByRole('link', { name: '编辑' })).toHaveAttribute(
      'href',
      '/knowledgeSectionEdit?paperId=1&ver=0',
    );

    const refused = screen.getByRole('row', { name: '函数讲义' });
    expect(within(refused).getByText('未通过')).toBeInTheDocument();
    expect(within(refused).getByText('审核意见：例题答案有误')).toBeInTheDocument();
    await userEvent.click(within(refused).getByRole('button', { name: '知道了：函数讲义' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/paper/audit/updateAuditInfoInvisible')).toEqual([{ paperId: 2 }]));

    await userEvent.click(within(draft).getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/paper/audit/post')).toEqual([{ paperId: 1 }]));
    expect(await screen.findByText('「导数讲义」已提交审核')).toBeInTheDocument();
    // It had content (an empty homework alone is not an empty paper): nothing was asked.
    expect(urlsOf(fetch)).toContain('/api/feedback/preCheckContentIsEmpty?paperId=1');
    expect(screen.queryByRole('dialog', { name: '讲义还没有内容' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: '待审核' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/paper/collection').at(-1)).toEqual({
        mine: true,
        auditStatus: 1,
        pageNo: 1,
        pageSize: 20,
      }),
    );
  });

  it('asks before submitting a paper that has no content yet, naming its empty sections', async () => {
    const fetch = server({ emptyPapers: [1] });
    open();
    const draft = await screen.findByRole('row', { name: '导数讲义' });

    await userEvent.click(within(draft).getByRole('button', { name: '提交审核' }));
    let dialog = await screen.findByRole('dialog', { name: '讲义还没有内容' });
    expect(within(dialog).getByText('「导数讲义」还没有内容。')).toBeInTheDocument();
    expect(within(dialog).getByText('以下部分为空：知识梳理、例题精讲、课堂练习、课后作业')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '讲义还没有内容' })).not.toBeInTheDocument());
    expect(bodiesOf(fetch, '/api/paper/audit/post')).toEqual([]);

    // Asked again (the paper is read anew), then submitted once confirmed.
    await userEvent.click(within(draft).getByRole('button', { name: '提交审核' }));
    dialog = await screen.findByRole('dialog', { name: '讲义还没有内容' });
    expect(urlsOf(fetch).filter((u) => u.startsWith('/api/feedback/preCheckContentIsEmpty'))).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: '仍然提交审核' }));
    await waitFor(() => expect(bodiesOf(fetch, '/api/paper/audit/post')).toEqual([{ paperId: 1 }]));
    expect(await screen.findByText('「导数讲义」已提交审核')).toBeInTheDocument();
  });

  it('submits nothing when the check fails', async () => {
    const fetch = server({ failCheck: true });
    open();
    const draft = await screen.findByRole('row', { name: '导数讲义' });
    await userEvent.click(within(draft).getByRole('button', { name: '提交审核' }));
    expect(await screen.findByText('讲义不存在')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/paper/audit/post')).toEqual([]);
  });

  it('shows a paper’s outline and change log in a drawer', async () => {
    const fetch = server();
    open();
    const draft = await screen.findByRole('row', { name: '导数讲义' });
    await userEvent.click(within(draft).getByRole('button', { name: '记录' }));
    const drawer = await screen.findByRole('dialog', { name: '记录 · 导数讲义' });
    const outline = await within(drawer).findByRole('list', { name: '讲义结构' });
    expect(within(outline).getByRole('list', { name: '知识梳理' })).toHaveTextContent('导数的定义');
    const logs = await within(drawer).findByRole('table', { name: '修改记录' });
    expect(within(logs).getByText('提交审核')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/log/docPaperOperateLogList')).toEqual([{ paperId: 1, pageNo: 1, pageSize: 10 }]);
    await userEvent.click(within(logs).getByRole('button', { name: '详情' }));
    expect(await within(drawer).findByText('提交审核（第1次）')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/log/docPaperOperateLogInfo')).toEqual([{ logId: 31 }]);
  });

  it('lets a content admin approve and refuse pending papers with a note', async () => {
    const fetch = server();
    open('admin');
    await userEvent.click(await screen.findByRole('tab', { name: '审核' }));
    const row = await screen.findByRole('row', { name: '数列讲义' });
    expect(within(row).getByText('李老师')).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/paper/collection').at(-1)).toEqual({ auditStatus: 1, pageNo: 1, pageSize: 20 });

    await userEvent.click(within(row).getByRole('button', { name: '驳回' }));
    let dialog = await screen.findByRole('dialog', { name: '驳回 · 数列讲义' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '审核意见' }), '缺少课后作业');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定驳回' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/paper/audit/judge')).toEqual([{ paperId: 3, approve: false, note: '缺少课后作业' }]),
    );
    expect(await screen.findByText('已驳回')).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('row', { name: '数列讲义' })).getByRole('button', { name: '通过' }));
    dialog = await screen.findByRole('dialog', { name: '通过 · 数列讲义' });
    await userEvent.click(within(dialog).getByRole('button', { name: '确定通过' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/paper/audit/judge').at(-1)).toEqual({ paperId: 3, approve: true }),
    );
  });

  it('keeps the audit dialog open with the server’s refusal', async () => {
    server({ refuseJudge: true });
    open('admin');
    await userEvent.click(await screen.findByRole('tab', { name: '审核' }));
    const row = await screen.findByRole('row', { name: '数列讲义' });
    await userEvent.click(within(row).getByRole('button', { name: '通过' }));
    const dialog = await screen.findByRole('dialog', { name: '通过 · 数列讲义' });
    await userEvent.click(within(dialog).getByRole('button', { name: '确定通过' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('该讲义不在待审核状态');
  });

  it('lists the approved papers of the library and reports an error in one', async () => {
    const fetch = server();
    open();
    await userEvent.click(screen.getByRole('tab', { name: '讲义库' }));
    const row = await screen.findByRole('row', { name: '三角函数讲义' });
    expect(bodiesOf(fetch, '/api/paper/collection').at(-1)).toEqual({ auditStatus: 2, pageNo: 1, pageSize: 20 });
    await userEvent.click(within(row).getByRole('button', { name: '反馈' }));
    const dialog = await screen.findByRole('dialog', { name: '反馈讲义问题' });
    expect(await within(dialog).findByText('已有 2 条反馈')).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: '格式或公式错乱' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '问题描述' }), '第二页公式显示不全');
    await userEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() =>
      expect(bodiesOf(fetch, '/api/feedback/submit')).toEqual([
        { targetType: 2, targetId: 4, tags: ['format'], content: '第二页公式显示不全' },
      ]),
    );
    expect(await screen.findByText('您的反馈已提交，研发员将会尽快查看')).toBeInTheDocument();
  });
});
