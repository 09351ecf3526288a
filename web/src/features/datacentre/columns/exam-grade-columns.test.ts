import { describe, expect, it } from 'vitest';
import { scoreTagBadges } from './exam-grade-columns';

describe('exam grade columns', () => {
  it('draw the score tags as badges: 优秀 green, 进步 blue, 退步 orange, 待提升 red', () => {
    expect(scoreTagBadges({ scoreTags: '优秀、进步' })).toEqual([
      { text: '优秀', color: 'green' },
      { text: '进步', color: 'blue' },
    ]);
    expect(scoreTagBadges({ scoreTags: '待提升、退步' })).toEqual([
      { text: '待提升', color: 'red' },
      { text: '退步', color: 'orange' },
    ]);
    expect(scoreTagBadges({ scoreTags: '' })).toEqual([]);
    expect(scoreTagBadges({ scoreTags: '新标签' })).toEqual([{ text: '新标签', color: 'gray' }]);
  });
});
