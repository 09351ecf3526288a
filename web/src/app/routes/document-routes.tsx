// The co-edited document pages: the lesson feedback report (feedbackEdit, feedbackPreview,
// FeedbackPreviewPc) and the handout (knowledgeSectionEdit). Spec 03 §2.

import { Alert, Box } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { CollabDocument } from '@/components/collab/collab-document';
import { parseDocId } from '@/lib/collab';
import { useFeedbackReportDetail } from '@/features/feedback/api/feedback-report';
import { FEEDBACK_DOC_TITLE, FEEDBACK_SECTIONS } from '@/features/feedback/sections';
import { usePaperDetail } from '@/features/handout/api/handout';
import { HANDOUT_DOC_TITLE, HANDOUT_SECTIONS } from '@/features/handout/sections';

/** `from` = 2 or 4: the user came from the enterprise-messaging (work-chat) app. */
export function isFromWorkChat(from: string | null): boolean {
  return from === '2' || from === '4';
}

function MissingId({ text }: { text: string }) {
  return (
    <Box p="md">
      <Alert color="orange" title="无法打开文档">
        {text}
      </Alert>
    </Box>
  );
}

function FeedbackReport({ readOnly }: { readOnly: boolean }) {
  const [params] = useSearchParams();
  const id = parseDocId(params.get('id'));
  useFeedbackReportDetail(id, { fromWorkChat: isFromWorkChat(params.get('from')) });
  if (id === null) return <MissingId text="链接中缺少有效的报告编号（id）。" />;
  return (
    <CollabDocument
      docType="feedback"
      id={id}
      title={readOnly ? `${FEEDBACK_DOC_TITLE}（预览）` : FEEDBACK_DOC_TITLE}
      sections={FEEDBACK_SECTIONS}
      readOnly={readOnly}
    />
  );
}

/** /easyServer/feedbackEdit?id={reportId} */
export function FeedbackEditRoute() {
  return <FeedbackReport readOnly={false} />;
}

/** /easyServer/feedbackPreview?id={reportId}&from={2|4}: read-only. */
export function FeedbackPreviewRoute() {
  return <FeedbackReport readOnly />;
}

/** /feedbackPreviewPc?id={reportId}: the standalone read-only preview (behind login for now). */
export function FeedbackPreviewPcRoute() {
  return (
    <Box maw={1120} mx="auto" py="md">
      <FeedbackReport readOnly />
    </Box>
  );
}

/** /knowledgeSectionEdit?paperId={id}&ver=0: the handout editor. */
export function KnowledgeSectionEditRoute() {
  const [params] = useSearchParams();
  const paperId = parseDocId(params.get('paperId'));
  const ver = Number(params.get('ver') ?? 0) || 0;
  const paper = usePaperDetail(paperId, ver);
  if (paperId === null) return <MissingId text="链接中缺少有效的讲义编号（paperId）。" />;
  return (
    <CollabDocument
      docType="handout"
      id={paperId}
      title={paper?.paperTitle || HANDOUT_DOC_TITLE}
      sections={HANDOUT_SECTIONS}
      readOnly={false}
    />
  );
}
