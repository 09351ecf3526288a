import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { envelope, mockFetch, renderHook, urlsOf, waitFor } from '@/testing/test-utils';
import { unreadOf, useAiUnreadCount } from './unread';

afterEach(() => vi.unstubAllGlobals());

const unread = (unreadCount: number) => ({
  hasProcessingTask: false,
  unreadCount,
  unreadMsgList: Array.from({ length: Math.min(unreadCount, 3) }, (_, i) => ({ conversationId: 5, messageId: i + 1 })),
});

describe('the AI assistant badge', () => {
  it('reads the count once, then follows the pushes (no polling); a reconnect reads it again', async () => {
    const fetch = mockFetch([['GET', '/api/ai/unread', () => envelope(unread(2))]]);
    const { client, socket } = connectedClient();
    const { result } = renderHook(() => useAiUnreadCount(true, client));
    await waitFor(() => expect(result.current).toBe(2));

    socket.push(1, 'magic_ai_unread', pushContent({ value: unread(150) }));
    await waitFor(() => expect(result.current).toBe(150));
    socket.push(2, 'magic_ai_unread', pushContent({ value: unread(0) }));
    await waitFor(() => expect(result.current).toBe(0));
    // Something else pushed is not a count.
    socket.push(3, 'magic_ai_unread', pushContent({ value: { unreadCount: '3' } }));
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current).toBe(0);
    expect(urlsOf(fetch)).toEqual(['/api/ai/unread']);

    vi.useFakeTimers();
    try {
      socket.drop();
      vi.advanceTimersByTime(2_000);
      socket.open();
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(result.current).toBe(2));
    expect(urlsOf(fetch)).toEqual(['/api/ai/unread', '/api/ai/unread']);
  });

  it('is 0 and reads nothing when the menu has no AI assistant', async () => {
    const fetch = mockFetch([['GET', '/api/ai/unread', () => envelope(unread(4))]]);
    const { client, socket } = connectedClient();
    const { result } = renderHook(() => useAiUnreadCount(false, client));
    socket.push(1, 'magic_ai_unread', pushContent({ value: unread(7) }));
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reads an AiUnread from a push', () => {
    const message = (value: unknown) => ({
      id: '1',
      typeCode: 'magic_ai_unread',
      content: pushContent({ value: value as never }),
    });
    expect(
      unreadOf(
        message({
          hasProcessingTask: true,
          unreadCount: 1,
          unreadMsgList: [{ conversationId: 5, messageId: 9 }, { x: 1 }],
        }),
      ),
    ).toEqual({
      hasProcessingTask: true,
      unreadCount: 1,
      unreadMsgList: [{ conversationId: 5, messageId: 9 }],
    });
    expect(unreadOf(message(null))).toBeNull();
  });
});
