import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodePushContent, FakeSocket, pushContent, pushFrame } from '@/testing/fake-socket';
import { CONNECTED_TEXT, decodePushContent, RealtimeClient, type RealtimeHandler } from './realtime';

let storage: Map<string, string>;
let role: string | null;
const onSessionGone = vi.fn();

function client() {
  return new RealtimeClient({
    createSocket: (url) => new FakeSocket(url),
    baseUrl: () => 'ws://host',
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    getRole: () => role,
    onSessionGone,
    logger: { warn: vi.fn() },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
  storage = new Map();
  role = 'teacher';
  onSessionGone.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('push content', () => {
  it('decodes base64 of UTF-8 JSON', () => {
    const content = pushContent({ role: 'teacher', value: '新通知：期中考试安排', id: 7, time: 1_700_000_000_000 });
    expect(decodePushContent(encodePushContent(content))).toEqual(content);
  });
  it('returns null for garbage', () => {
    expect(decodePushContent('')).toBeNull();
    expect(decodePushContent('!!!')).toBeNull();
    expect(decodePushContent(btoa('not json'))).toBeNull();
    expect(decodePushContent(encodePushContent([] as unknown as Record<string, unknown>))).toBeNull();
  });
});

describe('RealtimeClient', () => {
  it('connects to the email socket and reports connected', () => {
    const c = client();
    c.start('t@demo.eduhub');
    expect(FakeSocket.last().url).toBe('ws://host/socket/im/magic/t%40demo.eduhub');
    expect(c.state).toBe('connecting');
    FakeSocket.last().open();
    expect(c.state).toBe('connected');
  });

  it('ignores the greeting, acks every message and dispatches by type code', () => {
    const c = client();
    const notice = vi.fn();
    const any = vi.fn();
    c.subscribe('backstage_001', notice);
    c.subscribe('*', any);
    c.start('t@demo.eduhub');
    const s = FakeSocket.last();
    s.open();
    s.receive(CONNECTED_TEXT);
    s.receive(pushFrame('41', 'backstage_001', { role: 'teacher', id: 9, type: 1 }));
    expect(s.sent).toEqual([JSON.stringify({ id: '41', typeCode: '1' })]);
    expect(notice).toHaveBeenCalledWith({
      id: '41',
      typeCode: 'backstage_001',
      content: { role: 'teacher', id: 9, type: 1 },
    });
    expect(any).toHaveBeenCalledTimes(1);
    expect(c.lastMessageId).toBe('41');
  });

  it('acks but does not dispatch messages for another role', () => {
    const c = client();
    const notice = vi.fn<RealtimeHandler>();
    c.subscribe('backstage_001', notice);
    c.start('t@demo.eduhub');
    const s = FakeSocket.last();
    s.open();
    s.receive(pushFrame('1', 'backstage_001', { role: 'admin', id: 1 }));
    s.receive(pushFrame('2', 'backstage_001', { role: '', id: 2 }));
    expect(s.sent).toHaveLength(2);
    expect(notice).toHaveBeenCalledTimes(1);
    expect(notice.mock.calls[0]![0].content?.id).toBe(2);
  });

  it('does not dispatch a replayed id twice', () => {
    const c = client();
    const notice = vi.fn();
    c.subscribe('backstage_002', notice);
    c.start('t@demo.eduhub');
    const s = FakeSocket.last();
    s.open();
    s.receive(pushFrame('5', 'backstage_002', {}));
    s.receive(pushFrame('5', 'backstage_002', {}));
    expect(notice).toHaveBeenCalledTimes(1);
    expect(s.sent).toHaveLength(2);
  });

  it('reconnects after 2000 ms with ?since=<last id>', () => {
    const c = client();
    c.start('t@demo.eduhub');
    const first = FakeSocket.last();
    first.open();
    first.receive(pushFrame('77', 'backstage_002', {}));
    first.onerror?.(new Event('error'));
    first.drop();
    expect(c.state).toBe('reconnecting');
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.last().url).toBe('ws://host/socket/im/magic/t%40demo.eduhub?since=77');
    FakeSocket.last().open();
    expect(c.state).toBe('connected');
  });

  it('takes the offset frame as its resume point without acking or dispatching it', () => {
    const c = client();
    const seen = vi.fn();
    c.subscribe('offset', seen);
    c.start('t@demo.eduhub');
    const first = FakeSocket.last();
    first.open();
    first.receive(CONNECTED_TEXT);
    first.receive(pushFrame('12', 'offset', {}));
    expect(first.sent).toEqual([]);
    expect(seen).not.toHaveBeenCalled();
    first.drop();
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.last().url).toBe('ws://host/socket/im/magic/t%40demo.eduhub?since=12');
  });

  it('dispatches the version frame without acking it or taking its id as a resume point', () => {
    const c = client();
    const version = vi.fn();
    c.subscribe('version', version);
    c.start('t@demo.eduhub');
    const first = FakeSocket.last();
    first.open();
    first.receive(CONNECTED_TEXT);
    first.receive(pushFrame('12', 'offset', {}));
    first.receive(pushFrame('', 'version', { value: '2026.11.2' }));
    expect(version).toHaveBeenCalledWith({ id: '', typeCode: 'version', content: { value: '2026.11.2' } });
    expect(first.sent).toEqual([]);
    expect(c.lastMessageId).toBe('12');
    expect(storage.get('realtime:lastId:t@demo.eduhub')).toBe('12');

    // Every connection brings it again: each one is dispatched, none is taken for a replay.
    first.drop();
    vi.advanceTimersByTime(2000);
    const second = FakeSocket.last();
    expect(second.url).toBe('ws://host/socket/im/magic/t%40demo.eduhub?since=12');
    second.open();
    second.receive(pushFrame('0', 'version', { value: '2026.11.3' }));
    expect(version).toHaveBeenCalledTimes(2);
    expect(second.sent).toEqual([]);
    expect(c.lastMessageId).toBe('12');
  });

  it('tells listeners about reconnects, not about the first connect', () => {
    const c = client();
    const reconnected = vi.fn();
    c.onReconnected(reconnected);
    c.start('t@demo.eduhub');
    FakeSocket.last().open();
    expect(reconnected).not.toHaveBeenCalled();
    FakeSocket.last().drop();
    vi.advanceTimersByTime(2000);
    FakeSocket.last().open();
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('keeps retrying while the server is down', () => {
    const c = client();
    c.start('t@demo.eduhub');
    for (let i = 0; i < 3; i += 1) {
      FakeSocket.last().drop();
      vi.advanceTimersByTime(2000);
    }
    expect(FakeSocket.all).toHaveLength(4);
    expect(c.state).toBe('reconnecting');
  });

  it('says client=desktop in the desktop client, with and without ?since=', () => {
    const c = new RealtimeClient({
      createSocket: (url) => new FakeSocket(url),
      baseUrl: () => 'ws://host',
      storage: null,
      isDesktop: () => true,
      logger: { warn: vi.fn() },
    });
    c.start('t@demo.eduhub');
    expect(FakeSocket.last().url).toBe('ws://host/socket/im/magic/t%40demo.eduhub?client=desktop');
    FakeSocket.last().open();
    FakeSocket.last().receive(pushFrame('77', 'backstage_002', {}));
    FakeSocket.last().drop();
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.last().url).toBe('ws://host/socket/im/magic/t%40demo.eduhub?since=77&client=desktop');
  });

  it('leaves client out in a browser', () => {
    client().start('t@demo.eduhub');
    expect(FakeSocket.last().url).not.toContain('client=');
  });

  it('resumes from the id kept in session storage', () => {
    storage.set('realtime:lastId:t@demo.eduhub', '12');
    client().start('t@demo.eduhub');
    expect(FakeSocket.last().url).toContain('?since=12');
  });

  it('stops on 4401 and reports the session gone', () => {
    const c = client();
    c.start('t@demo.eduhub');
    FakeSocket.last().open();
    FakeSocket.last().drop(4401);
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(c.state).toBe('stopped');
    expect(onSessionGone).toHaveBeenCalledTimes(1);
  });

  it('treats 4001 (session ended) like 4401', () => {
    const c = client();
    c.start('t@demo.eduhub');
    FakeSocket.last().open();
    FakeSocket.last().drop(4001);
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(onSessionGone).toHaveBeenCalledTimes(1);
  });

  it('stops on 4403 without the session handler', () => {
    const c = client();
    c.start('t@demo.eduhub');
    FakeSocket.last().drop(4403);
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(onSessionGone).not.toHaveBeenCalled();
  });

  it('stop() closes and cancels reconnects', () => {
    const c = client();
    c.start('t@demo.eduhub');
    FakeSocket.last().drop();
    c.stop();
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(c.state).toBe('stopped');
  });

  it('warns on error frames and does not ack them', () => {
    const warn = vi.fn();
    const c = new RealtimeClient({
      createSocket: (url) => new FakeSocket(url),
      baseUrl: () => 'ws://host',
      storage: null,
      logger: { warn },
    });
    c.start('t@demo.eduhub');
    const s = FakeSocket.last();
    s.open();
    s.receive(JSON.stringify({ id: '', typeCode: 'error', content: encodePushContent({ value: 'bad ack' }) }));
    expect(warn).toHaveBeenCalled();
    expect(s.sent).toHaveLength(0);
  });

  it('ensureConnected re-opens a socket that is not open', () => {
    const c = client();
    c.start('t@demo.eduhub');
    FakeSocket.last().open();
    c.ensureConnected();
    expect(FakeSocket.all).toHaveLength(1);
  });
});
