// The question form (新建题目, 编辑题目, 纠错重编): its values from a question, checks that mirror
// the server's (api/src/handlers/question.rs `to_new`), and the content sent.

import type { QuestionContent } from '@/generated/QuestionContent';
import type { QuestionView } from '@/generated/QuestionView';
import { isChoice, MULTIPLE_CHOICE, optionLetter, SINGLE_CHOICE } from './question-dict';

export const FORM_LIMITS = {
  stem: 5_000,
  option: 1_000,
  analysis: 10_000,
  minOptions: 2,
  maxOptions: 6,
  maxPoints: 10,
} as const;

export interface QuestionFormValues {
  questionType: number;
  difficulty: number;
  stem: string;
  /** Choices only. */
  options: string[];
  /** A choice's letters ("AC"), else the answer's text. */
  answer: string;
  analysis: string;
  knowledgeIds: number[];
}

export type QuestionFormErrors = Partial<Record<'stem' | 'options' | 'answer' | 'analysis' | 'knowledgeIds', string>>;

export function emptyValues(): QuestionFormValues {
  return {
    questionType: SINGLE_CHOICE,
    difficulty: 3,
    stem: '',
    options: ['', '', '', ''],
    answer: '',
    analysis: '',
    knowledgeIds: [],
  };
}

export function valuesOf(q: QuestionView): QuestionFormValues {
  return {
    questionType: q.questionType,
    difficulty: q.difficulty,
    stem: q.stem,
    options: isChoice(q.questionType) ? [...q.options] : ['', '', '', ''],
    answer: q.answer,
    analysis: q.analysis,
    knowledgeIds: q.knowledgePoints.map((p) => p.id),
  };
}

/** The letters of a choice answer, sorted, each once, within the options. */
export function answerLetters(answer: string, optionCount: number): string[] {
  const letters = new Set(answer.toUpperCase().split(''));
  return Array.from({ length: optionCount }, (_, i) => optionLetter(i)).filter((l) => letters.has(l));
}

/** What is wrong with the values (empty: nothing). */
export function checkValues(v: QuestionFormValues): QuestionFormErrors {
  const errors: QuestionFormErrors = {};
  const stem = v.stem.trim();
  if (!stem) errors.stem = '请填写题干';
  else if (stem.length > FORM_LIMITS.stem) errors.stem = `题干不能超过${FORM_LIMITS.stem}个字`;
  if (isChoice(v.questionType)) {
    const options = v.options.map((o) => o.trim());
    if (options.length < FORM_LIMITS.minOptions || options.length > FORM_LIMITS.maxOptions || options.some((o) => !o))
      errors.options = `请填写${FORM_LIMITS.minOptions}到${FORM_LIMITS.maxOptions}个选项`;
    else if (options.some((o) => o.length > FORM_LIMITS.option))
      errors.options = `每个选项不能超过${FORM_LIMITS.option}个字`;
    const letters = answerLetters(v.answer, options.length);
    if (v.questionType === SINGLE_CHOICE && letters.length !== 1) errors.answer = '请选择一个正确选项';
    if (v.questionType === MULTIPLE_CHOICE && letters.length < 2) errors.answer = '请选择两个以上正确选项';
  } else if (!v.answer.trim()) {
    errors.answer = '请填写答案';
  } else if (v.answer.length > FORM_LIMITS.analysis) {
    errors.answer = `答案不能超过${FORM_LIMITS.analysis}个字`;
  }
  if (v.analysis.length > FORM_LIMITS.analysis) errors.analysis = `解析不能超过${FORM_LIMITS.analysis}个字`;
  if (v.knowledgeIds.length === 0 || v.knowledgeIds.length > FORM_LIMITS.maxPoints)
    errors.knowledgeIds = `请选择1到${FORM_LIMITS.maxPoints}个知识点`;
  return errors;
}

/** The content sent: trimmed, options only for choices, a choice's answer as its sorted letters. */
export function contentOf(v: QuestionFormValues): QuestionContent {
  const choice = isChoice(v.questionType);
  const options = choice ? v.options.map((o) => o.trim()) : [];
  return {
    questionType: v.questionType,
    stem: v.stem.trim(),
    options,
    answer: choice ? answerLetters(v.answer, options.length).join('') : v.answer.trim(),
    analysis: v.analysis.trim(),
    difficulty: v.difficulty,
    knowledgeIds: v.knowledgeIds,
  };
}
