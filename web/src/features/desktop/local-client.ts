// The desktop client's local calls (spec 01 §7, 03 §7.12): HTTP to its service on this computer,
// http://127.0.0.1:{electronPort}{path}, one per entry of DesktopLocalCall (codes.ts, from
// protocol::dto::desktop::DESKTOP_LOCAL_CALLS). The service belongs to the desktop client; any 2xx
// answer is success. suspendedDownload may take 6000 ms, the others 10 s (uploadImg 30 s). No
// cookies go there. docs/desktop-client.md lists the calls and their parameters.

import { DesktopLocalCall, DesktopTiming } from '@/generated/codes';
import { buildUrl, type QueryValue } from '@/lib/api-client';

export type LocalCallName = keyof typeof DesktopLocalCall;

export const LOCAL_HOST = '127.0.0.1';
export const LOCAL_CALL_TIMEOUT_MS = 10_000;
export const UPLOAD_IMAGE_TIMEOUT_MS = 30_000;
/** The subject value the login message carries (01 §1). */
export const LOGIN_MESSAGE_SUBJECT = '1';

/** How long each call may take. */
export function timeoutOf(name: LocalCallName): number {
  if (name === 'suspendedDownload') return DesktopTiming.SUSPEND_TIMEOUT_MS;
  if (name === 'uploadImg') return UPLOAD_IMAGE_TIMEOUT_MS;
  return LOCAL_CALL_TIMEOUT_MS;
}

/** A local call that failed: no answer in time, no service, or a non-2xx answer. */
export class DesktopCallError extends Error {
  readonly call: LocalCallName;
  readonly reason: 'timeout' | 'network' | 'http';
  /** HTTP status, 0 without an answer. */
  readonly status: number;

  constructor(call: LocalCallName, reason: DesktopCallError['reason'], status: number, message: string) {
    super(message);
    this.name = 'DesktopCallError';
    this.call = call;
    this.reason = reason;
    this.status = status;
  }
}

export interface LocalCallOptions {
  params?: Record<string, QueryValue>;
  /** The body of a POST (uploadImg: the image). */
  body?: Blob;
  timeoutMs?: number;
}

export interface DesktopLocalClientOptions {
  /** The local service's port; null outside the desktop client. */
  port: () => number | null;
  fetch?: typeof fetch;
}

/** What a download through the desktop client needs: the task, its file's address and name. */
export interface DesktopDownload {
  downloadId: number;
  /** Absolute address of the file (with progress=1: the server pushes electron_download). */
  url: string;
  fileName: string;
}

export class DesktopLocalClient {
  private readonly port: () => number | null;
  private readonly fetchFn: typeof fetch;

  constructor(options: DesktopLocalClientOptions) {
    this.port = options.port;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** The address of a call; null outside the desktop client. */
  url(name: LocalCallName, params?: Record<string, QueryValue>): string | null {
    const port = this.port();
    if (port === null) return null;
    return buildUrl(`http://${LOCAL_HOST}:${port}${DesktopLocalCall[name].path}`, params);
  }

  /** Makes one call; resolves with its answer (JSON when it is JSON, else text). */
  async call(name: LocalCallName, options: LocalCallOptions = {}): Promise<unknown> {
    const url = this.url(name, options.params);
    if (url === null) throw new DesktopCallError(name, 'network', 0, '不在桌面客户端中');
    const { method } = DesktopLocalCall[name];
    const controller = new AbortController();
    const timeoutMs = options.timeoutMs ?? timeoutOf(name);
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await this.fetchFn(url, {
        method,
        body: method === 'POST' ? options.body : undefined,
        credentials: 'omit',
        signal: controller.signal,
      });
    } catch (e) {
      if (controller.signal.aborted) {
        throw new DesktopCallError(name, 'timeout', 0, `${name} 超过 ${timeoutMs} ms 未响应`);
      }
      throw new DesktopCallError(name, 'network', 0, e instanceof Error ? e.message : String(e));
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) throw new DesktopCallError(name, 'http', response.status, `${name}: HTTP ${response.status}`);
    const text = await response.text().catch(() => '');
    try {
      return text ? (JSON.parse(text) as unknown) : null;
    } catch {
      return text;
    }
  }

  /** Tells the desktop client who signed in (email and subject '1'). */
  loginMessage(email: string): Promise<unknown> {
    return this.call('loginMessage', { params: { email, subject: LOGIN_MESSAGE_SUBJECT } });
  }

  /** Opens the folder of a file the desktop client downloaded. */
  openFileDirectory(downloadId: number): Promise<unknown> {
    return this.call('openFileDirectory', { params: { downloadId } });
  }

  /** Opens the desktop client's download folder. */
  openMyFileDirectory(): Promise<unknown> {
    return this.call('openMyFileDirectory');
  }

  /** Has the desktop client download a task's file. */
  download({ downloadId, url, fileName }: DesktopDownload): Promise<unknown> {
    return this.call('dowmLoadId', { params: { downloadId, url, fileName } });
  }

  /** Closes every child window of the desktop client. */
  closeChildWindows(): Promise<unknown> {
    return this.call('choseChildrenWin');
  }

  /** Hands an image to the desktop client (which puts it on the clipboard). */
  uploadImage(image: Blob): Promise<unknown> {
    return this.call('uploadImg', { body: image });
  }

  /** Stops a download of the desktop client (6000 ms at most). */
  suspendDownload(downloadId: number): Promise<unknown> {
    return this.call('suspendedDownload', { params: { downloadId } });
  }

  /** Removes a task from the desktop client's own download list. */
  deleteFromList(downloadId: number): Promise<unknown> {
    return this.call('deleteDowncenterList', { params: { downloadId } });
  }
}
