// 流程配置 (spec 02 §2, §7.6): the service QC of a school as the steps it goes through — staff
// punch the service tasks, the automatic pre-check flags punches against the school's QC rule,
// inspectors of the school's QC teams check a share of them, the statistics count the students of
// the course range — and what each step is set to, in words. Pure functions.

import type { CourseRange } from '@/generated/CourseRange';
import type { QcGroupRow } from '@/generated/QcGroupRow';
import type { QcRuleSettings } from '@/generated/QcRuleSettings';
import { CLASS_TYPES, type CourseRangeOptions, type Option } from './course-range';

/** A setting of a step and its value, as shown. */
export interface WorkflowFact {
  label: string;
  value: string;
}

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** What the automatic pre-check flags (`rule/getRule`). */
export function precheckFacts(rule: QcRuleSettings): WorkflowFact[] {
  return [
    {
      label: '内容字数',
      value: rule.minContentChars > 0 ? `服务内容少于${rule.minContentChars}字时标记` : '不检查',
    },
    {
      label: '重复打卡',
      value:
        rule.duplicateWindowHours > 0 ? `同一学员同一服务${rule.duplicateWindowHours}小时内再次打卡时标记` : '不检查',
    },
    {
      label: '打卡时段',
      value: `${hour(rule.workingHourFrom)}–${hour(rule.workingHourTo)}（北京时间）以外的打卡标记`,
    },
  ];
}

/** How inspectors check (`rule/getRule`). */
export function samplingFacts(rule: QcRuleSettings): WorkflowFact[] {
  return [
    { label: '抽检比例', value: `${rule.sampleRatePercent}%（质检统计中的质检率目标）` },
    { label: '不合格评语', value: rule.commentRequiredWhenUnqualified ? '必须填写' : '可不填写' },
  ];
}

function names(codes: readonly string[], options: readonly Option[], all: string): string {
  if (codes.length === 0) return all;
  const byValue = new Map(options.map((o) => [o.value, o.label]));
  return codes.map((c) => byValue.get(c) ?? c).join('、');
}

/** Which lessons' students the statistics count (`courseRange/get`); empty lists are all. */
export function courseRangeFacts(range: CourseRange, options: CourseRangeOptions): WorkflowFact[] {
  return [
    { label: '产品类型', value: names(range.productTypes, options.productTypes, '全部产品类型') },
    { label: '课程类型', value: names(range.classTypes.map(String), CLASS_TYPES, '全部课程类型') },
    { label: '年级', value: names(range.gradeCodes.map(String), options.grades, '全部年级') },
  ];
}

/** What leaves punches unchecked: no QC team, or a team without a responsible inspector. */
export function teamWarnings(teams: readonly QcGroupRow[], ofGroup: boolean): string[] {
  if (teams.length === 0) {
    return [ofGroup ? '尚未配置任何质检组，打卡记录无人负责质检' : '该学校尚未配置质检组，打卡记录无人负责质检'];
  }
  return teams.filter((t) => t.responsibleList.length === 0).map((t) => `质检组“${t.name}”没有质检负责人`);
}
