import { describe, expect, it } from 'vitest';
import { changedScores, parseScore, scoreText } from './scores';
import { examMember } from './test-helpers';

describe('parseScore', () => {
  it('reads empty as a cleared result and numbers within the full mark', () => {
    expect(parseScore('', 100)).toEqual({ ok: true, value: null });
    expect(parseScore('  ', 100)).toEqual({ ok: true, value: null });
    expect(parseScore('0', 100)).toEqual({ ok: true, value: 0 });
    expect(parseScore(' 88.5 ', 100)).toEqual({ ok: true, value: 88.5 });
    expect(parseScore('100', 100)).toEqual({ ok: true, value: 100 });
    expect(parseScore('99.25', 100)).toEqual({ ok: true, value: 99.25 });
  });

  it('refuses what is not a score of this exam', () => {
    expect(parseScore('101', 100)).toEqual({ ok: false, error: '成绩需在0到100之间' });
    expect(parseScore('151', 150)).toEqual({ ok: false, error: '成绩需在0到150之间' });
    for (const text of ['-1', 'abc', '1e2', '8.125', '.5', '5.', '１０']) {
      expect(parseScore(text, 100).ok, text).toBe(false);
    }
  });

  it('shows a recorded score as text, none as empty', () => {
    expect(scoreText(null)).toBe('');
    expect(scoreText(0)).toBe('0');
    expect(scoreText(88.5)).toBe('88.5');
  });
});

describe('changedScores', () => {
  const members = [examMember(1, { score: 90, submitted: true }), examMember(2), examMember(3, { score: 70 })];

  it('keeps only the drafts that change a recorded score; empty clears', () => {
    const drafts = new Map([
      [1, '90'], // unchanged
      [2, '75.5'], // new
      [3, ''], // cleared
    ]);
    expect(changedScores(members, drafts, 100)).toEqual({
      scores: [
        { studentId: 2, score: 75.5 },
        { studentId: 3, score: null },
      ],
      errors: new Map(),
    });
  });

  it('an emptied input of a member without a score changes nothing', () => {
    expect(changedScores(members, new Map([[2, '']]), 100).scores).toEqual([]);
  });

  it('lists the bad drafts by student and leaves them out', () => {
    const { scores, errors } = changedScores(
      members,
      new Map([
        [1, '120'],
        [2, '60'],
      ]),
      100,
    );
    expect(scores).toEqual([{ studentId: 2, score: 60 }]);
    expect(errors).toEqual(new Map([[1, '成绩需在0到100之间']]));
  });

  it('ignores drafts of students who are not members', () => {
    expect(changedScores(members, new Map([[9, '50']]), 100)).toEqual({ scores: [], errors: new Map() });
  });
});
