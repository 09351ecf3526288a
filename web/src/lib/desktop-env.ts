// Whether this page runs in the desktop (Electron) client (spec 01 §7, 03 §7.12).
//
// The desktop client opens the app with ?electronPort=<port of its local service> (and, from the
// versions that have the check, ?electronVersion=<its version>). The page keeps what it saw for the
// tab's session (sessionStorage), since the parameters are gone after the first navigation (a
// redirect to login, a menu click). ?electron=1, ?client=desktop or an Electron user agent also mark
// the desktop client; its port is then the default 5657.

import { Limits } from '@/generated/codes';

export interface DesktopEnv {
  /** Port of the desktop client's local service on 127.0.0.1. */
  port: number;
  /** The desktop client's version; '' for clients that predate the version check. */
  version: string;
}

export const DESKTOP_ENV_KEY = 'desktopClient';

type KeyStore = Pick<Storage, 'getItem' | 'setItem'>;

function sessionStore(): KeyStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A port from a query value; null when it is not one. */
function parsePort(value: string | null): number | null {
  if (value === null || !/^\d{1,5}$/.test(value.trim())) return null;
  const port = Number(value.trim());
  return port > 0 && port <= 65535 ? port : null;
}

function readStored(storage: KeyStore | null): DesktopEnv | null {
  try {
    const raw = storage?.getItem(DESKTOP_ENV_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<DesktopEnv> | null;
    if (!value || typeof value.port !== 'number') return null;
    return { port: value.port, version: typeof value.version === 'string' ? value.version : '' };
  } catch {
    return null;
  }
}

/** What the launch URL says about the desktop client; null when it is a browser's page. */
export function parseDesktopLaunch(search: string, userAgent = ''): DesktopEnv | null {
  const query = new URLSearchParams(search);
  const portParam = query.get('electronPort');
  const flagged =
    portParam !== null ||
    query.get('electron') === '1' ||
    query.get('client') === 'desktop' ||
    /\bElectron\//.test(userAgent);
  if (!flagged) return null;
  return {
    port: parsePort(portParam) ?? Limits.DESKTOP_CLIENT_PORT,
    version: (query.get('electronVersion') ?? '').trim(),
  };
}

let current: DesktopEnv | null | undefined;

/**
 * Reads the launch URL (by default the page's) and keeps a desktop launch for the session. A URL
 * without the parameters leaves what was kept. Called once at start; harmless to call again.
 */
export function captureDesktopLaunch(
  search: string = window.location.search,
  storage: KeyStore | null = sessionStore(),
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): DesktopEnv | null {
  const launched = parseDesktopLaunch(search, userAgent);
  if (launched) {
    const stored = readStored(storage);
    // A later URL with only the port keeps the version seen at launch.
    const next = { port: launched.port, version: launched.version || (stored?.version ?? '') };
    try {
      storage?.setItem(DESKTOP_ENV_KEY, JSON.stringify(next));
    } catch {
      // storage unavailable: this page still knows
    }
    current = next;
    return next;
  }
  current = readStored(storage);
  return current;
}

/** The desktop client this page runs in, or null in a browser. */
export function desktopEnv(): DesktopEnv | null {
  if (current === undefined) captureDesktopLaunch();
  return current ?? null;
}

export function isDesktopClient(): boolean {
  return desktopEnv() !== null;
}

/** Forgets what was read (tests). */
export function resetDesktopEnv(): void {
  current = undefined;
}
