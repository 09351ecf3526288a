import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paperDetail } from '@/features/paper/components/test-helpers';
import type { FeedbackDetail } from '@/generated/FeedbackDetail';
import type { PaperDetail } from '@/generated/PaperDetail';
import { sessionStore } from '@/lib/session';
import { FakeSocket } from '@/testing/fake-socket';
import { userInfo } from '@/testing/fixtures';
import { envelope, mockFetch, render, screen, userEvent, waitFor } from '@/testing/test-utils';
import { FeedbackEditRoute, KnowledgeSectionEditRoute } from './document-routes';

function detailOf(status: number, canEdit: boolean): FeedbackDetail {
  return {
    report: {
      reportId: 7,
      lessonId: 3,
      lessonTitle: '二次函数复习',
      lessonStartTime: Date.UTC(2026, 10, 20, 6),
      className: '高一数学一对一',
      studentId: 11,
      studentName: '小明',
      studentCode: 'S0011',
      status,
      expireTime: Date.UTC(2099, 11, 20),
      syncCount: 0,
      updateTime: Date.UTC(2026, 10, 20, 8),
    },
    sections: {},
    formulas: [],
    pictures: [],
    resources: [],
    canEdit,
  };
}

/** The report's detail; the member list answers the owner only (A0300 for anyone else). */
function feedbackServer(detail: FeedbackDetail, owner: boolean) {
  return mockFetch([
    ['POST', '/api/report/feedback/v2/detail', () => envelope(detail)],
    ['GET', '/api/collab/members', () => (owner ? envelope([]) : envelope(null, 'A0300', '无权限', 403))],
    ['POST', '/api/teaching/colleagues', () => envelope([])],
    [
      'GET',
      '/api/report/feedback/v2/common/config',
      () => envelope({ sections: [], maxSectionChars: 5000, aiConfigured: false }),
    ],
  ]);
}

function paperServer(detail: PaperDetail) {
  return mockFetch([
    ['POST', '/api/paper/detail', () => envelope(detail)],
    ['GET', '/api/collab/members', () => envelope([])],
    ['POST', '/api/teaching/colleagues', () => envelope([])],
  ]);
}

function renderAt(path: string, element: React.ReactElement) {
  const router = createMemoryRouter([{ path: path.split('?')[0]!, element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

beforeEach(() => {
  sessionStore.set((s) => ({ ...s, user: userInfo() }));
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set((s) => ({ ...s, user: null }));
});

describe('the feedback report editor', () => {
  it('gives its teacher 提交, 预览链接 and 共享 while it is a draft', async () => {
    const fetch = feedbackServer(detailOf(0, true), true);
    renderAt('/easyServer/feedbackEdit?id=7', <FeedbackEditRoute />);
    expect(await screen.findByRole('button', { name: '共享' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '提交' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '预览链接' })).toBeInTheDocument();
    expect(screen.getByText('草稿')).toBeInTheDocument();
    expect(screen.queryByText('只读')).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => u === '/api/collab/members?docType=feedback&id=7')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: '共享' }));
    expect(await screen.findByRole('dialog', { name: '共享给同事' })).toBeInTheDocument();
    expect(await screen.findByText('尚未共享给其他同事')).toBeInTheDocument();
  });

  it('keeps 提交 disabled and the editor read-only once submitted', async () => {
    feedbackServer(detailOf(2, false), true);
    renderAt('/easyServer/feedbackEdit?id=7', <FeedbackEditRoute />);
    expect(await screen.findByText('已提交，只读')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '提交' })).toBeDisabled());
    expect(screen.getByRole('textbox', { name: '课程总结' })).toHaveAttribute('contenteditable', 'false');
  });

  it('gives a co-teacher neither 提交 nor 共享', async () => {
    feedbackServer(detailOf(0, true), false);
    renderAt('/easyServer/feedbackEdit?id=7', <FeedbackEditRoute />);
    expect(await screen.findByRole('button', { name: '预览链接' })).toBeInTheDocument();
    // The owner check has answered (quietly: no error toast).
    await waitFor(() => expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '共享' })).not.toBeInTheDocument();
    expect(screen.queryByText('无权限')).not.toBeInTheDocument();
    expect(screen.queryByText('只读')).not.toBeInTheDocument();
  });

  it('marks the report 只读 for a member with the right to view', async () => {
    feedbackServer(detailOf(0, false), false);
    renderAt('/easyServer/feedbackEdit?id=7', <FeedbackEditRoute />);
    expect(await screen.findByText('只读')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '课程总结' })).toHaveAttribute('contenteditable', 'false');
    expect(screen.queryByRole('button', { name: '提交' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '共享' })).not.toBeInTheDocument();
  });
});

describe('the handout editor', () => {
  it('gives its owner 共享 with the handout as the document', async () => {
    const fetch = paperServer(paperDetail({ paperId: 3, isOwner: true, canEdit: true }));
    renderAt('/knowledgeSectionEdit?paperId=3&ver=0', <KnowledgeSectionEditRoute />);
    await userEvent.click(await screen.findByRole('button', { name: '共享' }));
    expect(await screen.findByText('尚未共享给其他同事')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => u === '/api/collab/members?docType=handout&id=3')).toBe(true);
  });

  it('offers no 共享 to a member, and marks a reader 只读', async () => {
    paperServer(paperDetail({ paperId: 3, isOwner: false, canEdit: false }));
    renderAt('/knowledgeSectionEdit?paperId=3&ver=0', <KnowledgeSectionEditRoute />);
    expect(await screen.findByText('只读')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '版本' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '共享' })).not.toBeInTheDocument();
  });
});
