// The record sheet's autosave: AUTOSAVE_DELAY_MS after the last change, while the visit is being
// recorded, the whole record goes to `visit/save` quietly (no toast, no loading overlay). What is
// unsaved is told apart by the body the server would store, so spaces typed at the end of a text
// are no change. A conflict (A0409: the visit was finished, or changed elsewhere meanwhile) stops
// it for good; another failure waits for the next change. One save at a time: the sheet's own
// saves (保存, 完成记录) hold it back (`enabled`) and report what they stored (`markSaved`).

import { useEffect, useEffectEvent, useState } from 'react';
import { ErrorCode } from '@/generated/codes';
import type { VisitSaveRequest } from '@/generated/VisitSaveRequest';
import { isApiError } from '@/lib/api-client';
import { useSaveVisit } from '../api/visits';

/** How long after the last change the record is saved. */
export const AUTOSAVE_DELAY_MS = 3_000;

/** What the indicator says. */
export type SaveStatus =
  /** Nothing changed since the record was read. */
  | { kind: 'clean' }
  | { kind: 'unsaved'; error: string | null }
  | { kind: 'saving' }
  /** Stored at `at` (epoch ms), by the autosave or by hand. */
  | { kind: 'saved'; at: number; auto: boolean }
  /** A conflict stopped the autosave; `message` is the server's. */
  | { kind: 'stopped'; message: string };

export interface VisitAutosaveOptions {
  /** What the form holds, as `visit/save` takes it. */
  body: VisitSaveRequest;
  /** The record as read, as `visit/save` takes it (asked once). */
  readBody: () => VisitSaveRequest;
  /** An autosave may start now (the form is valid, no other save or finish is under way). */
  enabled: boolean;
}

const keyOf = (body: VisitSaveRequest) => JSON.stringify(body);

export function useVisitAutosave({ body, readBody, enabled }: VisitAutosaveOptions) {
  const autosave = useSaveVisit({ quiet: true, noLoading: true });
  const [savedKey, setSavedKey] = useState(() => keyOf(readBody()));
  const [saved, setSaved] = useState<{ at: number; auto: boolean } | null>(null);
  const [stopped, setStopped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = keyOf(body);
  const unsaved = key !== savedKey;

  const run = useEffectEvent(() => {
    const sent = key;
    autosave.mutate(body, {
      onSuccess: () => {
        setSavedKey(sent);
        setSaved({ at: Date.now(), auto: true });
        setError(null);
      },
      onError: (e) => {
        if (isApiError(e, ErrorCode.Conflict)) setStopped(e.message);
        else setError(e.message);
      },
    });
  });

  const waiting = unsaved && enabled && stopped === null && !autosave.isPending;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(run, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // Each change (`key`) starts the wait again.
  }, [waiting, key]);

  /** The sheet's own save stored `stored` (the record as the server answered it). */
  const markSaved = (stored: VisitSaveRequest) => {
    setSavedKey(keyOf(stored));
    setSaved({ at: Date.now(), auto: false });
    setError(null);
  };

  /** The record was read again (after a conflict): what it holds is saved, the autosave resumes. */
  const restart = (read: VisitSaveRequest) => {
    setSavedKey(keyOf(read));
    setSaved(null);
    setError(null);
    setStopped(null);
  };

  let status: SaveStatus;
  if (stopped !== null) status = { kind: 'stopped', message: stopped };
  else if (autosave.isPending) status = { kind: 'saving' };
  else if (unsaved) status = { kind: 'unsaved', error };
  else if (saved) status = { kind: 'saved', ...saved };
  else status = { kind: 'clean' };

  return {
    status,
    /** There are changes the server does not have. */
    unsaved,
    /** An autosave is under way. */
    saving: autosave.isPending,
    markSaved,
    restart,
    /** A conflict met by the sheet's own save stops the autosave too. */
    stop: (message: string) => setStopped(message),
  };
}
