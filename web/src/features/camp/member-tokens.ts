// The member tokens of the camps this browser joined, one per camp, in localStorage: a student
// who opens the join link again goes straight to the camp.

const KEY_PREFIX = 'camp:memberToken:';

type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): TokenStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function storedMemberToken(campId: number, storage = defaultStorage()): string | null {
  try {
    return storage?.getItem(`${KEY_PREFIX}${campId}`) || null;
  } catch {
    return null;
  }
}

export function storeMemberToken(campId: number, token: string, storage = defaultStorage()): void {
  try {
    storage?.setItem(`${KEY_PREFIX}${campId}`, token);
  } catch {
    // storage full or unavailable: the token still serves this page
  }
}

export function forgetMemberToken(campId: number, storage = defaultStorage()): void {
  try {
    storage?.removeItem(`${KEY_PREFIX}${campId}`);
  } catch {
    // unavailable: nothing kept
  }
}
