// Test helpers of the data centre: the server's dictionaries and rows, and a mocked server that
// answers the dictionaries and pages report rows like the real one.

import type { AttendanceRow } from '@/generated/AttendanceRow';
import type { DcSearch } from '@/generated/DcSearch';
import type { DictPrepare } from '@/generated/DictPrepare';
import type { RefundRow } from '@/generated/RefundRow';
import type { VipStudentRow } from '@/generated/VipStudentRow';
import { envelope, jsonBody, mockFetch } from '@/testing/test-utils';

export const dictPrepare: DictPrepare = {
  subjects: [
    { code: '53', name: '英语' },
    { code: '54', name: '数学' },
    { code: '56', name: '物理' },
  ],
  productTypes: [
    { code: 'ZJK', name: '正价课' },
    { code: 'STK', name: '试听课' },
  ],
  manageProjects: [],
  projectGroups: [],
  lessonDuringTimes: [],
  teacherTeachTimes: [],
  attendanceStatuses: [],
  leaveStatuses: [],
  lessonTypes: [],
  refundReasonTypes: [],
  quarters: [
    { code: '1', name: 'Q1（6-8月）' },
    { code: '2', name: 'Q2（9-11月）' },
    { code: '3', name: 'Q3（12-2月）' },
    { code: '4', name: 'Q4（3-5月）' },
  ],
  dataTimeTypes: [
    { code: 'day', name: '日' },
    { code: 'week', name: '周' },
    { code: 'month', name: '月' },
  ],
  scoreBands: [],
  yesNo: [],
};

export function attendanceRow(i: number, patch: Partial<AttendanceRow> = {}): AttendanceRow {
  return {
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    schoolName: '海淀校区',
    areaName: '中关村',
    subjectName: '数学',
    classTime: new Date(2026, 2, 2, 9, 0).getTime(),
    classTimeDesc: '2026-03-02 09:00–10:30',
    attendanceStatus: 1,
    attendanceStatusDesc: '出勤',
    oneLessonMinutes: 90,
    clockInTimestamp: new Date(2026, 2, 2, 8, 55).getTime(),
    leaveStatusDesc: '未请假',
    lessonTypeDesc: '正常课',
    lessonId: 1000 + i,
    classCode: 'C001',
    className: '高一数学培优班',
    teacher: '王老师',
    lessonPackageCode: '',
    ...patch,
  };
}

export function refundRow(i: number, patch: Partial<RefundRow> = {}): RefundRow {
  return {
    refundId: i,
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    schoolName: '海淀校区',
    areaName: '中关村',
    subjectName: '数学',
    classCode: 'C001',
    className: '高一数学培优班',
    packageCode: '',
    teacher: '王老师',
    refundTimestamp: new Date(2026, 2, 3, 14, 0).getTime(),
    refundAmount: 1234.5,
    refundLessonTotal: 6,
    refundReason: '时间冲突',
    refundReasonDetail: '',
    refundReasonDesc: '时间冲突',
    refundReasonType: 1,
    classStartTimestamp: new Date(2026, 0, 5, 9, 0).getTime(),
    leaveLesssonNo: 7,
    ...patch,
  };
}

export function vipStudentRow(i: number, patch: Partial<VipStudentRow> = {}): VipStudentRow {
  return {
    studentCode: `V${String(i).padStart(4, '0')}`,
    studentName: `一对一学员${i}`,
    schoolName: '海淀校区',
    areaName: '中关村',
    gradeName: '高一',
    packageCount: 2,
    lessonCount: 40,
    consumedLessonNum: 12,
    leftCount: 28,
    periodLessonCount: 3,
    lastLessonTime: new Date(2026, 2, 1, 10, 0).getTime(),
    status: 'active',
    statusDesc: '在读',
    ...patch,
  };
}

/** The body a report call sent. */
export const searchOf = (init?: RequestInit) => jsonBody(init) as DcSearch;

type Respond = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** A page of `all` as the server answers the search in the body. */
export function pageOf(all: readonly unknown[]): Respond {
  return (_url, init) => {
    const { pageNo = 1, pageSize = 30 } = searchOf(init);
    const records = all.slice((pageNo - 1) * pageSize, pageNo * pageSize);
    return envelope({ records, total: all.length, pageNo, pageSize });
  };
}

/** The dictionaries, then `routes` (first match wins, as in mockFetch). */
export function dcServer(routes: [method: string, path: string, respond: Respond][] = []) {
  return mockFetch([
    ...routes,
    ['GET', '/api/dict/prepare', () => envelope(dictPrepare)],
    [
      'GET',
      '/api/dict/productGroup',
      () =>
        envelope([
          { code: '1', name: '培优' },
          { code: '2', name: '精品' },
        ]),
    ],
    [
      'GET',
      '/api/dict/jw/grade',
      () =>
        envelope([
          { gradeCode: 10, gradeName: '高一', stage: 4 },
          { gradeCode: 11, gradeName: '高二', stage: 4 },
        ]),
    ],
    [
      'GET',
      '/api/school/areaListBySchoolId',
      (url) =>
        envelope([
          {
            areaCode: `A${url.searchParams.get('schoolId') ?? ''}`,
            areaName: '中关村',
            schoolId: 1,
            schoolName: '海淀校区',
          },
        ]),
    ],
  ]);
}
