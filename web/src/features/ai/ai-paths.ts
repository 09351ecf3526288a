// Where the assistant's pages are (config/paths.ts): the chat page takes the conversation open as
// `?conversationId=`.

import { routesByName } from '@/config/paths';

export const CHAT_PAGE_ROUTE = 'aiChatPage';
export const CONVERSATION_PARAM = 'conversationId';

/** The chat page, on a conversation (null: a new one). */
export function chatPathOf(conversationId: number | null): string {
  const base = routesByName.get(CHAT_PAGE_ROUTE)?.path ?? '/aiAssistant/chatPage';
  return conversationId === null ? base : `${base}?${CONVERSATION_PARAM}=${conversationId}`;
}

/** The conversation a chat page's search names, or null. */
export function conversationIdOf(params: URLSearchParams): number | null {
  const id = Number(params.get(CONVERSATION_PARAM));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
