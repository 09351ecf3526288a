import { describe, expect, it } from 'vitest';
import type { FormField } from '@/generated/FormField';
import { emptyField, formFieldErrors, serviceErrors, serviceValues, toServiceSave } from './service-form';

const field = (patch: Partial<FormField>): FormField => ({ ...emptyField(), key: 'note', label: '备注', ...patch });

describe('service form', () => {
  it('starts a new service as a weekly one of teachers, enabled', () => {
    expect(serviceValues(null)).toMatchObject({
      side: '0',
      roleCodes: ['teacher'],
      periodType: 'week',
      requiredTimes: 1,
      enabled: true,
    });
  });

  it("needs a name, an icon, a role, 1–31 times and a sort number within the server's bounds", () => {
    const values = { ...serviceValues(null), name: ' ', roleCodes: [], requiredTimes: 0, sortNo: -1 };
    expect(serviceErrors(values)).toEqual({
      name: '请填写服务名称',
      icon: '请选择图标',
      roleCodes: '请选择执行角色',
      requiredTimes: '应服务次数为 1–31 的整数',
      sortNo: '排序为 0–9999 的整数',
    });
    const named = { ...values, icon: 'phone', roleCodes: ['1v1_xg'], requiredTimes: 31, sortNo: 9999 };
    expect(serviceErrors({ ...named, name: '家'.repeat(31) })).toEqual({ name: '服务名称不能超过30字' });
    expect(serviceErrors({ ...named, name: '家访', requiredTimes: 32 })).toEqual({
      requiredTimes: '应服务次数为 1–31 的整数',
    });
    const many = Array.from({ length: 21 }, (_, i) => field({ key: `f${i}` }));
    expect(serviceErrors({ ...named, name: '家访', formFields: many })).toEqual({ formFields: '表单字段最多20个' });
  });

  it('checks each form field: a key, unique, a name, options of a choice', () => {
    expect(
      formFieldErrors([
        field({}),
        field({ key: '' }),
        field({ key: 'a-b' }),
        field({ key: 'note' }),
        field({ key: 'mood', label: ' ' }),
        field({ key: 'topic', kind: 'select', options: [' '] }),
        field({ key: 'when', kind: 'date' }),
      ]),
    ).toEqual({
      1: '请填写字段标识',
      2: '字段标识只含字母、数字和下划线，最多40个',
      3: '字段标识“note”重复',
      4: '请填写字段名称',
      5: '单选至少需要一个选项',
    });
    expect(
      formFieldErrors([
        field({ label: '名'.repeat(31) }),
        field({ key: 'b', kind: 'select', options: Array.from({ length: 31 }, (_, i) => `选项${i}`) }),
        field({ key: 'c', kind: 'select', options: ['项'.repeat(51)] }),
        field({ key: '1st' }),
      ]),
    ).toEqual({ 0: '字段名称不能超过30字', 1: '单选最多30个选项', 2: '选项不能超过50字' });
    const values = {
      ...serviceValues(null),
      name: '家访',
      icon: 'home',
      formFields: [field({}), field({ label: '' })],
    };
    expect(serviceErrors(values)).toEqual({ formFields: '第2个字段：字段标识“note”重复' });
  });

  it('sends trimmed values, the id of an edited service, and options only for a choice', () => {
    const values = {
      ...serviceValues(null),
      name: ' 家访 ',
      icon: 'home',
      side: '1',
      formFields: [
        field({ key: ' topic ', kind: 'select', options: [' 学习 ', '', '生活'] }),
        field({ options: ['x'] }),
      ],
    };
    expect(toServiceSave(values, 9)).toEqual({
      id: 9,
      name: '家访',
      icon: 'home',
      side: 1,
      roleCodes: ['teacher'],
      periodType: 'week',
      requiredTimes: 1,
      enabled: true,
      sortNo: 0,
      formFields: [
        { key: 'topic', label: '备注', kind: 'select', required: false, options: ['学习', '生活'] },
        { key: 'note', label: '备注', kind: 'text', required: false, options: [] },
      ],
    });
    expect(toServiceSave(values)).not.toHaveProperty('id');
  });
});
