// A reply as its pieces arrive (`magic_ai_stream`, value AiStreamChunk). Pieces come in order;
// `offset` is where a piece's `delta` starts in the reply's text, so a page that already has more
// (it read the reply from history after the pushes began, or a piece came twice) keeps only what
// lies beyond. A piece that starts past the end of the text says pieces were missed: the text is
// kept and the history read again.

import type { AiMessage } from '@/generated/AiMessage';
import type { AiStreamChunk } from '@/generated/AiStreamChunk';
import type { RealtimeMessage } from '@/lib/realtime';
import { AiStatus } from '../ai-dict';

export interface AppliedChunk {
  text: string;
  /** Pieces before this one were missed. */
  gap: boolean;
}

/** The reply's text with a piece applied at its offset. */
export function applyChunk(text: string, chunk: Pick<AiStreamChunk, 'offset' | 'delta'>): AppliedChunk {
  const { offset, delta } = chunk;
  if (offset > text.length) return { text, gap: true };
  const end = offset + delta.length;
  if (end <= text.length) return { text, gap: false };
  return { text: text + delta.slice(text.length - offset), gap: false };
}

/** The reply message with a piece applied: its text, and its final status (and error) on the last piece. */
export function applyChunkToMessage(message: AiMessage, chunk: AiStreamChunk): { message: AiMessage; gap: boolean } {
  const { text, gap } = applyChunk(message.content, chunk);
  let next: AiMessage = text === message.content ? message : { ...message, content: text };
  if (chunk.done && !gap) {
    next = { ...next, status: chunk.status, error: chunk.error ?? next.error };
  }
  return { message: next, gap };
}

/**
 * A reply as read from history merged with the one the page holds: while the page's copy has
 * more text (pushes arrived after the server answered) or has already ended, the page's copy wins.
 */
export function mergeReply(fetched: AiMessage, held: AiMessage | undefined): AiMessage {
  if (!held || fetched.role !== 'assistant' || fetched.status !== AiStatus.Generating) return fetched;
  if (held.status !== AiStatus.Generating) return held.content.length >= fetched.content.length ? held : fetched;
  return held.content.length > fetched.content.length ? { ...fetched, content: held.content } : fetched;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The AiStreamChunk a push carries, or null. */
export function streamChunkOf(message: RealtimeMessage): AiStreamChunk | null {
  const value = message.content?.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { conversationId, messageId, seq, offset, delta, done, status, error } = value as Record<string, unknown>;
  if (!isNumber(conversationId) || !isNumber(messageId) || !isNumber(offset)) return null;
  const chunk: AiStreamChunk = {
    conversationId,
    messageId,
    seq: isNumber(seq) ? seq : 0,
    offset,
    delta: typeof delta === 'string' ? delta : '',
    done: done === true,
    status: isNumber(status) ? status : AiStatus.Generating,
  };
  if (typeof error === 'string' && error) chunk.error = error;
  return chunk;
}
