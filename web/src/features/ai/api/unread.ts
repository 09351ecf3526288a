// The menu badge of the AI assistant (01 §4, 03 §2): unread replies, and whether one is being
// generated. Read once (GET ai/unread), then kept by the `magic_ai_unread` pushes (value AiUnread,
// pushed whenever it changes) and read again after the push socket reconnects; nothing polls.

import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TypeCode } from '@/generated/codes';
import type { AiUnread } from '@/generated/AiUnread';
import type { AiUnreadMessage } from '@/generated/AiUnreadMessage';
import { api } from '@/lib/api-client';
import { realtime, type RealtimeClient, type RealtimeMessage } from '@/lib/realtime';
import { aiKeys } from './ai-keys';

/** GET /api/ai/unread */
export function getUnread(): Promise<AiUnread> {
  return api.get<AiUnread>('/api/ai/unread', { noLoading: true, quiet: true });
}

export function unreadQueryOptions() {
  return queryOptions({ queryKey: aiKeys.unread(), queryFn: getUnread, staleTime: Infinity });
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function unreadMessageOf(value: unknown): AiUnreadMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { conversationId, messageId } = value as Record<string, unknown>;
  return isNumber(conversationId) && isNumber(messageId) ? { conversationId, messageId } : null;
}

/** The AiUnread a push carries, or null. */
export function unreadOf(message: RealtimeMessage): AiUnread | null {
  const value = message.content?.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { hasProcessingTask, unreadCount, unreadMsgList } = value as Record<string, unknown>;
  if (!isNumber(unreadCount)) return null;
  return {
    hasProcessingTask: hasProcessingTask === true,
    unreadCount,
    unreadMsgList: Array.isArray(unreadMsgList) ? unreadMsgList.flatMap((m) => unreadMessageOf(m) ?? []) : [],
  };
}

/**
 * The AI assistant's unread count for the menu badge (0 while unknown or when `enabled` is
 * false: the menu has no AI assistant).
 */
export function useAiUnreadCount(enabled: boolean, client: RealtimeClient = realtime): number {
  const queryClient = useQueryClient();
  const unread = useQuery({ ...unreadQueryOptions(), enabled });
  useEffect(() => {
    if (!enabled) return;
    const offs = [
      client.subscribe(TypeCode.AiUnreadChanged, (message) => {
        const value = unreadOf(message);
        if (value) queryClient.setQueryData(aiKeys.unread(), value);
      }),
      client.onReconnected(() => void queryClient.invalidateQueries({ queryKey: aiKeys.unread() })),
    ];
    return () => offs.forEach((off) => off());
  }, [client, enabled, queryClient]);
  return enabled ? (unread.data?.unreadCount ?? 0) : 0;
}
