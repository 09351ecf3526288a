import { Button, type ButtonProps } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useClickGuard } from '@/hooks/use-click-guard';

export interface GuardedButtonProps extends ButtonProps {
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
