import { useCallback, useEffect, useRef, useState } from 'react';
import { Timing } from '@/generated/codes';

/**
 * Guards a click handler: after each accepted click further clicks are ignored (and `blocked` is
 * true) for `delayMs` (2000 ms by default).
 */
export function useClickGuard<A extends unknown[]>(
  handler: (...args: A) => void,
  delayMs: number = Timing.CLICK_GUARD_MS,
): { onClick: (...args: A) => void; blocked: boolean } {
  const [blocked, setBlocked] = useState(false);
  const blockedRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onClick = useCallback(
    (...args: A) => {
      if (blockedRef.current) return;
      blockedRef.current = true;
      setBlocked(true);
      timer.current = setTimeout(() => {
        blockedRef.current = false;
        setBlocked(false);
      }, delayMs);
      handlerRef.current(...args);
    },
    [delayMs],
  );

  return { onClick, blocked };
}
