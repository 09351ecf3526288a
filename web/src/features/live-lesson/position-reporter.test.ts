import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPositionReporter, REPORT_EVERY_MS } from './position-reporter';

/** A player at `currentTime` of a recording `duration` long (NaN: not known yet). */
const media = (currentTime: number, duration = 600) => ({ currentTime, duration }) as HTMLMediaElement;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the recording position reports', () => {
  it('reports every 15 s while playing, on pause and on end, and nothing while paused', () => {
    const sent: [number, number | undefined][] = [];
    const reporter = createPositionReporter((p, d) => sent.push([p, d]));
    const player = media(10);
    reporter.playing(player);
    vi.advanceTimersByTime(REPORT_EVERY_MS - 1);
    expect(sent).toEqual([]);
    player.currentTime = 25;
    vi.advanceTimersByTime(1);
    player.currentTime = 40;
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    expect(sent).toEqual([
      [25, 600],
      [40, 600],
    ]);
    player.currentTime = 42.5;
    reporter.paused(player);
    vi.advanceTimersByTime(10 * REPORT_EVERY_MS);
    expect(sent.slice(2)).toEqual([[42.5, 600]]);

    player.currentTime = 300;
    reporter.seeked(player);
    reporter.playing(player);
    player.currentTime = 600;
    reporter.ended(player);
    vi.advanceTimersByTime(10 * REPORT_EVERY_MS);
    expect(sent.slice(3)).toEqual([
      [300, 600],
      [600, 600],
    ]);
  });

  it('leaves out a length not known yet, keeps the place within it, and reports when the page closes while playing', () => {
    const sent: [number, number | undefined][] = [];
    const reporter = createPositionReporter((p, d) => sent.push([p, d]));
    reporter.paused(media(12, Number.NaN));
    reporter.paused(media(601, 600));
    expect(sent).toEqual([
      [12, undefined],
      [600, 600],
    ]);
    reporter.dispose();
    expect(sent).toHaveLength(2);
    reporter.playing(media(30));
    reporter.dispose();
    vi.advanceTimersByTime(10 * REPORT_EVERY_MS);
    expect(sent.slice(2)).toEqual([[30, 600]]);
  });
});
