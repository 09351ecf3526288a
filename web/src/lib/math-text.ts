// Texts with formulas (question stems, options, answers, analyses; handout paragraphs): LaTeX
// between `$…$` or `\(…\)`, split the way the server splits them when it writes a question into a
// handout (hub/src/doc/content.rs `split_math`), rendered with KaTeX; and the words of a search
// marked in the text between the formulas. The KaTeX style sheet is loaded here, once, for every
// formula of the app (this module and the handout editor's math nodes).

import 'katex/dist/katex.min.css';
import katex, { type KatexOptions } from 'katex';

/** How every formula is rendered: a formula KaTeX cannot read shows as red source, never throws. */
export const KATEX_OPTIONS: KatexOptions = { throwOnError: false, displayMode: false };

export type MathPiece = { kind: 'text'; text: string } | { kind: 'math'; latex: string };

const DELIMITERS: readonly (readonly [open: string, close: string])[] = [
  ['$', '$'],
  ['\\(', '\\)'],
];

/**
 * Splits text into plain pieces and formulas. The earliest opening delimiter wins; an empty or
 * unclosed formula stays text (its delimiter included) and the search goes on after it.
 */
export function splitMath(text: string): MathPiece[] {
  const pieces: MathPiece[] = [];
  let plain = '';
  let rest = text;
  for (;;) {
    let next: { at: number; open: string; close: string } | null = null;
    for (const [open, close] of DELIMITERS) {
      const at = rest.indexOf(open);
      if (at >= 0 && (next === null || at < next.at)) next = { at, open, close };
    }
    if (next === null) {
      plain += rest;
      break;
    }
    const after = rest.slice(next.at + next.open.length);
    const end = after.indexOf(next.close);
    if (end > 0) {
      plain += rest.slice(0, next.at);
      if (plain) pieces.push({ kind: 'text', text: plain });
      plain = '';
      pieces.push({ kind: 'math', latex: after.slice(0, end) });
      rest = after.slice(end + next.close.length);
    } else {
      plain += rest.slice(0, next.at + next.open.length);
      rest = after;
    }
  }
  if (plain) pieces.push({ kind: 'text', text: plain });
  return pieces;
}

/** A run of text, marked when it is one of the searched words. */
export interface TextPart {
  text: string;
  hit: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text cut at the searched words (case-insensitive; a longer word wins over one it holds).
 * Without words, one unmarked part.
 */
export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  const words = [...new Set(terms.map((t) => t.trim()).filter((t) => t !== ''))].sort((a, b) => b.length - a.length);
  if (words.length === 0 || text === '') return text === '' ? [] : [{ text, hit: false }];
  const pattern = new RegExp(words.map(escapeRegExp).join('|'), 'gi');
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    if (at > last) parts.push({ text: text.slice(last, at), hit: false });
    parts.push({ text: match[0], hit: true });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), hit: false });
  return parts;
}

const RENDERED_LIMIT = 2_000;
const rendered = new Map<string, string>();

/**
 * A formula as KaTeX's HTML (only KaTeX's output is ever inserted as HTML; it escapes the source
 * it shows). Kept for reuse: a list of questions repeats many formulas.
 */
export function renderLatex(latex: string): string {
  const known = rendered.get(latex);
  if (known !== undefined) return known;
  const html = katex.renderToString(latex, KATEX_OPTIONS);
  if (rendered.size >= RENDERED_LIMIT) rendered.clear();
  rendered.set(latex, html);
  return html;
}

/** The text without its formula delimiters, for one-line previews and accessible names. */
export function plainOfMath(text: string): string {
  return splitMath(text)
    .map((p) => (p.kind === 'text' ? p.text : p.latex))
    .join('');
}
