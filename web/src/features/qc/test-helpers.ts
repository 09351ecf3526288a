// Test helpers of the service QC: the server's rows, and a mocked server that answers the
// pickers' lists (teams, services, quick comments, rule, calendar) like the real one.

import type { AiDetail } from '@/generated/AiDetail';
import type { PunchDetail } from '@/generated/PunchDetail';
import type { QcEmployeeRow } from '@/generated/QcEmployeeRow';
import type { QcGroupRow } from '@/generated/QcGroupRow';
import type { QcRule } from '@/generated/QcRule';
import type { QcSearch } from '@/generated/QcSearch';
import type { QcStatPage } from '@/generated/QcStatPage';
import type { QcStatRow } from '@/generated/QcStatRow';
import type { ServicePunchRow } from '@/generated/ServicePunchRow';
import type { ServiceType } from '@/generated/ServiceType';
import type { StaffInfo } from '@/generated/StaffInfo';
import { envelope, jsonBody, mockFetch, type FetchMock } from '@/testing/test-utils';

export function employeeRow(i: number, patch: Partial<QcEmployeeRow> = {}): QcEmployeeRow {
  return {
    employeeId: 100 + i,
    employeeName: `老师${i}`,
    email: `t${i}@demo.eduhub`,
    roleCodeStr: '教师',
    schoolId: 1001,
    schoolName: '北京海淀校区',
    groupId: 4,
    groupName: '海淀一组',
    responsibleList: ['孙质检'],
    serviceCount: 12,
    checkedCount: 3,
    unqualifiedCount: 1,
    qcCount: 3,
    checkStatusStr: '已质检',
    resultStatusStr: '不合格',
    classicCaseStr: '否',
    lastQcTime: new Date(2026, 2, 4, 10, 30).getTime(),
    lastQcOperator: '孙质检',
    ...patch,
  };
}

export function punchRow(i: number, patch: Partial<ServicePunchRow> = {}): ServicePunchRow {
  return {
    punchId: i,
    punchTime: new Date(2026, 2, 3, 19, 5).getTime(),
    punchOperator: '老师1',
    operatorId: 101,
    operatorEmail: 't1@demo.eduhub',
    roleName: '教师',
    serviceId: 1,
    serviceTypeName: '家长沟通',
    serviceIcon: 'phone',
    punchChannel: '网页端',
    submissionTag: '',
    studentId: 500 + i,
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    className: '高一数学培优班',
    schoolId: 1001,
    schoolName: '北京海淀校区',
    subjectName: '数学',
    contentExcerpt: '与家长沟通了本周的学习情况',
    checkStatus: 0,
    checkStatusDesc: '待质检',
    resultStatus: 0,
    resultStatusDesc: '',
    classicCase: false,
    lastQcTime: 0,
    lastQcOperator: '',
    ...patch,
  };
}

export function punchDetail(punch: ServicePunchRow, patch: Partial<PunchDetail> = {}): PunchDetail {
  return {
    punch,
    content: '与家长沟通了本周的学习情况，约定下周复习函数。',
    formValues: [
      { key: 'topic', label: '沟通主题', value: '学习情况' },
      { key: 'mood', label: '家长反馈', value: '' },
    ],
    reviews: [],
    ...patch,
  };
}

export function aiDetail(punchId: number, patch: Partial<AiDetail> = {}): AiDetail {
  return {
    punchId,
    suggestedResultStatus: 2,
    suggestedResultDesc: '不合格',
    findings: [
      { item: '内容字数', passed: false, detail: '18字，少于规则要求的20字' },
      { item: '打卡时段', passed: true, detail: '' },
    ],
    ...patch,
  };
}

export function rule(patch: Partial<QcRule> = {}): QcRule {
  return {
    schoolId: -1,
    inherited: false,
    minContentChars: 20,
    duplicateWindowHours: 12,
    workingHourFrom: 7,
    workingHourTo: 23,
    sampleRatePercent: 20,
    commentRequiredWhenUnqualified: true,
    updatedAt: 0,
    updatedBy: '',
    ...patch,
  };
}

export function serviceType(id: number, patch: Partial<ServiceType> = {}): ServiceType {
  return {
    id,
    name: `服务${id}`,
    icon: 'phone',
    side: 0,
    sideDesc: '全部',
    roleCodes: ['teacher'],
    roleNames: ['教师'],
    periodType: 'week',
    periodTypeDesc: '每周',
    requiredTimes: 1,
    formFields: [],
    enabled: true,
    sortNo: id,
    punchCount: 0,
    updatedAt: new Date(2026, 2, 1, 9, 0).getTime(),
    ...patch,
  };
}

export function staffInfo(userId: number, patch: Partial<StaffInfo> = {}): StaffInfo {
  return {
    userId,
    name: `员工${userId}`,
    email: `u${userId}@demo.eduhub`,
    schoolId: 1001,
    schoolName: '北京海淀校区',
    areaName: '中关村教学点',
    deptName: '教学部',
    groupId: 0,
    groupName: '',
    qcGroupId: 0,
    qcGroupName: '',
    roles: [{ code: 'teacher', name: '教师' }],
    teachingSince: 0,
    hiredAt: 0,
    ...patch,
  };
}

export function qcGroupRow(id: number, patch: Partial<QcGroupRow> = {}): QcGroupRow {
  return {
    id,
    name: `质检${id}组`,
    schoolId: 1001,
    schoolName: '北京海淀校区',
    remark: '',
    members: [{ userId: 101, name: '老师1', email: 't1@demo.eduhub' }],
    responsibleList: [{ userId: 9, name: '孙质检', email: 'inspector@demo.eduhub' }],
    updatedAt: new Date(2026, 2, 1, 9, 0).getTime(),
    updatedBy: '王管理',
    ...patch,
  };
}

export function statRow(patch: Partial<QcStatRow> = {}): QcStatRow {
  return {
    id: 1,
    name: '王老师',
    code: 'wang@demo.eduhub',
    schoolName: '北京海淀校区',
    teacherNames: '',
    takeStudentCount: 12,
    classCount: 2,
    servicedStudentCount: 9,
    serviceCount: 1234,
    overallCoverageRate: 0.75,
    qcCheckedCount: 3,
    qcCheckQualifiedCount: 2,
    qcCheckUnQualifiedCount: 1,
    qcCheckRate: 0.1,
    qcCheckQualifiedRate: 2 / 3,
    qcCheckUnQualifiedRate: -1,
    serviceValues: { service_1: 0.5 },
    ...patch,
  };
}

export function statPage(patch: Partial<QcStatPage> = {}): QcStatPage {
  return {
    view: 'teacher',
    columns: [
      { prop: 'service_1', label: '家长沟通覆盖率', kind: 'rate' },
      { prop: 'service_2', label: '课后回访覆盖率', kind: 'rate' },
    ],
    summary: statRow({ id: 0, name: '', code: '', schoolName: '', serviceCount: 2468, qcCheckedCount: 6 }),
    sampleRatePercent: 20,
    records: [statRow(), statRow({ id: 2, name: '李老师', code: 'li@demo.eduhub' })],
    total: 2,
    pageNo: 1,
    pageSize: 30,
    ...patch,
  };
}

/** The body a QC list call sent. */
export const qcSearchOf = (init?: RequestInit) => jsonBody(init) as QcSearch;

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

/** The JSON bodies of the calls to exactly `path`, in order. */
export function bodies<T = Record<string, unknown>>(fetch: FetchMock, path: string): T[] {
  return fetch.mock.calls.filter(([u]) => u.split('?')[0] === path).map(([, init]) => jsonBody(init) as T);
}

/** `routes` first (first match by path prefix wins), then the lists every QC screen may read. */
export function qcServer(routes: [method: string, path: string, respond: Respond][] = []) {
  return mockFetch([
    ...routes,
    [
      'GET',
      '/api/qcGroupConfig/groupSimpleList',
      () =>
        envelope([
          { code: '4', name: '海淀一组' },
          { code: '5', name: '朝阳一组' },
        ]),
    ],
    [
      'POST',
      '/api/service/listByCondition',
      () => envelope([serviceType(1, { name: '家长沟通' }), serviceType(2, { name: '课后回访' })]),
    ],
    ['GET', '/api/fastComment/list', () => envelope([{ id: 1, content: '内容过于简单', createdAt: 0 }])],
    ['GET', '/api/rule/getRule', (url) => envelope(rule({ schoolId: Number(url.searchParams.get('schoolId')) }))],
    [
      'GET',
      '/api/period/quarterMonthList',
      () =>
        envelope([
          { id: 12, name: '12月', startDate: '2025-12-01', endDate: '2025-12-31' },
          { id: 1, name: '1月', startDate: '2026-01-01', endDate: '2026-01-31' },
          { id: 2, name: '2月', startDate: '2026-02-01', endDate: '2026-02-28' },
        ]),
    ],
    [
      'GET',
      '/api/period/monthWeekList',
      () =>
        envelope([
          { id: 36, name: '第36周', startDate: '2026-02-02', endDate: '2026-02-08' },
          { id: 37, name: '第37周', startDate: '2026-02-09', endDate: '2026-02-15' },
        ]),
    ],
    [
      'GET',
      '/api/service/iconList',
      () =>
        envelope([
          { code: 'phone', name: '电话' },
          { code: 'home', name: '家访' },
        ]),
    ],
  ]);
}
