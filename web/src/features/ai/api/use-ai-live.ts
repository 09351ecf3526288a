// Replies follow their pushes (no poll). `magic_ai_stream` (value AiStreamChunk) brings a reply
// piece by piece into its conversation's cached history (`chunkPushed`); its last piece carries the
// final status. When a reply ends the list is read again (its last message and unread counts
// changed). After the push socket reconnects pieces may have been missed: the histories and the
// list are read again.

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TypeCode } from '@/generated/codes';
import { realtime, type RealtimeClient } from '@/lib/realtime';
import { aiKeys } from './ai-keys';
import { chunkPushed } from './messages';
import { streamChunkOf } from './reply-stream';

/** Keeps the cached histories in step with the replies' pushes. */
export function useAiLive(client: RealtimeClient = realtime): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offs = [
      client.subscribe(TypeCode.AiStream, (message) => {
        const chunk = streamChunkOf(message);
        if (!chunk) return;
        chunkPushed(queryClient, chunk);
        if (chunk.done) void queryClient.invalidateQueries({ queryKey: aiKeys.conversations() });
      }),
      client.onReconnected(() => {
        void queryClient.invalidateQueries({ queryKey: [...aiKeys.all, 'history'] });
        void queryClient.invalidateQueries({ queryKey: aiKeys.conversations() });
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [client, queryClient]);
}
