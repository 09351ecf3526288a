// The first navigation to a non-exempt route loads user info, then the server time (spec 01 §2),
// then the menu; the real-time connection opens for the user. Resetting also drops the session's
// queued usage events and its login time, and has the desktop client told of the next login.

import { notifications } from '@mantine/notifications';
import { desktopBridge } from '@/features/desktop/desktop-bridge';
import { resetTracking } from '@/features/tracking/tracker';
import { ErrorCode } from '@/generated/codes';
import { isApiError, resetSessionExpired } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';
import { realtime } from '@/lib/realtime';
import { clearSession, getStoredUser, loadMenuList, loadServerTime, loadUserInfo, sessionStore } from '@/lib/session';

let bootstrapped: Promise<void> | null = null;

async function bootstrap(): Promise<void> {
  // Without a stored user this browser never signed in (or signed out, or was already told its
  // session expired): a refusal then only means "log in", with no 登录过期 toast.
  const user = await loadUserInfo({ quietWhenSignedOut: getStoredUser() === null });
  await loadServerTime();
  try {
    await loadMenuList();
  } catch (e) {
    if (isApiError(e, ErrorCode.LoginExpired)) throw e;
    sessionStore.set((s) => ({ ...s, menu: s.menu ?? [] }));
  }
  realtime.start(user.userEmail);
}

/** Loads the session once per page load (again after `resetBootstrap`). */
export function ensureBootstrapped(): Promise<void> {
  if (!bootstrapped) {
    bootstrapped = bootstrap().catch((e: unknown) => {
      bootstrapped = null;
      throw e;
    });
  }
  return bootstrapped;
}

export function isBootstrapped(): boolean {
  return bootstrapped !== null && sessionStore.get().user !== null;
}

/** Forgets the session and every server state read for it (logout, expired session, new login). */
export function resetBootstrap(): void {
  bootstrapped = null;
  realtime.stop();
  resetTracking();
  desktopBridge.resetSession();
  clearSession();
  queryClient.clear();
}

/** After a sign-in (a login, or a registration that signed the account in): a fresh session. */
export function enterNewSession(): void {
  notifications.clean();
  resetSessionExpired();
  resetBootstrap();
}
