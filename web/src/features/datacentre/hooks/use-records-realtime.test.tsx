import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClassOverview } from '@/generated/ClassOverview';
import type { DcSearch } from '@/generated/DcSearch';
import type { RecordsChanged } from '@/generated/RecordsChanged';
import { useLoading } from '@/lib/loading';
import { connectedClient, pushContent } from '@/testing/fake-socket';
import { envelope, renderHook, urlsOf, waitFor } from '@/testing/test-utils';
import { dcKeys } from '../api/dc-keys';
import { useClassOverview } from '../api/databoard';
import { useAreas, useDictPrepare } from '../api/dict';
import { useReportPage } from '../api/report-page';
import { defaultDcSearch, toWire } from '../dc-search';
import { attendanceRow, dcServer, pageOf, prepSummary } from '../test-helpers';
import { useRecordsRealtime } from './use-records-realtime';

afterEach(() => {
  vi.unstubAllGlobals();
});

const OVERVIEW = '/api/databoard/class/overview';
const ATTENDANCE = '/api/attendance/detail/class';
const REFUNDS = '/api/refund/detail/class';
const PREP_SUMMARY = '/api/lessonPrepare/teacherLessonDetail/summary';

const overview = (lessonCount: number): ClassOverview => ({
  classCount: 1,
  studentCount: 3,
  lessonCount,
  expectedCount: 3 * lessonCount,
  attendedCount: 3 * lessonCount,
  attendanceRate: 1,
  leaveCount: 0,
  newStudentCount: 0,
  refundCount: 0,
  refundAmount: 0,
});

const changed = (kinds: RecordsChanged['kinds']) => pushContent({ value: { kinds } satisfies RecordsChanged });

/**
 * A board's overview, an attendance page, the dictionaries and a school's areas on screen, over
 * a server whose lesson count is `lessons.current`; a refund page and a lesson-preparation summary
 * in the cache but not on screen.
 * Every loading overlay's count seen is kept in `overlay`.
 */
async function openScreens() {
  const lessons = { current: 4 };
  const fetch = dcServer([
    ['POST', OVERVIEW, () => envelope(overview(lessons.current))],
    ['POST', ATTENDANCE, pageOf([attendanceRow(1), attendanceRow(2)])],
  ]);
  const { client, socket } = connectedClient();
  const search: DcSearch = toWire(defaultDcSearch(new Date()), { pageNo: 1, pageSize: 30 });
  const overlay: number[] = [];
  const { result, queryClient, unmount } = renderHook(() => {
    useRecordsRealtime(client);
    overlay.push(useLoading().count);
    return {
      overview: useClassOverview(search),
      attendance: useReportPage(ATTENDANCE, search),
      dict: useDictPrepare(),
      areas: useAreas(1001),
    };
  });
  queryClient.setQueryData(dcKeys.report(REFUNDS, search), { records: [], total: 0, pageNo: 1, pageSize: 30 });
  queryClient.setQueryData(dcKeys.summary(PREP_SUMMARY, search), prepSummary);
  await waitFor(() => {
    expect(result.current.overview.data?.lessonCount).toBe(4);
    expect(result.current.attendance.data?.total).toBe(2);
    expect(result.current.dict.isSuccess && result.current.areas.isSuccess).toBe(true);
  });
  fetch.mockClear();
  overlay.length = 0;
  return { lessons, fetch, socket, search, result, queryClient, overlay, unmount };
}

const notFetching = (queryClient: QueryClient) => expect(queryClient.isFetching()).toBe(0);
const invalidated = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: dcKeys.all })
    .filter((q) => q.state.isInvalidated);

describe('records_changed', () => {
  it('reads every report and board figure on screen again, quietly, and marks the others stale', async () => {
    const { lessons, fetch, socket, search, result, queryClient, overlay } = await openScreens();
    lessons.current = 5;
    // As the server sends it: an empty id, so neither acknowledged nor a resume point.
    socket.push('', 'records_changed', changed(['lessons', 'attendance']));
    await waitFor(() => expect(result.current.overview.data?.lessonCount).toBe(5));
    await waitFor(() => notFetching(queryClient));
    expect(urlsOf(fetch).sort()).toEqual([ATTENDANCE, OVERVIEW]);
    expect(socket.acks()).toEqual([]);
    // The figures shown stay until the new ones arrive: no loading overlay over the screen.
    expect(overlay.every((count) => count === 0)).toBe(true);
    // The refund page and the summary not shown are read when next shown; dictionaries and areas stay.
    expect(queryClient.getQueryState(dcKeys.report(REFUNDS, search))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(dcKeys.summary(PREP_SUMMARY, search))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(dcKeys.dict('prepare'))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(dcKeys.areas(1001))?.isInvalidated).toBe(false);
  });

  it('is the only push that does so', async () => {
    const { lessons, fetch, socket, result, queryClient } = await openScreens();
    lessons.current = 6;
    socket.push('', 'version', pushContent({ value: 'other-build' }));
    socket.push(7, 'backstage_001', pushContent({ id: 3 }));
    socket.push(8, 'magic_001', pushContent({ id: 9, fileStatus: 3, value: { queueCount: 0, doneCount: 1 } }));
    await new Promise((r) => setTimeout(r, 50));
    notFetching(queryClient);
    expect(urlsOf(fetch)).toEqual([]);
    expect(result.current.overview.data?.lessonCount).toBe(4);
    expect(invalidated(queryClient)).toEqual([]);
  });

  it('reads them again after a reconnect (a signal sent meanwhile is not replayed), and not after unmount', async () => {
    const { lessons, fetch, socket, result, queryClient, unmount } = await openScreens();
    lessons.current = 7;
    vi.useFakeTimers();
    try {
      socket.drop();
      vi.advanceTimersByTime(2_000);
    } finally {
      vi.useRealTimers();
    }
    socket.open();
    await waitFor(() => expect(result.current.overview.data?.lessonCount).toBe(7));
    await waitFor(() => notFetching(queryClient));
    expect(urlsOf(fetch).sort()).toEqual([ATTENDANCE, OVERVIEW]);

    unmount();
    queryClient
      .getQueryCache()
      .findAll()
      .forEach((q) => q.setState({ isInvalidated: false }));
    socket.push('', 'records_changed', changed(['refunds']));
    expect(invalidated(queryClient)).toEqual([]);
  });
});
