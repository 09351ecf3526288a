import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { bodiesOf, createTestQueryClient, renderHook } from '@/testing/test-utils';
import { WATCH_RENEW_MS } from '../live-dict';
import { LESSON_ID, liveServer, WATCH } from '../test-helpers';
import { lessonChangeOf, useLessonLive } from './use-lesson-live';
import { liveLessonKeys } from './live-lesson-keys';

const message = (value: unknown) => ({
  id: '',
  typeCode: 'magic_live_lesson',
  content: pushContent({ value: value as never }),
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a live lesson followed', () => {
  it('reads a LiveLessonChange from a push, and nothing else', () => {
    expect(lessonChangeOf(message({ lessonId: 42, what: 'patrol' }))).toEqual({ lessonId: 42, what: 'patrol' });
    expect(lessonChangeOf(message({ lessonId: 42 }))).toEqual({ lessonId: 42, what: '' });
    expect(lessonChangeOf(message({ lessonId: '42', what: 'patrol' }))).toBeNull();
    expect(lessonChangeOf(message([42]))).toBeNull();
    expect(lessonChangeOf(message(null))).toBeNull();
  });

  it('watches on mount, renews at half the watch while mounted, and stops when gone', () => {
    vi.useFakeTimers();
    const fetch = liveServer();
    const { client } = connectedClient();
    const { unmount } = renderHook(() => useLessonLive(LESSON_ID, client));
    expect(bodiesOf(fetch, WATCH)).toEqual([{ lessonId: LESSON_ID }]);
    vi.advanceTimersByTime(WATCH_RENEW_MS - 1);
    expect(bodiesOf(fetch, WATCH)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(bodiesOf(fetch, WATCH)).toHaveLength(2);
    vi.advanceTimersByTime(WATCH_RENEW_MS);
    expect(bodiesOf(fetch, WATCH)).toHaveLength(3);
    unmount();
    vi.advanceTimersByTime(5 * WATCH_RENEW_MS);
    expect(bodiesOf(fetch, WATCH)).toHaveLength(3);
  });

  it("reads again only its own lesson's changes, the patrols on a patrol, and both after a reconnect", () => {
    vi.useFakeTimers();
    const fetch = liveServer();
    const { client, socket } = connectedClient();
    const queryClient = createTestQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderHook(() => useLessonLive(LESSON_ID, client), { queryClient });
    const keys = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);

    socket.push('', 'magic_live_lesson', pushContent({ value: { lessonId: 43, what: 'patrol' } }));
    expect(keys()).toEqual([]);
    socket.push('', 'magic_live_lesson', pushContent({ value: { lessonId: LESSON_ID, what: 'presence' } }));
    expect(keys()).toEqual([liveLessonKeys.detail(LESSON_ID)]);
    socket.push('', 'magic_live_lesson', pushContent({ value: { lessonId: LESSON_ID, what: 'patrol' } }));
    // The lesson again only once the window is over (a burst of entries is one read more).
    expect(keys()).toEqual([liveLessonKeys.detail(LESSON_ID), liveLessonKeys.patrols(LESSON_ID)]);
    vi.advanceTimersByTime(1000);
    expect(keys()).toHaveLength(3);
    expect(keys()[2]).toEqual(liveLessonKeys.detail(LESSON_ID));

    const watches = bodiesOf(fetch, WATCH).length;
    socket.drop();
    vi.advanceTimersByTime(2_000);
    socket.open();
    expect(bodiesOf(fetch, WATCH)).toHaveLength(watches + 1);
    expect(keys().slice(3)).toEqual([liveLessonKeys.detail(LESSON_ID), liveLessonKeys.patrols(LESSON_ID)]);
  });
});
