// A recognised paper's questions as the teacher edits them (AI 识卷): a working copy of the
// task's questions, each with a key of its own (new ones have no item id yet), the checks that
// mirror the server's (api/src/handlers/ai/paper.rs `checked_item`), and the list sent back
// (ai/paper/task/addOrUpdate `questions` replaces the task's questions: all of them, in order,
// existing ones with their item id).

import type { AiTaskQuestion } from '@/generated/AiTaskQuestion';
import { DEFAULT_DIFFICULTY, PAPER_MAX_POINTS, QUESTION_TYPES } from './ai-dict';

export interface DraftQuestion extends AiTaskQuestion {
  /** Stable while it is edited: `item-<id>` for a recognised question, `new-<n>` for an added one. */
  key: string;
}

/** The limits the server checks an edited question against. */
export const QUESTION_LIMITS = { stem: 5_000, option: 1_000, text: 10_000, minOptions: 2, maxOptions: 6 } as const;

/** The choice types (their options are kept; other types have none). */
export const isChoiceType = (questionType: number) => questionType === 1 || questionType === 2;

/** The name of a question type ('' when unknown). */
export const typeNameOf = (questionType: number) => QUESTION_TYPES.find((t) => t.code === questionType)?.name ?? '';

/** The working copy of the task's questions. */
export function draftOf(questions: readonly AiTaskQuestion[]): DraftQuestion[] {
  return questions.map((q, i) => ({ ...q, key: q.itemId === undefined ? `read-${i}` : `item-${q.itemId}` }));
}

let added = 0;

/** A question added by the teacher: a single choice with four empty options. */
export function newQuestion(): DraftQuestion {
  added += 1;
  return {
    key: `new-${added}`,
    questionType: 1,
    stem: '',
    options: ['', '', '', ''],
    answer: '',
    analysis: '',
    difficulty: DEFAULT_DIFFICULTY,
    knowledgeIds: [],
  };
}

/** A question of another type: a choice keeps (or gets) options, other types drop them. */
export function withType(q: DraftQuestion, questionType: number): DraftQuestion {
  const options = isChoiceType(questionType) ? (q.options.length > 0 ? q.options : ['', '', '', '']) : [];
  return { ...q, questionType, options };
}

/** What is wrong with a question ('' when nothing). */
export function questionProblem(q: AiTaskQuestion): string {
  const stem = q.stem.trim();
  if (!stem) return '请填写题干';
  if (stem.length > QUESTION_LIMITS.stem) return `题干不能超过${QUESTION_LIMITS.stem}个字`;
  if (isChoiceType(q.questionType)) {
    const options = q.options.map((o) => o.trim());
    if (options.length < QUESTION_LIMITS.minOptions || options.length > QUESTION_LIMITS.maxOptions)
      return `选择题需有${QUESTION_LIMITS.minOptions}到${QUESTION_LIMITS.maxOptions}个选项`;
    if (options.some((o) => !o)) return '请填写每个选项';
    if (options.some((o) => o.length > QUESTION_LIMITS.option)) return `每个选项不能超过${QUESTION_LIMITS.option}个字`;
  }
  if (q.answer.length > QUESTION_LIMITS.text || q.analysis.length > QUESTION_LIMITS.text)
    return `答案与解析各不能超过${QUESTION_LIMITS.text}个字`;
  if (q.knowledgeIds.length > PAPER_MAX_POINTS) return `最多选择${PAPER_MAX_POINTS}个知识点`;
  return '';
}

/** The first problem of the list, named by its question's number ('' when none). */
export function draftProblem(draft: readonly AiTaskQuestion[]): string {
  for (const [i, q] of draft.entries()) {
    const problem = questionProblem(q);
    if (problem) return `第${i + 1}题：${problem}`;
  }
  return '';
}

/** The questions sent: trimmed, options only for choices, existing ones with their item id. */
export function questionsToSave(draft: readonly DraftQuestion[]): AiTaskQuestion[] {
  return draft.map((q) => ({
    ...(q.itemId !== undefined ? { itemId: q.itemId } : {}),
    questionType: q.questionType,
    stem: q.stem.trim(),
    options: isChoiceType(q.questionType) ? q.options.map((o) => o.trim()) : [],
    answer: q.answer.trim(),
    analysis: q.analysis.trim(),
    difficulty: q.difficulty ?? DEFAULT_DIFFICULTY,
    knowledgeIds: q.knowledgeIds,
  }));
}

/** Questions that would be saved to the bank without any knowledge point (the task names none). */
export function questionsWithoutPoints(questions: readonly AiTaskQuestion[], taskPoints: readonly number[]): number {
  if (taskPoints.length > 0) return 0;
  return questions.filter((q) => q.savedQuestionId == null && q.knowledgeIds.length === 0).length;
}
