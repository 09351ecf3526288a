// Per-question figures of a task for 试卷分析. No server call gives them: they are computed here,
// in the client, from the students' stored sheets (task/answer/sheet of each student who
// answered), each question's answers counted as right, wrong or still to mark.

import type { LessonTask } from '@/generated/LessonTask';
import type { TaskAnswerSheet } from '@/generated/TaskAnswerSheet';
import type { TaskQuestion } from '@/generated/TaskQuestion';

export interface QuestionStat {
  question: TaskQuestion;
  /** Students who answered it. */
  answered: number;
  right: number;
  wrong: number;
  toMark: number;
  /** Right of the marked answers, 0–1; -1 when none is marked. */
  accuracy: number;
  /** The mean points of the marked answers; -1 when none is marked. */
  averageScore: number;
}

/** Each question of the task, in order, counted over the sheets. */
export function questionStats(task: LessonTask, sheets: readonly TaskAnswerSheet[]): QuestionStat[] {
  return task.questions.map((question) => {
    const id = question.question.questionId;
    const answers = sheets.flatMap((s) => s.answers.filter((a) => a.questionId === id));
    const right = answers.filter((a) => a.correct === true).length;
    const wrong = answers.filter((a) => a.correct === false).length;
    const marked = right + wrong;
    const points = answers.filter((a) => a.correct !== undefined).reduce((sum, a) => sum + (a.score ?? 0), 0);
    return {
      question,
      answered: answers.length,
      right,
      wrong,
      toMark: answers.length - marked,
      accuracy: marked === 0 ? -1 : right / marked,
      averageScore: marked === 0 ? -1 : points / marked,
    };
  });
}
