import { describe, expect, it } from 'vitest';
import { answerLetters, checkValues, contentOf, emptyValues, valuesOf } from './question-form';
import { questionView } from './test-helpers';

describe('the question form', () => {
  it('takes a question as it is, and a non-choice gets empty options to switch to', () => {
    const q = questionView(7, { questionType: 2, options: ['甲', '乙', '丙'], answer: 'AC' });
    expect(valuesOf(q)).toEqual({
      questionType: 2,
      difficulty: 3,
      stem: q.stem,
      options: ['甲', '乙', '丙'],
      answer: 'AC',
      analysis: q.analysis,
      knowledgeIds: [111],
    });
    expect(valuesOf(questionView(8, { questionType: 4, options: [] })).options).toEqual(['', '', '', '']);
  });

  it('checks what the server checks', () => {
    expect(checkValues(emptyValues())).toEqual({
      stem: '请填写题干',
      options: '请填写2到6个选项',
      answer: '请选择一个正确选项',
      knowledgeIds: '请选择1到10个知识点',
    });
    const good = { ...emptyValues(), stem: '题', options: ['1', '2'], answer: 'B', knowledgeIds: [1] };
    expect(checkValues(good)).toEqual({});
    expect(checkValues({ ...good, questionType: 2 }).answer).toBe('请选择两个以上正确选项');
    expect(checkValues({ ...good, answer: 'C' }).answer).toBe('请选择一个正确选项');
    expect(checkValues({ ...good, questionType: 3, answer: ' ' }).answer).toBe('请填写答案');
    expect(checkValues({ ...good, questionType: 3, answer: '$x=1$' })).toEqual({});
    expect(checkValues({ ...good, options: ['1', '2', '3', '4', '5', '6', '7'] }).options).toBe('请填写2到6个选项');
    expect(checkValues({ ...good, knowledgeIds: Array.from({ length: 11 }, (_, i) => i) }).knowledgeIds).toBe(
      '请选择1到10个知识点',
    );
  });

  it('sends trimmed content, options only for choices, the letters sorted', () => {
    expect(answerLetters('ca', 4)).toEqual(['A', 'C']);
    expect(answerLetters('AE', 4)).toEqual(['A']);
    const v = { ...emptyValues(), questionType: 2, stem: ' 题干 ', options: [' 1 ', '2', '3'], answer: 'CA' };
    expect(contentOf({ ...v, knowledgeIds: [5] })).toEqual({
      questionType: 2,
      stem: '题干',
      options: ['1', '2', '3'],
      answer: 'AC',
      analysis: '',
      difficulty: 3,
      knowledgeIds: [5],
    });
    expect(contentOf({ ...v, questionType: 4, answer: ' 解 ' }).options).toEqual([]);
    expect(contentOf({ ...v, questionType: 4, answer: ' 解 ' }).answer).toBe('解');
  });
});
