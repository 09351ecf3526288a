// Staff records for pickers and cards (spec 02 §7.6 `qcGroupConfig/getTeacherInfo`,
// `getTeacherInfoByKeword`): one staff member with where they work and their teams, or at most
// 20 whose name or e-mail holds a keyword.

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffInfo } from '@/generated/StaffInfo';
import type { StaffKeywordQuery } from '@/generated/StaffKeywordQuery';
import type { UserIdQuery } from '@/generated/UserIdQuery';
import { api } from '@/lib/api-client';
import { qcKeys } from './qc-keys';

/** GET /api/qcGroupConfig/getTeacherInfo?userId= */
export function getStaffInfo(userId: number): Promise<StaffInfo> {
  const params: UserIdQuery = { userId };
  return api.get<StaffInfo>('/api/qcGroupConfig/getTeacherInfo', { params: { ...params }, noLoading: true });
}

export function staffInfoQueryOptions(userId: number) {
  return queryOptions({ queryKey: qcKeys.staffInfo(userId), queryFn: () => getStaffInfo(userId) });
}

export function useStaffInfo(userId: number) {
  return useQuery(staffInfoQueryOptions(userId));
}

/**
 * GET /api/qcGroupConfig/getTeacherInfoByKeword?keyword=&schoolId=&inspectors= (the server's
 * spelling), as the user types: no loading overlay. `inspectors`: the people who may be a QC
 * team's responsible inspectors (operators, admins, principals) instead of staff.
 */
export function searchStaff(keyword: string, schoolId: number, inspectors = false): Promise<StaffInfo[]> {
  const params: StaffKeywordQuery = { keyword, schoolId, ...(inspectors ? { inspectors } : {}) };
  return api.get<StaffInfo[]>('/api/qcGroupConfig/getTeacherInfoByKeword', { params: { ...params }, noLoading: true });
}

/** Reads nothing for an empty keyword. */
export function useStaffSearch(keyword: string, schoolId: number, inspectors = false) {
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: qcKeys.staffSearch(trimmed, schoolId, inspectors),
    queryFn: () => searchStaff(trimmed, schoolId, inspectors),
    enabled: trimmed !== '',
    placeholderData: keepPreviousData,
  });
}
