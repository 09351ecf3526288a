import { describe, expect, it } from 'vitest';
import { pushContent } from '@/testing/fake-socket';
import { chunk, reply } from '../test-helpers';
import { applyChunk, applyChunkToMessage, mergeReply, streamChunkOf } from './reply-stream';

describe('a reply assembled from its pieces', () => {
  it('appends pieces in order at their offsets', () => {
    let text = '';
    for (const [offset, delta] of [
      [0, '勾股'],
      [2, '定理：'],
      [5, '$a^2+b^2=c^2$'],
    ] as const) {
      const applied = applyChunk(text, { offset, delta });
      expect(applied.gap).toBe(false);
      text = applied.text;
    }
    expect(text).toBe('勾股定理：$a^2+b^2=c^2$');
  });

  it('keeps only what lies beyond the text held (a piece overlapping what history brought)', () => {
    expect(applyChunk('勾股定理', { offset: 2, delta: '定理：直角' })).toEqual({ text: '勾股定理：直角', gap: false });
  });

  it('ignores a piece it already has (a duplicate, or one inside the text held)', () => {
    expect(applyChunk('勾股定理：', { offset: 2, delta: '定理' })).toEqual({ text: '勾股定理：', gap: false });
    expect(applyChunk('勾股定理：', { offset: 0, delta: '勾股定理：' })).toEqual({ text: '勾股定理：', gap: false });
  });

  it('reports a gap when a piece starts past the text held, and keeps the text', () => {
    expect(applyChunk('勾股', { offset: 5, delta: '直角' })).toEqual({ text: '勾股', gap: true });
  });

  it('takes the final status and error from the last piece', () => {
    const generating = reply(12, '部分', { status: 1 });
    expect(applyChunkToMessage(generating, chunk({ offset: 2, delta: '内容', done: true, status: 2 })).message).toEqual(
      reply(12, '部分内容', { status: 2 }),
    );
    const failed = applyChunkToMessage(
      generating,
      chunk({ offset: 2, delta: '', done: true, status: 4, error: '模型服务超时' }),
    ).message;
    expect([failed.content, failed.status, failed.error]).toEqual(['部分', 4, '模型服务超时']);
    // Unchanged: the same object (nothing for the cache to store).
    expect(applyChunkToMessage(generating, chunk({ offset: 0, delta: '部' })).message).toBe(generating);
  });

  it('keeps, over a history read, the longer text and the end the pushes brought', () => {
    const fetched = reply(12, '勾股', { status: 1 });
    expect(mergeReply(fetched, reply(12, '勾股定理', { status: 1 })).content).toBe('勾股定理');
    expect(mergeReply(fetched, reply(12, '勾', { status: 1 })).content).toBe('勾股');
    expect(mergeReply(fetched, reply(12, '勾股定理', { status: 2 }))).toEqual(reply(12, '勾股定理', { status: 2 }));
    expect(mergeReply(reply(12, '完整', { status: 2 }), reply(12, '完', { status: 1 })).content).toBe('完整');
    expect(mergeReply(fetched, undefined)).toBe(fetched);
  });

  it('reads an AiStreamChunk from a push, and nothing else', () => {
    const message = (value: unknown) => ({
      id: '1',
      typeCode: 'magic_ai_stream',
      content: pushContent({ value: value as never }),
    });
    expect(streamChunkOf(message(chunk({ offset: 3, delta: 'x', done: true, status: 4, error: 'e' })))).toEqual(
      chunk({ offset: 3, delta: 'x', done: true, status: 4, error: 'e' }),
    );
    expect(streamChunkOf(message({ conversationId: 5, messageId: '12', offset: 0 }))).toBeNull();
    expect(streamChunkOf(message(null))).toBeNull();
  });
});
