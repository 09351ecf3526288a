// An answer sheet as the teacher enters it on 标注答案: a choice question's answer is its option
// letters ("A", or "AC" in order for a multiple choice), a fill-in or worked answer its text. Only
// the questions with an answer entered are sent: the server does not record blanks (not answered
// yet), and keeps the mark of an answer sent again unchanged.

import { isChoice, MULTIPLE_CHOICE } from '@/features/question/question-dict';
import type { LessonTask } from '@/generated/LessonTask';
import type { TaskAnswerInput } from '@/generated/TaskAnswerInput';
import type { TaskAnswerSheet } from '@/generated/TaskAnswerSheet';

/** The answers being entered, by question id. */
export type SheetDrafts = ReadonlyMap<number, string>;

/**
 * A choice's answer after its option `letter` was clicked: a single choice takes the letter (or
 * drops it when it was the answer), a multiple choice adds or drops it, letters kept in order.
 */
export function toggleChoice(answer: string, letter: string, questionType: number): string {
  if (questionType !== MULTIPLE_CHOICE) return answer === letter ? '' : letter;
  const letters = new Set(answer.toUpperCase().split('').filter(Boolean));
  if (letters.has(letter)) letters.delete(letter);
  else letters.add(letter);
  return [...letters].sort().join('');
}

/** The answers a sheet already holds (what was entered before). */
export function draftsOf(sheet: TaskAnswerSheet | undefined): SheetDrafts {
  return new Map((sheet?.answers ?? []).map((a) => [a.questionId, a.answer]));
}

/** The sheet to save: the questions of the task with an answer entered, in order. */
export function answersToSave(task: LessonTask, drafts: SheetDrafts): TaskAnswerInput[] {
  return task.questions
    .map(({ question }) => {
      const answer = drafts.get(question.questionId) ?? '';
      return { questionId: question.questionId, answer: isChoice(question.questionType) ? answer : answer.trim() };
    })
    .filter((a) => a.answer.trim() !== '');
}

/** How many questions have an answer entered. */
export const answeredCount = (task: LessonTask, drafts: SheetDrafts) =>
  task.questions.filter(({ question }) => (drafts.get(question.questionId) ?? '').trim() !== '').length;
