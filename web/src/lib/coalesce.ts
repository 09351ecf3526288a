// Runs a refresh at most once per window: the first call runs at once, calls during the window
// run once when it ends. Pushes that arrive in bursts (a class finishing a task together) then
// read the figures again twice, not once per push.

export interface Coalesced {
  (): void;
  /** Drops a pending run (the screen is gone). */
  cancel(): void;
}

export function coalesce(run: () => void, windowMs: number): Coalesced {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;
  const open = () => {
    timer = setTimeout(() => {
      timer = null;
      if (pending) {
        pending = false;
        run();
        open();
      }
    }, windowMs);
  };
  const call = (() => {
    if (timer) {
      pending = true;
      return;
    }
    run();
    open();
  }) as Coalesced;
  call.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = false;
  };
  return call;
}
