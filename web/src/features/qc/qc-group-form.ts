// A QC team as 质检配置 edits it (spec 02 §7.6 `qcGroupConfig/addOrUpdate`): its name, school, the
// staff it checks and the inspectors responsible. Pure functions.

import type { QcGroupRow } from '@/generated/QcGroupRow';
import type { QcGroupSave } from '@/generated/QcGroupSave';
import type { StaffBrief } from '@/generated/StaffBrief';

export const TEAM_NAME_MAX_CHARS = 30;

export interface QcGroupValues {
  name: string;
  /** null until chosen. */
  schoolId: number | null;
  remark: string;
  members: StaffBrief[];
  responsibleList: StaffBrief[];
}

export type QcGroupErrors = Partial<Record<'name' | 'schoolId' | 'responsibleList', string>>;

export function qcGroupValues(group: QcGroupRow | null, schoolId: number | null): QcGroupValues {
  if (!group) return { name: '', schoolId, remark: '', members: [], responsibleList: [] };
  return {
    name: group.name,
    schoolId: group.schoolId,
    remark: group.remark,
    members: [...group.members],
    responsibleList: [...group.responsibleList],
  };
}

/** The problem with a team's name, or null (project teams follow the same rule). */
export function teamNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return '请填写名称';
  return trimmed.length > TEAM_NAME_MAX_CHARS ? `名称不能超过${TEAM_NAME_MAX_CHARS}字` : null;
}

export function qcGroupErrors(values: QcGroupValues): QcGroupErrors {
  const errors: QcGroupErrors = {};
  const name = teamNameError(values.name);
  if (name) errors.name = name;
  if (values.schoolId === null) errors.schoolId = '请选择学校';
  if (values.responsibleList.length === 0) errors.responsibleList = '请选择质检负责人';
  return errors;
}

export function toQcGroupSave(values: QcGroupValues & { schoolId: number }, id?: number): QcGroupSave {
  const save: QcGroupSave = {
    name: values.name.trim(),
    schoolId: values.schoolId,
    remark: values.remark.trim(),
    memberIds: values.members.map((m) => m.userId),
    responsibleIds: values.responsibleList.map((m) => m.userId),
  };
  if (id !== undefined) save.id = id;
  return save;
}
