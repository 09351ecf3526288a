// The co-edited document pages: the lesson feedback report (feedbackEdit, feedbackPreview), its
// signed preview (FeedbackPreviewPc, no login) and the handout (knowledgeSectionEdit). Spec 03 §2.

import { Alert, Box, Center, Loader } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { CollabDocument } from '@/components/collab/collab-document';
import { PaperDownloadButton } from '@/features/download/components/paper-download-button';
import { useDocMembers } from '@/features/collab/api/members';
import { ShareButton } from '@/features/collab/components/share-dialog';
import {
  STATUS_SUBMITTED,
  useFeedbackPreview,
  useFeedbackReportDetail,
} from '@/features/feedback-report/api/feedback-report';
import { AiCommentButton } from '@/features/feedback-report/components/ai-comment-button';
import { FeedbackActions } from '@/features/feedback-report/components/feedback-actions';
import { ReportContext } from '@/features/feedback-report/components/report-context';
import { ReportPreview } from '@/features/feedback-report/components/report-preview';
import { FEEDBACK_DOC_TITLE, FEEDBACK_SECTIONS } from '@/features/feedback-report/sections';
import { HandoutEditor } from '@/features/paper/components/handout-editor';
import { SaveToKnowledgeButton } from '@/features/library/components/save-to-knowledge-button';
import type { PaperDetail } from '@/generated/PaperDetail';
import { parseDocId } from '@/lib/collab';

/** `from` = 2 or 4: the user came from the enterprise-messaging (work-chat) app. */
function isFromWorkChat(from: string | null): boolean {
  return from === '2' || from === '4';
}

function Problem({ title, text }: { title: string; text: string }) {
  return (
    <Box p="md">
      <Alert color="orange" title={title}>
        {text}
      </Alert>
    </Box>
  );
}

/**
 * The report's sections over its live document, with its context from REST. Editable only on
 * feedbackEdit and when the server says so (`canEdit`: not for readers, not once submitted). The
 * editor has 提交, 预览链接 and 共享 (submit and share for the report's teacher only).
 */
function FeedbackReport({ preview }: { preview: boolean }) {
  const [params] = useSearchParams();
  const id = parseDocId(params.get('id'));
  const fromWorkChat = isFromWorkChat(params.get('from'));
  const detail = useFeedbackReportDetail(id, { fromWorkChat });
  // The member list answers the owner only (A0300 for anyone else, quietly): it tells whether
  // the caller owns the report, who alone submits and shares it.
  const members = useDocMembers('feedback', preview ? null : id);
  if (id === null) return <Problem title="无法打开文档" text="链接中缺少有效的报告编号（id）。" />;

  const ready = detail.data ?? null;
  const editable = !preview && !!ready?.canEdit;
  const isOwner = members.isSuccess;
  let note: string | null = null;
  if (preview) note = '只读';
  else if (ready && !ready.canEdit) note = ready.report.status === STATUS_SUBMITTED ? '已提交，只读' : '只读';
  return (
    <CollabDocument
      docType="feedback"
      id={id}
      title={preview ? `${FEEDBACK_DOC_TITLE}（预览）` : FEEDBACK_DOC_TITLE}
      sections={FEEDBACK_SECTIONS}
      editable={editable}
      readOnlyNote={note}
      actions={
        !preview &&
        ready && (
          <>
            <FeedbackActions report={ready.report} isOwner={isOwner} fromWorkChat={fromWorkChat} />
            {isOwner && <ShareButton docType="feedback" id={id} />}
          </>
        )
      }
      sectionActions={
        editable ? { aiTeacherComment: <AiCommentButton reportId={id} fromWorkChat={fromWorkChat} /> } : undefined
      }
      // Read again after a reconnect: access or status may have changed while disconnected.
      onResynced={() => void detail.refetch()}
    >
      {ready && <ReportContext report={ready.report} />}
      {detail.isError && (
        <Alert color="orange" title="报告信息加载失败">
          {detail.error.message}
        </Alert>
      )}
    </CollabDocument>
  );
}

/** /easyServer/feedbackEdit?id={reportId} */
export function FeedbackEditRoute() {
  return <FeedbackReport preview={false} />;
}

/** /easyServer/feedbackPreview?id={reportId}&from={2|4}: read-only. */
export function FeedbackPreviewRoute() {
  return <FeedbackReport preview />;
}

/** /feedbackPreviewPc?token={signed preview token}: the report read-only, without login. */
export function FeedbackPreviewPcRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const preview = useFeedbackPreview(token);
  if (!token || preview.isError) {
    return <Problem title="无法预览报告" text="预览链接无效或已过期，请向老师索取新的链接。" />;
  }
  if (preview.isPending) {
    return (
      <Center mih={240}>
        <Loader aria-label="正在加载报告" />
      </Center>
    );
  }
  return (
    <Box maw={1080} mx="auto" p="md">
      <ReportPreview detail={preview.data} />
    </Box>
  );
}

/** The `ver` of a handout link: a whole number of a saved version, 0 (the live document) otherwise. */
function parseVer(value: string | null): number {
  const ver = Number(value ?? 0);
  return Number.isInteger(ver) && ver > 0 ? ver : 0;
}

/**
 * What a reader of a handout can do with the whole paper: save it to the knowledge base, download
 * it; its owner also shares it with colleagues to co-edit or read (共享).
 */
function handoutPaperActions(paper: PaperDetail) {
  return (
    <>
      <SaveToKnowledgeButton paperId={paper.paperId} />
      <PaperDownloadButton paperId={paper.paperId} />
      {paper.isOwner && <ShareButton docType="handout" id={paper.paperId} />}
    </>
  );
}

/**
 * /knowledgeSectionEdit?paperId={id}&ver=0: the handout editor; ver=n shows saved version n
 * read-only.
 */
export function KnowledgeSectionEditRoute() {
  const [params] = useSearchParams();
  const paperId = parseDocId(params.get('paperId'));
  const ver = parseVer(params.get('ver'));
  if (paperId === null) return <Problem title="无法打开文档" text="链接中缺少有效的讲义编号（paperId）。" />;
  return <HandoutEditor key={paperId} paperId={paperId} ver={ver} paperActions={handoutPaperActions} />;
}
