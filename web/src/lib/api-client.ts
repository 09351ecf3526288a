// The one API client (spec 01 §7, §8).
//
// Every response is the envelope {code, msg, data}; code '1' is success (account calls carry
// status 1 too). Failures show their message as a toast for 5 s unless the call is `quiet`;
// A0201 (expired session) clears pending work and sends the user to the login page, except where
// the caller expects that there may be no session yet (a first visit). A busy server's refusal
// (503 with Retry-After) is sent again after the wait it asks for, at most twice.

import { notifications } from '@mantine/notifications';
import { beginLoading, resetLoading } from './loading';
import { ErrorCode, ErrorMessage, Timing } from '@/generated/codes';

export const SESSION_EXPIRED_TEXT = ErrorMessage[ErrorCode.LoginExpired];
export const UNKNOWN_METHOD_TEXT = ErrorMessage[ErrorCode.MethodNotAllowed];

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'];

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Query parameters; null and undefined values are left out. */
  params?: Record<string, QueryValue>;
  /** JSON body (POST, PUT). */
  body?: unknown;
  /** No error toast (the call still rejects). */
  quiet?: boolean;
  /**
   * A0201 here means the visitor has no session yet, not that one expired: the call rejects
   * without the expired-session toast and redirect (the caller sends the visitor to login).
   */
  quietWhenSignedOut?: boolean;
  /** No loading overlay. */
  noLoading?: boolean;
  /** Text of the loading overlay. */
  loadingText?: string;
  /** Source tag sent in the `source` header (e.g. TEACHER_APP_WECOM). */
  source?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** A failed call: an error code of the envelope, or a transport failure. */
export class ApiError<D = unknown> extends Error {
  readonly code: string;
  /** HTTP status, 0 for a network failure or timeout. */
  readonly status: number;
  readonly data: D | undefined;

  constructor(code: string, message: string, status: number, data?: D) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

export function isApiError(e: unknown, code?: string): e is ApiError {
  return e instanceof ApiError && (code === undefined || e.code === code);
}

type SessionExpiredHandler = () => void;

const toLoginPage: SessionExpiredHandler = () => {
  window.location.assign('/login');
};
let onSessionExpired = toLoginPage;
let expiring = false;
const pending = new Set<AbortController>();

/** The app installs the navigation to the login page here. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

/** Aborts every call in flight and clears the loading overlay. */
export function cancelPendingRequests(): void {
  pending.forEach((c) => c.abort(new ApiError('CANCELLED', 'cancelled', 0)));
  pending.clear();
  resetLoading();
}

/** The client as a fresh page has it (tests: a worker keeps its modules between files). */
export function resetApiClient(): void {
  cancelPendingRequests();
  onSessionExpired = toLoginPage;
  expiring = false;
}

/** Resets the expired-session latch (after a successful login). */
export function resetSessionExpired(): void {
  expiring = false;
}

export function showError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: Timing.TOAST_MS });
}

function handleSessionExpired(): void {
  if (expiring) return;
  expiring = true;
  showError(SESSION_EXPIRED_TEXT);
  cancelPendingRequests();
  onSessionExpired();
}

export function buildUrl(url: string, params?: Record<string, QueryValue>): string {
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) query.append(key, String(value));
  }
  const qs = query.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

/** An envelope as it arrives: `code` and `status` may be numbers or strings. */
interface ReceivedEnvelope {
  code: unknown;
  status?: unknown;
  msg?: unknown;
  data?: unknown;
}

function isEnvelope(value: unknown): value is ReceivedEnvelope {
  return typeof value === 'object' && value !== null && 'code' in value;
}

/** A code or status as text ('' for anything else). */
function codeText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function isSuccess(env: ReceivedEnvelope): boolean {
  return codeText(env.code) === '1' || codeText(env.status) === '1';
}

/** Attempts of one call when the server answers 503 with Retry-After (it is too busy). */
const BUSY_ATTEMPTS = 3;
const RETRY_AFTER_MIN_MS = 200;
const RETRY_AFTER_MAX_MS = 5000;
const RETRY_AFTER_DEFAULT_MS = 1000;

/**
 * The wait a Retry-After header asks for: whole seconds, clamped to 0.2–5 s; an HTTP-date or
 * anything else is 1 s.
 */
export function retryAfterMs(header: string): number {
  const text = header.trim();
  if (!/^\d+$/.test(text)) return RETRY_AFTER_DEFAULT_MS;
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(RETRY_AFTER_MIN_MS, Number(text) * 1000));
}

/** The error of a call whose fetch failed or whose signal aborted (timeout, cancel, caller). */
function transportError(signal: AbortSignal, e: unknown): ApiError {
  const reason: unknown = signal.reason;
  if (reason instanceof ApiError) return reason;
  return new ApiError('NETWORK', e instanceof Error ? e.message : '网络错误', 0);
}

/** Waits `ms`, rejecting as soon as `signal` aborts. */
function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(transportError(signal, signal.reason));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(transportError(signal, signal.reason));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function send<T>(method: string, url: string, options: RequestOptions): Promise<T> {
  const controller = new AbortController();
  pending.add(controller);
  const timeout = setTimeout(
    () => controller.abort(new ApiError('TIMEOUT', '请求超时', 0)),
    options.timeoutMs ?? Timing.REQUEST_TIMEOUT_MS,
  );
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onOuterAbort);
  const endLoading = options.noLoading ? () => {} : beginLoading(options.loadingText);

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.source) headers.source = options.source;
  let body: string | undefined;
  if (options.body !== undefined && method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  try {
    let response: Response;
    for (let attempt = 1; ; attempt++) {
      try {
        response = await fetch(buildUrl(url, options.params), {
          method,
          headers,
          body,
          credentials: 'include',
          signal: controller.signal,
        });
      } catch (e) {
        throw transportError(controller.signal, e);
      }
      // 503 with Retry-After: the server was too busy and refused the call before reading it, so
      // nothing was done and any method (POST included) is safe to send again. Other 503s carry
      // no Retry-After and fail at once.
      const retryAfter = response.status === 503 ? response.headers.get('Retry-After') : null;
      if (retryAfter === null || attempt >= BUSY_ATTEMPTS) break;
      void response.body?.cancel().catch(() => {});
      await waitUnlessAborted(retryAfterMs(retryAfter), controller.signal);
    }

    let payload: unknown = undefined;
    const text = await response.text();
    if (text) {
      try {
        payload = JSON.parse(text);
      } catch {
        payload = undefined;
      }
    }
    if (!isEnvelope(payload)) {
      throw new ApiError(`HTTP_${response.status}`, `请求失败（${response.status}）`, response.status);
    }
    if (isSuccess(payload)) return payload.data as T;
    throw new ApiError(
      codeText(payload.code),
      typeof payload.msg === 'string' && payload.msg ? payload.msg : `请求失败（${response.status}）`,
      response.status,
      payload.data,
    );
  } catch (e) {
    const error = e instanceof ApiError ? e : new ApiError('UNKNOWN', String(e), 0);
    if (error.code === ErrorCode.LoginExpired) {
      if (!options.quietWhenSignedOut) handleSessionExpired();
    } else if (error.code !== 'CANCELLED' && !options.quiet && !options.signal?.aborted) {
      showError(error.message);
    }
    throw error;
  } finally {
    clearTimeout(timeout);
    options.signal?.removeEventListener('abort', onOuterAbort);
    pending.delete(controller);
    endLoading();
  }
}

/** Sends one call. An unknown method shows 'request方法不存在' and rejects. */
export function request<T>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
  const upper = method.toUpperCase();
  if (!METHODS.includes(upper)) {
    showError(UNKNOWN_METHOD_TEXT);
    return Promise.reject(new ApiError('METHOD', UNKNOWN_METHOD_TEXT, 0));
  }
  return send<T>(upper, url, options);
}

export const api = {
  get: <T>(url: string, options?: RequestOptions) => request<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, { ...options, body }),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', url, { ...options, body }),
  delete: <T>(url: string, options?: RequestOptions) => request<T>('DELETE', url, options),
};
