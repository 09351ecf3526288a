import { describe, expect, it } from 'vitest';
import type { AiMessage } from '@/generated/AiMessage';
import type { AiSent } from '@/generated/AiSent';
import { createTestQueryClient } from '@/testing/test-utils';
import { conversation, page, question, reply } from '../test-helpers';
import { aiKeys } from './ai-keys';
import { type HistoryPages, messageReedited, messagesOf } from './messages';

const KEY = aiKeys.history(5);

function history(...pages: AiMessage[][]): HistoryPages {
  const total = pages.reduce((n, p) => n + p.length, 0);
  return { pages: pages.map((records, i) => page(records, i + 1, total)), pageParams: pages.map((_, i) => i + 1) };
}

/** The reedit's answer: message 11 changed, reply 15 begun (empty, generating). */
const REEDITED: AiSent = {
  conversation: conversation(5),
  question: question(11, '勾股定理怎么证明？'),
  reply: reply(15, '', { status: 1 }),
};

const shown = (data: HistoryPages | undefined) =>
  messagesOf(data).map((m) => [m.messageId, m.content, m.status] as const);

describe('a reedited message in the cached history', () => {
  it('drops the turns after it, and the reply begun follows it', () => {
    const client = createTestQueryClient();
    client.setQueryData<HistoryPages>(
      KEY,
      history(
        [
          reply(14, '第二个回答'),
          question(13, '第二个问题'),
          reply(12, '勾股定理是…'),
          question(11, '什么是勾股定理？'),
        ],
        [reply(10, '你好')],
      ),
    );
    messageReedited(client, REEDITED);
    const data = client.getQueryData<HistoryPages>(KEY);
    expect(shown(data)).toEqual([
      [10, '你好', 2],
      [11, '勾股定理怎么证明？', 2],
      [15, '', 1],
    ]);
    // 5 held, 3 dropped, 1 added.
    expect(data?.pages[0]?.total).toBe(3);
  });

  it('keeps the reply a history read brought before the answer (its pieces, its end)', () => {
    const client = createTestQueryClient();
    // The reply's first piece asked for the history, read before the reedit answered: it holds the
    // reply already, ended.
    client.setQueryData<HistoryPages>(
      KEY,
      history([reply(15, '用面积法'), question(11, '勾股定理怎么证明？'), reply(10, '你好')]),
    );
    messageReedited(client, REEDITED);
    let data = client.getQueryData<HistoryPages>(KEY);
    expect(shown(data)).toEqual([
      [10, '你好', 2],
      [11, '勾股定理怎么证明？', 2],
      [15, '用面积法', 2],
    ]);
    expect(data?.pages[0]?.total).toBe(3);

    // Still generating there: its text is kept, and it goes on generating.
    client.setQueryData<HistoryPages>(
      KEY,
      history([reply(15, '用面', { status: 1 }), question(11, '勾股定理怎么证明？'), reply(10, '你好')]),
    );
    messageReedited(client, REEDITED);
    data = client.getQueryData<HistoryPages>(KEY);
    expect(shown(data)).toEqual([
      [10, '你好', 2],
      [11, '勾股定理怎么证明？', 2],
      [15, '用面', 1],
    ]);
  });

  it('drops what lies between the message and the reply even when the history holds both', () => {
    const client = createTestQueryClient();
    client.setQueryData<HistoryPages>(
      KEY,
      history([
        reply(15, '用面积法'),
        reply(14, '第二个回答'),
        question(13, '第二个问题'),
        question(11, '什么是勾股定理？'),
      ]),
    );
    messageReedited(client, REEDITED);
    const data = client.getQueryData<HistoryPages>(KEY);
    expect(shown(data)).toEqual([
      [11, '勾股定理怎么证明？', 2],
      [15, '用面积法', 2],
    ]);
    expect(data?.pages[0]?.total).toBe(2);
  });
});
