import { describe, expect, it } from 'vitest';
import {
  cardSetError,
  emptyQuestion,
  optionLetter,
  type QuestionDraft,
  questionDrafts,
  questionErrors,
  questionSetError,
  taskNameError,
  toCards,
  toQuestions,
  withOption,
  withoutOption,
} from './task-content';

const good: QuestionDraft = { stem: ' 1+1=? ', options: ['1', ' 2 '], answer: 1 };

describe('question set', () => {
  it('accepts a named set of complete questions and sends them trimmed', () => {
    expect(questionSetError('第一课小测', [good])).toBeNull();
    expect(toQuestions([good])).toEqual([{ stem: '1+1=?', options: ['1', '2'], answer: 1 }]);
  });

  it('says what is missing, first mistake first', () => {
    expect(taskNameError('  ')).toBe('请输入任务名称');
    expect(taskNameError('字'.repeat(96))).toBe('任务名称最多95个字符');
    expect(questionSetError('', [good])).toBe('请输入任务名称');
    expect(questionSetError('小测', [])).toBe('题集需有1到50道题');
    expect(questionSetError('小测', [good, { ...good, stem: '' }])).toBe('第2题：请输入题干');
    expect(questionSetError('小测', [{ ...good, options: ['a', ' '] }])).toBe('第1题：选项不能为空');
    expect(questionSetError('小测', [{ ...good, options: ['a'], answer: 0 }])).toBe('第1题：需有2到6个选项');
    expect(questionSetError('小测', [{ ...good, answer: null }])).toBe('第1题：请选择正确答案');
    expect(
      questionSetError(
        '小测',
        Array.from({ length: 51 }, () => good),
      ),
    ).toBe('题集需有1到50道题');
  });

  it('marks each field of a question', () => {
    expect(questionErrors(emptyQuestion())).toEqual({
      stem: '请输入题干',
      options: '选项不能为空',
      answer: '请选择正确答案',
    });
    expect(questionErrors(good)).toBeNull();
  });

  it('keeps the answer on its option when options are added or removed', () => {
    const q: QuestionDraft = { stem: 's', options: ['a', 'b', 'c'], answer: 2 };
    expect(withoutOption(q, 0)).toEqual({ stem: 's', options: ['b', 'c'], answer: 1 });
    expect(withoutOption(q, 2)).toEqual({ stem: 's', options: ['a', 'b'], answer: null });
    expect(withoutOption(q, 1).answer).toBe(1);
    expect(withoutOption({ ...q, options: ['a', 'b'] }, 0).options).toEqual(['a', 'b']);
    expect(withOption(q).options).toEqual(['a', 'b', 'c', '']);
    const six = { ...q, options: ['1', '2', '3', '4', '5', '6'] };
    expect(withOption(six)).toBe(six);
    expect(optionLetter(0) + optionLetter(5)).toBe('AF');
  });

  it('edits stored questions, or starts with one empty question', () => {
    expect(questionDrafts([{ stem: 's', options: ['a', 'b'], answer: 1 }])).toEqual([
      { stem: 's', options: ['a', 'b'], answer: 1 },
    ]);
    expect(questionDrafts(undefined)).toEqual([emptyQuestion()]);
  });
});

describe('flash cards', () => {
  it('needs both sides of every card', () => {
    expect(cardSetError('单词', [{ front: 'apple', back: '苹果' }])).toBeNull();
    expect(
      cardSetError('单词', [
        { front: 'apple', back: '苹果' },
        { front: 'pear', back: ' ' },
      ]),
    ).toBe('第2张：正反面都需填写');
    expect(cardSetError('单词', [])).toBe('闪卡需有1到200张');
    expect(cardSetError('单词', [{ front: 'a'.repeat(501), back: 'b' }])).toBe('第1张：正反面最多500个字符');
    expect(toCards([{ front: ' a ', back: ' b' }])).toEqual([{ front: 'a', back: 'b' }]);
  });
});
