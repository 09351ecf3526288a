// The upload manager's lists (waiting, active, success, error) and the moves between them. Pure
// functions over client state: the bytes in flight are not server state.

import type { UploadItem } from './upload-item';

export interface UploadsState {
  /** Queued, in order (status 0). */
  waiting: UploadItem[];
  /** Uploading or saving, at most `maxCount` (status 1, or 2 while saving). */
  active: UploadItem[];
  /** Saved, newest first (status 2). */
  success: UploadItem[];
  /** Failed, newest first (status -1). */
  error: UploadItem[];
}

export const initialUploadsState: UploadsState = {
  waiting: [],
  active: [],
  success: [],
  error: [],
};

type ListName = 'waiting' | 'active' | 'success' | 'error';
const LISTS: readonly ListName[] = ['waiting', 'active', 'success', 'error'];

/** Where an item is, or null. */
export function findItem(state: UploadsState, uid: string): { list: ListName; item: UploadItem } | null {
  for (const list of LISTS) {
    const item = state[list].find((i) => i.uid === uid);
    if (item) return { list, item };
  }
  return null;
}

/** Applies `fn` to the item wherever it is. */
export function updateItem(state: UploadsState, uid: string, fn: (item: UploadItem) => UploadItem): UploadsState {
  const found = findItem(state, uid);
  if (!found) return state;
  const next = fn(found.item);
  if (next === found.item) return state;
  return { ...state, [found.list]: state[found.list].map((i) => (i.uid === uid ? next : i)) };
}

/** Moves the item to `to` (front of success and error, end of waiting and active). */
export function moveItem(
  state: UploadsState,
  uid: string,
  to: ListName,
  fn: (item: UploadItem) => UploadItem = (i) => i,
): UploadsState {
  const found = findItem(state, uid);
  if (!found) return state;
  const item = fn(found.item);
  const removed = { ...state, [found.list]: state[found.list].filter((i) => i.uid !== uid) };
  const target = removed[to];
  return { ...removed, [to]: to === 'success' || to === 'error' ? [item, ...target] : [...target, item] };
}
