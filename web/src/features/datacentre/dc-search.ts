// The data-centre search state (spec 02 §3.1): its defaults and how it goes on the wire
// (`DcSearch`); the date range is `@/lib/day-range`. Pure functions; "today" is always given.

import { Limits } from '@/generated/codes';
import type { DcSearch } from '@/generated/DcSearch';
import type { SortInfo } from '@/generated/SortInfo';
import { type DayRange, lastSevenDays } from '@/lib/day-range';

/** 'All' as a single choice, and as the only member of a list. */
export const ALL = -1;

/** The filters a screen may show (02 §3.1); each screen lists those that apply to it. */
export type FilterField =
  | 'date'
  | 'fiscal'
  | 'area'
  | 'grade'
  | 'productType'
  | 'productGroup'
  | 'teacher'
  | 'student'
  | 'teacherTeachTime'
  | 'projectGroup'
  | 'lessonDuringTime'
  | 'noRecycleCause'
  | YesNoFilter;

/** The usual filters of a report (02 §3.1): the period, the lesson's dimensions, teacher, student. */
export const REPORT_FILTERS: readonly FilterField[] = [
  'date',
  'fiscal',
  'area',
  'grade',
  'productType',
  'productGroup',
  'teacher',
  'student',
];

/**
 * The lesson-preparation and feedback filter sets (02 §3.1), each a yes/no/all choice: 1 是,
 * 0 否, -1 全部.
 */
export const YES_NO_FILTERS = [
  'bindResLesson',
  'publishResource',
  'recycleResource',
  'isRecycle',
  'isSendFeedbackReport',
  'isCreateIn24h',
] as const;
export type YesNoFilter = (typeof YES_NO_FILTERS)[number];

export type DataTimeType = 'day' | 'week' | 'month';
export const DEFAULT_DATA_TIME_TYPE: DataTimeType = 'week';
/** Full-price lessons: the product type searched by default. */
export const DEFAULT_PRODUCT_TYPE = 'ZJK';

export interface DcSearchState {
  /** The date range; null when a fiscal period is searched instead. */
  dateVal: DayRange | null;
  fiscalYear: number | null;
  quarterCode: number | null;
  /** The header's school (-1: every school the user may see). */
  schoolId: number;
  subjects: number[];
  manageProject: number;
  productType: string[];
  productGroup: number[];
  gradeCodes: number[];
  /** Areas of `schoolId`. */
  areaCodes: string[];
  /** A project team of teachers (`/dict/prepare` projectGroups). */
  projectGroup: number;
  lessonDuringTime: number;
  teacherTeachTime: number;
  teacherEmail: string;
  studentNoAndName: string;
  /** The filter sets: 1, 0 or -1 (全部). */
  bindResLesson: number;
  publishResource: number;
  recycleResource: number;
  isRecycle: number;
  isSendFeedbackReport: number;
  isCreateIn24h: number;
  /** Why nothing was collected back (`/dict/prepare` noRecycleCauses); [-1]: every cause. */
  noRecycleCauseTypes: number[];
  /** Buckets of the course trend. */
  dataTimeType: DataTimeType;
}

/** A report's first page: 30 rows (summaries ask for Limits.MAX_PAGE_SIZE). */
export const FIRST_PAGE = { pageNo: Limits.DEFAULT_PAGE_NO, pageSize: Limits.DEFAULT_PAGE_SIZE } as const;

export function defaultDcSearch(today: Date): DcSearchState {
  return {
    dateVal: lastSevenDays(today),
    fiscalYear: null,
    quarterCode: null,
    schoolId: ALL,
    subjects: [ALL],
    manageProject: ALL,
    productType: [DEFAULT_PRODUCT_TYPE],
    productGroup: [ALL],
    gradeCodes: [ALL],
    areaCodes: [String(ALL)],
    projectGroup: ALL,
    lessonDuringTime: ALL,
    teacherTeachTime: ALL,
    teacherEmail: '',
    studentNoAndName: '',
    bindResLesson: ALL,
    publishResource: ALL,
    recycleResource: ALL,
    isRecycle: ALL,
    isSendFeedbackReport: ALL,
    isCreateIn24h: ALL,
    noRecycleCauseTypes: [ALL],
    dataTimeType: DEFAULT_DATA_TIME_TYPE,
  };
}

/** The fields of the filter bar; the header's school and subjects and the trend buckets stay. */
export type DcFilters = Omit<DcSearchState, 'schoolId' | 'subjects' | 'dataTimeType'>;

export function filtersOf(state: DcSearchState): DcFilters {
  const { schoolId: _school, subjects: _subjects, dataTimeType: _buckets, ...filters } = state;
  return filters;
}

/** The filter bar's defaults on `today`. */
export function defaultFilters(today: Date): DcFilters {
  return filtersOf(defaultDcSearch(today));
}

/** The search under the header's school: areas chosen under another school no longer apply. */
export function forSchool(state: DcSearchState, schoolId: number): DcSearchState {
  return state.schoolId === schoolId ? state : { ...state, schoolId, areaCodes: [String(ALL)] };
}

/**
 * The search of a screen showing `fields`: the product type, the tenure and length bands, the
 * project team and the filter sets it does not show are 全部. The search is shared between
 * screens, so a filter set chosen in 班课备课统计 does not narrow 出勤明细, which has no such
 * filter, and the first-lesson screens, whose course tab chooses the lessons, are not narrowed to
 * 正价课 by default.
 */
export function shownDcFilters(state: DcSearchState, fields: readonly FilterField[]): DcSearchState {
  const has = (field: FilterField) => fields.includes(field);
  const shown: DcSearchState = {
    ...state,
    productType: has('productType') ? state.productType : [String(ALL)],
    teacherTeachTime: has('teacherTeachTime') ? state.teacherTeachTime : ALL,
    projectGroup: has('projectGroup') ? state.projectGroup : ALL,
    lessonDuringTime: has('lessonDuringTime') ? state.lessonDuringTime : ALL,
    noRecycleCauseTypes: has('noRecycleCause') ? state.noRecycleCauseTypes : [ALL],
  };
  for (const field of YES_NO_FILTERS) if (!has(field)) shown[field] = ALL;
  return shown;
}

/** A selection that holds 'all' (-1 or '-1') means every value: the server takes an empty list. */
export function allToEmpty<V extends number | string>(values: readonly V[]): V[] {
  return values.some((v) => String(v) === String(ALL)) ? [] : [...values];
}

export interface WireExtras {
  pageNo?: number;
  pageSize?: number;
  sortInfo?: SortInfo | null;
  /** Exports: the shown columns in order. */
  columns?: string[];
}

/** The search as the server takes it (DcSearch). */
export function toWire(state: DcSearchState, extras: WireExtras = {}): DcSearch {
  const wire: DcSearch = {
    schoolId: state.schoolId,
    subjects: allToEmpty(state.subjects),
    manageProject: state.manageProject,
    productType: allToEmpty(state.productType),
    productGroup: allToEmpty(state.productGroup),
    gradeCodes: allToEmpty(state.gradeCodes),
    areaCodes: allToEmpty(state.areaCodes),
    projectGroup: state.projectGroup,
    lessonDuringTime: state.lessonDuringTime,
    teacherTeachTime: state.teacherTeachTime,
    dataTimeType: state.dataTimeType,
    noRecycleCauseTypes: allToEmpty(state.noRecycleCauseTypes),
    columns: extras.columns ?? [],
  };
  if (state.dateVal) {
    [wire.beginTimeStart, wire.beginTimeEnd] = state.dateVal;
  } else if (state.fiscalYear !== null) {
    wire.fiscalYear = state.fiscalYear;
    if (state.quarterCode !== null) wire.quarterCode = state.quarterCode;
  }
  const teacher = state.teacherEmail.trim();
  if (teacher) wire.teacherEmail = teacher;
  const student = state.studentNoAndName.trim();
  if (student) wire.studentNoAndName = student;
  // A filter set is sent when it narrows (1 or 0); 全部 is left out.
  for (const field of YES_NO_FILTERS) if (state[field] !== ALL) wire[field] = state[field];
  if (extras.pageNo !== undefined) wire.pageNo = extras.pageNo;
  if (extras.pageSize !== undefined) wire.pageSize = extras.pageSize;
  if (extras.sortInfo) wire.sortInfo = extras.sortInfo;
  return wire;
}
