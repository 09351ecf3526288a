// The editor extensions of the handout's sections beyond the kit's. The server writes questions
// into the sections as paragraphs of text and inline formulas: `inlineMath` elements with a
// `latex` attribute (hub/src/doc/content.rs MATH_NODE, MATH_LATEX), which are the node and
// attribute of @tiptap/extension-mathematics; its InlineMath node renders them with KaTeX (and
// turns a typed `$…$` into one). Only the inline node is registered: the server reads formulas of
// paragraphs (`$latex$` in REST reads, saved versions and exports), not the package's block node,
// whose formulas would be lost there. Never rename the node: documents store their content under
// it, and an editor without it would drop the formulas from the shared document.

import type { Extensions } from '@tiptap/core';
import { InlineMath } from '@tiptap/extension-mathematics';
import { KATEX_OPTIONS } from '@/lib/math-text';

export const HANDOUT_EXTENSIONS: Extensions = [InlineMath.configure({ katexOptions: KATEX_OPTIONS })];
