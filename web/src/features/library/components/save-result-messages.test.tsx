import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveToKnwRecord } from '@/generated/SaveToKnwRecord';
import { connectedClient } from '@/testing/fake-socket';
import { act, bodiesOf, envelope, mockFetch, render, screen, waitFor } from '@/testing/test-utils';
import { resetKnowledgeSave } from '../save-result-store';
import { saveRecord } from '../test-helpers';
import { SaveResultMessages } from './save-result-messages';

const USER = 'teacher@demo.eduhub';

/** A real-time client over a fake socket; `push` sends a record's magic_002. */
function connected() {
  const { client, socket } = connectedClient(USER);
  const push = (id: number, record: SaveToKnwRecord) =>
    socket.push(id, 'magic_002', { id: record.copyRecordId, fileStatus: record.copyStatus, value: { ...record } });
  return { client, push };
}

function server(records: SaveToKnwRecord[]) {
  return mockFetch([
    ['POST', '/api/library/querySaveToKnwRecordList', () => envelope({ recordList: records })],
    ['POST', '/api/library/updateUserViewed', () => envelope(1)],
  ]);
}

const callsTo = bodiesOf;

/** The messages shown, top first, with their offsets. */
const shown = () =>
  screen
    .queryAllByRole('alert')
    .map((el) => [el.textContent, el.style.top] as const)
    .sort((a, b) => parseInt(a[1]) - parseInt(b[1]));

beforeEach(() => resetKnowledgeSave());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SaveResultMessages', () => {
  it('checks once at start, stacks the unviewed results at 80/140/200 px and marks them viewed in one call', async () => {
    const fetch = server([
      saveRecord(1, 2),
      saveRecord(2, 1),
      saveRecord(3, 3, { errorMsg: '讲义内容为空' }),
      saveRecord(4, 2, { userView: 1 }),
      saveRecord(5, 2),
    ]);
    const { client } = connected();
    const view = render(<SaveResultMessages user={USER} client={client} />);
    await waitFor(() => expect(shown()).toHaveLength(3));
    expect(shown()).toEqual([
      ['《讲义1》已保存到知识库', '80px'],
      ['《讲义3》保存失败：讲义内容为空', '140px'],
      ['《讲义5》已保存到知识库', '200px'],
    ]);
    await waitFor(() =>
      expect(callsTo(fetch, '/api/library/updateUserViewed')).toEqual([{ copyRecordIdList: [1, 3, 5] }]),
    );

    // Mounted again (another layout, the same query cache) for the same user: no second check,
    // nothing announced twice.
    view.unmount();
    render(<SaveResultMessages user={USER} client={client} />, { queryClient: view.queryClient });
    expect(callsTo(fetch, '/api/library/querySaveToKnwRecordList')).toHaveLength(1);
    expect(shown()).toHaveLength(3);
  });

  it('announces pushed results as they arrive, each once, without polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = server([]);
    const { client, push } = connected();
    render(<SaveResultMessages user={USER} client={client} />);
    await waitFor(() => expect(callsTo(fetch, '/api/library/querySaveToKnwRecordList')).toHaveLength(1));
    expect(shown()).toEqual([]);

    push(11, saveRecord(7, 2, { paperTitle: '导数及其应用讲义' }));
    push(12, saveRecord(8, 3, { paperTitle: '函数的单调性', errorMsg: '空间不足' }));
    push(13, saveRecord(9, 2, { paperTitle: '数列' }));
    // The same record pushed again (e.g. replayed after a reconnect): not announced again.
    push(14, saveRecord(7, 2, { paperTitle: '导数及其应用讲义' }));
    expect(shown()).toEqual([
      ['《导数及其应用讲义》已保存到知识库', '80px'],
      ['《函数的单调性》保存失败：空间不足', '140px'],
      ['《数列》已保存到知识库', '200px'],
    ]);
    await waitFor(() =>
      expect(callsTo(fetch, '/api/library/updateUserViewed')).toEqual([
        { copyRecordIdList: [7] },
        { copyRecordIdList: [8] },
        { copyRecordIdList: [9] },
      ]),
    );

    // The messages close by themselves; a minute later nothing has been read again.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(shown()).toEqual([]);
    expect(callsTo(fetch, '/api/library/querySaveToKnwRecordList')).toHaveLength(1);
  });

  it('says the service is busy when the first check fails', async () => {
    mockFetch([['POST', '/api/library/querySaveToKnwRecordList', () => envelope(null, 'C0001', '服务不可用', 503)]]);
    const { client } = connected();
    render(<SaveResultMessages user={USER} client={client} />);
    expect(await screen.findByText('易备课整本保存系统繁忙，稍等刷新页面查看进度')).toBeInTheDocument();
  });
});
