// The results typed into an exam's members table: each score is checked against the full mark,
// and only those that differ from what is recorded are saved, in one call. An emptied score
// clears the result (null).

import type { ExamMember } from '@/generated/ExamMember';
import type { ExamScore } from '@/generated/ExamScore';

/** A typed score: a number of at most two decimals. */
const SCORE_TEXT = /^\d+(\.\d{1,2})?$/;

export type ParsedScore = { ok: true; value: number | null } | { ok: false; error: string };

/** A score as typed: empty is null (cleared); else a number 0..fullScore with at most two decimals. */
export function parseScore(text: string, fullScore: number): ParsedScore {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!SCORE_TEXT.test(trimmed)) return { ok: false, error: '请输入数字（最多两位小数）' };
  const value = Number(trimmed);
  if (value < 0 || value > fullScore) return { ok: false, error: `成绩需在0到${fullScore}之间` };
  return { ok: true, value };
}

/** A recorded score as the input shows it ('' for none). */
export function scoreText(score: number | null): string {
  return score === null ? '' : String(score);
}

/** Drafts by student id: the text typed for each member whose input was touched. */
export type ScoreDrafts = ReadonlyMap<number, string>;

export interface ScoreChanges {
  /** The results to save: the members whose typed score differs from the recorded one. */
  scores: ExamScore[];
  /** Why a typed score cannot be saved, by student id. */
  errors: Map<number, string>;
}

/** What the drafts change of the members' recorded scores, and the drafts that are not scores. */
export function changedScores(members: readonly ExamMember[], drafts: ScoreDrafts, fullScore: number): ScoreChanges {
  const scores: ExamScore[] = [];
  const errors = new Map<number, string>();
  for (const member of members) {
    const draft = drafts.get(member.studentId);
    if (draft === undefined) continue;
    const parsed = parseScore(draft, fullScore);
    if (!parsed.ok) errors.set(member.studentId, parsed.error);
    else if (parsed.value !== member.score) scores.push({ studentId: member.studentId, score: parsed.value });
  }
  return { scores, errors };
}
