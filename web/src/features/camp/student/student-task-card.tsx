import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { StudentTask } from '@/generated/StudentTask';
import type { TaskFileInfo } from '@/generated/TaskFileInfo';
import { useAnswerStudentTask, useFinishStudentTask, useStudentTaskFile } from '../api/student';
import { isFileTask, progressBadge, PROGRESS_COMPLETED, TASK_FLASH_CARDS, TASK_QUESTIONS } from '../camp-dict';
import { FileView } from '../components/file-view';
import { TaskTypeBadge } from '../components/badges';
import { FlashCardDeck } from './flash-card-deck';
import { type AnswerResult, QuestionAnswer } from './question-answer';

export interface StudentTaskCardProps {
  task: StudentTask;
  memberToken: string;
  /** The member may work on it now (its phase is open and the camp is live). */
  workable: boolean;
}

/** The result of a question set done: the view's, or the answer just sent. */
function resultOf(task: StudentTask, sent: AnswerResult | null): AnswerResult | null {
  if (task.status === PROGRESS_COMPLETED && task.myAnswers && task.rightAnswers) {
    return { score: task.score, myAnswers: task.myAnswers, rightAnswers: task.rightAnswers };
  }
  return sent;
}

/** The label of a task's button by its type and whether it is done. */
function openLabel(task: StudentTask, expanded: boolean): string {
  if (expanded) return '收起';
  const done = task.status === PROGRESS_COMPLETED;
  if (task.taskType === TASK_QUESTIONS) return done ? '查看结果' : '答题';
  if (task.taskType === TASK_FLASH_CARDS) return done ? '复习' : '学习';
  return done ? '查看' : '打开';
}

/**
 * A task as the student works on it: a file opened (inline image or player, and a link) then
 * 完成; flash cards flipped then 完成; a question set answered (提交 once), then its score and the
 * right answers.
 */
export function StudentTaskCard({ task, memberToken, workable }: StudentTaskCardProps) {
  const [expanded, setExpanded] = useState(false);
  const [file, setFile] = useState<TaskFileInfo | null>(null);
  const [sent, setSent] = useState<AnswerResult | null>(null);
  const openFile = useStudentTaskFile();
  const finish = useFinishStudentTask();
  const answer = useAnswerStudentTask();
  const done = task.status === PROGRESS_COMPLETED;
  const badge = progressBadge(task.status);
  const request = { memberToken, taskId: task.taskId };

  const toggle = () => {
    const next = !expanded;
    setExpanded(next);
    if (next && isFileTask(task.taskType) && !file && workable) {
      openFile.mutate(request, { onSuccess: setFile });
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={task.taskName} data-task-id={task.taskId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <TaskTypeBadge type={task.taskType} name={task.taskTypeName} />
              <Badge color={badge.color} variant="light" size="sm">
                {badge.text}
              </Badge>
              {done && task.score !== null && (
                <Badge color="teal" variant="outline" size="sm">
                  {task.score}分
                </Badge>
              )}
            </Group>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {task.taskName}
            </Text>
          </Stack>
          <Button size="xs" variant={expanded ? 'default' : 'light'} onClick={toggle} disabled={!workable && !done}>
            {openLabel(task, expanded)}
          </Button>
        </Group>
        {expanded && (
          <Stack gap="sm" pt="xs">
            {isFileTask(task.taskType) && (
              <>
                {file ? (
                  <FileView file={file} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {openFile.isPending ? '正在打开…' : workable ? '' : '当前不能打开'}
                  </Text>
                )}
                {!done && (
                  <Button
                    onClick={() => finish.mutate(request)}
                    disabled={!workable || !file}
                    loading={finish.isPending}
                    fullWidth
                  >
                    完成
                  </Button>
                )}
              </>
            )}
            {task.taskType === TASK_FLASH_CARDS && (
              <FlashCardDeck
                cards={task.cards ?? []}
                done={done}
                disabled={!workable}
                busy={finish.isPending}
                onFinish={() => finish.mutate(request)}
              />
            )}
            {task.taskType === TASK_QUESTIONS && (
              <QuestionAnswer
                task={task}
                result={resultOf(task, sent)}
                disabled={!workable}
                busy={answer.isPending}
                onSubmit={(answers) =>
                  answer.mutate(
                    { ...request, answers },
                    {
                      onSuccess: (r) =>
                        setSent({ score: r.score, myAnswers: answers, rightAnswers: r.rightAnswers ?? [] }),
                    },
                  )
                }
              />
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
