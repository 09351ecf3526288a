// Reloads the page when a new build is deployed (spec 01 §4 "Version check").
//
// The first version seen is the page's own: GET /version.json?t=<ts> at start. After that the
// page checks again when the tab becomes visible and whenever the server pushes typeCode
// `version`. The server sends that frame on every push-socket connection, and every deploy
// restarts the server, so every connected page reconnects and hears the new version within the
// reconnect delay: that replaces the spec's 7,200,000 ms poll. The poll still runs for a page
// without a connected socket (signed out, or the socket down), skipping its ticks while one is
// connected. A failed check is only logged.

import { Timing } from '@/generated/codes';
import { realtime } from './realtime';
import type { VersionInfo } from '@/generated/VersionInfo';

export interface VersionCheckOptions {
  fetchVersion?: () => Promise<string | null>;
  reload?: () => void;
  /** True while a push socket is connected: the poll's ticks are skipped then. */
  pushConnected?: () => boolean;
  intervalMs?: number;
  logger?: Pick<Console, 'warn'>;
}

export async function fetchDeployedVersion(): Promise<string | null> {
  const res = await fetch(`/version.json?t=${Date.now()}`, {
    cache: 'no-store',
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`version.json: HTTP ${res.status}`);
  const body = (await res.json()) as Partial<VersionInfo>;
  return typeof body.version === 'string' ? body.version : null;
}

export class VersionChecker {
  private known: string | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly pushConnected: () => boolean;
  private readonly intervalMs: number;
  private readonly fetchVersion: () => Promise<string | null>;
  private readonly reload: () => void;
  private readonly logger: Pick<Console, 'warn'>;
  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') void this.check();
  };

  constructor(options: VersionCheckOptions = {}) {
    this.fetchVersion = options.fetchVersion ?? fetchDeployedVersion;
    this.reload = options.reload ?? (() => window.location.reload());
    this.pushConnected = options.pushConnected ?? (() => false);
    this.intervalMs = options.intervalMs ?? Timing.VERSION_CHECK_MS;
    this.logger = options.logger ?? console;
  }

  get version(): string | null {
    return this.known;
  }

  /**
   * Reads the page's own version, checks again whenever the tab becomes visible, and polls while
   * no push socket is connected.
   */
  start(): () => void {
    void this.check();
    document.addEventListener('visibilitychange', this.onVisibility);
    this.timer = setInterval(() => {
      if (!this.pushConnected()) void this.check();
    }, this.intervalMs);
    return () => this.stop();
  }

  stop(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Compares the deployed version (or `pushed`, when the server sent it) with the first seen. */
  async check(pushed?: string | null): Promise<void> {
    let version: string | null;
    try {
      version = pushed ?? (await this.fetchVersion());
    } catch (e) {
      this.logger.warn('version check failed', e);
      return;
    }
    if (!version) return;
    if (this.known === null) {
      this.known = version;
      return;
    }
    if (version !== this.known) this.reload();
  }
}

export const versionChecker = new VersionChecker({ pushConnected: () => realtime.state === 'connected' });
