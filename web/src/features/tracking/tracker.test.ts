import { createElement } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackBatch } from '@/generated/TrackBatch';
import { captureDesktopLaunch, resetDesktopEnv } from '@/lib/desktop-env';
import { sessionStore } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { bodiesOf, envelope, type FetchMock, mockFetch, render, screen, userEvent } from '@/testing/test-utils';
import { pageViewName, usePageViewTracking } from './hooks/use-page-view-tracking';
import {
  LOGIN_TIME_KEY,
  loginTimeOf,
  MAX_RETRY_MS,
  resetTracking,
  sessionContext,
  TRACK_ERROR_TEXT,
  TRACK_SEND_URL,
  Tracker,
  TrackSendError,
  tracker as appTracker,
  type TrackerOptions,
} from './tracker';
import * as rules from './tracking-rules';
import { buildContext, schoolNamesOf, type TrackContext } from './tracking-rules';

/** A page of the main layout: tracks its views, goes to the download centre and back. */
function Page() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  usePageViewTracking(pathname === '/downloadCenter' ? 'DownloadCenter' : 'Home');
  return createElement(
    'div',
    null,
    createElement('span', null, pathname),
    createElement('button', { onClick: () => void navigate('/downloadCenter') }, 'go'),
    createElement('button', { onClick: () => void navigate('/main/home') }, 'back'),
  );
}

const context: TrackContext = {
  userName: '王老师',
  email: 'teacher@demo.eduhub',
  schoolNames: '海淀校区',
  schoolIds: '1',
  role: 'teacher',
  province: '北京',
  loginTime: 1_700_000_000_000,
  pageUrl: 'http://localhost/main/home',
  externalUserId: 'u1',
  channel: 'web',
};

let signedIn: boolean;
let beacon: ReturnType<typeof vi.fn<(url: string, data: Blob) => boolean>>;
let warn: ReturnType<typeof vi.fn<(...data: unknown[]) => void>>;
let fetchMock: FetchMock;
/** What the server answers to send/v2: accepted, a refusal, a failure. */
let answer: 'ok' | 'bad' | 'down' | 'offline';

function tracker(options: Partial<TrackerOptions> = {}) {
  return new Tracker({
    context: () => (signedIn ? context : null),
    beacon,
    now: () => 1_700_000_123_000,
    logger: { warn },
    ...options,
  });
}

/** The events of each send/v2 so far. */
function sent(): TrackBatch['events'][] {
  return bodiesOf(fetchMock, TRACK_SEND_URL).map((b) => (b as unknown as TrackBatch).events);
}

/** A beacon's body (FileReader needs real timers). */
function blobText(blob: Blob): Promise<string> {
  vi.useRealTimers();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(new Error('unreadable blob'));
    reader.readAsText(blob);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  signedIn = true;
  answer = 'ok';
  beacon = vi.fn<(url: string, data: Blob) => boolean>(() => true);
  warn = vi.fn();
  fetchMock = mockFetch([
    [
      'POST',
      TRACK_SEND_URL,
      (_url, init) => {
        if (answer === 'offline') throw new TypeError('Failed to fetch');
        if (answer === 'bad') return envelope(null, 'A0400', '第1条事件缺少名称', 400);
        if (answer === 'down') return envelope(null, 'B0001', '系统繁忙', 503);
        const body = JSON.parse(init?.body as string) as TrackBatch;
        return envelope({ accepted: body.events.length });
      },
    ],
  ]);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Tracker', () => {
  it('queues events with the session fields and sends them as one batch after 5 s', async () => {
    const t = tracker();
    t.pageView();
    t.track();
    t.track('collection');
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/track/send/v2');
    expect(init?.method).toBe('POST');
    expect(sent()).toEqual([
      [
        { ...context, kind: 'page', name: 'homePageView', time: 1_700_000_123_000 },
        { ...context, kind: 'action', name: 'exposure', time: 1_700_000_123_000 },
        { ...context, kind: 'action', name: 'collection', time: 1_700_000_123_000 },
      ],
    ]);
    expect(t.pending).toHaveLength(0);
  });

  it('sends at once when 50 events are queued', async () => {
    const t = tracker();
    for (let i = 0; i < 49; i += 1) t.track(`a${i}`);
    expect(fetchMock).not.toHaveBeenCalled();
    t.track('a49');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toHaveLength(50);
    // Nothing left: the 5 s timer sends nothing more.
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tracks nothing while signed out', async () => {
    signedIn = false;
    const t = tracker();
    t.pageView('DownloadCenter');
    t.track();
    expect(t.pending).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the events of a failed send and tries again later, waiting longer each time', async () => {
    const t = tracker();
    answer = 'offline';
    t.track('a');
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(t.pending.map((e) => e.name)).toEqual(['a']);
    expect(warn).toHaveBeenCalledWith(TRACK_ERROR_TEXT, expect.anything());

    // Queued meanwhile: behind the kept ones; the next try waits 10 s.
    t.track('b');
    await vi.advanceTimersByTimeAsync(9999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer = 'down';
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(t.pending.map((e) => e.name)).toEqual(['a', 'b']);

    // Then 20 s; the server is back.
    answer = 'ok';
    await vi.advanceTimersByTimeAsync(19_999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent()[2]!.map((e) => e.name)).toEqual(['a', 'b']);
    expect(t.pending).toHaveLength(0);

    // Success resets the wait.
    t.track('c');
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('does not send at 50 events while retrying after failures', async () => {
    const t = tracker();
    answer = 'offline';
    t.track('first');
    await vi.advanceTimersByTimeAsync(5000);
    for (let i = 0; i < 60; i += 1) t.track(`a${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('waits at most a minute between tries', async () => {
    const t = tracker();
    answer = 'offline';
    t.track('a');
    for (let i = 0; i < 6; i += 1) await vi.advanceTimersByTimeAsync(MAX_RETRY_MS);
    const calls = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(MAX_RETRY_MS);
    expect(fetchMock.mock.calls.length).toBe(calls + 1);
  });

  it('keeps at most 1000 events, dropping the oldest', async () => {
    const t = tracker();
    answer = 'offline';
    t.track('first');
    await vi.advanceTimersByTimeAsync(5000);
    for (let i = 0; i < 1100; i += 1) t.track(`a${i}`);
    expect(t.pending).toHaveLength(1000);
    expect(t.pending[0]!.name).toBe('a100');
    expect(t.pending[999]!.name).toBe('a1099');
  });

  it('sends a long queue in batches of at most 200', async () => {
    const t = tracker();
    answer = 'offline';
    t.track('first');
    await vi.advanceTimersByTimeAsync(5000);
    for (let i = 0; i < 249; i += 1) t.track(`a${i}`);
    answer = 'ok';
    await t.flush();
    expect(
      sent()
        .slice(1)
        .map((b) => b.length),
    ).toEqual([200, 50]);
    expect(t.pending).toHaveLength(0);
  });

  it('drops a batch the server refuses as malformed', async () => {
    const t = tracker();
    answer = 'bad';
    t.track('a');
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(t.pending).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith(TRACK_ERROR_TEXT, expect.anything());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('hands the queue to sendBeacon as text/plain JSON when the page is hidden', async () => {
    const t = tracker();
    const stop = t.start();
    t.pageView('DownloadCenter');
    t.track();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/track/send/v2');
    expect(blob.type).toBe('text/plain');
    expect(t.pending).toHaveLength(0);
    // Nothing left for the timer.
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).not.toHaveBeenCalled();
    stop();
    const body = JSON.parse(await blobText(blob)) as TrackBatch;
    expect(body.events.map((e) => [e.kind, e.name])).toEqual([
      ['page', 'DownloadCenter'],
      ['action', 'exposure'],
    ]);
  });

  it('sends by beacon on pagehide in batches of 50 and keeps what sendBeacon refuses', async () => {
    beacon.mockReturnValueOnce(true).mockReturnValueOnce(false);
    const t = tracker();
    const stop = t.start();
    // A failed send first, so that 50 queued events wait for the retry instead of going at once.
    answer = 'offline';
    t.track('first');
    await vi.advanceTimersByTimeAsync(5000);
    for (let i = 0; i < 78; i += 1) t.track(`a${i}`);
    expect(t.pending).toHaveLength(79);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(t.pending).toHaveLength(29);
    expect(t.pending[0]!.name).toBe('a49');
    stop();
    const first = JSON.parse(await blobText(beacon.mock.calls[0]![1])) as TrackBatch;
    expect(first.events).toHaveLength(50);
    expect(first.events[0]!.name).toBe('first');
  });

  it('stops listening after stop()', () => {
    const t = tracker();
    t.start()();
    t.track();
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled();
  });

  it('schedules the rest of the queue after dropping a refused batch', async () => {
    const t = tracker({ flushAt: 1000 });
    for (let i = 0; i < 250; i += 1) t.track(`a${i}`);
    answer = 'bad';
    await t.flush();
    expect(sent().map((b) => b.length)).toEqual([200]);
    expect(t.pending).toHaveLength(50);
    answer = 'ok';
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent().map((b) => b.length)).toEqual([200, 50]);
    expect(t.pending).toHaveLength(0);
  });

  it('flush() waits for a send in flight, and what was queued meanwhile goes too', async () => {
    const sends: { events: string[]; done: () => void }[] = [];
    const t = tracker({
      send: (events) =>
        new Promise<void>((resolve) => sends.push({ events: events.map((e) => e.name), done: resolve })),
    });
    t.track('a');
    await vi.advanceTimersByTimeAsync(5000);
    expect(sends.map((s) => s.events)).toEqual([['a']]);
    t.track('b');
    let flushed = false;
    void t.flush().then(() => (flushed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(false);
    expect(sends).toHaveLength(1);
    sends[0]!.done();
    await vi.advanceTimersByTimeAsync(0);
    expect(sends.map((s) => s.events)).toEqual([['a'], ['b']]);
    expect(flushed).toBe(false);
    sends[1]!.done();
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(true);
    expect(t.pending).toHaveLength(0);
  });

  it('does not keep for the next session a batch in flight when the session ended', async () => {
    const sends: { events: string[]; done: () => void; fail: () => void }[] = [];
    const t = tracker({
      send: (events) =>
        new Promise<void>((resolve, reject) =>
          sends.push({
            events: events.map((e) => e.name),
            done: resolve,
            fail: () => reject(new TrackSendError('系统繁忙', true)),
          }),
        ),
    });
    t.track('old');
    await vi.advanceTimersByTimeAsync(5000);
    expect(sends).toHaveLength(1);
    // Logout: the queue goes; the send in flight then fails as worth another try.
    t.clear();
    sends[0]!.fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.pending).toHaveLength(0);
    // The next session's events go alone, on time, and nothing is tried again.
    t.track('new');
    await vi.advanceTimersByTimeAsync(5000);
    expect(sends.map((s) => s.events)).toEqual([['old'], ['new']]);
    sends[1]!.done();
    await vi.advanceTimersByTimeAsync(MAX_RETRY_MS * 2);
    expect(sends).toHaveLength(2);
    expect(t.pending).toHaveLength(0);
  });

  it('clear() drops the queue', async () => {
    const t = tracker();
    t.track();
    t.clear();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('event fields', () => {
  it('reports 集团 for a user of more than two schools', () => {
    const schools = [
      { id: 1, name: '海淀校区', localEdition: false },
      { id: 2, name: '朝阳校区', localEdition: false },
    ];
    expect(schoolNamesOf(schools)).toBe('海淀校区,朝阳校区');
    expect(schoolNamesOf([...schools, { id: 3, name: '西城校区', localEdition: false }])).toBe('集团');
    const c = buildContext({
      user: userInfo({ schoolList: [...schools, { id: 3, name: '西城校区', localEdition: false }] }),
      role: 'teacher',
      pageUrl: 'http://localhost/x',
      loginTime: null,
      channel: 'web',
    });
    expect(c.schoolNames).toBe('集团');
    expect(c.schoolIds).toBe('1,2,3');
    expect(c).not.toHaveProperty('loginTime');
  });

  it('cuts long texts to what the server keeps', () => {
    const c = buildContext({
      user: userInfo({ userName: '王'.repeat(150) }),
      role: null,
      pageUrl: `http://localhost/${'x'.repeat(600)}`,
      loginTime: 5,
      channel: 'web',
    });
    expect(Array.from(c.userName)).toHaveLength(100);
    expect(c.pageUrl).toHaveLength(500);
    expect(c.role).toBe('');
    expect(c.loginTime).toBe(5);
  });

  it('takes the session user, the page, the login time and the channel', () => {
    resetDesktopEnv();
    captureDesktopLaunch('', null);
    expect(sessionContext()).toBeNull();
    sessionStore.set((s) => ({ ...s, user: userInfo() }));
    try {
      const c = sessionContext()!;
      expect(c).toMatchObject({
        userName: '王老师',
        email: 'teacher@demo.eduhub',
        schoolNames: '海淀校区',
        schoolIds: '1',
        role: 'teacher',
        province: '北京',
        externalUserId: 'u1',
        channel: 'web',
        pageUrl: window.location.href,
      });
      expect(c.loginTime).toBe(loginTimeOf('teacher@demo.eduhub'));
      captureDesktopLaunch('?electronPort=6001', null);
      expect(sessionContext()!.channel).toBe('desktop');
    } finally {
      sessionStore.set((s) => ({ ...s, user: null }));
      resetDesktopEnv();
    }
  });

  it('keeps the login time per user until the session is reset', () => {
    expect(loginTimeOf('a@x', 100)).toBe(100);
    expect(loginTimeOf('a@x', 200)).toBe(100);
    expect(loginTimeOf('b@x', 300)).toBe(300);
    resetTracking();
    expect(localStorage.getItem(LOGIN_TIME_KEY)).toBeNull();
    expect(loginTimeOf('b@x', 400)).toBe(400);
  });

  it('names page views by route, homePageView for home', () => {
    expect(pageViewName('Home')).toBe('homePageView');
    expect(pageViewName(undefined)).toBe('homePageView');
    expect(pageViewName('DownloadCenter')).toBe('DownloadCenter');
  });
});

const protocolSources = import.meta.glob<string>('../../../../protocol/src/dto/tracking.rs', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('page views', () => {
  it('reports one per route change, none while signed out', async () => {
    vi.useRealTimers();
    appTracker.clear();
    sessionStore.set((s) => ({ ...s, user: userInfo() }));
    try {
      render(createElement(Page), { route: '/main/home' });
      expect(appTracker.pending.map((e) => [e.kind, e.name])).toEqual([['page', 'homePageView']]);
      await userEvent.click(screen.getByRole('button', { name: 'go' }));
      await screen.findByText('/downloadCenter');
      expect(appTracker.pending.map((e) => e.name)).toEqual(['homePageView', 'DownloadCenter']);
      expect(appTracker.pending[1]!.email).toBe('teacher@demo.eduhub');
      sessionStore.set((s) => ({ ...s, user: null }));
      await userEvent.click(screen.getByRole('button', { name: 'back' }));
      await screen.findByText('/main/home');
      expect(appTracker.pending).toHaveLength(2);
    } finally {
      sessionStore.set((s) => ({ ...s, user: null }));
      appTracker.clear();
    }
  });
});

describe('protocol mirror', () => {
  it('copies the constants of protocol/src/dto/tracking.rs', () => {
    const text = Object.values(protocolSources)[0];
    expect(text).toBeDefined();
    const value = (name: string) => {
      const m = new RegExp(`pub const ${name}: [^=]+= ([^;]+);`).exec(text!);
      if (!m?.[1]) throw new Error(`no constant ${name}`);
      const v = m[1].trim();
      return v.startsWith('"') ? v.slice(1, -1) : Number(v);
    };
    for (const name of [
      'TRACK_PAGE_VIEW',
      'TRACK_EXPOSURE',
      'TRACK_KIND_PAGE',
      'TRACK_KIND_ACTION',
      'TRACK_FEATURE_COLLECTION',
      'TRACK_FEATURE_AR',
      'TRACK_BATCH_MAX',
      'TRACK_TEXT_MAX',
      'TRACK_GROUP_SCHOOL',
    ] as const) {
      expect(rules[name], name).toBe(value(name));
    }
  });
});
