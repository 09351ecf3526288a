import { getSchema } from '@tiptap/core';
import { InlineMath } from '@tiptap/extension-mathematics';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { caretOf } from '@/components/collab/caret';
import type { PaperTreeNode } from '@/generated/PaperTreeNode';
import { blockChoices, blockKeyAt, blockLabel, compareBlockKeys, parseBlockKey } from './block-keys';

const schema = getSchema([StarterKit, InlineMath]);

/** A section's content from top-level blocks: `h:` a level-2 heading, `m:` a heading of a formula only. */
function content(blocks: string[]) {
  return schema.node(
    'doc',
    null,
    blocks.map((b) => {
      if (b.startsWith('m:'))
        return schema.node('heading', { level: 2 }, [schema.node('inlineMath', { latex: b.slice(2) })]);
      const [type, text] = b.startsWith('h:') ? ['heading', b.slice(2)] : ['paragraph', b];
      return schema.node(type, type === 'heading' ? { level: 2 } : null, text ? [schema.text(text)] : []);
    }),
  );
}

/** The caret of the section with the selection inside top-level block `block`. */
function caretIn(section: string, blocks: string[], block: number) {
  const doc = content(blocks);
  let pos = 0;
  for (let i = 0; i < block; i += 1) pos += doc.child(i).nodeSize;
  const state = EditorState.create({ doc, selection: TextSelection.create(doc, pos + 1) });
  return caretOf(section, state);
}

const OUTLINE: PaperTreeNode[] = [
  { key: 'section:handoutTitle', title: '讲义标题', level: 1, children: [] },
  {
    key: 'section:knowledgeReview',
    title: '知识梳理',
    level: 1,
    children: [
      { key: 'heading:knowledgeReview:1', title: '导数的定义', level: 2, children: [] },
      { key: 'heading:knowledgeReview:4', title: '几何意义', level: 2, children: [] },
    ],
  },
];

describe('block keys', () => {
  it('reads the keys the server accepts and refuses the others', () => {
    expect(parseBlockKey('section:knowledgeReview')).toEqual({ kind: 'section', section: 'knowledgeReview' });
    expect(parseBlockKey('heading:homework:12')).toEqual({ kind: 'heading', section: 'homework', index: 12 });
    expect(parseBlockKey('heading:homework:x')).toBeNull();
    expect(parseBlockKey('section:summary')).toBeNull();
    expect(parseBlockKey('paragraph:homework:1')).toBeNull();
  });

  it('names the block a caret is in by the heading it falls under, as paper/tree counts blocks', () => {
    const blocks = ['引言', 'h:导数的定义', '定义的文字', '', 'h:几何意义', '切线'];
    expect(caretIn('knowledgeReview', blocks, 0)).toMatchObject({ section: 'knowledgeReview', block: 0 });
    // Above every heading: the whole section.
    expect(blockKeyAt(caretIn('knowledgeReview', blocks, 0))).toBe('section:knowledgeReview');
    // In a heading, or under it: the heading, by its top-level index.
    expect(blockKeyAt(caretIn('knowledgeReview', blocks, 1))).toBe('heading:knowledgeReview:1');
    expect(blockKeyAt(caretIn('knowledgeReview', blocks, 3))).toBe('heading:knowledgeReview:1');
    expect(blockKeyAt(caretIn('knowledgeReview', blocks, 5))).toBe('heading:knowledgeReview:4');
  });

  it('passes over headings the outline leaves out (blank) and keeps a formula-only one', () => {
    expect(blockKeyAt(caretIn('homework', ['h:习题', 'h:', '第一题'], 2))).toBe('heading:homework:0');
    expect(blockKeyAt(caretIn('homework', ['h:习题', 'm:x^2', '第一题'], 2))).toBe('heading:homework:1');
  });

  it('labels blocks from the outline, by place when it lacks them, and orders them as the paper', () => {
    expect(blockLabel('section:knowledgeReview', OUTLINE)).toBe('知识梳理');
    expect(blockLabel('heading:knowledgeReview:4', OUTLINE)).toBe('知识梳理 › 几何意义');
    expect(blockLabel('heading:homework:2', OUTLINE)).toBe('课后作业 › 第3段');
    expect(
      ['heading:homework:0', 'heading:knowledgeReview:10', 'section:knowledgeReview', 'heading:knowledgeReview:4'].sort(
        compareBlockKeys,
      ),
    ).toEqual([
      'section:knowledgeReview',
      'heading:knowledgeReview:4',
      'heading:knowledgeReview:10',
      'heading:homework:0',
    ]);
  });

  it('offers each section and its headings as places to comment', () => {
    const choices = blockChoices(OUTLINE, ['heading:homework:2']);
    expect(choices.map((g) => g.group)).toEqual(['讲义标题', '知识梳理', '例题精讲', '课堂练习', '课后作业']);
    expect(choices[1]?.items).toEqual([
      { value: 'section:knowledgeReview', label: '知识梳理（整节）' },
      { value: 'heading:knowledgeReview:1', label: '导数的定义' },
      { value: 'heading:knowledgeReview:4', label: '几何意义' },
    ]);
    expect(choices[4]?.items.map((i) => i.label)).toEqual(['课后作业（整节）', '第3段']);
  });
});
