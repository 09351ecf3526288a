import { Button, Card, Group, Modal, ScrollArea, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { useAddPhaseTasks, useUpdatePhaseTask } from '../api/phases';
import { CAMP_LIMITS, TASK_FLASH_CARDS } from '../camp-dict';
import { cardDrafts, cardError, cardSetError, emptyCard, toCards } from '../task-content';
import type { TaskEditorProps } from './question-set-editor';

/** A flash-card task's editor (新建闪卡 / 编辑闪卡): its name and cards, each a front and a back. */
export function FlashCardEditor({ campId, phaseId, task = null, onClose }: TaskEditorProps) {
  const [name, setName] = useState(task?.taskName ?? '');
  const [cards, setCards] = useState(() => cardDrafts(task?.cards));
  const [showErrors, setShowErrors] = useState(false);
  const add = useAddPhaseTasks();
  const update = useUpdatePhaseTask();
  const error = cardSetError(name, cards);
  const busy = add.isPending || update.isPending;

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    setShowErrors(true);
    if (error) return;
    const content = toCards(cards);
    const taskName = name.trim();
    if (task) {
      update.mutate({ campId, taskId: task.taskId, taskName, cards: content }, { onSuccess: onClose });
    } else {
      add.mutate(
        { campId, phaseId, taskList: [{ bizId: '', taskName, ext: '', taskType: TASK_FLASH_CARDS, cards: content }] },
        { onSuccess: onClose },
      );
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={task ? '编辑闪卡' : '新建闪卡'}
      size="xl"
      centered
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <form onSubmit={submit} aria-label="闪卡">
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
          {cards.map((card, i) => {
            const n = i + 1;
            const set = (side: 'front' | 'back', value: string) =>
              setCards(cards.map((c, j) => (j === i ? { ...c, [side]: value } : c)));
            return (
              <Card key={i} withBorder padding="sm" component="fieldset" aria-label={`第${n}张`} style={{ margin: 0 }}>
                <Group justify="space-between" mb={4}>
                  <Text size="sm" fw={500}>
                    第{n}张
                  </Text>
                  {cards.length > 1 && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setCards(cards.filter((_, j) => j !== i))}
                    >
                      删除第{n}张
                    </Button>
                  )}
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  <Textarea
                    label={`第${n}张 正面`}
                    autosize
                    minRows={2}
                    maxLength={CAMP_LIMITS.text}
                    value={card.front}
                    onChange={(e) => set('front', e.currentTarget.value)}
                  />
                  <Textarea
                    label={`第${n}张 背面`}
                    autosize
                    minRows={2}
                    maxLength={CAMP_LIMITS.text}
                    value={card.back}
                    onChange={(e) => set('back', e.currentTarget.value)}
                  />
                </SimpleGrid>
                {showErrors && cardError(card) && (
                  <Text size="xs" c="red" mt={4}>
                    {cardError(card)}
                  </Text>
                )}
              </Card>
            );
          })}
          {cards.length < CAMP_LIMITS.maxCards && (
            <Button variant="light" w="fit-content" onClick={() => setCards([...cards, emptyCard()])}>
              添加卡片
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
