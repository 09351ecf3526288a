// Test helpers of the work tasks: the server's rows, and a mocked server that also answers the
// data centre's dictionaries (the subjects and quarters of the QC screens' filters).

import { dcServer } from '@/features/datacentre/test-helpers';
import type { WorkTaskRow } from '@/generated/WorkTaskRow';
import type { WorkTaskStatPage } from '@/generated/WorkTaskStatPage';
import type { WorkTaskStatRow } from '@/generated/WorkTaskStatRow';
import { envelope, type FetchMock, jsonBody } from '@/testing/test-utils';

/** Task `i`: 学员i's 开课电话, to do, the learning manager 101's (李学管). */
export function taskRow(i: number, patch: Partial<WorkTaskRow> = {}): WorkTaskRow {
  return {
    id: i,
    tabType: 'ZJ',
    courseTypeDesc: '正价课首课',
    taskName: '首课跟进任务',
    stepCode: 'startCall',
    stepName: '开课电话',
    executorRole: '1v1_xg',
    executorRoleDesc: '学管任务',
    executorId: 101,
    executorName: '李学管',
    executorEmail: 'xg@demo.eduhub',
    studentId: 500 + i,
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    teacherName: '王老师',
    schoolName: '海淀校区',
    subjectName: '数学',
    lessonTime: new Date(2026, 2, 2).getTime(),
    startAt: new Date(2026, 2, 2, 10, 0).getTime(),
    endAt: new Date(2026, 2, 3, 22, 0).getTime(),
    status: 0,
    statusDesc: '待完成',
    finishedAt: 0,
    finishedLate: false,
    note: '',
    qcStatus: 0,
    qcStatusDesc: '未质检',
    qcAt: 0,
    qcOperatorName: '',
    qcRemark: '',
    firstTag: '',
    ...patch,
  };
}

/** Task `i` done on time with a note. */
export function doneTask(i: number, patch: Partial<WorkTaskRow> = {}): WorkTaskRow {
  return taskRow(i, {
    status: 1,
    statusDesc: '已完成',
    finishedAt: new Date(2026, 2, 3, 9, 30).getTime(),
    note: '已与家长沟通开课安排',
    ...patch,
  });
}

export function statRow(patch: Partial<WorkTaskStatRow> = {}): WorkTaskStatRow {
  return {
    key: '101',
    name: '李学管',
    schoolName: '海淀校区',
    taskCnt: 10,
    doneCnt: 8,
    onTimeCnt: 6,
    overdueCnt: 3,
    checkedCnt: 4,
    qualifiedCnt: 3,
    unqualifiedCnt: 1,
    doneRate: 0.8,
    onTimeRate: 0.75,
    checkedRate: 0.5,
    qualifiedRate: 0.75,
    ...patch,
  };
}

export function statPage(patch: Partial<WorkTaskStatPage> = {}): WorkTaskStatPage {
  return {
    records: [
      statRow(),
      statRow({
        key: '102',
        name: '赵顾问',
        taskCnt: 2,
        doneCnt: 0,
        onTimeCnt: 0,
        overdueCnt: 2,
        checkedCnt: 0,
        qualifiedCnt: 0,
        unqualifiedCnt: 0,
        doneRate: 0,
        onTimeRate: -1,
        checkedRate: -1,
        qualifiedRate: -1,
      }),
    ],
    total: 2,
    pageNo: 1,
    pageSize: 30,
    summary: statRow({ key: '', name: '', schoolName: '', taskCnt: 12, doneCnt: 8, overdueCnt: 5 }),
    ...patch,
  };
}

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

/** An error envelope with its HTTP status. */
export const refusal = (code: string, msg: string, status: number) => () => envelope(null, code, msg, status);

/** `routes` first, then the data centre's dictionaries. */
export function workTaskServer(routes: [method: string, path: string, respond: Respond][] = []): FetchMock {
  return dcServer(routes);
}

/** The JSON bodies of the calls to exactly `path`, in order. */
export function bodies<T = Record<string, unknown>>(fetch: FetchMock, path: string): T[] {
  return fetch.mock.calls.filter(([u]) => u.split('?')[0] === path).map(([, init]) => jsonBody(init) as T);
}
