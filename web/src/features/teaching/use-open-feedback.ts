// Opens a lesson's feedback report of a student as the row's action says: writing creates (or
// finds) the report with `v2/init`, then opens its editor; an existing report opens in the editor
// or read-only.

import { useNavigate } from 'react-router';
import { useInitFeedbackReport } from './api/reports';
import type { FeedbackAction } from './feedback-action';
import { feedbackEditPath, feedbackPreviewPath } from './teaching-paths';

export interface FeedbackTarget {
  lessonId: number;
  studentId: number;
}

export function useOpenFeedback() {
  const navigate = useNavigate();
  const init = useInitFeedbackReport();
  const open = async (action: FeedbackAction, { lessonId, studentId }: FeedbackTarget): Promise<void> => {
    switch (action.kind) {
      case 'write': {
        let reportId: number;
        try {
          reportId = (await init.mutateAsync({ lessonId, studentId })).reportId;
        } catch {
          // The API client said why.
          return;
        }
        await navigate(feedbackEditPath(reportId));
        return;
      }
      case 'edit':
        await navigate(feedbackEditPath(action.reportId));
        return;
      case 'view':
        await navigate(feedbackPreviewPath(action.reportId));
        return;
    }
  };
  return { open, pending: init.isPending };
}
