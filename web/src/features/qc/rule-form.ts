// A QC rule as 服务配置 › 质检规则 edits it (spec 02 §7.6 `rule/saveOrUpdate`): the bounds the
// automatic pre-check applies and the share of punches inspectors aim to check. Pure functions.

import type { QcRule } from '@/generated/QcRule';
import type { QcRuleSave } from '@/generated/QcRuleSave';
import type { QcRuleSettings } from '@/generated/QcRuleSettings';

/** The school id of the group's rule (集团默认), which schools without their own follow. */
export const GROUP_RULE_SCHOOL_ID = -1;

export const MAX_CONTENT_CHARS = 2000;
/** Thirty days (the server's bound). */
export const MAX_DUPLICATE_WINDOW_HOURS = 720;

export type RuleErrors = Partial<Record<keyof QcRuleSettings, string>>;

export function ruleSettings(rule: QcRule): QcRuleSettings {
  return {
    minContentChars: rule.minContentChars,
    duplicateWindowHours: rule.duplicateWindowHours,
    workingHourFrom: rule.workingHourFrom,
    workingHourTo: rule.workingHourTo,
    sampleRatePercent: rule.sampleRatePercent,
    commentRequiredWhenUnqualified: rule.commentRequiredWhenUnqualified,
  };
}

const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

export function ruleErrors(s: QcRuleSettings): RuleErrors {
  const errors: RuleErrors = {};
  if (!whole(s.minContentChars, 0, MAX_CONTENT_CHARS)) errors.minContentChars = `请输入 0–${MAX_CONTENT_CHARS} 的整数`;
  if (!whole(s.duplicateWindowHours, 0, MAX_DUPLICATE_WINDOW_HOURS)) {
    errors.duplicateWindowHours = `请输入 0–${MAX_DUPLICATE_WINDOW_HOURS} 的整数`;
  }
  if (!whole(s.workingHourFrom, 0, 24)) errors.workingHourFrom = '请输入 0–24 的整数';
  if (!whole(s.workingHourTo, 0, 24)) errors.workingHourTo = '请输入 0–24 的整数';
  else if (!errors.workingHourFrom && s.workingHourFrom >= s.workingHourTo) {
    errors.workingHourTo = '结束时间须晚于开始时间';
  }
  if (!whole(s.sampleRatePercent, 0, 100)) errors.sampleRatePercent = '请输入 0–100 的整数';
  return errors;
}

export function toRuleSave(schoolId: number, s: QcRuleSettings): QcRuleSave {
  return { schoolId, ...s };
}
