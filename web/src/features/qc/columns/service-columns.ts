// The columns of 服务配置's service types: what is owed, by whom, how often, and whether it is on.
// The screen adds the icon's name and the actions.

import type { ReportColumn } from '@/components/data-table/report-column';
import type { ServiceType } from '@/generated/ServiceType';
import { formatCount, formatInstant, formatText } from '@/lib/report-format';

export const SERVICE_COLUMNS: ReportColumn<ServiceType>[] = [
  { prop: 'name', label: '服务名称', fixed: 'left', minWidth: 140 },
  { prop: 'icon', label: '图标', minWidth: 100 },
  { prop: 'sideDesc', label: '适用课程', minWidth: 100 },
  { prop: 'roleNames', label: '执行角色', minWidth: 160, format: (r) => formatText(r.roleNames.join('、')) },
  { prop: 'periodTypeDesc', label: '周期', minWidth: 100 },
  { prop: 'requiredTimes', label: '应服务次数', minWidth: 100, tooltip: '每个学员每个周期应完成的次数' },
  { prop: 'formFields', label: '表单字段', minWidth: 100, format: (r) => formatCount(r.formFields.length) },
  { prop: 'enabled', label: '状态', minWidth: 100, format: (r) => (r.enabled ? '启用' : '停用') },
  { prop: 'sortNo', label: '排序', minWidth: 100 },
  { prop: 'punchCount', label: '打卡次数', minWidth: 100, format: (r) => formatCount(r.punchCount) },
  { prop: 'updatedAt', label: '更新时间', minWidth: 160, format: (r) => formatInstant(r.updatedAt) },
];
