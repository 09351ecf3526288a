// The check of a service punch (spec 02 §7.6 `qc/singleQc`, `qc/bathUpdateResultStatus`): 合格 or
// 不合格, 典型案例, and a comment that the school's QC rule may require for an unqualified result.
// Pure functions: the values, their errors, and the bodies sent.

import type { BatchResultStatus } from '@/generated/BatchResultStatus';
import type { QcRuleSettings } from '@/generated/QcRuleSettings';
import type { SingleQc } from '@/generated/SingleQc';

export const QUALIFIED = 1;
export const UNQUALIFIED = 2;
export type ResultStatus = typeof QUALIFIED | typeof UNQUALIFIED;

export const RESULT_CHOICES = [
  { value: String(QUALIFIED), label: '合格' },
  { value: String(UNQUALIFIED), label: '不合格' },
] as const;

/** The longest comment kept. */
export const COMMENT_MAX_CHARS = 500;

export interface CheckValues {
  /** null until chosen. */
  resultStatus: ResultStatus | null;
  classicCase: boolean;
  comment: string;
}

/** What of the rule the check obeys; before the rule is read, a comment is required (its default). */
export type CheckRule = Pick<QcRuleSettings, 'commentRequiredWhenUnqualified'>;
export const DEFAULT_CHECK_RULE: CheckRule = { commentRequiredWhenUnqualified: true };

/**
 * What a batch over several schools obeys: a comment is required when any school's rule asks for
 * one, or while any rule is not read yet (`undefined`).
 */
export function strictestRule(rules: readonly (CheckRule | undefined)[]): CheckRule {
  if (rules.length === 0) return DEFAULT_CHECK_RULE;
  return {
    commentRequiredWhenUnqualified: rules.some((r) => r === undefined || r.commentRequiredWhenUnqualified),
  };
}

export interface CheckErrors {
  resultStatus?: string;
  comment?: string;
}

export function resultStatusOf(value: string | null): ResultStatus | null {
  if (value === String(QUALIFIED)) return QUALIFIED;
  if (value === String(UNQUALIFIED)) return UNQUALIFIED;
  return null;
}

/** The form's first values: the punch's present result when it was checked before. */
export function initialCheckValues(punch: { resultStatus: number; classicCase: boolean }): CheckValues {
  const previous = resultStatusOf(String(punch.resultStatus));
  return { resultStatus: previous, classicCase: punch.classicCase, comment: '' };
}

/** The errors of `values` under `rule` (empty when they can be sent). */
export function checkErrors(values: CheckValues, rule: CheckRule): CheckErrors {
  const errors: CheckErrors = {};
  const comment = values.comment.trim();
  if (values.resultStatus === null) errors.resultStatus = '请选择质检结果';
  if (values.resultStatus === UNQUALIFIED && rule.commentRequiredWhenUnqualified && !comment) {
    errors.comment = '不合格时请填写质检评语';
  } else if (comment.length > COMMENT_MAX_CHARS) {
    errors.comment = `评语不能超过${COMMENT_MAX_CHARS}字`;
  }
  return errors;
}

export function hasErrors(errors: CheckErrors): boolean {
  return Object.keys(errors).length > 0;
}

export function toSingleQc(punchId: number, values: CheckValues & { resultStatus: ResultStatus }): SingleQc {
  return {
    punchId,
    resultStatus: values.resultStatus,
    classicCase: values.classicCase,
    comment: values.comment.trim(),
  };
}

export function toBatchResult(
  punchIds: readonly number[],
  values: Pick<CheckValues, 'comment'> & { resultStatus: ResultStatus },
): BatchResultStatus {
  return { punchIds: [...punchIds], resultStatus: values.resultStatus, comment: values.comment.trim() };
}

const ENDS_A_SENTENCE = /[。；;，,！!？?\s]$/;

/** The comment with a quick comment added: alone when it was empty, else after a '；'. */
export function withQuickComment(comment: string, quick: string): string {
  const text = quick.trim();
  if (!text) return comment;
  if (!comment.trim()) return text;
  return ENDS_A_SENTENCE.test(comment) ? `${comment}${text}` : `${comment}；${text}`;
}
