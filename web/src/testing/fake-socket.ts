// A stand-in for the push socket (`src/lib/realtime.ts`) that tests drive from the server's side,
// and a real-time client connected over one.

import { act } from '@testing-library/react';
import type { PushContent } from '@/generated/PushContent';
import { RealtimeClient, type RealtimeOptions } from '@/lib/realtime';

export const TEST_USER_EMAIL = 'teacher@demo.eduhub';

/** Push content as a test writes it (any fields, also ones the client must ignore). */
export type TestContent = Partial<PushContent> | Record<string, unknown>;

/** Encodes a content object the way the server does: base64 of UTF-8 JSON. */
export function encodePushContent(content: TestContent): string {
  const bytes = new TextEncoder().encode(JSON.stringify(content));
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary);
}

/** A whole PushContent as the server writes it: `fields` over empty ones. */
export function pushContent(fields: Partial<PushContent> = {}): PushContent {
  return { role: '', fileStatus: null, type: null, value: null, id: null, asyncMessage: null, time: 0, ...fields };
}

/** A push frame as the server sends it: the content as base64 of UTF-8 JSON. */
export function pushFrame(id: number | string, typeCode: string, content: TestContent): string {
  return JSON.stringify({ id, typeCode, content: encodePushContent(content) });
}

/**
 * A WebSocket stand-in (also installable as the global `WebSocket`): records what the client
 * sends; `open`, `receive`, `push` and `drop` act as the server.
 */
export class FakeSocket {
  /** Every socket made since the last `reset`, oldest first. */
  static all: FakeSocket[] = [];
  readonly OPEN = 1;
  readonly url: string;
  binaryType = 'blob';
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;

  constructor(url = '') {
    this.url = url;
    FakeSocket.all.push(this);
  }

  static last(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  static reset(): void {
    FakeSocket.all = [];
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.closed = true;
  }

  /** The server accepts the socket. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server sends a raw frame. */
  receive(data: string): void {
    this.onmessage?.({ data } as MessageEvent);
  }

  /** The server's first frame, 连接成功. */
  welcome(): void {
    this.receive('连接成功');
  }

  /** The server pushes a message (inside `act`, for rendered components). */
  push(id: number | string, typeCode: string, content: TestContent): void {
    act(() => {
      this.receive(pushFrame(id, typeCode, content));
    });
  }

  /** The connection drops (or the server closes it with `code`). */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }

  /** The ids the client acknowledged, in order. */
  acks(): string[] {
    return this.sent.map((s) => (JSON.parse(s) as { id: string }).id);
  }
}

/** A real-time client for `email`, connected over a fake socket that has said 连接成功. */
export function connectedClient(email = TEST_USER_EMAIL, options: RealtimeOptions = {}) {
  const socket = new FakeSocket();
  const client = new RealtimeClient({
    createSocket: () => socket,
    storage: null,
    baseUrl: () => 'ws://test',
    ...options,
  });
  client.start(email);
  socket.open();
  socket.welcome();
  return { client, socket };
}
