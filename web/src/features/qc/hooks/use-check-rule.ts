import { useQueries } from '@tanstack/react-query';
import { ruleQueryOptions, useRule } from '../api/settings';
import { type CheckRule, DEFAULT_CHECK_RULE, strictestRule } from '../check-form';

/**
 * What of the QC rule a check obeys: the rule of `schoolId` (-1: the group's, which schools
 * without their own follow), its default until it is read.
 */
export function useCheckRule(schoolId: number): CheckRule {
  const rule = useRule(schoolId).data;
  return rule ? { commentRequiredWhenUnqualified: rule.commentRequiredWhenUnqualified } : DEFAULT_CHECK_RULE;
}

/**
 * What a batch of punches of these schools obeys: the strictest of their rules (the server checks
 * each punch against its own school's).
 */
export function useBatchCheckRule(schoolIds: readonly number[]): CheckRule {
  const distinct = [...new Set(schoolIds)].sort((a, b) => a - b);
  const rules = useQueries({ queries: distinct.map((id) => ruleQueryOptions(id)) });
  return strictestRule(rules.map((r) => r.data));
}
