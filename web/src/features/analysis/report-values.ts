// A stage report as its editor holds it (the title, the three texts, the questions in order with a
// note each) and as report/save takes it back, with the version read (`updatedAt`): the server
// refuses a save over a newer one. Pure functions.

import type { SaveStageReportRequest } from '@/generated/SaveStageReportRequest';
import type { StageReport } from '@/generated/StageReport';
import { charCount } from './analysis-format';
import { MAX_REPORT_QUESTION_NOTE_CHARS, MAX_REPORT_TEXT_CHARS, MAX_REPORT_TITLE_CHARS } from './analysis-dict';

export interface ReportValues {
  title: string;
  summary: string;
  comment: string;
  nextPlan: string;
  questions: { questionId: number; note: string }[];
}

export function valuesOf(report: StageReport): ReportValues {
  return {
    title: report.title,
    summary: report.summary,
    comment: report.comment,
    nextPlan: report.nextPlan,
    questions: report.questions.map((q) => ({ questionId: q.questionId, note: q.note })),
  };
}

/** Whether the editor holds anything the report does not. */
export function changed(values: ReportValues, report: StageReport): boolean {
  return JSON.stringify(values) !== JSON.stringify(valuesOf(report));
}

/** The save of the values over the version of the report read, every text trimmed. */
export function saveBodyOf(report: StageReport, values: ReportValues): SaveStageReportRequest {
  return {
    id: report.id,
    title: values.title.trim(),
    summary: values.summary.trim(),
    comment: values.comment.trim(),
    nextPlan: values.nextPlan.trim(),
    questions: values.questions.map((q) => ({ questionId: q.questionId, note: q.note.trim() })),
    updatedAt: report.updatedAt,
  };
}

/** The list with the item at `from` moved to `to` (unchanged when either is out of range). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** What the server would refuse in the values, by field; empty when they may be saved. */
export function valuesErrors(
  values: ReportValues,
): Partial<Record<'title' | 'summary' | 'comment' | 'nextPlan', string>> {
  const errors: Partial<Record<'title' | 'summary' | 'comment' | 'nextPlan', string>> = {};
  const title = values.title.trim();
  if (!title) errors.title = '报告标题不能为空';
  else if (charCount(title) > MAX_REPORT_TITLE_CHARS) errors.title = `报告标题最多 ${MAX_REPORT_TITLE_CHARS} 字`;
  const texts = [
    ['summary', '阶段总结'],
    ['comment', '老师评语'],
    ['nextPlan', '后续计划'],
  ] as const;
  for (const [key, name] of texts) {
    if (charCount(values[key].trim()) > MAX_REPORT_TEXT_CHARS) errors[key] = `${name}最多 ${MAX_REPORT_TEXT_CHARS} 字`;
  }
  return errors;
}

/** Why a note cannot be saved, or null. */
export const noteError = (note: string) =>
  charCount(note.trim()) > MAX_REPORT_QUESTION_NOTE_CHARS ? `题目点评最多 ${MAX_REPORT_QUESTION_NOTE_CHARS} 字` : null;

/** A report is published only with a summary or a comment (the server's rule). */
export const canPublish = (values: Pick<ReportValues, 'summary' | 'comment'>) =>
  values.summary.trim() !== '' || values.comment.trim() !== '';
