import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, render, screen, userEvent, waitFor } from '@/testing/test-utils';
import { currentNoticeStore, showLatestPopup } from '../notices-store';
import { NoticeBell } from './notice-bell';
import { NoticeDialog } from './notice-dialog';

const notice = (id: number, read = false) => ({
  id,
  title: `通知 ${id}`,
  content: `内容 ${id}`,
  type: 1,
  createTime: Date.now() - 120_000,
  read,
  role: 'teacher',
});

beforeEach(() => currentNoticeStore.set(null));
afterEach(() => vi.unstubAllGlobals());

describe('NoticeBell', () => {
  it('shows the unread count, opens a notice and marks it read', async () => {
    let unread = [notice(1), notice(2)];
    const fetch = mockFetch([
      ['GET', '/api/exam/notice/personal/unread', () => envelope(unread)],
      ['GET', '/api/exam/notice/detail', (url) => envelope(notice(Number(url.searchParams.get('id'))))],
      [
        'POST',
        '/api/exam/notice/read',
        (url) => {
          unread = unread.filter((n) => n.id !== Number(url.searchParams.get('id')));
          return envelope(null);
        },
      ],
    ]);
    render(
      <>
        <NoticeBell />
        <NoticeDialog />
      </>,
    );
    const bell = await screen.findByRole('button', { name: '通知（2 条未读）' });
    await userEvent.click(bell);
    expect(await screen.findAllByText('2分钟前')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /^通知 1/ }));
    expect(await screen.findByRole('dialog', { name: '通知 1' })).toHaveTextContent('内容 1');
    await waitFor(() => expect(screen.getByRole('button', { name: '通知（1 条未读）' })).toBeInTheDocument());
    expect(fetch.mock.calls.some(([u]) => u === '/api/exam/notice/read?id=1')).toBe(true);
  });

  it('says so when nothing is unread', async () => {
    mockFetch([['GET', '/api/exam/notice/personal/unread', () => envelope([])]]);
    render(<NoticeBell />);
    await userEvent.click(screen.getByRole('button', { name: '通知' }));
    expect(await screen.findByText('暂无未读通知')).toBeInTheDocument();
  });
});

describe('NoticeDialog', () => {
  it('shows the newest unclosed popup and records its closing', async () => {
    const fetch = mockFetch([
      ['GET', '/api/exam/notice/detail/latest', () => envelope(notice(7))],
      ['POST', '/api/exam/notice/update/param', () => envelope(true)],
      ['GET', '/api/exam/notice/personal/unread', () => envelope([])],
    ]);
    const { queryClient } = render(<NoticeDialog />);
    await showLatestPopup(queryClient);
    expect(await screen.findByRole('dialog', { name: '通知 7' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = fetch.mock.calls.find(([u]) => u === '/api/exam/notice/update/param');
    expect(JSON.parse(call![1]!.body as string)).toEqual({ id: 7, popupClosed: true, read: true });
  });
});
