import { describe, expect, it } from 'vitest';
import { chromeVersion, shouldWarnBrowser } from './browser';

const CHROME_120 =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const CHROME_80 = CHROME_120.replace('Chrome/120', 'Chrome/80');
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; rv:120.0) Gecko/20100101 Firefox/120.0';
const EDGE = `${CHROME_120} Edg/120.0.0.0`;
const WXWORK = `${CHROME_80} wxwork/4.1.0`;

describe('browser warning', () => {
  it('reads the Chrome version', () => {
    expect(chromeVersion(CHROME_120)).toBe(120);
    expect(chromeVersion(FIREFOX)).toBeNull();
    expect(chromeVersion(EDGE)).toBeNull();
  });
  it('warns for non-Chrome and Chrome below 90, never in the messenger', () => {
    expect(shouldWarnBrowser(CHROME_120)).toBe(false);
    expect(shouldWarnBrowser(CHROME_80)).toBe(true);
    expect(shouldWarnBrowser(FIREFOX)).toBe(true);
    expect(shouldWarnBrowser(WXWORK)).toBe(false);
  });
});
