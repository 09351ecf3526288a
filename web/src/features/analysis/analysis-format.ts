// How the analysis pages show their figures: a task on the trend's axis, the trend's points (gaps
// where nothing was marked), a question's points and the score band of the student's paper.

import type { AnalysisTask } from '@/generated/AnalysisTask';
import type { PaperAnalysis } from '@/generated/PaperAnalysis';
import type { PaperQuestion } from '@/generated/PaperQuestion';
import { chartRate, scoreBandOf } from './analysis-dict';
import { chinaDay } from './analysis-period';

/** A task on the trend's axis: its day (MM-DD) and name. */
export const taskLabel = (task: Pick<AnalysisTask, 'createdAt' | 'name'>) =>
  `${chinaDay(task.createdAt).slice(5)} ${task.name}`;

/** The trend's points: the student's and the class's score rates (null where nothing was marked). */
export const trendPoints = (tasks: readonly AnalysisTask[]) =>
  tasks.map((t) => ({ task: taskLabel(t), scoreRate: chartRate(t.scoreRate), classRate: chartRate(t.classRate) }));

/** A task's score out of its full score ('-' until something of it is marked). */
export const taskScore = (t: Pick<AnalysisTask, 'scoreRate' | 'score' | 'fullScore'>) =>
  t.scoreRate < 0 ? `-/${t.fullScore}` : `${t.score}/${t.fullScore}`;

/** A question's points: the student's out of the question's ('-' until it is marked). */
export const questionScore = (q: Pick<PaperQuestion, 'score' | 'fullScore'>) =>
  `${q.score === null ? '-' : q.score}/${q.fullScore}`;

/** The band of the student's score, null when none of it is marked. */
export function studentBand(paper: Pick<PaperAnalysis, 'rank' | 'score' | 'fullScore'>): number | null {
  if (paper.rank <= 0 || paper.fullScore <= 0) return null;
  return scoreBandOf((paper.score * 100) / paper.fullScore);
}

/** A text's length as the server counts it (characters, not UTF-16 units). */
export const charCount = (text: string) => Array.from(text).length;
