// What a student's row offers for their lesson's feedback report: write it (the report is created
// or found by `v2/init`, then edited), edit the one written, or read it.

export type FeedbackAction =
  { kind: 'write' } | { kind: 'edit'; reportId: number } | { kind: 'view'; reportId: number };

export const FEEDBACK_ACTION_LABELS: Record<FeedbackAction['kind'], string> = {
  write: '写反馈',
  edit: '编辑反馈',
  view: '查看反馈',
};

/**
 * The action on a student's report at a lesson: a written report (`reportId` > 0) is edited by who
 * may write the lesson's reports and read by the others; without one, who may write it writes it
 * and the others have nothing to open (null).
 */
export function feedbackActionOf(canWrite: boolean, reportId: number): FeedbackAction | null {
  if (reportId > 0) return canWrite ? { kind: 'edit', reportId } : { kind: 'view', reportId };
  return canWrite ? { kind: 'write' } : null;
}
