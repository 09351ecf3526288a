// Conversations (03 §7.9): the list, most recent first and read page by page (ai/conversation/list),
// opening one, which marks its replies read (ai/conversation/switch; the badge's push follows),
// renaming (ai/conversation/rename, 1–50 characters) and deleting (ai/conversation/delete).

import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { AiConversation } from '@/generated/AiConversation';
import type { AiConversationIdRequest } from '@/generated/AiConversationIdRequest';
import type { AiConversationListRequest } from '@/generated/AiConversationListRequest';
import type { AiRenameRequest } from '@/generated/AiRenameRequest';
import type { Page } from '@/generated/Page';
import { api, type RequestOptions } from '@/lib/api-client';
import { CONVERSATION_PAGE_SIZE } from '../ai-dict';
import { aiKeys } from './ai-keys';

export type ConversationPages = InfiniteData<Page<AiConversation>, number>;

/** The next page's number, or undefined when the last one is read. */
export function nextPageOf<T>(last: Page<T>): number | undefined {
  return last.pageNo * last.pageSize < last.total && last.records.length > 0 ? last.pageNo + 1 : undefined;
}

/** POST /api/ai/conversation/list */
export function getConversations(
  body: AiConversationListRequest,
  options?: RequestOptions,
): Promise<Page<AiConversation>> {
  return api.post<Page<AiConversation>>('/api/ai/conversation/list', body, { noLoading: true, ...options });
}

export function conversationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: aiKeys.conversations(),
    queryFn: ({ pageParam, signal }) =>
      getConversations({ pageNo: pageParam, pageSize: CONVERSATION_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions());
}

/** The conversations listed, each once (pages read while the list changed may overlap). */
export function conversationsOf(data: InfiniteData<Page<AiConversation>> | undefined): AiConversation[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((p) =>
    p.records.filter((c) => !seen.has(c.conversationId) && seen.add(c.conversationId)),
  );
}

/** POST /api/ai/conversation/switch */
export function switchConversation(conversationId: number): Promise<AiConversation> {
  const body: AiConversationIdRequest = { conversationId };
  return api.post<AiConversation>('/api/ai/conversation/switch', body, { noLoading: true, quiet: true });
}

/** POST /api/ai/conversation/rename */
export function renameConversation(body: AiRenameRequest): Promise<unknown> {
  return api.post<unknown>('/api/ai/conversation/rename', body, { noLoading: true });
}

/** POST /api/ai/conversation/delete */
export function deleteConversation(conversationId: number): Promise<boolean> {
  const body: AiConversationIdRequest = { conversationId };
  return api.post<boolean>('/api/ai/conversation/delete', body);
}

/** A conversation's entry in the cached list replaced (by `patch`) or, with null, removed. */
export function updateListedConversation(
  data: ConversationPages | undefined,
  conversationId: number,
  patch: Partial<AiConversation> | null,
): ConversationPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      records: p.records.flatMap((c) =>
        c.conversationId !== conversationId ? [c] : patch === null ? [] : [{ ...c, ...patch }],
      ),
    })),
  };
}

/** Opening a conversation: its replies are read (the list shows it at once; the badge's push follows). */
export function useSwitchConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: switchConversation,
    onSuccess: (conversation) =>
      client.setQueryData<ConversationPages>(aiKeys.conversations(), (data) =>
        updateListedConversation(data, conversation.conversationId, { unread: 0 }),
      ),
  });
}

export function useRenameConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: renameConversation,
    onSuccess: (_r, { conversationId, title }) =>
      client.setQueryData<ConversationPages>(aiKeys.conversations(), (data) =>
        updateListedConversation(data, conversationId, { title }),
      ),
  });
}

export function useDeleteConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_r, conversationId) => {
      client.setQueryData<ConversationPages>(aiKeys.conversations(), (data) =>
        updateListedConversation(data, conversationId, null),
      );
      client.removeQueries({ queryKey: aiKeys.history(conversationId) });
    },
  });
}
