// The editor extensions of the handout's sections beyond the kit's. The server writes questions
// into the sections as paragraphs of text and inline formulas: `inlineMath` elements with a
// `latex` attribute (hub/src/doc/content.rs MATH_NODE, MATH_LATEX), which are the node and
// attribute of @tiptap/extension-mathematics; the extension renders them with KaTeX (and turns a
// typed `$…$` into one). Never rename the node: documents store their content under it, and an
// editor without it would drop the formulas from the shared document.

import type { Extensions } from '@tiptap/core';
import { Mathematics } from '@tiptap/extension-mathematics';
import { KATEX_OPTIONS } from '@/lib/math-text';

export const HANDOUT_EXTENSIONS: Extensions = [Mathematics.configure({ katexOptions: KATEX_OPTIONS })];
