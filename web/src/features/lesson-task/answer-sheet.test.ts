import { describe, expect, it } from 'vitest';
import { answersToSave, answeredCount, draftsOf, toggleChoice } from './answer-sheet';
import { answer, answerSheet, lessonTask } from './test-helpers';

describe('answer sheet', () => {
  it('a single choice takes the letter clicked, or drops it', () => {
    expect(toggleChoice('', 'B', 1)).toBe('B');
    expect(toggleChoice('B', 'C', 1)).toBe('C');
    expect(toggleChoice('C', 'C', 1)).toBe('');
  });

  it('a multiple choice adds and drops letters, kept in order', () => {
    expect(toggleChoice('', 'C', 2)).toBe('C');
    expect(toggleChoice('C', 'A', 2)).toBe('AC');
    expect(toggleChoice('AC', 'B', 2)).toBe('ABC');
    expect(toggleChoice('ABC', 'A', 2)).toBe('BC');
  });

  it('sends the questions with an answer, in order, text trimmed', () => {
    const task = lessonTask();
    const drafts = new Map([
      [2, 'AC'],
      [3, ' 2 '],
    ]);
    expect(answersToSave(task, drafts)).toEqual([
      { questionId: 2, answer: 'AC' },
      { questionId: 3, answer: '2' },
    ]);
    expect(answeredCount(task, drafts)).toBe(2);
  });

  it('starts from what the sheet holds', () => {
    const drafts = draftsOf(answerSheet(1, [answer(1, 'B', false), answer(4, '极值为 2')]));
    expect([...drafts]).toEqual([
      [1, 'B'],
      [4, '极值为 2'],
    ]);
    expect(draftsOf(undefined).size).toBe(0);
  });
});
