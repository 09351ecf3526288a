import { Limits } from '@/generated/codes';

/** Inside the enterprise messenger's built-in browser. */
export function isWxWork(userAgent: string): boolean {
  return /wxwork/i.test(userAgent);
}

/** Chrome's major version, or null for another browser (Edge and Opera are not Chrome). */
export function chromeVersion(userAgent: string): number | null {
  if (/Edg\/|OPR\/|Firefox\//.test(userAgent)) return null;
  const match = /Chrome\/(\d+)/.exec(userAgent);
  return match?.[1] ? Number(match[1]) : null;
}

/** The home page warns in non-Chrome browsers and Chrome below 90, except in the messenger. */
export function shouldWarnBrowser(userAgent: string): boolean {
  if (isWxWork(userAgent)) return false;
  const version = chromeVersion(userAgent);
  return version === null || version < Limits.CHROME_MIN_VERSION;
}
