import * as Y from 'yjs';
import { afterEach, describe, expect, it } from 'vitest';
import { FEEDBACK_SECTIONS } from '@/features/feedback-report/sections';
import { HANDOUT_SECTIONS } from '@/features/paper/sections';
import { waitFor } from '@/testing/test-utils';
import {
  COLLAB_STATE_LABELS,
  type CollabDoc,
  collabServerUrl,
  collabState,
  openCollabDoc,
  parseDocId,
  presenceBySection,
  presenceColor,
  presenceFromStates,
  type ProviderSignals,
  roomName,
  shouldReconnectAfter,
} from './collab';

describe('section keys', () => {
  it('name every section of the feedback report as the server does (protocol FeedbackSection)', () => {
    expect(FEEDBACK_SECTIONS.map((s) => [s.key, s.title])).toEqual([
      ['courseSummary', '课程总结'],
      ['coursePerformance', '课堂表现'],
      ['teacherMessage', '老师寄语'],
      ['homework', '课后作业'],
      ['nextSectionPreview', '下节预习'],
      ['lastReviewTodo', '上次复习待办'],
      ['lastTimeTodo', '上次待办'],
      ['knowledgePoints', '知识点'],
      ['aiTeacherComment', 'AI老师点评'],
    ]);
  });

  it('name every part of the handout, stably', () => {
    expect(HANDOUT_SECTIONS.map((s) => s.key)).toEqual([
      'handoutTitle',
      'knowledgeReview',
      'workedExamples',
      'classPractice',
      'homework',
    ]);
  });

  it('are unique and usable as Y root names', () => {
    for (const list of [FEEDBACK_SECTIONS, HANDOUT_SECTIONS]) {
      const keys = list.map((s) => s.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const key of keys) expect(key).toMatch(/^[a-zA-Z][a-zA-Z0-9]*$/);
    }
  });
});

describe('addresses', () => {
  it('builds the room and the server URL', () => {
    expect(roomName('feedback', 1)).toBe('feedback/1');
    expect(roomName('handout', 42)).toBe('handout/42');
    expect(collabServerUrl({ protocol: 'http:', host: 'edu.example:8080' })).toBe('ws://edu.example:8080/collab');
    expect(collabServerUrl({ protocol: 'https:', host: 'edu.example' })).toBe('wss://edu.example/collab');
  });

  it('accepts only positive integer ids', () => {
    expect(parseDocId('1')).toBe(1);
    expect(parseDocId('0012')).toBe(12);
    for (const bad of [null, undefined, '', '0', '-3', '1.5', 'abc', '1e3', '99999999999999999999']) {
      expect(parseDocId(bad)).toBeNull();
    }
  });
});

describe('connection state', () => {
  const signals = (patch: Partial<ProviderSignals>): ProviderSignals => ({
    status: 'connecting',
    synced: false,
    terminalCode: null,
    everConnected: false,
    ...patch,
  });

  it('maps the provider signals to the badge', () => {
    expect(collabState(signals({}))).toBe('connecting');
    expect(collabState(signals({ status: 'connected' }))).toBe('syncing');
    expect(collabState(signals({ status: 'connected', synced: true, everConnected: true }))).toBe('synced');
    expect(collabState(signals({ status: 'disconnected', everConnected: true }))).toBe('disconnected');
    // A reconnect attempt after a drop still reads as disconnected.
    expect(collabState(signals({ status: 'connecting', everConnected: true }))).toBe('disconnected');
    expect(collabState(signals({ terminalCode: 4403 }))).toBe('denied');
    expect(collabState(signals({ terminalCode: 4401 }))).toBe('sessionGone');
    expect(collabState(signals({ terminalCode: 4400 }))).toBe('badAddress');
    expect(collabState(signals({ terminalCode: 4429 }))).toBe('tooMany');
    expect(collabState(signals({ terminalCode: 1009 }))).toBe('tooLarge');
  });

  it('labels the states in Chinese', () => {
    expect(COLLAB_STATE_LABELS.synced.text).toBe('已连接');
    expect(COLLAB_STATE_LABELS.syncing.text).toBe('同步中');
    expect(COLLAB_STATE_LABELS.disconnected.text).toBe('已断开');
    expect(COLLAB_STATE_LABELS.denied.text).toBe('无权访问该文档');
  });

  it('reconnects after transient closes only', () => {
    for (const code of [1000, 1001, 1003, 1006, 1011, 4000, 4008]) expect(shouldReconnectAfter(code, false)).toBe(true);
    for (const code of [4400, 4401, 4404, 4499, 1009]) expect(shouldReconnectAfter(code, true)).toBe(false);
    // 4403 at open: refused. 4403 on a synced connection: access changed, look once more.
    expect(shouldReconnectAfter(4403, false)).toBe(false);
    expect(shouldReconnectAfter(4403, true)).toBe(true);
  });
});

describe('presence', () => {
  const zhang = { name: '张老师', email: 'teacher@demo.eduhub', color: '#1c7ed6' };
  const li = { name: '李老师', email: 'teacher2@demo.eduhub', color: '#e8590c' };

  it('reads users and their sections from awareness states', () => {
    const states = new Map<number, unknown>([
      [1, { user: zhang, section: 'homework', cursor: null }],
      [2, { user: li, section: 'courseSummary' }],
      [3, {}],
      [4, { user: { name: 'no email' } }],
    ]);
    const people = presenceFromStates(states, 1);
    expect(people).toEqual([
      { ...zhang, clientId: 1, section: 'homework', self: true },
      { ...li, clientId: 2, section: 'courseSummary', self: false },
    ]);
    const bySection = presenceBySection(people);
    expect(bySection.get('homework')?.map((p) => p.name)).toEqual(['张老师']);
    expect(bySection.get('courseSummary')?.map((p) => p.name)).toEqual(['李老师']);
  });

  it('counts a user open in two tabs once', () => {
    const states = new Map<number, unknown>([
      [5, { user: li }],
      [6, { user: li, section: 'teacherMessage' }],
    ]);
    const people = presenceFromStates(states, 99);
    expect(people).toHaveLength(1);
    expect(people[0]?.section).toBe('teacherMessage');
  });

  it('gives each user a stable #rrggbb colour', () => {
    expect(presenceColor('teacher@demo.eduhub')).toBe(presenceColor('teacher@demo.eduhub'));
    expect(presenceColor('teacher@demo.eduhub')).toMatch(/^#[0-9a-f]{6}$/);
  });
});

/** lib0's variable-length unsigned integer. */
function varUint(n: number): number[] {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push(0x80 | (n & 0x7f));
    n >>>= 7;
  }
  out.push(n);
  return out;
}

/** A WebSocket stand-in that the test drives from the server side. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static opened: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  binaryType = 'blob';
  sent: Uint8Array[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: ArrayBuffer }) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  send(data: Uint8Array) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  /** The server accepts the socket. */
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** The server answers the client's sync step 1 with its state (message sync, step 2). */
  syncFrom(server: Y.Doc) {
    const update = Y.encodeStateAsUpdate(server);
    const bytes = Uint8Array.from([0, 1, ...varUint(update.length), ...update]);
    this.onmessage?.({ data: bytes.buffer });
  }
  /** The server closes the socket. */
  closeWith(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

describe('openCollabDoc', () => {
  let doc: CollabDoc | null = null;
  afterEach(() => {
    doc?.destroy();
    doc = null;
    FakeSocket.opened = [];
  });

  const open = () =>
    openCollabDoc({
      docType: 'feedback',
      id: 1,
      user: { name: '张老师', email: 'teacher@demo.eduhub', color: '#1c7ed6' },
      serverUrl: 'ws://edu.test/collab',
      WebSocketPolyfill: FakeSocket as unknown as typeof WebSocket,
      disableBc: true,
    });

  it('opens one socket on the room and follows its state', async () => {
    doc = open();
    expect(FakeSocket.opened.map((s) => s.url)).toEqual(['ws://edu.test/collab/feedback/1']);
    expect(doc.state.get()).toBe('connecting');
    const socket = FakeSocket.opened[0]!;
    socket.accept();
    expect(doc.state.get()).toBe('syncing');
    socket.syncFrom(new Y.Doc());
    expect(doc.state.get()).toBe('synced');
    doc.setSection('homework');
    expect(doc.awareness.getLocalState()).toMatchObject({ user: { name: '张老师' }, section: 'homework' });
    expect(doc.presence.get()).toEqual([expect.objectContaining({ name: '张老师', section: 'homework', self: true })]);
    socket.closeWith(1011, '文档暂不可用');
    expect(doc.state.get()).toBe('disconnected');
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(2));
  });

  it('stops on a 4403 at open and shows 无权访问该文档', async () => {
    doc = open();
    const socket = FakeSocket.opened[0]!;
    socket.accept();
    socket.closeWith(4403, '无权访问该文档');
    expect(doc.state.get()).toBe('denied');
    await new Promise((r) => setTimeout(r, 400));
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it('after a 4403 on a synced connection looks once more, then stops when refused again', async () => {
    doc = open();
    const first = FakeSocket.opened[0]!;
    first.accept();
    first.syncFrom(new Y.Doc());
    first.closeWith(4403, '已无权访问该文档');
    expect(doc.state.get()).toBe('disconnected');
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(2));
    const second = FakeSocket.opened[1]!;
    second.accept();
    second.closeWith(4403, '无权访问该文档');
    expect(doc.state.get()).toBe('denied');
    await new Promise((r) => setTimeout(r, 500));
    expect(FakeSocket.opened).toHaveLength(2);
  });

  it('stops on 4401 and on 1009', () => {
    doc = open();
    FakeSocket.opened[0]!.closeWith(4401);
    expect(doc.state.get()).toBe('sessionGone');
    doc.destroy();
    doc = open();
    FakeSocket.opened[1]!.accept();
    FakeSocket.opened[1]!.closeWith(1009);
    expect(doc.state.get()).toBe('tooLarge');
  });
});
