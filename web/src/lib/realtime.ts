// The one real-time client (spec 01 §4 "Real-time connection", §7).
//
// Opens ws(s)://<host>/socket/im/magic/{email} on the same origin (the session cookie
// authenticates it). The first frame is the plain text 连接成功; the others are PushEnvelope
// JSON frames whose `content` is base64 of UTF-8 JSON. Every message is acknowledged with
// {id, typeCode: '1'}; messages for another role are not dispatched. Two frames of every
// connection are not messages: `offset` (the resume point) and `version` (the web app version the
// server serves); they are not stored, so they are neither acknowledged nor resume points. Nor are
// signals to every open socket (`records_changed`): their id is empty, they are dispatched and
// never acknowledged. On close or error the client marks itself disconnected and reconnects after
// 2000 ms, one attempt pending at a time, resuming with ?since=<last id seen> so that nothing is
// missed (signals are not replayed: their subscribers read again after a reconnect). Close codes
// 4401 and 4001 (session gone or ended) and 4403 stop it. In the desktop client the URL carries
// client=desktop: the server sends such sockets the desktop download progress (electron_download).

import { isDesktopClient } from './desktop-env';
import { getStoredRole } from './session';
import { createStore, useStore } from './store';
import type { ClientFrame } from '@/generated/ClientFrame';
import { Timing, TypeCode } from '@/generated/codes';
import type { PushContent } from '@/generated/PushContent';
import type { TypeCode as PushTypeCode } from '@/generated/TypeCode';

export const CONNECTED_TEXT = '连接成功';
/** Close codes after which the client does not reconnect (protocol::push::close_code). */
export const CLOSE_SESSION_GONE = 4401;
export const CLOSE_FORBIDDEN = 4403;
/** The session was ended (logout, expiry, access revoked): like 4401. */
export const CLOSE_SESSION_ENDED = 4001;

export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'stopped';

export interface RealtimeMessage {
  id: string;
  typeCode: string;
  /** The decoded content, null when it was empty or undecodable. */
  content: PushContent | null;
}

export type RealtimeHandler = (message: RealtimeMessage) => void;

/** Subscribe to this to receive every dispatched message. */
export const ANY_TYPE = '*';

interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
}

export interface RealtimeOptions {
  createSocket?: (url: string) => SocketLike;
  /** Base URL like ws://host:port; defaults to the page's origin. */
  baseUrl?: () => string;
  /** Where the last message id survives a reload (sessionStorage by default). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** The current role code; messages for another role are ignored. */
  getRole?: () => string | null;
  /** Called on close code 4401. */
  onSessionGone?: () => void;
  /** True in the desktop client: the socket URL says client=desktop. */
  isDesktop?: () => boolean;
  reconnectMs?: number;
  logger?: Pick<Console, 'warn'>;
}

const OPEN = 1;
const SEEN_IDS_KEPT = 500;

/** Decodes base64 of UTF-8 JSON; null when empty or malformed. */
export function decodePushContent(base64: string | null | undefined): PushContent | null {
  if (!base64) return null;
  try {
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const value: unknown = JSON.parse(text);
    // The server writes every field of a PushContent; each kind's reader checks what it uses.
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as PushContent) : null;
  } catch {
    return null;
  }
}

/** A frame as it arrives: a push envelope whose fields are checked before use. */
interface ReceivedFrame {
  typeCode: string;
  id?: unknown;
  content?: unknown;
}

function isPushFrame(value: unknown): value is ReceivedFrame {
  return typeof value === 'object' && value !== null && typeof (value as { typeCode?: unknown }).typeCode === 'string';
}

/** A frame's id as text ('' when it has none). */
function frameId(id: unknown): string {
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

function defaultBaseUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

function defaultStorage(): RealtimeOptions['storage'] {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export class RealtimeClient {
  private readonly opts: Required<Omit<RealtimeOptions, 'storage'>> & {
    storage: RealtimeOptions['storage'];
  };
  private readonly handlers = new Map<string, Set<RealtimeHandler>>();
  private readonly reconnectListeners = new Set<() => void>();
  /** A socket has opened since `start`: the next open is a reconnect. */
  private openedOnce = false;
  private readonly stateStore = createStore<ConnectionState>('idle');
  private socket: SocketLike | null = null;
  private email: string | null = null;
  private lastId: string | null = null;
  private readonly seen: string[] = [];
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** True while a reconnect is pending: further closes and errors schedule nothing. */
  private reconnectLocked = false;

  constructor(options: RealtimeOptions = {}) {
    this.opts = {
      createSocket: options.createSocket ?? ((url) => new WebSocket(url)),
      baseUrl: options.baseUrl ?? defaultBaseUrl,
      storage: options.storage === undefined ? defaultStorage() : options.storage,
      getRole: options.getRole ?? (() => null),
      onSessionGone: options.onSessionGone ?? (() => {}),
      isDesktop: options.isDesktop ?? (() => false),
      reconnectMs: options.reconnectMs ?? Timing.REALTIME_RECONNECT_MS,
      logger: options.logger ?? console,
    };
  }

  get state(): ConnectionState {
    return this.stateStore.get();
  }

  get stateSource() {
    return this.stateStore;
  }

  /** The id of the last message received, sent as ?since= on reconnect. */
  get lastMessageId(): string | null {
    return this.lastId;
  }

  /** Connects for `email` (again if the email changed). */
  start(email: string): void {
    if (this.email === email && this.socket && this.state !== 'stopped') return;
    this.stop();
    this.email = email;
    this.lastId = this.readLastId();
    this.openedOnce = false;
    this.connect();
  }

  /** Closes the connection and cancels any reconnect. */
  stop(): void {
    this.clearReconnect();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      try {
        socket.close(1000, 'client stop');
      } catch {
        // already closed
      }
    }
    if (this.email !== null) this.stateStore.set('stopped');
    this.email = null;
  }

  /** Re-initialises if the socket is not open and no reconnect is pending (on route change). */
  ensureConnected(): void {
    if (!this.email || this.reconnectLocked || this.state === 'stopped') return;
    if (this.socket && (this.state === 'connected' || this.state === 'connecting')) return;
    this.connect();
  }

  /** Installs what happens on close code 4401. */
  setSessionGoneHandler(handler: () => void): void {
    this.opts.onSessionGone = handler;
  }

  /**
   * Called after every reconnect. Messages are replayed from ?since=, but a page that had not
   * received any message yet has no id to resume from: features re-read their state over REST.
   */
  onReconnected(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => {
      this.reconnectListeners.delete(listener);
    };
  }

  subscribe(typeCode: PushTypeCode | typeof ANY_TYPE, handler: RealtimeHandler): () => void {
    let set = this.handlers.get(typeCode);
    if (!set) {
      set = new Set();
      this.handlers.set(typeCode, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  private storageKey(): string {
    return `realtime:lastId:${this.email ?? ''}`;
  }

  private readLastId(): string | null {
    try {
      return this.opts.storage?.getItem(this.storageKey()) ?? null;
    } catch {
      return null;
    }
  }

  private rememberId(id: string): void {
    this.lastId = id;
    try {
      this.opts.storage?.setItem(this.storageKey(), id);
    } catch {
      // storage full or unavailable: the in-memory id still serves this page
    }
  }

  private url(): string {
    const base = `${this.opts.baseUrl()}/socket/im/magic/${encodeURIComponent(this.email ?? '')}`;
    const query = new URLSearchParams();
    if (this.lastId) query.set('since', this.lastId);
    if (this.opts.isDesktop()) query.set('client', 'desktop');
    const qs = query.toString();
    return qs ? `${base}?${qs}` : base;
  }

  private connect(): void {
    if (!this.email) return;
    const previous = this.socket;
    if (previous) {
      previous.onopen = previous.onclose = previous.onerror = previous.onmessage = null;
      try {
        previous.close();
      } catch {
        // ignore
      }
    }
    this.stateStore.set(this.state === 'reconnecting' ? 'reconnecting' : 'connecting');
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(this.url());
    } catch (e) {
      this.opts.logger.warn('realtime: cannot open socket', e);
      this.socket = null;
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.stateStore.set('connected');
      if (this.openedOnce) this.reconnectListeners.forEach((l) => l());
      this.openedOnce = true;
    };
    socket.onmessage = (ev) => {
      if (this.socket === socket) this.handleFrame(ev.data);
    };
    socket.onerror = () => {
      if (this.socket !== socket) return;
      this.scheduleReconnect();
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      const sessionGone = ev.code === CLOSE_SESSION_GONE || ev.code === CLOSE_SESSION_ENDED;
      if (sessionGone || ev.code === CLOSE_FORBIDDEN) {
        this.clearReconnect();
        this.email = null;
        this.stateStore.set('stopped');
        if (sessionGone) this.opts.onSessionGone();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.email) return;
    this.stateStore.set('reconnecting');
    if (this.reconnectLocked) return;
    this.reconnectLocked = true;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.reconnectLocked = false;
      this.connect();
    }, this.opts.reconnectMs);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.reconnectLocked = false;
  }

  private handleFrame(data: unknown): void {
    if (typeof data !== 'string') return;
    if (data === CONNECTED_TEXT) return;
    let frame: unknown;
    try {
      frame = JSON.parse(data);
    } catch {
      this.opts.logger.warn('realtime: unparsable frame', data);
      return;
    }
    if (!isPushFrame(frame)) {
      this.opts.logger.warn('realtime: unexpected frame', data);
      return;
    }
    const envelope = frame;
    const content = decodePushContent(typeof envelope.content === 'string' ? envelope.content : null);
    if (envelope.typeCode === TypeCode.Offset) {
      // The server's resume point for a connection without a usable ?since=: not a message.
      const offset = frameId(envelope.id);
      if (offset) this.rememberId(offset);
      return;
    }
    if (envelope.typeCode === TypeCode.Version) {
      // Sent on every connection and never stored (its id is empty): nothing to acknowledge, and
      // no resume point.
      this.dispatch({ id: '', typeCode: envelope.typeCode, content });
      return;
    }
    if (envelope.typeCode === TypeCode.Error) {
      this.opts.logger.warn('realtime: server error frame', content ?? envelope.content);
      return;
    }
    const id = frameId(envelope.id);
    if (id) {
      this.ack(id);
      if (this.seen.includes(id)) return;
      this.seen.push(id);
      if (this.seen.length > SEEN_IDS_KEPT) this.seen.shift();
      this.rememberId(id);
    }
    const role = content?.role;
    if (role && role !== this.opts.getRole()) return;
    this.dispatch({ id, typeCode: envelope.typeCode, content });
  }

  private ack(id: string): void {
    const ack: ClientFrame = { id, typeCode: TypeCode.Ack };
    if (this.socket && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(ack));
  }

  private dispatch(message: RealtimeMessage): void {
    const targets = [...(this.handlers.get(message.typeCode) ?? []), ...(this.handlers.get(ANY_TYPE) ?? [])];
    for (const handler of targets) {
      try {
        handler(message);
      } catch (e) {
        this.opts.logger.warn('realtime: handler failed', e);
      }
    }
  }
}

/** The app's real-time connection; the app wires role and session-gone handling at start. */
export const realtime = new RealtimeClient({ getRole: getStoredRole, isDesktop: isDesktopClient });

export function useRealtimeState(client: RealtimeClient = realtime): ConnectionState {
  return useStore(client.stateSource);
}
