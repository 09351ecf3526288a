import { describe, expect, it } from 'vitest';
import type { QcGroupRow } from '@/generated/QcGroupRow';
import { qcGroupErrors, qcGroupValues, teamNameError, toQcGroupSave } from './qc-group-form';

const wang = { userId: 3, name: '王老师', email: 'wang@demo.eduhub' };
const sun = { userId: 9, name: '孙质检', email: 'inspector@demo.eduhub' };

describe('QC team form', () => {
  it('needs a name of at most 30 characters, a school and an inspector', () => {
    expect(qcGroupErrors(qcGroupValues(null, null))).toEqual({
      name: '请填写名称',
      schoolId: '请选择学校',
      responsibleList: '请选择质检负责人',
    });
    expect(teamNameError('组'.repeat(31))).toBe('名称不能超过30字');
    expect(qcGroupErrors({ ...qcGroupValues(null, 1001), name: '一组', responsibleList: [sun] })).toEqual({});
  });

  it('sends the ids of the members and inspectors, and the id of an edited team', () => {
    const group: QcGroupRow = {
      id: 4,
      name: ' 海淀一组 ',
      schoolId: 1001,
      schoolName: '北京海淀校区',
      remark: '',
      members: [wang],
      responsibleList: [sun],
      updatedAt: 0,
      updatedBy: '',
    };
    const values = qcGroupValues(group, null);
    expect(toQcGroupSave({ ...values, schoolId: 1001 }, group.id)).toEqual({
      id: 4,
      name: '海淀一组',
      schoolId: 1001,
      remark: '',
      memberIds: [3],
      responsibleIds: [9],
    });
  });
});
