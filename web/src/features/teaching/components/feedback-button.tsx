import { Button } from '@mantine/core';
import { FEEDBACK_ACTION_LABELS, type FeedbackAction } from '../feedback-action';
import { type FeedbackTarget, useOpenFeedback } from '../use-open-feedback';

export interface FeedbackButtonProps extends FeedbackTarget {
  action: FeedbackAction;
  /** The button's text when not the action's own (继续编辑). */
  label?: string;
}

/** A row's report action: 写反馈 (creates or finds the report, then edits it), 编辑反馈, 查看反馈. */
export function FeedbackButton({ action, label, lessonId, studentId }: FeedbackButtonProps) {
  const { open, pending } = useOpenFeedback();
  return (
    <Button
      size="compact-xs"
      variant={action.kind === 'write' ? 'filled' : 'light'}
      loading={pending}
      onClick={() => void open(action, { lessonId, studentId })}
    >
      {label ?? FEEDBACK_ACTION_LABELS[action.kind]}
    </Button>
  );
}
