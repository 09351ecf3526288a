// Test helpers of the student dynamics: the server's rows and a mocked server.

import type { StudentDynamicRow } from '@/generated/StudentDynamicRow';
import type { StudentDynamicStatRow } from '@/generated/StudentDynamicStatRow';
import { envelope, type FetchMock, jsonBody, mockFetch } from '@/testing/test-utils';

export const LIST = '/api/studentDynamic/list';
export const FOLLOW = '/api/studentDynamic/follow';
export const STATISTICS = '/api/studentDynamic/statistics';

/** Dynamic `i`: 学员i missed 王老师's lesson on 2026-03-02 10:00, not followed up. */
export function dynamicRow(i: number, patch: Partial<StudentDynamicRow> = {}): StudentDynamicRow {
  return {
    kind: 1,
    kindName: '缺课',
    sourceKey: `a:${100 + i}:${500 + i}`,
    studentId: 500 + i,
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    teacherName: '王老师',
    happenedAt: new Date(2026, 2, 2, 10, 0).getTime(),
    detail: '第3讲 分数的认识 缺勤',
    followed: false,
    followedAt: 0,
    followedBy: '',
    method: 0,
    methodName: '',
    note: '',
    ...patch,
  };
}

/** Dynamic `i` followed up by phone on 2026-03-03 09:30 by 李学管. */
export function followedRow(i: number, patch: Partial<StudentDynamicRow> = {}): StudentDynamicRow {
  return dynamicRow(i, {
    followed: true,
    followedAt: new Date(2026, 2, 3, 9, 30).getTime(),
    followedBy: '李学管',
    method: 1,
    methodName: '电话',
    note: '家长说孩子生病，下周补课',
    ...patch,
  });
}

/** The four kinds, then 合计; 成绩下滑 had none (its rate has no base). */
export const STAT_ROWS: StudentDynamicStatRow[] = [
  { kind: 1, kindName: '缺课', total: 4, followed: 3, followRate: 0.75 },
  { kind: 2, kindName: '直播课未到课', total: 2, followed: 0, followRate: 0 },
  { kind: 3, kindName: '退费', total: 1, followed: 1, followRate: 1 },
  { kind: 4, kindName: '成绩下滑', total: 0, followed: 0, followRate: -1 },
  { kind: 0, kindName: '合计', total: 7, followed: 4, followRate: 4 / 7 },
];

type Respond = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** A page of `all` as the server answers the paging in the body. */
export function pageOf(all: readonly unknown[]): Respond {
  return (_url, init) => {
    const { pageNo = 1, pageSize = 30 } = jsonBody(init) as { pageNo?: number; pageSize?: number };
    return envelope({
      records: all.slice((pageNo - 1) * pageSize, pageNo * pageSize),
      total: all.length,
      pageNo,
      pageSize,
    });
  };
}

/** The list of `rows`, the statistics, and `follow` answering a follow-up. */
export function dynamicServer(
  rows: readonly StudentDynamicRow[],
  follow: Respond = (_url, init) => envelope(followedRow(1, jsonBody(init))),
): FetchMock {
  return mockFetch([
    ['POST', LIST, pageOf(rows)],
    ['POST', FOLLOW, follow],
    ['POST', STATISTICS, () => envelope(STAT_ROWS)],
  ]);
}

/** The JSON bodies of the calls to exactly `path`, in order. */
export function bodies<T = Record<string, unknown>>(fetch: FetchMock, path: string): T[] {
  return fetch.mock.calls.filter(([u]) => u.split('?')[0] === path).map(([, init]) => jsonBody(init) as T);
}
