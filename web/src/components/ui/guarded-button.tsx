import { Button, type ButtonProps } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useClickGuard } from '@/hooks/use-click-guard';

export interface GuardedButtonProps extends ButtonProps {
  /** Names the button when its text alone does not (several on one page). */
  'aria-label'?: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  /** How long the button stays disabled after a click (2000 ms by default). */
  guardMs?: number;
  type?: 'button' | 'submit';
}

/** A button disabled for a while after each click (spec 01 §5 click guard). */
export function GuardedButton({ onClick, guardMs, disabled, ...rest }: GuardedButtonProps) {
  const guard = useClickGuard(onClick, guardMs);
  return <Button {...rest} disabled={disabled || guard.blocked} onClick={guard.onClick} />;
}
