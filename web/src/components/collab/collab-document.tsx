import { Alert, Badge, Center, Group, Loader, Stack, Title } from '@mantine/core';
import type { Extensions } from '@tiptap/core';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { useCollabDoc } from '@/hooks/use-collab-doc';
import {
  COLLAB_STATE_LABELS,
  type CollabSection,
  type CollabState,
  type DocType,
  isTerminal,
  presenceBySection,
  useCollabPresence,
  useCollabState,
  type CollabDoc,
} from '@/lib/collab';
import type { CollabCaret } from './caret';
import { CollabStateBadge } from './collab-state-badge';
import { PresenceAvatars } from './presence-avatars';
import { SectionEditor } from './section-editor';

/** What to do after the server closed the document for good. */
const ENDED_HINTS: Partial<Record<CollabState, string>> = {
  denied: '请联系文档所有者开通权限。',
  sessionGone: '请重新登录后再打开文档。',
  tooLarge: '本次修改内容过大，未能同步。请刷新页面后重试。',
  tooMany: '请关闭一些打开的报告或讲义页面后刷新。',
  badAddress: '请检查链接中的文档编号。',
};

export interface CollabDocumentProps {
  docType: DocType;
  id: number;
  /** A text is shown as the heading; an element (e.g. an editable title) as it is. */
  title: ReactNode;
  sections: readonly CollabSection[];
  /** False: read-only (no toolbar, no typing). */
  editable: boolean;
  /** Why it is read-only, shown as a badge (e.g. 只读); null for none. */
  readOnlyNote?: string | null;
  /** Shown under the title (e.g. the report's context). */
  children?: ReactNode;
  /** Buttons beside the presence avatars (e.g. the handout's versions and settings). */
  actions?: ReactNode;
  /** Buttons in a section's heading, by section key (e.g. the report's AI comment). */
  sectionActions?: Readonly<Partial<Record<string, ReactNode>>>;
  /** Style of the sections' editing areas (e.g. a paper's font and spacing). */
  contentStyle?: CSSProperties;
  /** The editors' extensions beyond the kit's (e.g. the handout's formulas); a module constant. */
  extensions?: Extensions;
  /**
   * Called when the document is in step again after a dropped connection (rights or status may
   * have changed meanwhile, e.g. an editor turned reader reconnects read-only).
   */
  onResynced?: () => void;
  /**
   * Told where the user's caret is: in the section last focused, as it moves and as edits (local
   * or remote) move the blocks around it; it stays there while the focus is outside the document.
   */
  onCaret?: (caret: CollabCaret) => void;
}

/** A co-edited document: its sections as rich-text editors over one connection. */
export function CollabDocument({
  docType,
  id,
  title,
  sections,
  editable,
  readOnlyNote = null,
  children,
  actions,
  sectionActions,
  contentStyle,
  extensions,
  onResynced,
  onCaret,
}: CollabDocumentProps) {
  const doc = useCollabDoc(docType, id);
  if (!doc) {
    return (
      <Center mih={240}>
        <Loader aria-label="正在打开文档" />
      </Center>
    );
  }
  return (
    <OpenDocument
      key={`${doc.docType}/${doc.id}`}
      doc={doc}
      title={title}
      sections={sections}
      editable={editable}
      readOnlyNote={readOnlyNote}
      actions={actions}
      sectionActions={sectionActions}
      contentStyle={contentStyle}
      extensions={extensions}
      onResynced={onResynced}
      onCaret={onCaret}
    >
      {children}
    </OpenDocument>
  );
}

interface OpenDocumentProps {
  doc: CollabDoc;
  title: ReactNode;
  sections: readonly CollabSection[];
  editable: boolean;
  readOnlyNote: string | null;
  children?: ReactNode;
  actions?: ReactNode;
  sectionActions?: Readonly<Partial<Record<string, ReactNode>>>;
  contentStyle?: CSSProperties;
  extensions?: Extensions;
  onResynced?: () => void;
  onCaret?: (caret: CollabCaret) => void;
}

function OpenDocument({
  doc,
  title,
  sections,
  editable,
  readOnlyNote,
  children,
  actions,
  sectionActions,
  contentStyle,
  extensions,
  onResynced,
  onCaret,
}: OpenDocumentProps) {
  const state = useCollabState(doc);
  useResynced(state, onResynced);
  const sectionCaret = useSectionCaret(onCaret);
  const people = useCollabPresence(doc);
  const bySection = presenceBySection(people);
  const ended = isTerminal(state);

  return (
    <Stack gap="md" p="md" maw={1080}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm">
          {typeof title === 'string' ? <Title order={3}>{title}</Title> : title}
          <CollabStateBadge doc={doc} />
          {readOnlyNote && (
            <Badge color="orange" variant="light">
              {readOnlyNote}
            </Badge>
          )}
        </Group>
        <Group gap="sm" wrap="nowrap">
          {actions}
          <PresenceAvatars people={people} label="在线成员" />
        </Group>
      </Group>
      {!ended && children}
      {ended ? (
        <Alert color="red" title={COLLAB_STATE_LABELS[state].text} role="alert">
          {ENDED_HINTS[state] ?? '请刷新页面后重试。'}
        </Alert>
      ) : (
        sections.map((section) => (
          <SectionEditor
            key={section.key}
            doc={doc}
            section={section}
            editable={editable}
            people={bySection.get(section.key) ?? []}
            actions={sectionActions?.[section.key]}
            contentStyle={contentStyle}
            extensions={extensions}
            onCaret={onCaret ? sectionCaret : undefined}
          />
        ))
      )}
    </Stack>
  );
}

/**
 * The section editors' caret reports, passed on for the section focused last only (every editor
 * reports its remote edits; the caret is in one of them).
 */
function useSectionCaret(onCaret: ((caret: CollabCaret) => void) | undefined) {
  const caretSection = useRef<string | null>(null);
  const latest = useRef(onCaret);
  useEffect(() => {
    latest.current = onCaret;
  });
  return useCallback((caret: CollabCaret, focused: boolean) => {
    if (focused) caretSection.current = caret.section;
    if (caretSection.current === caret.section) latest.current?.(caret);
  }, []);
}

/** Calls `onResynced` each time the state returns to `synced` after having left it. */
function useResynced(state: CollabState, onResynced: (() => void) | undefined) {
  const everSynced = useRef(false);
  const lastState = useRef(state);
  const resynced = useEffectEvent(() => onResynced?.());
  useEffect(() => {
    const previous = lastState.current;
    lastState.current = state;
    if (state !== 'synced' || previous === 'synced') return;
    if (everSynced.current) resynced();
    everSynced.current = true;
  }, [state]);
}
