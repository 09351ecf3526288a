import { useRule } from '../api/settings';
import { type CheckRule, DEFAULT_CHECK_RULE } from '../check-form';

/**
 * What of the QC rule a check obeys: the rule of `schoolId` (-1: the group's, which schools
 * without their own follow), its default until it is read.
 */
export function useCheckRule(schoolId: number): CheckRule {
  const rule = useRule(schoolId).data;
  return rule ? { commentRequiredWhenUnqualified: rule.commentRequiredWhenUnqualified } : DEFAULT_CHECK_RULE;
}
