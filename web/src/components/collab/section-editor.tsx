import '@mantine/tiptap/styles.css';
import { Group, Paper, Text } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import type { Extensions } from '@tiptap/core';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type CSSProperties, type ReactNode, useEffect, useEffectEvent } from 'react';
import type { CollabDoc, CollabSection, Presence } from '@/lib/collab';
import { type CollabCaret, caretOf } from './caret';
import { PresenceAvatars } from './presence-avatars';
import classes from './section-editor.module.css';

/** Chinese labels of the toolbar controls used here. */
const EDITOR_LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: '加粗',
  italicControlLabel: '斜体',
  underlineControlLabel: '下划线',
  strikeControlLabel: '删除线',
  clearFormattingControlLabel: '清除格式',
  h2ControlLabel: '二级标题',
  h3ControlLabel: '三级标题',
  bulletListControlLabel: '无序列表',
  orderedListControlLabel: '有序列表',
  blockquoteControlLabel: '引用',
  linkControlLabel: '插入链接',
  unlinkControlLabel: '移除链接',
  undoControlLabel: '撤销',
  redoControlLabel: '重做',
  linkEditorInputLabel: '链接地址',
  linkEditorInputPlaceholder: 'https://',
  linkEditorExternalLink: '在新标签页打开',
  linkEditorInternalLink: '在当前标签页打开',
  linkEditorSave: '保存',
};

/** A peer's caret: a coloured bar with the name above it. */
function renderCaret(user: Record<string, unknown>): HTMLElement {
  const color = typeof user.color === 'string' ? user.color : '#868e96';
  const name = typeof user.name === 'string' ? user.name : '';
  const caret = document.createElement('span');
  caret.className = classes.caret ?? '';
  caret.style.borderColor = color;
  caret.dataset.caretUser = typeof user.email === 'string' ? user.email : name;
  const label = document.createElement('span');
  label.className = classes.caretLabel ?? '';
  label.style.backgroundColor = color;
  label.textContent = name;
  caret.append(label);
  return caret;
}

export interface SectionEditorProps {
  doc: CollabDoc;
  section: CollabSection;
  editable: boolean;
  /** Who works in this section (from the awareness). */
  people: readonly Presence[];
  /** Buttons in the section's heading. */
  actions?: ReactNode;
  /** Style of the editing area (font, size, spacing). */
  contentStyle?: CSSProperties;
  /**
   * Nodes and marks the document's content holds beyond the kit's (the handout's formulas). A
   * module constant: the editor is made once per section.
   */
  extensions?: Extensions;
  /**
   * Told where the caret is: when the editor gains focus (`focused`) and after every transaction
   * (a local edit, a remote one, a move of the selection), while `focused` says whether the
   * editor has the focus. Without it nothing is computed.
   */
  onCaret?: (caret: CollabCaret, focused: boolean) => void;
}

const NO_EXTENSIONS: Extensions = [];

/** One section of a co-edited document: a rich-text editor bound to the section's fragment. */
export function SectionEditor({
  doc,
  section,
  editable,
  people,
  actions,
  contentStyle,
  extensions = NO_EXTENSIONS,
  onCaret,
}: SectionEditorProps) {
  const headingId = `section-${section.key}`;
  const editor = useEditor(
    {
      extensions: [
        // Collaboration brings its own undo history; Mantine's Link replaces the kit's.
        StarterKit.configure({ undoRedo: false, link: false }),
        Link.configure({ openOnClick: false }),
        Collaboration.configure({ fragment: doc.fragment(section.key) }),
        CollaborationCaret.configure({ provider: doc.provider, user: doc.user, render: renderCaret }),
        ...extensions,
      ],
      editable,
      shouldRerenderOnTransaction: editable,
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': section.title,
          'aria-readonly': String(!editable),
          'data-section': section.key,
        },
      },
      onFocus: () => doc.setSection(section.key),
    },
    [doc, section.key, extensions],
  );

  useEffect(() => {
    if (editor.isEditable !== editable) editor.setEditable(editable);
  }, [editor, editable]);

  const tracksCaret = onCaret !== undefined;
  const reportCaret = useEffectEvent((focused: boolean) => onCaret?.(caretOf(section.key, editor.state), focused));
  useEffect(() => {
    if (!tracksCaret) return;
    const onFocus = () => reportCaret(true);
    const onTransaction = () => reportCaret(editor.isFocused);
    editor.on('focus', onFocus);
    editor.on('transaction', onTransaction);
    return () => {
      editor.off('focus', onFocus);
      editor.off('transaction', onTransaction);
    };
  }, [editor, tracksCaret]);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId} className={classes.section}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text id={headingId} fw={600}>
          {section.title}
        </Text>
        <Group gap="sm" wrap="nowrap">
          {actions}
          <PresenceAvatars people={people} label={`${section.title}中的成员`} size="sm" />
        </Group>
      </Group>
      <RichTextEditor editor={editor} labels={EDITOR_LABELS} variant={editable ? 'default' : 'subtle'}>
        {editable && (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content className={classes.content} style={contentStyle} />
      </RichTextEditor>
    </Paper>
  );
}
