import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { MathText } from '@/components/math-text';
import { KnowledgePicker } from '@/features/question/components/knowledge-picker';
import type { AiPaperTask } from '@/generated/AiPaperTask';
import type { AiTaskRelation } from '@/generated/AiTaskRelation';
import { showSuccess } from '@/lib/toast';
import { useSavePaperTask, useTaskQuestions, useTaskRelations } from '../api/paper-tasks';
import { DEFAULT_DIFFICULTY, DIFFICULTIES, PAPER_MAX_POINTS, PAPER_MAX_QUESTIONS, QUESTION_TYPES } from '../ai-dict';
import {
  type DraftQuestion,
  draftOf,
  draftProblem,
  isChoiceType,
  newQuestion,
  QUESTION_LIMITS,
  questionProblem,
  questionsToSave,
  typeNameOf,
  withType,
} from '../paper-questions';

const letter = (i: number) => String.fromCharCode(65 + i);

/** 已入库 (the bank question it became) and 疑似重复 (look-alikes the bank holds). */
function RelationBadges({ relation, savedId }: { relation: AiTaskRelation | undefined; savedId: number | undefined }) {
  const saved = relation?.savedQuestionId ?? savedId;
  const similar = relation?.similarQuestionIds ?? [];
  return (
    <>
      {saved != null && (
        <Badge size="sm" color="green" variant="light">
          已入库 #{saved}
        </Badge>
      )}
      {similar.length > 0 && (
        <Tooltip label="题库中有相似的题目，保存前请确认是否重复" withinPortal={false}>
          <Badge size="sm" color="orange" variant="light">
            疑似重复：{similar.map((id) => `#${id}`).join('、')}
          </Badge>
        </Tooltip>
      )}
    </>
  );
}

interface QuestionCardProps {
  index: number;
  question: DraftQuestion;
  relation: AiTaskRelation | undefined;
  task: AiPaperTask;
  /** Absent: the question cannot be changed (it is saved to the bank, or saving is under way). */
  onChange?: (q: DraftQuestion) => void;
  onRemove?: () => void;
  /** A question just added opens in its form. */
  startEditing?: boolean;
}

function QuestionView({ question }: { question: DraftQuestion }) {
  return (
    <Stack gap={4}>
      <MathText text={question.stem} component="div" fz="sm" />
      {isChoiceType(question.questionType) &&
        question.options.map((o, i) => (
          <Group key={i} gap={6} wrap="nowrap" align="flex-start">
            <Text size="sm" fw={500}>
              {letter(i)}.
            </Text>
            <MathText text={o} fz="sm" />
          </Group>
        ))}
      <Text size="sm" c="dimmed" component="div">
        答案：{question.answer ? <MathText text={question.answer} /> : '（无）'}
      </Text>
      {question.analysis && (
        <Text size="sm" c="dimmed" component="div">
          解析：
          <MathText text={question.analysis} />
        </Text>
      )}
    </Stack>
  );
}

function QuestionForm({
  question,
  task,
  onChange,
}: {
  question: DraftQuestion;
  task: AiPaperTask;
  onChange: (q: DraftQuestion) => void;
}) {
  const set = (patch: Partial<DraftQuestion>) => onChange({ ...question, ...patch });
  const choice = isChoiceType(question.questionType);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Select
          label="题型"
          size="xs"
          w={120}
          data={QUESTION_TYPES.map((t) => ({ value: String(t.code), label: t.name }))}
          value={String(question.questionType)}
          allowDeselect={false}
          onChange={(v) => v && onChange(withType(question, Number(v)))}
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label="难度"
          size="xs"
          w={120}
          data={DIFFICULTIES.map((d) => ({ value: String(d.code), label: d.name }))}
          value={String(question.difficulty ?? DEFAULT_DIFFICULTY)}
          allowDeselect={false}
          onChange={(v) => v && set({ difficulty: Number(v) })}
          comboboxProps={{ withinPortal: false }}
        />
      </Group>
      <Textarea
        label="题干"
        size="xs"
        autosize
        minRows={2}
        maxRows={10}
        value={question.stem}
        onChange={(e) => set({ stem: e.currentTarget.value })}
        error={question.stem.trim() ? undefined : '请填写题干'}
      />
      {question.stem.includes('$') && (
        <Paper withBorder p={6} radius="sm" aria-label="题干预览">
          <MathText text={question.stem} component="div" fz="sm" />
        </Paper>
      )}
      {choice && (
        <Stack gap={4} role="group" aria-label="选项">
          {question.options.map((o, i) => (
            <Group key={i} gap={6} wrap="nowrap">
              <TextInput
                size="xs"
                style={{ flex: 1 }}
                aria-label={`选项 ${letter(i)}`}
                leftSection={<Text size="xs">{letter(i)}</Text>}
                value={o}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  set({ options: question.options.map((x, j) => (j === i ? value : x)) });
                }}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`删除选项 ${letter(i)}`}
                disabled={question.options.length <= QUESTION_LIMITS.minOptions}
                onClick={() => set({ options: question.options.filter((_, j) => j !== i) })}
              >
                ✕
              </ActionIcon>
            </Group>
          ))}
          {question.options.length < QUESTION_LIMITS.maxOptions && (
            <Button
              size="compact-xs"
              variant="subtle"
              w="fit-content"
              onClick={() => set({ options: [...question.options, ''] })}
            >
              添加选项
            </Button>
          )}
        </Stack>
      )}
      <TextInput
        label="答案"
        size="xs"
        placeholder={choice ? '选项字母，如 A 或 AC' : undefined}
        value={question.answer}
        onChange={(e) => set({ answer: e.currentTarget.value })}
      />
      <Textarea
        label="解析"
        size="xs"
        autosize
        minRows={1}
        maxRows={8}
        value={question.analysis}
        onChange={(e) => set({ analysis: e.currentTarget.value })}
      />
      <KnowledgePicker
        subject={task.subject}
        stage={task.stage}
        value={question.knowledgeIds}
        onChange={(knowledgeIds) => set({ knowledgeIds })}
        max={PAPER_MAX_POINTS}
      />
      <Text size="xs" c="dimmed">
        不选知识点时，保存到题库用任务的知识点。
      </Text>
    </Stack>
  );
}

function QuestionCard({ index, question, relation, task, onChange, onRemove, startEditing }: QuestionCardProps) {
  const [editing, setEditing] = useState(startEditing ?? false);
  const problem = questionProblem(question);
  const difficulty = DIFFICULTIES.find((d) => d.code === (question.difficulty ?? DEFAULT_DIFFICULTY))?.name ?? '';
  return (
    <Paper withBorder p="sm" radius="md" role="article" aria-label={`第${index + 1}题`}>
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <Group gap={6}>
          <Text fw={600} size="sm">
            第{index + 1}题
          </Text>
          <Badge size="sm" variant="light">
            {typeNameOf(question.questionType) || '未知题型'}
          </Badge>
          <Badge size="sm" variant="outline" color="gray">
            {difficulty}
          </Badge>
          <RelationBadges relation={relation} savedId={question.savedQuestionId} />
          {question.itemId === undefined && (
            <Badge size="sm" color="blue" variant="outline">
              新增
            </Badge>
          )}
        </Group>
        {onChange && (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="subtle" onClick={() => setEditing((e) => !e)}>
              {editing ? '收起' : '编辑'}
            </Button>
            {onRemove && (
              <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove}>
                删除
              </Button>
            )}
          </Group>
        )}
      </Group>
      {editing && onChange ? (
        <QuestionForm question={question} task={task} onChange={onChange} />
      ) : (
        <QuestionView question={question} />
      )}
      {problem && !editing && (
        <Text size="xs" c="red" mt={4}>
          {problem}
        </Text>
      )}
    </Paper>
  );
}

export interface TaskQuestionsProps {
  task: AiPaperTask;
  /** Whether edits are waiting to be saved (the page holds saving to the bank meanwhile). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The recognised questions: each shown with its formulas, its type and difficulty, 已入库 with the
 * bank id it became and 疑似重复 with look-alikes of the bank; edited in place (type, stem, options,
 * answer, analysis, difficulty, knowledge points), added and removed; 保存修改 sends them all back
 * (the task's questions replaced), 放弃修改 goes back to the saved ones. Questions already saved
 * to the bank are not changed here.
 */
export function TaskQuestions({ task, onDirtyChange }: TaskQuestionsProps) {
  const questions = useTaskQuestions(task.taskId, true);
  const relations = useTaskRelations(task.taskId, true);
  const save = useSavePaperTask();
  const [draft, setDraft] = useState<DraftQuestion[] | null>(null);
  const [tried, setTried] = useState(false);
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const shown = draft ?? draftOf(questions.data ?? []);
  const problem = draftProblem(shown);
  // Gone (修改信息, or a push that takes the questions off the page), the draft goes with it: the
  // page must not go on holding saving to the bank for edits that no longer exist.
  const dirtyChange = useRef(onDirtyChange);
  useEffect(() => {
    dirtyChange.current = onDirtyChange;
  }, [onDirtyChange]);
  useEffect(() => () => dirtyChange.current?.(false), []);

  const edit = (next: DraftQuestion[]) => {
    setDraft(next);
    onDirtyChange?.(true);
  };
  const discard = () => {
    setDraft(null);
    setTried(false);
    save.reset();
    onDirtyChange?.(false);
  };
  const submit = () => {
    setTried(true);
    if (!draft || problem) return;
    save.mutate(
      {
        taskId: task.taskId,
        title: task.title,
        subject: task.subject,
        stage: task.stage,
        fileId: task.fileId,
        knowledgeIds: task.knowledgeIds,
        questions: questionsToSave(draft),
      },
      {
        onSuccess: () => {
          setDraft(null);
          setTried(false);
          onDirtyChange?.(false);
          showSuccess('修改已保存');
        },
      },
    );
  };

  if (questions.isPending) {
    return (
      <Text size="sm" c="dimmed">
        加载题目中…
      </Text>
    );
  }
  if (questions.isError) {
    return (
      <Alert color="red" variant="light">
        题目读取失败：{questions.error.message}
      </Alert>
    );
  }

  return (
    <Stack gap="sm" role="region" aria-label="识别的题目">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          共 {shown.length} 道题{draft ? '（有未保存的修改）' : ''}
        </Text>
        <Group gap="xs">
          {draft && (
            <Button size="xs" variant="default" onClick={discard} disabled={save.isPending}>
              放弃修改
            </Button>
          )}
          <Button size="xs" onClick={submit} disabled={!draft} loading={save.isPending}>
            保存修改
          </Button>
        </Group>
      </Group>
      {tried && problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {save.error && (
        <Alert color="red" variant="light" role="alert">
          {save.error.message}
        </Alert>
      )}
      {shown.length === 0 && (
        <Text size="sm" c="dimmed" ta="center">
          没有识别出题目，可以手动添加。
        </Text>
      )}
      {shown.map((q, i) => {
        const locked = q.savedQuestionId != null || save.isPending;
        return (
          <QuestionCard
            key={q.key}
            index={i}
            question={q}
            task={task}
            relation={q.itemId === undefined ? undefined : relations.data?.get(q.itemId)}
            startEditing={q.key === addedKey}
            {...(locked
              ? {}
              : {
                  onChange: (next: DraftQuestion) => edit(shown.map((x) => (x.key === q.key ? next : x))),
                  onRemove: () => edit(shown.filter((x) => x.key !== q.key)),
                })}
          />
        );
      })}
      <Group>
        <Button
          size="xs"
          variant="light"
          disabled={shown.length >= PAPER_MAX_QUESTIONS || save.isPending}
          onClick={() => {
            const added = newQuestion();
            setAddedKey(added.key);
            edit([...shown, added]);
          }}
        >
          添加题目
        </Button>
        {shown.length >= PAPER_MAX_QUESTIONS && (
          <Text size="xs" c="dimmed">
            一份试卷最多{PAPER_MAX_QUESTIONS}道题
          </Text>
        )}
      </Group>
    </Stack>
  );
}
