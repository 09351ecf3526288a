// The QC search state (spec 02 §3.1, §7.6): the period and the QC filters shared by the service
// QC list, the task records, the common tasks and the QC statistics, and how it goes on the wire
// (`QcSearch`). '全部' is -1 (a list: empty) and is left off the wire. Pure functions; "today" is
// always given.

import { Limits } from '@/generated/codes';
import type { QcSearch } from '@/generated/QcSearch';
import type { SortInfo } from '@/generated/SortInfo';
import { lastSevenDays } from '@/lib/day-range';
import { datePeriod, type PeriodState, periodWire } from './period';

/** 全部, as a single choice. */
export const ALL = -1;

export interface QcFilters extends PeriodState {
  /** -1: every school the user may see. */
  schoolId: number;
  /** A QC team; -1 all. */
  groupId: number;
  /** 0 待质检, 1 已质检; -1 all. */
  checkStatus: number;
  /** 1 合格, 2 不合格; -1 all. */
  resultStatus: number;
  /** Service types; empty: all. */
  serviceIds: number[];
  /** Part of a staff member's e-mail or name. */
  teacherEmail: string;
  studentNoAndName: string;
  /** 1 classic cases only, 0 the others; -1 all. */
  classicCase: number;
  /** A punch channel (`PUNCH_CHANNELS`); -1 all. */
  punchChannel: number;
  /** Submission tags (`/tag/list`); empty: all. */
  tagIds: number[];
}

/** The filters a QC screen may show besides the period; each screen lists those that apply to it. */
export type QcFilterField =
  | 'school'
  | 'group'
  | 'checkStatus'
  | 'resultStatus'
  | 'service'
  | 'teacher'
  | 'student'
  | 'classicCase'
  | 'channel'
  | 'tag';

/** Where a punch was made (the server's dictionary `PUNCH_CHANNELS`). */
export const PUNCH_CHANNELS = [
  { value: 1, label: '网页端' },
  { value: 2, label: 'App' },
  { value: 3, label: '企业微信' },
] as const;

export const FIRST_PAGE = { pageNo: Limits.DEFAULT_PAGE_NO, pageSize: Limits.DEFAULT_PAGE_SIZE } as const;

export function defaultQcFilters(today: Date): QcFilters {
  return {
    ...datePeriod(lastSevenDays(today)),
    schoolId: ALL,
    groupId: ALL,
    checkStatus: ALL,
    resultStatus: ALL,
    serviceIds: [],
    teacherEmail: '',
    studentNoAndName: '',
    classicCase: ALL,
    punchChannel: ALL,
    tagIds: [],
  };
}

/**
 * The filters a screen searches: those it does not show are 全部 (the search is shared between
 * screens, so a check status chosen in 服务质检 does not narrow 质检统计).
 */
export function shownFilters(filters: QcFilters, fields: readonly QcFilterField[]): QcFilters {
  const has = (field: QcFilterField) => fields.includes(field);
  return {
    ...filters,
    schoolId: has('school') ? filters.schoolId : ALL,
    groupId: has('group') ? filters.groupId : ALL,
    checkStatus: has('checkStatus') ? filters.checkStatus : ALL,
    resultStatus: has('resultStatus') ? filters.resultStatus : ALL,
    serviceIds: has('service') ? filters.serviceIds : [],
    teacherEmail: has('teacher') ? filters.teacherEmail : '',
    studentNoAndName: has('student') ? filters.studentNoAndName : '',
    classicCase: has('classicCase') ? filters.classicCase : ALL,
    punchChannel: has('channel') ? filters.punchChannel : ALL,
    tagIds: has('tag') ? filters.tagIds : [],
  };
}

export interface QcWireExtras {
  pageNo?: number;
  pageSize?: number;
  sortInfo?: SortInfo | null;
  /** Statistics: teacher, class, student or service. */
  view?: string;
  /** One staff member's punches. */
  teacherId?: number;
}

/** The search as the server takes it. */
export function toQcWire(filters: QcFilters, extras: QcWireExtras = {}): QcSearch {
  const wire: QcSearch = {
    ...periodWire(filters),
    schoolId: filters.schoolId,
    areaCodes: [],
    subjects: [],
    gradeCodes: [],
    serviceIds: [...filters.serviceIds],
    tagIds: [...filters.tagIds],
  };
  if (filters.groupId !== ALL) wire.groupId = filters.groupId;
  if (filters.checkStatus !== ALL) wire.checkStatus = filters.checkStatus;
  if (filters.resultStatus !== ALL) wire.resultStatus = filters.resultStatus;
  if (filters.classicCase !== ALL) wire.classicCase = filters.classicCase;
  if (filters.punchChannel !== ALL) wire.punchChannel = filters.punchChannel;
  const teacher = filters.teacherEmail.trim();
  if (teacher) wire.teacherEmail = teacher;
  const student = filters.studentNoAndName.trim();
  if (student) wire.studentNoAndName = student;
  if (extras.view !== undefined) wire.view = extras.view;
  if (extras.teacherId !== undefined) wire.teacherId = extras.teacherId;
  if (extras.pageNo !== undefined) wire.pageNo = extras.pageNo;
  if (extras.pageSize !== undefined) wire.pageSize = extras.pageSize;
  if (extras.sortInfo) wire.sortInfo = extras.sortInfo;
  return wire;
}
