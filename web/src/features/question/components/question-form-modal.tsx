import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { useBaseDicInfo } from '@/features/atlas/api/trees';
import { MathText } from '@/components/math-text';
import type { QuestionView } from '@/generated/QuestionView';
import { showSuccess } from '@/lib/toast';
import { useSaveQuestion } from '../api/questions';
import { useProposeReedit } from '../api/reedit';
import { coded, isChoice, MULTIPLE_CHOICE, optionLetter, SINGLE_CHOICE } from '../question-dict';
import {
  answerLetters,
  checkValues,
  contentOf,
  emptyValues,
  FORM_LIMITS,
  type QuestionFormErrors,
  type QuestionFormValues,
  valuesOf,
} from '../question-form';
import { KnowledgePicker } from './knowledge-picker';

/** What the form does: a new question of mine, a change of mine, or a re-edit of a bank question. */
export type QuestionFormMode =
  | { kind: 'create'; subject: number; stage: number }
  | { kind: 'edit'; question: QuestionView }
  | { kind: 'reedit'; question: QuestionView };

const TITLES = { create: '新建题目', edit: '编辑题目', reedit: '纠错重编' } as const;

export interface QuestionFormModalProps {
  /** null: closed. */
  mode: QuestionFormMode | null;
  onClose: () => void;
  onSaved?: (question: QuestionView) => void;
}

/**
 * 新建题目, 编辑题目 (question/save) and 纠错重编 (question/reedit, audited before it applies): the
 * type, difficulty, stem, options and answer of a choice or the answer's text, the analysis and
 * the knowledge points; the stem is previewed with its formulas.
 */
export function QuestionFormModal({ mode, onClose, onSaved }: QuestionFormModalProps) {
  return (
    <Modal opened={mode !== null} onClose={onClose} title={mode ? TITLES[mode.kind] : ''} size="xl">
      {mode && <QuestionForm mode={mode} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function QuestionForm({
  mode,
  onClose,
  onSaved,
}: { mode: QuestionFormMode; onClose: () => void } & Pick<QuestionFormModalProps, 'onSaved'>) {
  const dict = useBaseDicInfo();
  const save = useSaveQuestion();
  const reedit = useProposeReedit();
  const question = mode.kind === 'create' ? null : mode.question;
  const [values, setValues] = useState<QuestionFormValues>(() => (question ? valuesOf(question) : emptyValues()));
  const [errors, setErrors] = useState<QuestionFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const subject = mode.kind === 'create' ? mode.subject : mode.question.subject;
  const stage = mode.kind === 'create' ? mode.stage : mode.question.stage;
  const types = coded(dict.data?.questionTypes);
  const difficulties = coded(dict.data?.difficulties);
  const choice = isChoice(values.questionType);
  const set = (patch: Partial<QuestionFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const found = checkValues(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    const content = contentOf(values);
    const onError = (err: Error) => setFailure(err.message);
    if (mode.kind === 'reedit') {
      reedit.mutate(
        { questionId: mode.question.questionId, content },
        {
          onSuccess: () => {
            showSuccess('纠错已提交，审核通过后生效');
            onClose();
          },
          onError,
        },
      );
      return;
    }
    save.mutate(
      { ...(question ? { questionId: question.questionId } : {}), subject, stage, content },
      {
        onSuccess: (saved) => {
          showSuccess(question ? '题目已保存' : '题目已创建');
          onSaved?.(saved);
          onClose();
        },
        onError,
      },
    );
  };

  const letters = values.options.map((_, i) => optionLetter(i));
  const chosen = answerLetters(values.answer, values.options.length);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {mode.kind === 'reedit' && <Alert color="blue">修改题库题目需经管理员审核，审核通过后替换原题。</Alert>}
        <Group grow>
          <Select
            label="题型"
            data={types.map((t) => ({ value: String(t.code), label: t.name }))}
            value={String(values.questionType)}
            allowDeselect={false}
            onChange={(v) => v && set({ questionType: Number(v), answer: '' })}
          />
          <Select
            label="难度"
            data={difficulties.map((d) => ({ value: String(d.code), label: d.name }))}
            value={String(values.difficulty)}
            allowDeselect={false}
            onChange={(v) => v && set({ difficulty: Number(v) })}
          />
        </Group>
        <Textarea
          label="题干"
          description="公式写在 $…$ 之间，例如 $x^2+1$"
          autosize
          minRows={3}
          maxLength={FORM_LIMITS.stem}
          value={values.stem}
          onChange={(e) => set({ stem: e.currentTarget.value })}
          error={errors.stem}
          data-autofocus
        />
        {values.stem.trim() && (
          <Paper withBorder p="xs" bg="gray.0" aria-label="题干预览">
            <Text size="xs" c="dimmed" mb={4}>
              预览
            </Text>
            <MathText component="div" text={values.stem} />
          </Paper>
        )}
        {choice && (
          <Stack gap={6} role="group" aria-label="选项">
            {values.options.map((option, i) => (
              <Group key={i} gap="xs" wrap="nowrap" align="center">
                <TextInput
                  style={{ flex: 1 }}
                  label={`选项 ${letters[i] ?? ''}`}
                  maxLength={FORM_LIMITS.option}
                  value={option}
                  onChange={(e) => {
                    const next = [...values.options];
                    next[i] = e.currentTarget.value;
                    set({ options: next });
                  }}
                />
                <ActionIcon
                  mt={24}
                  variant="subtle"
                  color="red"
                  aria-label={`删除选项 ${letters[i] ?? ''}`}
                  disabled={values.options.length <= FORM_LIMITS.minOptions}
                  onClick={() => set({ options: values.options.filter((_, j) => j !== i), answer: '' })}
                >
                  ✕
                </ActionIcon>
              </Group>
            ))}
            {errors.options && (
              <Text size="xs" c="red">
                {errors.options}
              </Text>
            )}
            <Group>
              <Button
                size="compact-sm"
                variant="light"
                disabled={values.options.length >= FORM_LIMITS.maxOptions}
                onClick={() => set({ options: [...values.options, ''] })}
              >
                添加选项
              </Button>
            </Group>
          </Stack>
        )}
        {values.questionType === SINGLE_CHOICE && (
          <Radio.Group
            label="正确答案"
            value={chosen[0] ?? ''}
            onChange={(v) => set({ answer: v })}
            error={errors.answer}
          >
            <Group mt={4}>
              {letters.map((l) => (
                <Radio key={l} value={l} label={l} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {values.questionType === MULTIPLE_CHOICE && (
          <Checkbox.Group
            label="正确答案"
            value={chosen}
            onChange={(v) => set({ answer: [...v].sort().join('') })}
            error={errors.answer}
          >
            <Group mt={4}>
              {letters.map((l) => (
                <Checkbox key={l} value={l} label={l} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        {!choice && (
          <Textarea
            label="答案"
            autosize
            minRows={2}
            maxLength={FORM_LIMITS.analysis}
            value={values.answer}
            onChange={(e) => set({ answer: e.currentTarget.value })}
            error={errors.answer}
          />
        )}
        <Textarea
          label="解析"
          autosize
          minRows={2}
          maxLength={FORM_LIMITS.analysis}
          value={values.analysis}
          onChange={(e) => set({ analysis: e.currentTarget.value })}
          error={errors.analysis}
        />
        <KnowledgePicker
          subject={subject}
          stage={stage}
          value={values.knowledgeIds}
          onChange={(knowledgeIds) => set({ knowledgeIds })}
          known={question?.knowledgePoints}
          error={errors.knowledgeIds}
          max={FORM_LIMITS.maxPoints}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={save.isPending || reedit.isPending}>
            {mode.kind === 'reedit' ? '提交纠错' : '保存'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
