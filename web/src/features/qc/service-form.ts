// A service type as 服务配置 edits it (spec 02 §7.6 `service/addOrUpdate`): who performs it, how
// often per student, and the follow-up form staff fill when they punch it. The choices, the form's
// values and checks, and the body sent. Pure functions.

import type { FormField } from '@/generated/FormField';
import type { ServiceSave } from '@/generated/ServiceSave';
import type { ServiceType } from '@/generated/ServiceType';

/** The roles that perform services (protocol `constants::role`). */
export const SERVICE_ROLES = [
  { value: 'teacher', label: '教师' },
  { value: '1v1_xg', label: '学管' },
  { value: 'consultant', label: '顾问' },
  { value: 'tutor_online', label: '在线辅导老师' },
] as const;

export const SERVICE_SIDES = [
  { value: '0', label: '全部' },
  { value: '1', label: '一对一' },
  { value: '2', label: '班课' },
] as const;

export const PERIOD_TYPES = [
  { value: 'week', label: '每周' },
  { value: 'month', label: '每月' },
  { value: 'once', label: '一次' },
] as const;

export const FIELD_KINDS = [
  { value: 'text', label: '单行文本' },
  { value: 'textarea', label: '多行文本' },
  { value: 'select', label: '单选' },
  { value: 'date', label: '日期' },
  { value: 'number', label: '数字' },
] as const;

// The server's bounds (storage `qc::services::check`).
export const SERVICE_NAME_MAX_CHARS = 30;
export const MAX_REQUIRED_TIMES = 31;
export const MAX_SORT_NO = 9999;
export const MAX_FORM_FIELDS = 20;
export const FIELD_LABEL_MAX_CHARS = 30;
export const MAX_FIELD_OPTIONS = 30;
export const OPTION_MAX_CHARS = 50;
const FIELD_KEY = /^[A-Za-z0-9_]{1,40}$/;

export interface ServiceValues {
  name: string;
  icon: string;
  side: string;
  roleCodes: string[];
  periodType: string;
  requiredTimes: number;
  enabled: boolean;
  sortNo: number;
  formFields: FormField[];
}

export function emptyField(): FormField {
  return { key: '', label: '', kind: 'text', required: false, options: [] };
}

export function serviceValues(service: ServiceType | null): ServiceValues {
  if (!service) {
    return {
      name: '',
      icon: '',
      side: '0',
      roleCodes: ['teacher'],
      periodType: 'week',
      requiredTimes: 1,
      enabled: true,
      sortNo: 0,
      formFields: [],
    };
  }
  return {
    name: service.name,
    icon: service.icon,
    side: String(service.side),
    roleCodes: [...service.roleCodes],
    periodType: service.periodType,
    requiredTimes: service.requiredTimes,
    enabled: service.enabled,
    sortNo: service.sortNo,
    formFields: service.formFields.map((f) => ({ ...f, options: [...f.options] })),
  };
}

/** The first problem of each form field, by its index (empty when all are fine). */
export function formFieldErrors(fields: readonly FormField[]): Record<number, string> {
  const errors: Record<number, string> = {};
  const keys = new Map<string, number>();
  fields.forEach((f, i) => {
    const key = f.key.trim();
    const options = f.options.filter((o) => o.trim());
    let error: string | null = null;
    if (!key) error = '请填写字段标识';
    else if (!FIELD_KEY.test(key)) error = '字段标识只含字母、数字和下划线，最多40个';
    else if (keys.has(key)) error = `字段标识“${key}”重复`;
    else if (!f.label.trim()) error = '请填写字段名称';
    else if (f.label.trim().length > FIELD_LABEL_MAX_CHARS) error = `字段名称不能超过${FIELD_LABEL_MAX_CHARS}字`;
    else if (f.kind === 'select' && options.length === 0) error = '单选至少需要一个选项';
    else if (f.kind === 'select' && options.length > MAX_FIELD_OPTIONS) error = `单选最多${MAX_FIELD_OPTIONS}个选项`;
    else if (options.some((o) => o.trim().length > OPTION_MAX_CHARS)) error = `选项不能超过${OPTION_MAX_CHARS}字`;
    if (key && !keys.has(key)) keys.set(key, i);
    if (error) errors[i] = error;
  });
  return errors;
}

export type ServiceErrors = Partial<
  Record<'name' | 'icon' | 'roleCodes' | 'requiredTimes' | 'sortNo' | 'formFields', string>
>;

export function serviceErrors(values: ServiceValues): ServiceErrors {
  const errors: ServiceErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = '请填写服务名称';
  else if (name.length > SERVICE_NAME_MAX_CHARS) errors.name = `服务名称不能超过${SERVICE_NAME_MAX_CHARS}字`;
  if (!values.icon) errors.icon = '请选择图标';
  if (values.roleCodes.length === 0) errors.roleCodes = '请选择执行角色';
  if (
    !Number.isInteger(values.requiredTimes) ||
    values.requiredTimes < 1 ||
    values.requiredTimes > MAX_REQUIRED_TIMES
  ) {
    errors.requiredTimes = `应服务次数为 1–${MAX_REQUIRED_TIMES} 的整数`;
  }
  if (!Number.isInteger(values.sortNo) || values.sortNo < 0 || values.sortNo > MAX_SORT_NO) {
    errors.sortNo = `排序为 0–${MAX_SORT_NO} 的整数`;
  }
  const fieldErrors = Object.entries(formFieldErrors(values.formFields));
  if (values.formFields.length > MAX_FORM_FIELDS) {
    errors.formFields = `表单字段最多${MAX_FORM_FIELDS}个`;
  } else if (fieldErrors.length > 0) {
    const [index, message] = fieldErrors[0] ?? ['0', ''];
    errors.formFields = `第${Number(index) + 1}个字段：${message}`;
  }
  return errors;
}

/** The body of `service/addOrUpdate` (no id: a new service). */
export function toServiceSave(values: ServiceValues, id?: number): ServiceSave {
  const save: ServiceSave = {
    name: values.name.trim(),
    icon: values.icon,
    side: Number(values.side),
    roleCodes: [...values.roleCodes],
    periodType: values.periodType,
    requiredTimes: values.requiredTimes,
    enabled: values.enabled,
    sortNo: values.sortNo,
    formFields: values.formFields.map((f) => ({
      key: f.key.trim(),
      label: f.label.trim(),
      kind: f.kind,
      required: f.required,
      options: f.kind === 'select' ? f.options.map((o) => o.trim()).filter(Boolean) : [],
    })),
  };
  if (id !== undefined) save.id = id;
  return save;
}
