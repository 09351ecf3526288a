import { Anchor, Button } from '@mantine/core';
import { useState } from 'react';
import type { QuestionView } from '@/generated/QuestionView';
import { isLibraryEditor, useSession } from '@/lib/session';
import { FEEDBACK_TARGET, type FeedbackTarget } from '../feedback-dict';
import { FeedbackModal } from './feedback-modal';
import { FeedbackSummaryModal } from './feedback-summary-modal';

/**
 * A bank question's 反馈 (report an error in it) and, for the library's editors, 反馈汇总 (the
 * reports on it, settled there).
 */
export function QuestionFeedback({ question }: { question: QuestionView }) {
  const editor = useSession((s) => isLibraryEditor(s.user));
  const [reporting, setReporting] = useState(false);
  const [summary, setSummary] = useState(false);
  const target: FeedbackTarget = {
    type: FEEDBACK_TARGET.question,
    id: question.questionId,
    title: `第${question.questionIndex}题`,
  };
  return (
    <>
      <Button size="compact-sm" variant="subtle" color="gray" onClick={() => setReporting(true)}>
        反馈
      </Button>
      {editor && (
        <Anchor component="button" type="button" size="sm" onClick={() => setSummary(true)}>
          反馈汇总
        </Anchor>
      )}
      <FeedbackModal target={reporting ? target : null} onClose={() => setReporting(false)} />
      {editor && <FeedbackSummaryModal target={summary ? target : null} onClose={() => setSummary(false)} />}
    </>
  );
}
