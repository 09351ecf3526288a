import {
  ActionIcon,
  Button,
  Card,
  Group,
  Modal,
  Radio,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { PhaseTask } from '@/generated/PhaseTask';
import { useAddPhaseTasks, useUpdatePhaseTask } from '../api/phases';
import { CAMP_LIMITS, TASK_QUESTIONS } from '../camp-dict';
import {
  emptyQuestion,
  optionLetter,
  type QuestionDraft,
  questionDrafts,
  questionErrors,
  questionSetError,
  toQuestions,
  withOption,
  withoutOption,
} from '../task-content';

export interface TaskEditorProps {
  campId: number;
  phaseId: number;
  /** The task edited; a new task without one. */
  task?: PhaseTask | null;
  onClose: () => void;
}

function QuestionEditor({
  index,
  question,
  showErrors,
  onChange,
  onRemove,
}: {
  index: number;
  question: QuestionDraft;
  showErrors: boolean;
  onChange: (q: QuestionDraft) => void;
  onRemove: (() => void) | null;
}) {
  const n = index + 1;
  const errors = showErrors ? questionErrors(question) : null;
  return (
    <Card withBorder padding="sm" component="fieldset" aria-label={`第${n}题`} style={{ margin: 0 }}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={500} size="sm">
            第{n}题
          </Text>
          {onRemove && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove}>
              删除第{n}题
            </Button>
          )}
        </Group>
        <Textarea
          label={`第${n}题 题干`}
          autosize
          minRows={1}
          maxLength={CAMP_LIMITS.text}
          value={question.stem}
          error={errors?.stem}
          onChange={(e) => onChange({ ...question, stem: e.currentTarget.value })}
        />
        <Radio.Group
          label="选项（选中的为正确答案）"
          value={question.answer === null ? null : String(question.answer)}
          onChange={(v) => onChange({ ...question, answer: Number(v) })}
          error={errors?.answer ?? errors?.options}
        >
          <Stack gap={6} mt={4}>
            {question.options.map((option, i) => (
              <Group key={i} gap="xs" wrap="nowrap">
                <Radio value={String(i)} aria-label={`第${n}题 正确答案 ${optionLetter(i)}`} />
                <TextInput
                  aria-label={`第${n}题 选项${optionLetter(i)}`}
                  leftSection={<Text size="xs">{optionLetter(i)}</Text>}
                  maxLength={CAMP_LIMITS.option}
                  value={option}
                  onChange={(e) => {
                    const options = [...question.options];
                    options[i] = e.currentTarget.value;
                    onChange({ ...question, options });
                  }}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`删除第${n}题 选项${optionLetter(i)}`}
                  disabled={question.options.length <= CAMP_LIMITS.minOptions}
                  onClick={() => onChange(withoutOption(question, i))}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        {question.options.length < CAMP_LIMITS.maxOptions && (
          <Button size="compact-xs" variant="light" w="fit-content" onClick={() => onChange(withOption(question))}>
            添加选项
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A question set's editor (新建题集 / 编辑题集): its name and questions, each a stem, 2–6 options
 * and the right one; checked as the server checks it, the first mistake said at the bottom.
 */
export function QuestionSetEditor({ campId, phaseId, task = null, onClose }: TaskEditorProps) {
  const [name, setName] = useState(task?.taskName ?? '');
  const [questions, setQuestions] = useState(() => questionDrafts(task?.questions));
  const [showErrors, setShowErrors] = useState(false);
  const add = useAddPhaseTasks();
  const update = useUpdatePhaseTask();
  const error = questionSetError(name, questions);
  const busy = add.isPending || update.isPending;

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    setShowErrors(true);
    if (error) return;
    const content = toQuestions(questions);
    const taskName = name.trim();
    if (task) {
      update.mutate({ campId, taskId: task.taskId, taskName, questions: content }, { onSuccess: onClose });
    } else {
      add.mutate(
        { campId, phaseId, taskList: [{ bizId: '', taskName, ext: '', taskType: TASK_QUESTIONS, questions: content }] },
        { onSuccess: onClose },
      );
    }
  };

  const setQuestion = (i: number, q: QuestionDraft) => setQuestions(questions.map((old, j) => (j === i ? q : old)));

  return (
    <Modal
      opened
      onClose={onClose}
      title={task ? '编辑题集' : '新建题集'}
      size="xl"
      centered
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <form onSubmit={submit} aria-label="题集">
        <Stack gap="sm">
          <TextInput
            label="任务名称"
            withAsterisk
            maxLength={CAMP_LIMITS.taskName}
            value={name}
            error={showErrors && !name.trim() ? '请输入任务名称' : null}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          {questions.map((q, i) => (
            <QuestionEditor
              key={i}
              index={i}
              question={q}
              showErrors={showErrors}
              onChange={(next) => setQuestion(i, next)}
              onRemove={questions.length > 1 ? () => setQuestions(questions.filter((_, j) => j !== i)) : null}
            />
          ))}
          {questions.length < CAMP_LIMITS.maxQuestions && (
            <Button variant="light" w="fit-content" onClick={() => setQuestions([...questions, emptyQuestion()])}>
              添加题目
            </Button>
          )}
          {showErrors && error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              取消
            </Button>
            <Button type="submit" loading={busy}>
              保存
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
