import { describe, expect, it } from 'vitest';
import {
  draftOf,
  draftProblem,
  newQuestion,
  questionProblem,
  questionsToSave,
  questionsWithoutPoints,
  withType,
} from './paper-questions';
import { taskQuestion } from './test-helpers';

describe('a recognised paper’s questions as edited', () => {
  it('keys recognised questions by item id and added ones apart', () => {
    const draft = draftOf([taskQuestion(7), taskQuestion(8)]);
    expect(draft.map((q) => q.key)).toEqual(['item-7', 'item-8']);
    const a = newQuestion();
    const b = newQuestion();
    expect(a.key).not.toBe(b.key);
    expect(a).toMatchObject({ questionType: 1, options: ['', '', '', ''], difficulty: 3, knowledgeIds: [] });
    expect(a.itemId).toBeUndefined();
  });

  it('keeps options for choices only when the type changes', () => {
    const [choice] = draftOf([taskQuestion(7)]);
    const blank = withType(choice!, 3);
    expect(blank.options).toEqual([]);
    expect(withType(blank, 2).options).toEqual(['', '', '', '']);
    expect(withType(choice!, 2).options).toEqual(choice!.options);
  });

  it('checks what the server checks', () => {
    expect(questionProblem(taskQuestion(1))).toBe('');
    expect(questionProblem(taskQuestion(1, { stem: '  ' }))).toBe('请填写题干');
    expect(questionProblem(taskQuestion(1, { options: ['A'] }))).toBe('选择题需有2到6个选项');
    expect(questionProblem(taskQuestion(1, { options: ['1', ' '] }))).toBe('请填写每个选项');
    expect(questionProblem(taskQuestion(1, { questionType: 4, options: [] }))).toBe('');
    expect(questionProblem(taskQuestion(1, { knowledgeIds: [1, 2, 3, 4, 5, 6] }))).toBe('最多选择5个知识点');
    expect(draftProblem([taskQuestion(1), taskQuestion(2, { stem: '' })])).toBe('第2题：请填写题干');
    expect(draftProblem([taskQuestion(1)])).toBe('');
  });

  it('sends every question in order, trimmed, existing ones with their item id, options only for choices', () => {
    const [first, second] = draftOf([
      taskQuestion(7, { stem: ' 题干 ', options: [' 1 ', '2'], answer: ' A ' }),
      taskQuestion(8, { questionType: 3, options: ['残留'], answer: '$2$' }),
    ]);
    const added = { ...newQuestion(), questionType: 4, options: [], stem: '证明：$a>b$', difficulty: 5 };
    expect(questionsToSave([first!, second!, added])).toEqual([
      {
        itemId: 7,
        questionType: 1,
        stem: '题干',
        options: ['1', '2'],
        answer: 'A',
        analysis: '',
        difficulty: 3,
        knowledgeIds: [],
      },
      {
        itemId: 8,
        questionType: 3,
        stem: second!.stem,
        options: [],
        answer: '$2$',
        analysis: '',
        difficulty: 3,
        knowledgeIds: [],
      },
      { questionType: 4, stem: '证明：$a>b$', options: [], answer: '', analysis: '', difficulty: 5, knowledgeIds: [] },
    ]);
  });

  it('counts unsaved questions without points only when the task names none', () => {
    const questions = [
      taskQuestion(1),
      taskQuestion(2, { knowledgeIds: [5] }),
      taskQuestion(3, { savedQuestionId: 90 }),
    ];
    expect(questionsWithoutPoints(questions, [])).toBe(1);
    expect(questionsWithoutPoints(questions, [111])).toBe(0);
  });
});
