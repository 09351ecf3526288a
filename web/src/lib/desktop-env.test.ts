import { afterEach, describe, expect, it } from 'vitest';
import {
  captureDesktopLaunch,
  DESKTOP_ENV_KEY,
  desktopEnv,
  isDesktopClient,
  parseDesktopLaunch,
  resetDesktopEnv,
} from './desktop-env';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

afterEach(() => resetDesktopEnv());

describe('desktop detection', () => {
  it('reads the port and version of the launch URL', () => {
    expect(parseDesktopLaunch('?electronPort=6001&electronVersion=2.3.1')).toEqual({ port: 6001, version: '2.3.1' });
    expect(parseDesktopLaunch('?foo=1')).toBeNull();
    expect(parseDesktopLaunch('')).toBeNull();
  });

  it('takes the default port 5657 when the flag says desktop but no port is given', () => {
    expect(parseDesktopLaunch('?electronPort=')).toEqual({ port: 5657, version: '' });
    expect(parseDesktopLaunch('?electronPort=abc')).toEqual({ port: 5657, version: '' });
    expect(parseDesktopLaunch('?electronPort=70000')).toEqual({ port: 5657, version: '' });
    expect(parseDesktopLaunch('?electron=1')).toEqual({ port: 5657, version: '' });
    expect(parseDesktopLaunch('?client=desktop')).toEqual({ port: 5657, version: '' });
    expect(parseDesktopLaunch('', 'Mozilla/5.0 EduHub/2.0.0 Chrome/120 Electron/28.1.0 Safari/537.36')).toEqual({
      port: 5657,
      version: '',
    });
  });

  it('keeps the launch for the session once the parameters are gone', () => {
    const storage = memoryStorage();
    expect(captureDesktopLaunch('?electronPort=6001&electronVersion=2.3.1', storage, '')).toEqual({
      port: 6001,
      version: '2.3.1',
    });
    expect(JSON.parse(storage.map.get(DESKTOP_ENV_KEY)!)).toEqual({ port: 6001, version: '2.3.1' });
    // A reload of another page of the tab.
    resetDesktopEnv();
    expect(captureDesktopLaunch('?redirect=%2Fmain%2Fhome', storage, '')).toEqual({ port: 6001, version: '2.3.1' });
    expect(isDesktopClient()).toBe(true);
    // A later URL with the port only keeps the version seen.
    expect(captureDesktopLaunch('?electronPort=6002', storage, '')).toEqual({ port: 6002, version: '2.3.1' });
  });

  it('is a browser without parameters or a kept launch', () => {
    expect(captureDesktopLaunch('', memoryStorage(), 'Mozilla/5.0 Chrome/120')).toBeNull();
    expect(desktopEnv()).toBeNull();
    expect(isDesktopClient()).toBe(false);
  });

  it('reads the page URL and session storage by default', () => {
    window.history.replaceState(null, '', '/main/home?electronPort=5700');
    try {
      expect(desktopEnv()).toEqual({ port: 5700, version: '' });
      expect(sessionStorage.getItem(DESKTOP_ENV_KEY)).toBe(JSON.stringify({ port: 5700, version: '' }));
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
