import { describe, expect, it } from 'vitest';
import { questionStats } from './question-stats';
import { answer, answerSheet, lessonTask } from './test-helpers';

describe('per-question figures from the stored sheets', () => {
  it('counts each question right, wrong and to mark, with its accuracy and mean points', () => {
    const sheets = [
      answerSheet(1, [answer(1, 'C', true), answer(2, 'A', false), answer(3, '2', true), answer(4, '略')]),
      answerSheet(2, [answer(1, 'B', false), answer(2, 'AC', true), answer(4, '极值', true, 8)]),
    ];
    const stats = questionStats(lessonTask(), sheets);
    expect(
      stats.map((s) => [s.question.position, s.answered, s.right, s.wrong, s.toMark, s.accuracy, s.averageScore]),
    ).toEqual([
      [1, 2, 1, 1, 0, 0.5, 2.5],
      [2, 2, 1, 1, 0, 0.5, 2.5],
      [3, 1, 1, 0, 0, 1, 5],
      [4, 2, 1, 0, 1, 1, 8],
    ]);
  });

  it('has no accuracy for a question nobody answered or none was marked', () => {
    const stats = questionStats(lessonTask(), [answerSheet(1, [answer(4, '略')])]);
    expect(stats[0]).toMatchObject({ answered: 0, accuracy: -1, averageScore: -1 });
    expect(stats[3]).toMatchObject({ answered: 1, toMark: 1, accuracy: -1, averageScore: -1 });
  });
});
