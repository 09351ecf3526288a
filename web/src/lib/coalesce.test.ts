import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and a burst once when the window ends', () => {
    const run = vi.fn();
    const refresh = coalesce(run, 2000);
    refresh();
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 30; i++) refresh();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(2);
    refresh();
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('drops a pending run when cancelled', () => {
    const run = vi.fn();
    const refresh = coalesce(run, 1000);
    refresh();
    refresh();
    refresh.cancel();
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
