import { describe, expect, it, vi } from 'vitest';
import { VersionChecker } from './version-check';

describe('VersionChecker', () => {
  it('reloads when the deployed version differs from the first seen', async () => {
    const versions = ['a', 'a', 'b'];
    const reload = vi.fn();
    const checker = new VersionChecker({ fetchVersion: async () => versions.shift() ?? null, reload });
    await checker.check();
    await checker.check();
    expect(reload).not.toHaveBeenCalled();
    await checker.check();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('accepts a pushed version', async () => {
    const reload = vi.fn();
    const checker = new VersionChecker({ fetchVersion: async () => '1', reload });
    await checker.check();
    await checker.check('2');
    expect(reload).toHaveBeenCalled();
  });

  it('only logs a failed check', async () => {
    const warn = vi.fn();
    const reload = vi.fn();
    const checker = new VersionChecker({
      fetchVersion: async () => {
        throw new Error('offline');
      },
      reload,
      logger: { warn },
    });
    await checker.check();
    expect(warn).toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('reads its own version at start and checks again when the tab becomes visible', async () => {
    vi.useFakeTimers();
    const fetchVersion = vi.fn(async () => 'v1');
    const checker = new VersionChecker({ fetchVersion, reload: vi.fn(), pushConnected: () => true });
    const stop = checker.start();
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetchVersion).toHaveBeenCalledTimes(2);
    stop();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetchVersion).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });

  it('polls every 2 hours only while no push socket is connected', async () => {
    vi.useFakeTimers();
    let connected = true;
    const fetchVersion = vi.fn(async () => 'v1');
    const checker = new VersionChecker({ fetchVersion, reload: vi.fn(), pushConnected: () => connected });
    const stop = checker.start();
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    // Connected: the pushed `version` frame of every reconnect replaces the poll.
    vi.advanceTimersByTime(7_200_000 * 3);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    connected = false;
    vi.advanceTimersByTime(7_199_999);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fetchVersion).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(7_200_000);
    expect(fetchVersion).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
