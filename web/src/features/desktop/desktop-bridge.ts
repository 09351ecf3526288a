// The bridge to the desktop client (spec 01 §7, 03 §7.12): what the web does differently inside it.
//
// At start, inside the desktop client, the page asks the server whether the client must be
// upgraded (GET /api/desktop/version?current=<electronVersion>; a failed check is only logged) and,
// once signed in, sends the login message (email, subject '1') to the local service, once per
// login (the same user signing in again after a logout is announced again). Downloads go through
// the desktop client (which fetches the file with ?progress=1, so the server pushes
// electron_download), can be cancelled and removed from its list; copying an image
// hands the image to it — and in a client older than the minimum is refused with the upgrade
// prompt (install the new version, or open the address in a browser).

import type { DesktopVersion } from '@/generated/DesktopVersion';
import { api, showError } from '@/lib/api-client';
import { type DesktopEnv, desktopEnv } from '@/lib/desktop-env';
import { sessionStore, type SessionState } from '@/lib/session';
import { createStore, type Store } from '@/lib/store';
import { showInfo, showWarning } from '@/lib/toast';
import { forgetDesktopDownload, isDesktopDownloading, setDesktopProgress } from './desktop-downloads';
import { type DesktopDownload, DesktopLocalClient } from './local-client';

export const UPGRADE_REQUIRED_TEXT = '当前客户端版本过低，复制图片等功能不可用，请安装新版客户端';
export const COPY_FAILED_TEXT = '复制图片失败';
export const COPY_UNSUPPORTED_TEXT = '当前浏览器不支持复制图片';
export const CANCEL_FAILED_TEXT = '取消下载失败，请稍后重试';

export type CopyImageResult = 'copied' | 'refused' | 'failed';

/** The page's address for a browser: without the desktop client's parameters. */
export function browserAddress(href: string = window.location.href): string {
  const url = new URL(href);
  for (const key of ['electronPort', 'electronVersion', 'electron', 'client']) url.searchParams.delete(key);
  return url.toString();
}

/** GET /api/desktop/version?current= (public, quiet). */
export function fetchDesktopVersion(current: string): Promise<DesktopVersion> {
  return api.get<DesktopVersion>('/api/desktop/version', {
    params: { current },
    quiet: true,
    noLoading: true,
  });
}

/** Puts an image on the clipboard of a browser. */
async function copyInBrowser(image: Blob): Promise<CopyImageResult> {
  if (typeof ClipboardItem === 'undefined' || !('clipboard' in navigator)) {
    showError(COPY_UNSUPPORTED_TEXT);
    return 'failed';
  }
  try {
    await navigator.clipboard.write([new ClipboardItem({ [image.type || 'image/png']: image })]);
    return 'copied';
  } catch {
    showError(COPY_FAILED_TEXT);
    return 'failed';
  }
}

export interface DesktopBridgeOptions {
  env?: () => DesktopEnv | null;
  local?: DesktopLocalClient;
  fetchVersion?: (current: string) => Promise<DesktopVersion>;
  session?: Pick<Store<SessionState>, 'get' | 'subscribe'>;
  copyInBrowser?: (image: Blob) => Promise<CopyImageResult>;
  logger?: Pick<Console, 'warn'>;
}

export class DesktopBridge {
  /** The server's answer to the version check; null before it (or in a browser). */
  readonly version = createStore<DesktopVersion | null>(null);
  /** The upgrade prompt is open. */
  readonly prompt = createStore(false);
  readonly local: DesktopLocalClient;
  private readonly env: () => DesktopEnv | null;
  private readonly fetchVersion: (current: string) => Promise<DesktopVersion>;
  private readonly session: Pick<Store<SessionState>, 'get' | 'subscribe'>;
  private readonly copyInBrowser: (image: Blob) => Promise<CopyImageResult>;
  private readonly logger: Pick<Console, 'warn'>;
  private checking: Promise<DesktopVersion | null> | null = null;
  /** The user the login message was sent for on this page. */
  private announced: string | null = null;

  constructor(options: DesktopBridgeOptions = {}) {
    this.env = options.env ?? desktopEnv;
    this.local = options.local ?? new DesktopLocalClient({ port: () => this.env()?.port ?? null });
    this.fetchVersion = options.fetchVersion ?? fetchDesktopVersion;
    this.session = options.session ?? sessionStore;
    this.copyInBrowser = options.copyInBrowser ?? copyInBrowser;
    this.logger = options.logger ?? console;
  }

  get isDesktop(): boolean {
    return this.env() !== null;
  }

  /** In the desktop client: the version check, and the login message whenever a user is signed in. */
  start(): () => void {
    if (!this.isDesktop) return () => {};
    if (!this.checking) {
      void this.checkVersion().then((v) => {
        if (v?.upgradeRequired) showWarning(UPGRADE_REQUIRED_TEXT);
        else if (v?.upgradeAvailable) showInfo(`桌面客户端有新版本 ${v.latest}，可前往下载安装`);
      });
    }
    const announce = () => {
      const email = this.session.get().user?.userEmail ?? null;
      // Signed out: the next login (the same user too) is announced again.
      if (email) void this.sendLoginMessage(email);
      else this.resetSession();
    };
    announce();
    return this.session.subscribe(announce);
  }

  /** Asks the server once per page; a failure is only logged (null). */
  checkVersion(): Promise<DesktopVersion | null> {
    const env = this.env();
    if (!env) return Promise.resolve(null);
    this.checking ??= this.fetchVersion(env.version).then(
      (v) => {
        this.version.set(v);
        return v;
      },
      (e: unknown) => {
        this.logger.warn('desktop version check failed', e);
        return null;
      },
    );
    return this.checking;
  }

  /** The login message for `email`, once per login (see `resetSession`). */
  async sendLoginMessage(email: string): Promise<void> {
    if (!this.isDesktop || this.announced === email) return;
    this.announced = email;
    try {
      await this.local.loginMessage(email);
    } catch (e) {
      this.logger.warn('desktop loginMessage failed', e);
    }
  }

  /** The session ended (logout, expiry): the next login is announced, whoever it is. */
  resetSession(): void {
    this.announced = null;
  }

  /**
   * Has the desktop client download a file; its progress shows from 0 %. False when the call
   * failed (the caller downloads in the page instead).
   */
  async download(file: DesktopDownload): Promise<boolean> {
    if (!this.isDesktop) return false;
    setDesktopProgress(file.downloadId, { received: 0, total: 0, percent: 0 });
    try {
      await this.local.download(file);
      return true;
    } catch (e) {
      this.logger.warn('desktop download failed', e);
      forgetDesktopDownload(file.downloadId);
      return false;
    }
  }

  isDownloading(downloadId: number): boolean {
    return isDesktopDownloading(downloadId);
  }

  /** Stops a download (suspendedDownload, 6000 ms at most); says so when it failed. */
  async cancelDownload(downloadId: number): Promise<boolean> {
    try {
      await this.local.suspendDownload(downloadId);
      forgetDesktopDownload(downloadId);
      return true;
    } catch (e) {
      this.logger.warn('desktop suspendedDownload failed', e);
      showError(CANCEL_FAILED_TEXT);
      return false;
    }
  }

  /** A task was deleted: out of the desktop client's list too (failures only logged). */
  async removeFromList(downloadId: number): Promise<void> {
    forgetDesktopDownload(downloadId);
    if (!this.isDesktop) return;
    try {
      await this.local.deleteFromList(downloadId);
    } catch (e) {
      this.logger.warn('desktop deleteDowncenterList failed', e);
    }
  }

  /** Opens the folder of a downloaded file, or the download folder; a failure is said. */
  async openFolder(downloadId?: number): Promise<void> {
    try {
      if (downloadId === undefined) await this.local.openMyFileDirectory();
      else await this.local.openFileDirectory(downloadId);
    } catch (e) {
      this.logger.warn('desktop open folder failed', e);
      showError('无法打开文件夹，请确认桌面客户端正在运行');
    }
  }

  /** Closes the desktop client's child windows (logout); failures only logged. */
  async closeChildWindows(): Promise<void> {
    if (!this.isDesktop) return;
    try {
      await this.local.closeChildWindows();
    } catch (e) {
      this.logger.warn('desktop choseChildrenWin failed', e);
    }
  }

  /**
   * Copies an image: in a browser to its clipboard; in the desktop client through uploadImg —
   * refused with the upgrade prompt when the client is older than the minimum.
   */
  async copyImage(image: Blob): Promise<CopyImageResult> {
    if (!this.isDesktop) return this.copyInBrowser(image);
    const version = await this.checkVersion();
    if (version?.upgradeRequired) {
      this.prompt.set(true);
      return 'refused';
    }
    try {
      await this.local.uploadImage(image);
      return 'copied';
    } catch (e) {
      this.logger.warn('desktop uploadImg failed', e);
      showError(COPY_FAILED_TEXT);
      return 'failed';
    }
  }

  closePrompt(): void {
    this.prompt.set(false);
  }
}

/** The app's bridge. */
export const desktopBridge = new DesktopBridge();
