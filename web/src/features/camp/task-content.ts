// A question set's and a flash-card task's content as the builder edits it, checked as the server
// checks it (1–50 questions, each a stem and 2–6 non-empty options with one right answer; 1–200
// cards, each side 1–500 characters; a task name of 1–95 characters), so that a mistake is shown
// beside its field before anything is sent.

import type { CampQuestion } from '@/generated/CampQuestion';
import type { FlashCard } from '@/generated/FlashCard';
import type { PhaseTask } from '@/generated/PhaseTask';
import { CAMP_LIMITS as L, TASK_FLASH_CARDS, TASK_QUESTIONS } from './camp-dict';

export interface QuestionDraft {
  stem: string;
  options: string[];
  /** The right option's index; null until one is chosen. */
  answer: number | null;
}

export type CardDraft = FlashCard;

export const emptyQuestion = (): QuestionDraft => ({ stem: '', options: ['', '', '', ''], answer: null });
export const emptyCard = (): CardDraft => ({ front: '', back: '' });

/** The drafts of stored questions (the teacher's view carries the answers). */
export const questionDrafts = (questions: readonly CampQuestion[] | undefined): QuestionDraft[] =>
  questions?.length
    ? questions.map((q) => ({ stem: q.stem, options: [...q.options], answer: q.answer }))
    : [emptyQuestion()];

export const cardDrafts = (cards: readonly FlashCard[] | undefined): CardDraft[] =>
  cards?.length ? cards.map((c) => ({ ...c })) : [emptyCard()];

const chars = (text: string) => Array.from(text.trim()).length;

/** Why a task name cannot be saved, or null. */
export function taskNameError(name: string): string | null {
  const n = chars(name);
  if (n === 0) return '请输入任务名称';
  if (n > L.taskName) return `任务名称最多${L.taskName}个字符`;
  return null;
}

/** The mistakes of one question (null when it can be saved). */
export interface QuestionErrors {
  stem: string | null;
  options: string | null;
  answer: string | null;
}

export function questionErrors(q: QuestionDraft): QuestionErrors | null {
  const stemChars = chars(q.stem);
  const stem = stemChars === 0 ? '请输入题干' : stemChars > L.text ? `题干最多${L.text}个字符` : null;
  let options: string | null = null;
  if (q.options.length < L.minOptions || q.options.length > L.maxOptions) {
    options = `需有${L.minOptions}到${L.maxOptions}个选项`;
  } else if (q.options.some((o) => chars(o) === 0)) {
    options = '选项不能为空';
  } else if (q.options.some((o) => chars(o) > L.option)) {
    options = `选项最多${L.option}个字符`;
  }
  const answer = q.answer === null || q.answer < 0 || q.answer >= q.options.length ? '请选择正确答案' : null;
  return stem || options || answer ? { stem, options, answer } : null;
}

/** The first mistake of a question set, as one line (第N题…), or null. */
export function questionSetError(name: string, questions: readonly QuestionDraft[]): string | null {
  const nameError = taskNameError(name);
  if (nameError) return nameError;
  if (questions.length === 0 || questions.length > L.maxQuestions) return `题集需有1到${L.maxQuestions}道题`;
  for (const [i, q] of questions.entries()) {
    const e = questionErrors(q);
    if (e) return `第${i + 1}题：${e.stem ?? e.options ?? e.answer}`;
  }
  return null;
}

/** The questions to send (trimmed); only for drafts without mistakes. */
export const toQuestions = (drafts: readonly QuestionDraft[]): CampQuestion[] =>
  drafts.map((q) => ({ stem: q.stem.trim(), options: q.options.map((o) => o.trim()), answer: q.answer ?? 0 }));

/** Why a card cannot be saved, or null. */
export function cardError(card: CardDraft): string | null {
  const front = chars(card.front);
  const back = chars(card.back);
  if (front === 0 || back === 0) return '正反面都需填写';
  if (front > L.text || back > L.text) return `正反面最多${L.text}个字符`;
  return null;
}

export function cardSetError(name: string, cards: readonly CardDraft[]): string | null {
  const nameError = taskNameError(name);
  if (nameError) return nameError;
  if (cards.length === 0 || cards.length > L.maxCards) return `闪卡需有1到${L.maxCards}张`;
  for (const [i, c] of cards.entries()) {
    const e = cardError(c);
    if (e) return `第${i + 1}张：${e}`;
  }
  return null;
}

export const toCards = (drafts: readonly CardDraft[]): FlashCard[] =>
  drafts.map((c) => ({ front: c.front.trim(), back: c.back.trim() }));

/** A question's options after one is removed: the answer follows its option (or is cleared). */
export function withoutOption(q: QuestionDraft, index: number): QuestionDraft {
  if (q.options.length <= L.minOptions) return q;
  const options = q.options.filter((_, i) => i !== index);
  const answer = q.answer === null || q.answer === index ? null : q.answer > index ? q.answer - 1 : q.answer;
  return { ...q, options, answer };
}

/** A question with one more (empty) option, up to the limit. */
export const withOption = (q: QuestionDraft): QuestionDraft =>
  q.options.length >= L.maxOptions ? q : { ...q, options: [...q.options, ''] };

/** The letter of option `i` (A, B, …). */
export const optionLetter = (i: number) => String.fromCharCode(65 + i);

/** What a task holds, in a few words (N道题, N张卡片, the file's type). */
export function taskSummary(task: Pick<PhaseTask, 'taskType' | 'questions' | 'cards' | 'ext'>): string {
  if (task.taskType === TASK_QUESTIONS) return `${task.questions?.length ?? 0}道题`;
  if (task.taskType === TASK_FLASH_CARDS) return `${task.cards?.length ?? 0}张卡片`;
  return task.ext ? task.ext.toUpperCase() : '';
}
