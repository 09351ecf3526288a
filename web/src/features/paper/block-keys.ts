// The blocks of a handout that comments are made on (blockCommentData, 03 §7.1 "Feedback
// (content)"), named as paper/tree names them: `section:{key}` a whole section, and
// `heading:{key}:{i}` a heading with text, `i` its top-level block index in the section (its
// child index in the section's Y.XmlFragment: api handlers/paper `tree`, hub doc::content
// `read_blocks`). A caret in the editor comments on the heading it falls under — the nearest
// heading with text at or above its block — or, above every heading, on the section.

import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { CollabCaret } from '@/components/collab/caret';
import type { PaperTreeNode } from '@/generated/PaperTreeNode';
import { HANDOUT_SECTIONS } from './sections';

export type BlockRef = { kind: 'section'; section: string } | { kind: 'heading'; section: string; index: number };

export function sectionBlockKey(section: string): string {
  return `section:${section}`;
}

export function headingBlockKey(section: string, index: number): string {
  return `heading:${section}:${index}`;
}

function isHandoutSection(key: string | undefined): key is string {
  return HANDOUT_SECTIONS.some((s) => s.key === key);
}

/** A block key read back (null: not one the server accepts). */
export function parseBlockKey(key: string): BlockRef | null {
  const parts = key.split(':');
  if (parts.length === 2 && parts[0] === 'section' && isHandoutSection(parts[1])) {
    return { kind: 'section', section: parts[1] };
  }
  if (parts.length === 3 && parts[0] === 'heading' && isHandoutSection(parts[1]) && /^\d+$/.test(parts[2] ?? '')) {
    return { kind: 'heading', section: parts[1], index: Number(parts[2]) };
  }
  return null;
}

/**
 * Whether a top-level node is a heading the outline lists: the server keeps headings whose text
 * (a formula counts as its `$latex$`) is not blank.
 */
function isOutlineHeading(node: ProseMirrorNode): boolean {
  if (node.type.name !== 'heading') return false;
  let text = false;
  node.descendants((child) => {
    if (text) return false;
    if (child.isText ? (child.text ?? '').trim() !== '' : child.isAtom) text = true;
    return !text;
  });
  return text;
}

/** The block a caret comments on: the heading it falls under, else its section. */
export function blockKeyAt(caret: CollabCaret): string {
  for (let i = Math.min(caret.block, caret.content.childCount - 1); i >= 0; i -= 1) {
    if (isOutlineHeading(caret.content.child(i))) return headingBlockKey(caret.section, i);
  }
  return sectionBlockKey(caret.section);
}

function sectionTitle(section: string): string {
  return HANDOUT_SECTIONS.find((s) => s.key === section)?.title ?? section;
}

/** A heading's text from the outline; its place (第n段) when the outline lacks it. */
function headingTitle(key: string, index: number, outline: readonly PaperTreeNode[] | undefined): string {
  const heading = outline?.flatMap((n) => n.children).find((n) => n.key === key);
  return heading ? heading.title : `第${index + 1}段`;
}

/** A block as a reader names it: 知识梳理, or 知识梳理 › the heading. */
export function blockLabel(key: string, outline: readonly PaperTreeNode[] | undefined): string {
  const ref = parseBlockKey(key);
  if (!ref) return key;
  const section = sectionTitle(ref.section);
  return ref.kind === 'section' ? section : `${section} › ${headingTitle(key, ref.index, outline)}`;
}

/** The order of blocks in the handout: by section, the section first, then its blocks in order. */
export function compareBlockKeys(a: string, b: string): number {
  const rank = (key: string): [number, number] => {
    const ref = parseBlockKey(key);
    if (!ref) return [HANDOUT_SECTIONS.length, 0];
    const section = HANDOUT_SECTIONS.findIndex((s) => s.key === ref.section);
    return [section, ref.kind === 'section' ? -1 : ref.index];
  };
  const [sa, ia] = rank(a);
  const [sb, ib] = rank(b);
  return sa - sb || ia - ib || a.localeCompare(b);
}

/** The outline as choices of where to comment: each section, then its headings. */
export function blockChoices(
  outline: readonly PaperTreeNode[] | undefined,
  extra: readonly string[] = [],
): { group: string; items: { value: string; label: string }[] }[] {
  const keys = new Set<string>(extra.filter((k) => parseBlockKey(k) !== null));
  for (const s of HANDOUT_SECTIONS) keys.add(sectionBlockKey(s.key));
  for (const node of outline ?? []) for (const child of node.children) keys.add(child.key);
  const sorted = [...keys].sort(compareBlockKeys);
  return HANDOUT_SECTIONS.map((s) => ({
    group: s.title,
    items: sorted.flatMap((k) => {
      const ref = parseBlockKey(k);
      if (ref?.section !== s.key) return [];
      const label = ref.kind === 'section' ? `${s.title}（整节）` : headingTitle(k, ref.index, outline);
      return [{ value: k, label }];
    }),
  }));
}
