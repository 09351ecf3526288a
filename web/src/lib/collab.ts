// The one co-editing client (yjs over the stock y-websocket provider).
//
// A co-edited document (a lesson feedback report or a handout) is one Y.Doc synced through one
// WebsocketProvider on ws(s)://<host>/collab/{docType}/{id} (room `feedback/1`, `handout/7`). In
// the browser the HttpOnly session cookie authenticates the socket (same origin); Node tools pass
// `params: { token }`. Every section of the document is its own Y.XmlFragment, named by a stable
// key. The awareness carries who is here: name, e-mail, colour, the section they work in and
// (set by the editors' caret plugin) their cursor.
//
// Close codes (protocol::push::close_code): 4401 no session and 4400 bad address stop the
// provider; 4403 at open (no access) stops it and shows 无权访问该文档. A 4403 after the
// document had synced means the owner changed this user's access: the provider tries once more,
// so that an editor turned reader reopens read-only, and stops when that attempt is refused
// too. 1009 (message too large) stops it as well: reconnecting would resend the same update;
// so does 4429 (the user has too many co-editing sockets open: close some pages first).
// Every other close (1003, 1011, a dropped connection, a restarted server) reconnects with the
// provider's backoff, and edits made meanwhile are merged on reconnect.

import { WebsocketProvider } from 'y-websocket';
import type { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { ErrorCode, ErrorMessage } from '@/generated/codes';
import { createStore, type Store, useStore } from './store';

export type DocType = 'feedback' | 'handout';

export const CLOSE_NO_SESSION = 4401;
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_BAD_ADDRESS = 4400;
export const CLOSE_TOO_LARGE = 1009;
export const CLOSE_TOO_MANY = 4429;

export const DENIED_TEXT = '无权访问该文档';

/** One part of a co-edited document, edited as its own rich-text fragment. */
export interface CollabSection {
  /** Stable fragment name in the Y document; never renamed once documents exist. */
  key: string;
  /** Interface title. */
  title: string;
}

/**
 * The state of a document's connection, as the badge shows it:
 * - `connecting`: no socket open yet (first attempt or a reconnect pending);
 * - `syncing`: the socket is open, the first exchange with the server is not done;
 * - `synced`: open and in step with the server; local edits are sent as they happen;
 * - `disconnected`: the connection dropped; the provider reconnects by itself;
 * - `denied`, `sessionGone`, `tooLarge`, `tooMany`, `badAddress`: the server closed it for good.
 */
export type CollabState =
  | 'connecting'
  | 'syncing'
  | 'synced'
  | 'disconnected'
  | 'denied'
  | 'sessionGone'
  | 'tooLarge'
  | 'tooMany'
  | 'badAddress';

/** Badge texts and colours by state. */
export const COLLAB_STATE_LABELS: Record<CollabState, { text: string; color: string }> = {
  connecting: { text: '连接中', color: 'yellow' },
  syncing: { text: '同步中', color: 'yellow' },
  synced: { text: '已连接', color: 'green' },
  disconnected: { text: '已断开', color: 'red' },
  denied: { text: DENIED_TEXT, color: 'red' },
  sessionGone: { text: ErrorMessage[ErrorCode.LoginExpired], color: 'red' },
  tooLarge: { text: '内容过大，无法同步', color: 'red' },
  tooMany: { text: '打开的协作文档过多', color: 'red' },
  badAddress: { text: '文档地址无效', color: 'red' },
};

/** The provider's raw signals that the state is derived from. */
export interface ProviderSignals {
  /** Last `status` event of the provider. */
  status: 'connecting' | 'connected' | 'disconnected';
  /** Last `sync` event of the provider. */
  synced: boolean;
  /** Close code of a close after which the provider stopped, or null. */
  terminalCode: number | null;
  /** A connection has been open before (so a `connecting` is a reconnect). */
  everConnected: boolean;
}

/** Maps the provider's signals to the badge state. */
export function collabState(s: ProviderSignals): CollabState {
  if (s.terminalCode !== null) return terminalState(s.terminalCode);
  if (s.status === 'connected') return s.synced ? 'synced' : 'syncing';
  if (s.status === 'disconnected' || s.everConnected) return 'disconnected';
  return 'connecting';
}

function terminalState(code: number): CollabState {
  if (code === CLOSE_NO_SESSION) return 'sessionGone';
  if (code === CLOSE_FORBIDDEN) return 'denied';
  if (code === CLOSE_TOO_LARGE) return 'tooLarge';
  if (code === CLOSE_TOO_MANY) return 'tooMany';
  return 'badAddress';
}

/**
 * Whether to reconnect after the server closed the socket with `code`. `wasSynced`: that
 * connection had synced (a 4403 then is a change of access, checked by one more attempt).
 */
export function shouldReconnectAfter(code: number, wasSynced: boolean): boolean {
  if (code === CLOSE_FORBIDDEN) return wasSynced;
  if (code >= 4400 && code < 4500) return false;
  if (code === CLOSE_TOO_LARGE) return false;
  return true;
}

/** True for states in which the document cannot be edited or read any more. */
export function isTerminal(state: CollabState): boolean {
  return (
    state === 'denied' ||
    state === 'sessionGone' ||
    state === 'tooLarge' ||
    state === 'tooMany' ||
    state === 'badAddress'
  );
}

/** The room of a document, e.g. `feedback/1`. */
export function roomName(docType: DocType, id: number): string {
  return `${docType}/${id}`;
}

/** A positive integer id from a query value, or null. */
export function parseDocId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** ws(s)://<host>/collab for a page at `location`. */
export function collabServerUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/collab`;
}

/** Caret colours: y-prosemirror accepts only #rrggbb. */
export const PRESENCE_COLORS = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#e03131', '#5f3dc4'];

/** A stable colour for a user (the same in every tab and for every peer). */
export function presenceColor(email: string): string {
  let hash = 0;
  for (let i = 0; i < email.length; i += 1) hash = (hash * 31 + email.charCodeAt(i)) >>> 0;
  return PRESENCE_COLORS[hash % PRESENCE_COLORS.length] ?? '#1c7ed6';
}

/** The `user` field of the awareness (the caret plugin reads name and color). */
export interface PresenceUser {
  name: string;
  email: string;
  color: string;
}

/** Someone in the document, from the awareness. */
export interface Presence extends PresenceUser {
  clientId: number;
  /** The section key they work in, or null. */
  section: string | null;
  self: boolean;
}

/** The awareness field holding the current section key. */
export const SECTION_FIELD = 'section';

function asPresenceUser(value: unknown): PresenceUser | null {
  if (!value || typeof value !== 'object') return null;
  const { name, email, color } = value as Record<string, unknown>;
  if (typeof name !== 'string' || typeof email !== 'string') return null;
  return { name, email, color: typeof color === 'string' ? color : presenceColor(email) };
}

/**
 * The people in a document from awareness states (clientId → state), one entry per user: a user
 * open in several tabs counts once, in the section of their most recent client id with one.
 */
export function presenceFromStates(states: ReadonlyMap<number, unknown>, selfClientId: number): Presence[] {
  const byEmail = new Map<string, Presence>();
  for (const [clientId, state] of states) {
    if (!state || typeof state !== 'object') continue;
    const user = asPresenceUser((state as Record<string, unknown>).user);
    if (!user) continue;
    const rawSection = (state as Record<string, unknown>)[SECTION_FIELD];
    const section = typeof rawSection === 'string' ? rawSection : null;
    const self = clientId === selfClientId;
    const previous = byEmail.get(user.email);
    if (previous) {
      byEmail.set(user.email, {
        ...previous,
        self: previous.self || self,
        section: self ? (section ?? previous.section) : (previous.section ?? section),
      });
    } else {
      byEmail.set(user.email, { ...user, clientId, section, self });
    }
  }
  return [...byEmail.values()].sort((a, b) => Number(b.self) - Number(a.self) || a.name.localeCompare(b.name));
}

/** The people in each section (key → people); those without a section are left out. */
export function presenceBySection(people: readonly Presence[]): Map<string, Presence[]> {
  const out = new Map<string, Presence[]>();
  for (const p of people) {
    if (!p.section) continue;
    const list = out.get(p.section) ?? [];
    list.push(p);
    out.set(p.section, list);
  }
  return out;
}

type WebSocketCtor = typeof WebSocket;

export interface OpenCollabDocOptions {
  docType: DocType;
  id: number;
  user: PresenceUser;
  /** Defaults to the page's origin + /collab. */
  serverUrl?: string;
  /** URL parameters (Node tools: `{ token }`). */
  params?: Record<string, string>;
  /** Node tools pass `ws`. */
  WebSocketPolyfill?: WebSocketCtor;
  /** No cross-tab BroadcastChannel (Node tools, tests). */
  disableBc?: boolean;
}

/** One open co-edited document: its Y.Doc, its provider and what the page reads from them. */
export interface CollabDoc {
  readonly docType: DocType;
  readonly id: number;
  readonly ydoc: Y.Doc;
  readonly provider: WebsocketProvider;
  readonly awareness: Awareness;
  readonly user: PresenceUser;
  readonly state: Store<CollabState>;
  readonly presence: Store<Presence[]>;
  /** The fragment of one section. */
  fragment(sectionKey: string): Y.XmlFragment;
  /** Tells the others which section this user works in (null: none). */
  setSection(sectionKey: string | null): void;
  /** Closes the connection and frees the document. */
  destroy(): void;
}

/** Opens a document: one Y.Doc and one provider for the room. */
export function openCollabDoc(options: OpenCollabDocOptions): CollabDoc {
  const { docType, id, user } = options;
  const ydoc = new Y.Doc();
  const signals: ProviderSignals = { status: 'connecting', synced: false, terminalCode: null, everConnected: false };
  const state = createStore<CollabState>(collabState(signals));
  /** The connection that closed last had synced (for the 4403 decision). */
  let syncedThisConnection = false;

  const provider = new WebsocketProvider(
    options.serverUrl ?? collabServerUrl(window.location),
    roomName(docType, id),
    ydoc,
    {
      params: options.params ?? {},
      WebSocketPolyfill: options.WebSocketPolyfill,
      disableBc: options.disableBc ?? false,
      shouldReconnect: (event) => shouldReconnectAfter(event.code, syncedThisConnection),
    },
  );
  const awareness = provider.awareness;
  const presence = createStore<Presence[]>([]);

  const update = (patch: Partial<ProviderSignals>) => {
    Object.assign(signals, patch);
    state.set(collabState(signals));
  };
  provider.on('status', ({ status }) => {
    if (status === 'connecting') syncedThisConnection = false;
    update({ status, everConnected: signals.everConnected || status === 'connected' });
  });
  provider.on('sync', (synced: boolean) => {
    if (synced) syncedThisConnection = true;
    update({ synced });
  });
  provider.on('connection-close', () => update({ synced: false }));
  provider.on('closed', ({ code }) => update({ terminalCode: code, status: 'disconnected', synced: false }));

  const refreshPresence = () => presence.set(presenceFromStates(awareness.getStates(), ydoc.clientID));
  awareness.on('change', refreshPresence);
  awareness.setLocalStateField('user', user);
  refreshPresence();

  return {
    docType,
    id,
    ydoc,
    provider,
    awareness,
    user,
    state,
    presence,
    fragment: (sectionKey) => ydoc.getXmlFragment(sectionKey),
    setSection(sectionKey) {
      if ((awareness.getLocalState()?.[SECTION_FIELD] ?? null) !== sectionKey) {
        awareness.setLocalStateField(SECTION_FIELD, sectionKey);
      }
    },
    destroy() {
      awareness.off('change', refreshPresence);
      provider.destroy();
      ydoc.destroy();
    },
  };
}

export function useCollabState(doc: CollabDoc): CollabState {
  return useStore(doc.state);
}

export function useCollabPresence(doc: CollabDoc): Presence[] {
  return useStore(doc.presence);
}
