import {
  Alert,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { MathText } from '@/components/math-text';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { knowledgeSectionEditPath } from '@/config/paths';
import type { QuestionView } from '@/generated/QuestionView';
import { showSuccess } from '@/lib/toast';
import { useAssembleBasket, useBasket, useRemoveFromBasket } from '../api/basket';

/** The longest handout title (api/src/handlers/basket.rs MAX_TITLE_CHARS). */
export const TITLE_LIMIT = 100;
export const DEFAULT_TITLE = '组卷讲义';

export interface BasketDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The subject and stage the paper is assembled in (null: none chosen). */
  subject: number | null;
  stage: number | null;
}

/**
 * 试题篮: the questions picked, by type, each removable; 清空 empties it; 组卷 asks a title,
 * assembles the basket into a handout and opens it in the handout editor.
 */
export function BasketDrawer({ opened, onClose, subject, stage }: BasketDrawerProps) {
  const basket = useBasket();
  const remove = useRemoveFromBasket();
  const [clearing, setClearing] = useState(false);
  const [assembling, setAssembling] = useState(false);
  const list = basket.data;
  const total = list?.total ?? 0;

  return (
    <Drawer opened={opened} onClose={onClose} title={`试题篮（${total}）`} position="right" size="lg">
      {basket.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label="正在加载试题篮" />
        </Center>
      ) : basket.isError ? (
        <Alert color="orange" title="试题篮加载失败">
          {basket.error.message}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              共 {total} 题{list && list.limit > 0 ? `，最多 ${list.limit} 题` : ''}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" color="red" disabled={total === 0} onClick={() => setClearing(true)}>
                清空
              </Button>
              <Button
                size="xs"
                disabled={total === 0 || subject === null || stage === null}
                onClick={() => setAssembling(true)}
              >
                组卷
              </Button>
            </Group>
          </Group>
          {total === 0 && <Text c="dimmed">试题篮是空的，在题目上点“加入试题篮”添加。</Text>}
          {list?.groups.map((group) => (
            <Stack key={group.questionType} gap="xs" role="group" aria-label={group.typeName}>
              <Group gap="xs">
                <Text fw={600}>{group.typeName}</Text>
                <Badge size="sm" variant="light">
                  {group.questions.length}
                </Badge>
              </Group>
              {group.questions.map((q, i) => (
                <BasketItem
                  key={q.questionId}
                  question={q}
                  number={i + 1}
                  busy={remove.isPending && remove.variables.questionIds.includes(q.questionId)}
                  onRemove={() => remove.mutate({ questionIds: [q.questionId] })}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={clearing}
        title="清空试题篮"
        message={`确定移出试题篮中的全部 ${total} 道题吗？`}
        confirmLabel="清空"
        busy={remove.isPending}
        onClose={() => setClearing(false)}
        onConfirm={() =>
          remove.mutate(
            { questionIds: [], all: true },
            {
              onSuccess: () => {
                setClearing(false);
                showSuccess('试题篮已清空');
              },
            },
          )
        }
      />
      {subject !== null && stage !== null && (
        <AssembleModal opened={assembling} onClose={() => setAssembling(false)} subject={subject} stage={stage} />
      )}
    </Drawer>
  );
}

function BasketItem({
  question,
  number,
  busy,
  onRemove,
}: {
  question: QuestionView;
  number: number;
  busy: boolean;
  onRemove: () => void;
}) {
  return (
    <Paper withBorder p="xs" radius="sm" aria-label={`试题篮第${number}题`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" lineClamp={3} component="div" style={{ flex: 1 }}>
          {number}. <MathText text={question.stem} />
        </Text>
        <Button size="compact-xs" variant="subtle" color="red" loading={busy} onClick={onRemove}>
          移除
        </Button>
      </Group>
    </Paper>
  );
}

function AssembleModal({
  opened,
  onClose,
  subject,
  stage,
}: {
  opened: boolean;
  onClose: () => void;
  subject: number;
  stage: number;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="组卷" centered>
      {opened && <AssembleForm onClose={onClose} subject={subject} stage={stage} />}
    </Modal>
  );
}

function AssembleForm({ onClose, subject, stage }: { onClose: () => void; subject: number; stage: number }) {
  const navigate = useNavigate();
  const assemble = useAssembleBasket();
  const [title, setTitle] = useState(DEFAULT_TITLE);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const value = title.trim();
    if (!value) {
      setError('请输入讲义标题');
      return;
    }
    setError(null);
    // A failure: the API client has shown the server's message.
    assemble.mutate(
      { subject, stage, title: value },
      { onSuccess: (result) => void navigate(knowledgeSectionEditPath(result.paperId)) },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label="讲义标题"
          maxLength={TITLE_LIMIT}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Text size="xs" c="dimmed">
          组卷后，试题篮中的题目将按题型写入新讲义并移出试题篮，随后打开讲义编辑。
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={assemble.isPending}>
            组卷
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
