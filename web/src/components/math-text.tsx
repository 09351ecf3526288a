import { Box, type BoxProps } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { highlightParts, renderLatex, splitMath } from '@/lib/math-text';

export interface MathTextProps extends BoxProps {
  /** The text; formulas between `$…$` or `\(…\)`. */
  text: string;
  /** Words to mark in the text between the formulas (a search's terms). */
  terms?: readonly string[];
  /** The element drawn (a span by default; `div` or `p` for a block). */
  component?: 'span' | 'div' | 'p';
}

const MARK_STYLE = { backgroundColor: 'var(--mantine-color-yellow-2)', color: 'inherit', padding: 0 };

/**
 * A text with its formulas rendered by KaTeX. The text between formulas is React text (escaped),
 * the searched words in it marked; only KaTeX's own output is inserted as HTML. Line breaks stay.
 */
export function MathText({ text, terms = [], component = 'span', style, ...box }: MathTextProps) {
  const pieces = useMemo(() => splitMath(text), [text]);
  return (
    <Box component={component} style={[{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }, style]} {...box}>
      {pieces.map((piece, i) =>
        piece.kind === 'math' ? (
          <span
            key={i}
            className="math-inline"
            data-latex={piece.latex}
            dangerouslySetInnerHTML={{ __html: renderLatex(piece.latex) }}
          />
        ) : (
          <Fragment key={i}>
            {highlightParts(piece.text, terms).map((part, j) =>
              part.hit ? (
                <mark key={j} style={MARK_STYLE}>
                  {part.text}
                </mark>
              ) : (
                <Fragment key={j}>{part.text}</Fragment>
              ),
            )}
          </Fragment>
        ),
      )}
    </Box>
  );
}
