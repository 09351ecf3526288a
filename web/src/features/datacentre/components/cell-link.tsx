import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table cell drawn as a button that opens what it names (a class, a lesson). */
export function CellLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onClick}>
      {children}
    </Anchor>
  );
}
