// The camp's rule as the builder edits it (rule, opening day, days between phases) and the
// request that stores it, checked as the server checks it.

import type { CampInfo } from '@/generated/CampInfo';
import type { CampRuleRequest } from '@/generated/CampRuleRequest';
import { formatDate, localDayStart } from '@/lib/format';
import { CAMP_LIMITS, RULE_BY_DATE } from './camp-dict';

export interface RuleDraft {
  rule: number;
  /** YYYY-MM-DD, '' when not set. */
  startDay: string;
  intervalDays: number;
}

export const ruleDraftOf = (info: CampInfo): RuleDraft => ({
  rule: info.publishRule,
  startDay: info.startTime === null ? '' : formatDate(new Date(info.startTime)),
  intervalDays: info.intervalDays,
});

/** The request to store a draft, or why it cannot be stored. */
export function ruleRequestOf(campId: number, draft: RuleDraft): CampRuleRequest | string {
  const { minIntervalDays: min, maxIntervalDays: max } = CAMP_LIMITS;
  if (!Number.isInteger(draft.intervalDays) || draft.intervalDays < min || draft.intervalDays > max) {
    return `解锁间隔需为${min}到${max}天`;
  }
  const startTime = draft.startDay ? localDayStart(draft.startDay) : null;
  if (draft.rule === RULE_BY_DATE && startTime === null) return '按日期解锁需要开营日期';
  return {
    campId,
    publishRule: draft.rule,
    ...(startTime === null ? {} : { startTime }),
    intervalDays: draft.intervalDays,
  };
}
