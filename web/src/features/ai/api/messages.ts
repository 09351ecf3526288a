// A conversation's messages (03 §7.9): its history, newest first and read page by page
// (ai/message/history), sending a message (ai/message/send: a new conversation without an id; the
// reply begins empty and arrives as `magic_ai_stream` pushes, see `use-ai-live.ts`; 409 while
// another reply is generating, 429 over the limits, 503 when no provider is configured),
// stopping a reply (ai/message/interrupt: the text produced is kept) and changing one of my
// messages (ai/message/reedit: the turns after it are dropped, a new reply streams as after send).

import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { AiHistoryRequest } from '@/generated/AiHistoryRequest';
import type { AiMessage } from '@/generated/AiMessage';
import type { AiMessageIdRequest } from '@/generated/AiMessageIdRequest';
import type { AiReeditRequest } from '@/generated/AiReeditRequest';
import type { AiSendRequest } from '@/generated/AiSendRequest';
import type { AiSent } from '@/generated/AiSent';
import type { AiStreamChunk } from '@/generated/AiStreamChunk';
import type { Page } from '@/generated/Page';
import { api, type RequestOptions } from '@/lib/api-client';
import { HISTORY_PAGE_SIZE } from '../ai-dict';
import { aiKeys } from './ai-keys';
import { type ConversationPages, nextPageOf, updateListedConversation } from './conversations';
import { applyChunkToMessage, mergeReply } from './reply-stream';

export type HistoryPages = InfiniteData<Page<AiMessage>, number>;

/** POST /api/ai/message/history */
export function getHistory(body: AiHistoryRequest, options?: RequestOptions): Promise<Page<AiMessage>> {
  return api.post<Page<AiMessage>>('/api/ai/message/history', body, { noLoading: true, ...options });
}

/** Every message the cached history holds, by id. */
function heldMessages(data: HistoryPages | undefined): Map<number, AiMessage> {
  return new Map((data?.pages ?? []).flatMap((p) => p.records.map((m) => [m.messageId, m] as const)));
}

export function historyQueryOptions(conversationId: number) {
  return infiniteQueryOptions({
    queryKey: aiKeys.history(conversationId),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await getHistory({ conversationId, pageNo: pageParam, pageSize: HISTORY_PAGE_SIZE }, { signal });
      // Pushes that arrived while the page was read are kept (see `mergeReply`).
      const held = heldMessages(client.getQueryData<HistoryPages>(aiKeys.history(conversationId)));
      return { ...page, records: page.records.map((m) => mergeReply(m, held.get(m.messageId))) };
    },
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

/** A conversation's history (null: none open); `fetchNextPage` reads older messages. */
export function useHistory(conversationId: number | null) {
  return useInfiniteQuery({ ...historyQueryOptions(conversationId ?? 0), enabled: conversationId !== null });
}

/** The messages of the cached history, oldest first, each once (pages read while it grew may overlap). */
export function messagesOf(data: InfiniteData<Page<AiMessage>> | undefined): AiMessage[] {
  const seen = new Set<number>();
  const newestFirst = (data?.pages ?? []).flatMap((p) =>
    p.records.filter((m) => !seen.has(m.messageId) && seen.add(m.messageId)),
  );
  return newestFirst.reverse();
}

/** The cached history with `message` in place of the one of its id. */
function replaceMessage(data: HistoryPages, message: AiMessage): HistoryPages {
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      records: p.records.map((m) => (m.messageId === message.messageId ? message : m)),
    })),
  };
}

/** New messages (newest first) put before the cached history, those it holds already left as they are. */
function prependMessages(data: HistoryPages, messages: AiMessage[]): HistoryPages {
  const held = heldMessages(data);
  const fresh = messages.filter((m) => !held.has(m.messageId));
  if (fresh.length === 0) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return {
    ...data,
    pages: [{ ...first, records: [...fresh, ...first.records], total: first.total + fresh.length }, ...rest],
  };
}

/**
 * A piece of a reply pushed: applied to the reply in the cached history. When the history does
 * not hold the reply yet, or pieces were missed, it is read again (its answer keeps what the
 * pushes brought meanwhile).
 */
export function chunkPushed(client: QueryClient, chunk: AiStreamChunk): void {
  const key = aiKeys.history(chunk.conversationId);
  const data = client.getQueryData<HistoryPages>(key);
  if (!data) return;
  const held = heldMessages(data).get(chunk.messageId);
  if (!held) {
    void client.invalidateQueries({ queryKey: key });
    return;
  }
  const { message, gap } = applyChunkToMessage(held, chunk);
  if (message !== held) client.setQueryData<HistoryPages>(key, replaceMessage(data, message));
  if (gap) void client.invalidateQueries({ queryKey: key });
}

/** POST /api/ai/message/send */
export function sendMessage(body: AiSendRequest): Promise<AiSent> {
  return api.post<AiSent>('/api/ai/message/send', body, { noLoading: true, quiet: true });
}

/** POST /api/ai/message/interrupt */
export function interruptReply(messageId: number): Promise<AiMessage> {
  const body: AiMessageIdRequest = { messageId };
  return api.post<AiMessage>('/api/ai/message/interrupt', body, { noLoading: true });
}

/** The conversation put at the top of the cached list (as the server now orders it). */
function conversationToTop(client: QueryClient, conversation: AiSent['conversation']): void {
  client.setQueryData<ConversationPages>(aiKeys.conversations(), (list) => {
    if (!list) return list;
    const rest = updateListedConversation(list, conversation.conversationId, null) ?? list;
    const [first, ...others] = rest.pages;
    if (!first) return list;
    return { ...rest, pages: [{ ...first, records: [conversation, ...first.records] }, ...others] };
  });
}

/** A message sent: the question and the reply begun go into the history, the conversation to the list's top. */
export function messageSent(client: QueryClient, sent: AiSent): void {
  const { conversation, question, reply } = sent;
  const key = aiKeys.history(conversation.conversationId);
  const data = client.getQueryData<HistoryPages>(key);
  client.setQueryData<HistoryPages>(
    key,
    data
      ? prependMessages(data, [reply, question])
      : {
          pages: [{ records: [reply, question], total: 2, pageNo: 1, pageSize: HISTORY_PAGE_SIZE }],
          pageParams: [1],
        },
  );
  conversationToTop(client, conversation);
}

/**
 * A message changed (reedit): in the cached history it takes its new text, the messages between
 * it and the reply begun (the server dropped them) go, and the reply follows it. The history may
 * have been read again before this answer came (the reply's first piece, not held yet, asks for
 * it): a copy of the reply it holds then is newer than the answer's (its text, its end) and is
 * kept, merged as a history read merges it.
 */
export function messageReedited(client: QueryClient, sent: AiSent): void {
  const { conversation, question, reply } = sent;
  const key = aiKeys.history(conversation.conversationId);
  const data = client.getQueryData<HistoryPages>(key);
  if (data) {
    let dropped = 0;
    const kept = data.pages.map((p) => ({
      ...p,
      records: p.records.flatMap((m) => {
        if (m.messageId === question.messageId) return [question];
        if (m.messageId === reply.messageId) return [mergeReply(reply, m)];
        if (m.messageId > question.messageId && m.messageId < reply.messageId) {
          dropped += 1;
          return [];
        }
        return [m];
      }),
    }));
    const pages = kept.map((p) => ({ ...p, total: Math.max(0, p.total - dropped) }));
    client.setQueryData<HistoryPages>(key, prependMessages({ ...data, pages }, [reply]));
  }
  conversationToTop(client, conversation);
}

/** Sends a message (the error, as the server words it, is the mutation's). */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendMessage, onSuccess: (sent) => messageSent(client, sent) });
}

/** POST /api/ai/message/reedit */
export function reeditMessage(body: AiReeditRequest): Promise<AiSent> {
  return api.post<AiSent>('/api/ai/message/reedit', body, { noLoading: true, quiet: true });
}

/** Changes one of my messages and asks again (the error, as the server words it, is the mutation's). */
export function useReeditMessage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: reeditMessage, onSuccess: (sent) => messageReedited(client, sent) });
}

/** Stops a reply: the server's copy (interrupted, its text kept) replaces the cached one. */
export function useInterruptReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: interruptReply,
    onSuccess: (message) => {
      const key = aiKeys.history(message.conversationId);
      const data = client.getQueryData<HistoryPages>(key);
      if (data) client.setQueryData<HistoryPages>(key, replaceMessage(data, message));
    },
  });
}
