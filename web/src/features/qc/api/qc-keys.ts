// The query keys of the service QC's server state. A check changes the QC list, the punch pages,
// the punch's detail and the statistics (`checked()`); team changes reach the staff records that
// name a member's teams.

import type { QcSearch } from '@/generated/QcSearch';
import type { ServiceCondition } from '@/generated/ServiceCondition';
import type { ServiceSearch } from '@/generated/ServiceSearch';
import type { TeamSearch } from '@/generated/TeamSearch';

const all = ['qc'] as const;

export const qcKeys = {
  all,
  /** The QC list (`qcCheck/list`). */
  employees: () => [...all, 'employees'] as const,
  employeePage: (search: QcSearch) => [...all, 'employees', search] as const,
  /** Pages of punch records (`qc/service/detail/list`). */
  punches: () => [...all, 'punches'] as const,
  punchPage: (search: QcSearch) => [...all, 'punches', search] as const,
  /** A punch's detail (`taskDetail/byPunchId`) and pre-check (`qc/aiDetail`). */
  punch: (punchId: number) => [...all, 'punch', punchId] as const,
  aiDetail: (punchId: number) => [...all, 'aiDetail', punchId] as const,
  stats: () => [...all, 'stats'] as const,
  statPage: (path: string, search: QcSearch) => [...all, 'stats', path, search] as const,
  fastComments: () => [...all, 'fastComments'] as const,
  qcGroups: () => [...all, 'qcGroups'] as const,
  qcGroupPage: (search: TeamSearch) => [...all, 'qcGroups', 'page', search] as const,
  qcGroupOptions: () => [...all, 'qcGroups', 'options'] as const,
  /** Staff records (`getTeacherInfo`, the keyword search): they name the member's teams. */
  staff: () => [...all, 'staff'] as const,
  staffSearch: (keyword: string, schoolId: number, inspectors: boolean) =>
    [...all, 'staff', 'search', keyword, schoolId, inspectors] as const,
  staffInfo: (userId: number) => [...all, 'staff', 'info', userId] as const,
  teams: () => [...all, 'teams'] as const,
  teamsBySchool: () => [...all, 'teams', 'bySchool'] as const,
  schoolTeams: (schoolId: number) => [...all, 'teams', 'school', schoolId] as const,
  members: () => [...all, 'members'] as const,
  memberPage: (search: TeamSearch) => [...all, 'members', search] as const,
  depts: () => [...all, 'depts'] as const,
  services: () => [...all, 'services'] as const,
  servicePage: (search: ServiceSearch) => [...all, 'services', 'page', search] as const,
  serviceOptions: (condition: ServiceCondition) => [...all, 'services', 'options', condition] as const,
  service: (id: number) => [...all, 'services', 'detail', id] as const,
  followForm: (serviceId: number) => [...all, 'services', 'followForm', serviceId] as const,
  serviceIcons: () => [...all, 'serviceIcons'] as const,
  tags: () => [...all, 'tags'] as const,
  rule: (schoolId: number) => [...all, 'rule', schoolId] as const,
  courseRange: () => [...all, 'courseRange'] as const,
  quarterMonths: (fiscalYear: number, quarterCode: number) =>
    [...all, 'period', 'months', fiscalYear, quarterCode] as const,
  monthWeeks: (fiscalYear: number, month: number) => [...all, 'period', 'weeks', fiscalYear, month] as const,
};
