// The body of the service details (02 §7.6 /qc/service/detail/list, and their export
// `servicePunches`): the QC search (`QcSearch`) takes the data-centre period and dimensions and
// the export's columns but none of the lesson filters (product, project, tenure bands, trend
// buckets), and refuses fields it does not know.

import type { DcSearch } from '@/generated/DcSearch';
import type { QcSearch } from '@/generated/QcSearch';

/**
 * The part of `search` the QC search knows (absent fields stay absent on the wire), with the QC
 * lists empty: every service type and submission tag.
 */
export function servicePunchSearch(search: DcSearch): QcSearch {
  return {
    dateVal: search.dateVal,
    beginTimeStart: search.beginTimeStart,
    beginTimeEnd: search.beginTimeEnd,
    fiscalYear: search.fiscalYear,
    quarterCode: search.quarterCode,
    month: search.month,
    fweekId: search.fweekId,
    schoolId: search.schoolId,
    areaCodes: search.areaCodes,
    subjects: search.subjects,
    gradeCodes: search.gradeCodes,
    teacherEmail: search.teacherEmail,
    studentNoAndName: search.studentNoAndName,
    sortInfo: search.sortInfo,
    columns: search.columns.length > 0 ? search.columns : undefined,
    pageNo: search.pageNo,
    pageSize: search.pageSize,
    serviceIds: [],
    tagIds: [],
  };
}
