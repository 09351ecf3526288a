// Usage tracking (spec 01 §7): page views and actions, queued and sent in batches.
//
// Every event carries the session's user and the page (tracking-rules.ts); nothing is queued while
// signed out. The queue goes out as POST /api/track/send/v2 {events} every 5 s, at once when it
// reaches 50 events, and through navigator.sendBeacon when the page is hidden or unloaded (the
// server takes a beacon's text/plain body as the same JSON). A failed send keeps its events (at
// most 1000, the oldest dropped first) and is tried again later, waiting longer after each
// failure; a batch the server refuses as malformed is dropped (the rest goes on time). A send in
// flight when the session ends (resetTracking) is not tried again under the next one; flushing
// before the end waits for it. Failures are only logged ('user info report error', 01 §8).

import type { TrackAccepted } from '@/generated/TrackAccepted';
import type { TrackBatch } from '@/generated/TrackBatch';
import type { TrackEvent } from '@/generated/TrackEvent';
import { api, isApiError } from '@/lib/api-client';
import { isDesktopClient } from '@/lib/desktop-env';
import { currentRole, sessionStore } from '@/lib/session';
import {
  buildContext,
  CHANNEL_DESKTOP,
  CHANNEL_WEB,
  TRACK_BATCH_MAX,
  TRACK_EXPOSURE,
  TRACK_KIND_ACTION,
  TRACK_KIND_PAGE,
  TRACK_NAME_MAX,
  TRACK_PAGE_VIEW,
  type TrackContext,
  clip,
} from './tracking-rules';

export const TRACK_SEND_URL = '/api/track/send/v2';
export const FLUSH_INTERVAL_MS = 5000;
export const FLUSH_AT = 50;
export const MAX_QUEUED = 1000;
/** The longest wait between retries after failures. */
export const MAX_RETRY_MS = 60_000;
export const TRACK_ERROR_TEXT = 'user info report error';
/** How long one send may take. */
export const SEND_TIMEOUT_MS = 10_000;

/** A failed send: `retry` keeps its events for another try. */
export class TrackSendError extends Error {
  readonly retry: boolean;
  constructor(message: string, retry: boolean) {
    super(message);
    this.name = 'TrackSendError';
    this.retry = retry;
  }
}

export interface TrackerOptions {
  /** Who and where; null while signed out (nothing is tracked then). */
  context: () => TrackContext | null;
  /** Sends one batch; rejects with TrackSendError (or anything: kept and retried). */
  send?: (events: TrackEvent[]) => Promise<void>;
  /** navigator.sendBeacon; null where there is none. */
  beacon?: Beacon | null;
  now?: () => number;
  flushIntervalMs?: number;
  flushAt?: number;
  maxQueued?: number;
  logger?: Pick<Console, 'warn'>;
}

/** POST /api/track/send/v2, quietly. A refused batch (4xx other than 408/429) is not sent again. */
export async function sendBatch(events: TrackEvent[]): Promise<void> {
  const body: TrackBatch = { events };
  try {
    await api.post<TrackAccepted>(TRACK_SEND_URL, body, {
      quiet: true,
      noLoading: true,
      quietWhenSignedOut: true,
      timeoutMs: SEND_TIMEOUT_MS,
    });
  } catch (e) {
    const status = isApiError(e) ? e.status : 0;
    const retry = status === 0 || status === 408 || status === 429 || status >= 500;
    throw new TrackSendError(e instanceof Error ? e.message : String(e), retry);
  }
}

type Beacon = (url: string, data: Blob) => boolean;

function defaultBeacon(): Beacon | null {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return null;
  return (url, data) => navigator.sendBeacon(url, data);
}

export class Tracker {
  private readonly opts: Required<TrackerOptions>;
  private queue: TrackEvent[] = [];
  /** The sends under way (their events come back to the queue if one fails); null when idle. */
  private flushing: Promise<void> | null = null;
  /** Bumped by clear(): a send begun before answers for a session that has ended. */
  private generation = 0;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private started = false;
  private readonly onVisibility = () => {
    if (document.visibilityState === 'hidden') this.flushWithBeacon();
  };
  private readonly onPageHide = () => {
    this.flushWithBeacon();
  };

  constructor(options: TrackerOptions) {
    this.opts = {
      context: options.context,
      send: options.send ?? sendBatch,
      beacon: options.beacon === undefined ? defaultBeacon() : options.beacon,
      now: options.now ?? (() => Date.now()),
      flushIntervalMs: options.flushIntervalMs ?? FLUSH_INTERVAL_MS,
      flushAt: options.flushAt ?? FLUSH_AT,
      maxQueued: options.maxQueued ?? MAX_QUEUED,
      logger: options.logger ?? console,
    };
  }

  /** Events waiting to be sent (not counting a send in flight). */
  get pending(): readonly TrackEvent[] {
    return this.queue;
  }

  /** Sends the queue when the page is hidden or unloaded (and on time, as events come). */
  start(): () => void {
    if (!this.started) {
      this.started = true;
      document.addEventListener('visibilitychange', this.onVisibility);
      window.addEventListener('pagehide', this.onPageHide);
    }
    this.schedule();
    return () => this.stop();
  }

  stop(): void {
    this.started = false;
    document.removeEventListener('visibilitychange', this.onVisibility);
    window.removeEventListener('pagehide', this.onPageHide);
    this.clearTimer();
  }

  /** A page view: the route's name, `homePageView` by default. */
  pageView(name: string = TRACK_PAGE_VIEW): void {
    this.add(TRACK_KIND_PAGE, name || TRACK_PAGE_VIEW);
  }

  /** An action (`exposure` by default; `collection`, `arCourseware` count as features). */
  track(action: string = TRACK_EXPOSURE): void {
    this.add(TRACK_KIND_ACTION, action || TRACK_EXPOSURE);
  }

  /**
   * Drops every queued event (the user signed out or changed); a send in flight then is not tried
   * again (its events belong to the session gone).
   */
  clear(): void {
    this.generation += 1;
    this.queue = [];
    this.failures = 0;
    this.clearTimer();
  }

  /**
   * Sends what is queued, in batches of at most 200; resolves when done or failed. A send already
   * in flight is not doubled: this waits for it (it goes on with what was queued meanwhile).
   */
  flush(): Promise<void> {
    this.clearTimer();
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const generation = this.generation;
      const batch = this.queue.splice(0, TRACK_BATCH_MAX);
      try {
        await this.opts.send(batch);
        if (generation === this.generation) this.failures = 0;
      } catch (e) {
        this.opts.logger.warn(TRACK_ERROR_TEXT, e);
        // The session ended meanwhile (clear()): its events are not kept for the next one.
        if (generation !== this.generation) {
          this.schedule();
          return;
        }
        if (!(e instanceof TrackSendError) || e.retry) {
          // Back to the front, ahead of what was queued meanwhile; the oldest go past the bound.
          this.queue = this.bounded([...batch, ...this.queue]);
          this.failures += 1;
        }
        // Dropped (refused as malformed): the rest goes on time, not at once.
        this.schedule();
        return;
      }
    }
  }

  /** Hands the queue to sendBeacon in batches of 50; what it refuses stays queued. */
  flushWithBeacon(): void {
    const beacon = this.opts.beacon;
    if (!beacon || this.queue.length === 0) return;
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.opts.flushAt);
      const body: TrackBatch = { events: batch };
      let accepted = false;
      try {
        accepted = beacon(TRACK_SEND_URL, new Blob([JSON.stringify(body)], { type: 'text/plain' }));
      } catch (e) {
        this.opts.logger.warn(TRACK_ERROR_TEXT, e);
      }
      if (!accepted) break;
      this.queue.splice(0, batch.length);
    }
    if (this.queue.length === 0) this.clearTimer();
  }

  private add(kind: string, name: string): void {
    const context = this.opts.context();
    if (!context) return;
    const event: TrackEvent = { ...context, kind, name: clip(name, TRACK_NAME_MAX), time: this.opts.now() };
    this.queue = this.bounded([...this.queue, event]);
    // After failures the backoff decides when to try again; otherwise a full batch goes at once.
    if (this.queue.length >= this.opts.flushAt && this.failures === 0 && !this.flushing) {
      void this.flush();
    } else {
      this.schedule();
    }
  }

  private bounded(events: TrackEvent[]): TrackEvent[] {
    return events.length > this.opts.maxQueued ? events.slice(events.length - this.opts.maxQueued) : events;
  }

  /** Time until the next try: the interval, doubled for each failure in a row, at most 60 s. */
  private delay(): number {
    if (this.failures === 0) return this.opts.flushIntervalMs;
    return Math.min(MAX_RETRY_MS, this.opts.flushIntervalMs * 2 ** this.failures);
  }

  private schedule(): void {
    if (this.timer || this.queue.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delay());
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Where the login time of the signed-in user is kept (shared by the tabs). */
export const LOGIN_TIME_KEY = 'trackLoginTime';

/**
 * When `email` signed in: the time kept for them, or now (kept) when none is — the first page
 * this browser loads after a login.
 */
export function loginTimeOf(email: string, now: number = Date.now()): number {
  try {
    const raw = localStorage.getItem(LOGIN_TIME_KEY);
    const stored = raw ? (JSON.parse(raw) as { email?: unknown; time?: unknown } | null) : null;
    if (stored && stored.email === email && typeof stored.time === 'number') return stored.time;
    localStorage.setItem(LOGIN_TIME_KEY, JSON.stringify({ email, time: now }));
  } catch {
    // storage unavailable: this page's start stands for the login
  }
  return now;
}

/** Forgets the login time (logout, expired session, a new login). */
export function forgetLoginTime(): void {
  try {
    localStorage.removeItem(LOGIN_TIME_KEY);
  } catch {
    // nothing kept
  }
}

/** The app's events' context: the session's user, this page, desktop or web. */
export function sessionContext(): TrackContext | null {
  const user = sessionStore.get().user;
  if (!user) return null;
  return buildContext({
    user,
    role: currentRole(user),
    pageUrl: window.location.href,
    loginTime: loginTimeOf(user.userEmail),
    channel: isDesktopClient() ? CHANNEL_DESKTOP : CHANNEL_WEB,
  });
}

/** The app's tracker. */
export const tracker = new Tracker({ context: sessionContext });

/** Reports an action (`exposure` by default). */
export function track(action: string = TRACK_EXPOSURE): void {
  tracker.track(action);
}

/** Reports a page view (`homePageView` by default). */
export function trackPageView(name: string = TRACK_PAGE_VIEW): void {
  tracker.pageView(name);
}

/** Sends what is queued before the session ends (after a send in flight), waiting at most `maxWaitMs`. */
export function flushTracking(maxWaitMs = 2000): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    void tracker.flush().finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The session ends (logout, expiry, a new login): its queued events and login time go, and a send
 * of its events still in flight is not tried again.
 */
export function resetTracking(): void {
  tracker.clear();
  forgetLoginTime();
}
