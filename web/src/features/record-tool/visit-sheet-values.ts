// A visit's record sheet as its form holds it (the scores typed, the timeline, the summary) and
// as `visit/save` takes it back: scores not given are left out, the notes go trimmed in the
// order of the lesson's minutes, the summary trimmed. Pure functions.

import type { VisitDetail } from '@/generated/VisitDetail';
import type { VisitNote } from '@/generated/VisitNote';
import type { VisitSaveRequest } from '@/generated/VisitSaveRequest';

/** A score being typed: a whole number, or '' when not given. */
export type ScoreValue = number | '';

/** A timeline note being written; `uid` tells the rows apart while they change. */
export interface NoteValue {
  uid: string;
  minute: number | '';
  text: string;
}

export interface SheetValues {
  /** The score of each dimension of the visit's sheet, in its order. */
  scores: ScoreValue[];
  notes: NoteValue[];
  summary: string;
}

let lastUid = 0;

/** A new note of the form. */
export function noteValue(note: VisitNote): NoteValue {
  lastUid += 1;
  return { uid: `note-${lastUid}`, minute: note.minute, text: note.text };
}

/** A NumberInput's value as a score or minute ('' for nothing, or what is not a number yet). */
export function toScoreValue(value: number | string): ScoreValue {
  if (typeof value === 'number') return value;
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) ? number : '';
}

/** The form's values of a visit as read. */
export function sheetValuesOf(detail: VisitDetail): SheetValues {
  return {
    scores: detail.scores.map((s) => s.score ?? ''),
    notes: detail.notes.map(noteValue),
    summary: detail.summary,
  };
}

/** Where a note at `minute` goes in a timeline: after every note at that minute or earlier. */
export function noteIndexFor(notes: readonly NoteValue[], minute: number): number {
  const later = notes.findIndex((n) => typeof n.minute === 'number' && n.minute > minute);
  return later < 0 ? notes.length : later;
}

/** The body of `visit/save` for what the form holds. */
export function saveBodyOf(detail: VisitDetail, values: SheetValues): VisitSaveRequest {
  return {
    id: detail.id,
    scores: detail.scores.map((s, i) => {
      const score = values.scores[i] ?? '';
      return score === '' ? { key: s.key } : { key: s.key, score };
    }),
    notes: values.notes
      .map((n) => ({ minute: n.minute === '' ? 0 : n.minute, text: n.text.trim() }))
      // A stable sort: notes of one minute keep the order they were written in.
      .sort((a, b) => a.minute - b.minute),
    summary: values.summary.trim(),
  };
}
