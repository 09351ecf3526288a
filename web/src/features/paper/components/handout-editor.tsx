import { Alert, Box, Button, Group, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { CollabDocument } from '@/components/collab/collab-document';
import { knowledgeSectionEditPath } from '@/config/paths';
import { ErrorCode, Timing } from '@/generated/codes';
import type { PaperDetail } from '@/generated/PaperDetail';
import { isApiError } from '@/lib/api-client';
import { useCopyPaper, usePaperDetail } from '../api/handout';
import { blockKeyAt } from '../block-keys';
import { HANDOUT_EXTENSIONS } from '../handout-extensions';
import { DEFAULT_GLOBAL_SETTINGS, paperContentStyle } from '../paper-rules';
import { HANDOUT_DOC_TITLE, HANDOUT_SECTIONS } from '../sections';
import { BlockCommentsPanel } from './block-comments-panel';
import { PaperTitle } from './paper-title';
import { RestoreVersionModal } from './restore-version-modal';
import { SettingsPanel } from './settings-panel';
import { VersionPanel } from './version-panel';
import { VersionView } from './version-view';

export interface HandoutEditorProps {
  paperId: number;
  /** 0: the live document, co-edited; n: saved version n, read-only. */
  ver: number;
  /** More buttons for a paper the user can read (composed by the app, e.g. save and download). */
  paperActions?: (paper: PaperDetail) => ReactNode;
}

type Panel = 'versions' | 'settings' | null;

/**
 * The handout editor (/knowledgeSectionEdit): the paper's title and rights from paper/detail, its
 * sections co-edited live (read-only without the right to edit), versions (save, view, restore),
 * copy, and the header and layout settings; the layout styles the editing area; 评论, the
 * comments on its blocks beside the live document, with a comment on the block the caret is in
 * (everyone who reads the paper comments). A saved version is shown as static text.
 */
export function HandoutEditor({ paperId, ver, paperActions }: HandoutEditorProps) {
  const navigate = useNavigate();
  const live = usePaperDetail(paperId, 0);
  const version = usePaperDetail(ver > 0 ? paperId : null, ver);
  const [panel, setPanel] = useState<Panel>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [commentsOpen, setCommentsOpen] = useState(false);
  // The block the caret is in, as block comments name it (null: not in the document yet).
  const [caretBlock, setCaretBlock] = useState<string | null>(null);
  const copyMutation = useCopyPaper();

  if (
    isApiError(live.error) &&
    (live.error.code === ErrorCode.NotFound || live.error.code === ErrorCode.NoPermission)
  ) {
    return (
      <Box p="md">
        <Alert color="orange" title="无法打开讲义">
          {live.error.message || '讲义不存在或无权查看。'}
        </Alert>
      </Box>
    );
  }

  const paper = live.isSuccess ? live.data : null;
  const canEdit = !!paper?.canEdit;
  const contentStyle = paperContentStyle(paper?.globalSettings ?? DEFAULT_GLOBAL_SETTINGS);

  /** A version was restored (the live detail holds the server's answer): back to the live paper. */
  const applyRestored = () => {
    setRestoring(null);
    setPanel(null);
    if (ver !== 0) void navigate(knowledgeSectionEditPath(paperId));
  };

  // A failure: the API client has shown the server's message.
  const copy = () =>
    copyMutation.mutate(paperId, {
      onSuccess: (created) => {
        notifications.show({ color: 'green', message: `已复制讲义：${created.paperName}`, autoClose: Timing.TOAST_MS });
        void navigate(knowledgeSectionEditPath(created.paperId));
      },
    });

  const title = paper ? (
    <PaperTitle paperId={paperId} title={paper.paperTitle} canEdit={canEdit && ver === 0} />
  ) : (
    <Title order={3}>{HANDOUT_DOC_TITLE}</Title>
  );

  const actions = paper && (
    <>
      <Button variant="default" size="xs" onClick={() => setPanel('versions')}>
        版本
      </Button>
      {canEdit && ver === 0 && (
        <Button variant="default" size="xs" onClick={() => setPanel('settings')}>
          讲义设置
        </Button>
      )}
      <Button variant="default" size="xs" onClick={copy} loading={copyMutation.isPending}>
        复制讲义
      </Button>
      {ver === 0 && (
        <Button
          variant={commentsOpen ? 'light' : 'default'}
          size="xs"
          aria-pressed={commentsOpen}
          onClick={() => setCommentsOpen((open) => !open)}
        >
          评论
        </Button>
      )}
      {paperActions?.(paper)}
    </>
  );

  return (
    <>
      {ver > 0 ? (
        <VersionView
          ver={ver}
          version={version}
          title={title}
          actions={actions}
          canRestore={canEdit}
          onRestore={() => setRestoring(ver)}
          onBack={() => navigate(knowledgeSectionEditPath(paperId))}
          contentStyle={contentStyle}
        />
      ) : (
        <Group align="flex-start" wrap="nowrap" gap={0}>
          <Box flex={1} miw={0}>
            <CollabDocument
              docType="handout"
              id={paperId}
              title={title}
              sections={HANDOUT_SECTIONS}
              editable={canEdit}
              readOnlyNote={paper && !canEdit ? '只读' : null}
              actions={actions}
              contentStyle={contentStyle}
              extensions={HANDOUT_EXTENSIONS}
              // Read again after a reconnect: access may have changed while disconnected.
              onResynced={() => void live.refetch()}
              onCaret={(caret) => setCaretBlock(blockKeyAt(caret))}
            >
              {live.isError && (
                <Alert color="orange" title="讲义信息加载失败">
                  {live.error.message}
                </Alert>
              )}
            </CollabDocument>
          </Box>
          {paper && commentsOpen && (
            <Box w={360} py="md" pr="md" style={{ flexShrink: 0, position: 'sticky', top: 0 }}>
              <BlockCommentsPanel paperId={paperId} current={caretBlock} onClose={() => setCommentsOpen(false)} />
            </Box>
          )}
        </Group>
      )}
      {paper && (
        <>
          <VersionPanel
            paperId={paperId}
            opened={panel === 'versions'}
            onClose={() => setPanel(null)}
            canEdit={canEdit}
            currentVer={ver}
            onView={(n) => {
              setPanel(null);
              void navigate(knowledgeSectionEditPath(paperId, n));
            }}
            onRestored={applyRestored}
          />
          <SettingsPanel
            paperId={paperId}
            opened={panel === 'settings'}
            onClose={() => setPanel(null)}
            settings={paper.globalSettings}
          />
          <RestoreVersionModal
            paperId={paperId}
            versionNo={restoring}
            onClose={() => setRestoring(null)}
            onRestored={applyRestored}
          />
        </>
      )}
    </>
  );
}
