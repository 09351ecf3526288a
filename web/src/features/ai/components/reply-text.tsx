import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { MathText } from '@/components/math-text';

/** A reply's text: paragraphs (split at blank lines), each with its `$…$` formulas drawn. */
export function ReplyText({ text }: { text: string }) {
  const paragraphs = useMemo(() => text.split(/\n\s*\n/).filter((p) => p.trim() !== ''), [text]);
  return (
    <Stack gap={6}>
      {paragraphs.map((p, i) => (
        <MathText key={i} component="p" text={p} m={0} fz="sm" />
      ))}
    </Stack>
  );
}
