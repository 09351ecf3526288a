// Where the caret of a co-edited document is, as its section editors report it: the section and
// the top-level block the caret is in. A block's index in the editor's content is its child index
// in the section's Y.XmlFragment (y-prosemirror keeps one element per top-level node), which is
// how the server names blocks (hub doc::content::read_blocks).

import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { EditorState } from '@tiptap/pm/state';

export interface CollabCaret {
  /** The section's key. */
  section: string;
  /** The index of the top-level block the caret is in. */
  block: number;
  /** The section's content as the editor holds it at that moment (immutable). */
  content: ProseMirrorNode;
}

/** The caret of a section's editor state: the block of the selection's head. */
export function caretOf(section: string, state: EditorState): CollabCaret {
  const content = state.doc;
  const block = Math.max(0, Math.min(state.selection.$head.index(0), content.childCount - 1));
  return { section, block, content };
}
