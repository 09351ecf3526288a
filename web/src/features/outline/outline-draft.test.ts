import { describe, expect, it } from 'vitest';
import { draftErrors, draftsOf, moved, newLesson, newUnit, totals, unitInputs } from './outline-draft';
import { OUTLINE_UNITS } from './test-helpers';

describe('outline drafts', () => {
  it('are made from the units as read and written back as the save’s units', () => {
    const drafts = draftsOf(OUTLINE_UNITS);
    expect(drafts.map((u) => u.lessons.map((l) => l.title))).toEqual([['集合的概念', '函数的概念'], ['导数的概念']]);
    expect(drafts[0]?.lessons[1]?.known).toEqual([{ id: 111, name: '函数的概念' }]);
    expect(unitInputs(drafts)).toEqual([
      {
        title: '第一单元 集合与函数',
        lessons: [
          { title: '集合的概念', hours: 1, knowledgeIds: [] },
          { title: '函数的概念', hours: 2, knowledgeIds: [111], paperId: 50 },
        ],
      },
      { title: '第二单元 导数', lessons: [{ title: '导数的概念', hours: 2, knowledgeIds: [121] }] },
    ]);
    expect(totals(drafts)).toEqual({ lessons: 3, hours: 5 });
  });

  it('move within their list and stay at its ends', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('are checked as the server checks them', () => {
    const unit = { ...newUnit(1), title: ' ' };
    const lesson = { ...newLesson(1), hours: 11 };
    const untitled = { ...newLesson(2), title: '' };
    unit.lessons = [lesson, untitled];
    expect(draftErrors([unit])).toEqual({
      [unit.key]: '请输入单元名称',
      [lesson.key]: '课时需在1到10之间',
      [untitled.key]: '请输入课次名称',
    });
    expect(draftErrors([newUnit(1)])).toEqual({});
  });
});
