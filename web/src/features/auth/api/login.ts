import type { LoginRequest } from '@/generated/LoginRequest';
import type { LoginUser } from '@/generated/LoginUser';
import { api } from '@/lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
  code?: string;
}

/** POST /api/account/login/login; the server sets the HttpOnly session cookie. */
export function login({ email, password, code }: LoginInput): Promise<LoginUser> {
  const body: LoginRequest = { email, password, type: 1, skipBlocker: true };
  if (code) body.code = code;
  return api.post<LoginUser>('/api/account/login/login', body, { quiet: true, noLoading: true });
}

/** A new cache-busting stamp for the captcha image (the time, in ms). */
export function captchaStamp(): number {
  return Date.now();
}

/** The captcha image for `email`; `t` defeats caching so a click loads a new one. */
export function captchaUrl(email: string, t: number = captchaStamp()): string {
  return `/api/account/login/VerifyCode?email=${encodeURIComponent(email)}&t=${t}`;
}

/** Whether a login error asks for the captcha (A0240 with data.captchaRequired). */
export function needsCaptcha(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { captchaRequired?: unknown }).captchaRequired === true;
}
