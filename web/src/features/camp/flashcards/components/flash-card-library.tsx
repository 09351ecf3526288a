import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { formatCount } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useAddPhaseTasks } from '../../api/phases';
import { TASK_FLASH_CARDS } from '../../camp-dict';
import { useFlashCardDecks } from '../api/decks';
import { type FlashCardDeck, matchDecks } from '../decks';
import { DeckPreviewModal } from './deck-preview-modal';
import { DeckTable } from './deck-table';
import { type DeckTarget, DeckTargetModal } from './deck-target-modal';

/**
 * 闪卡库 (/easyLessonPreparation/flashcardLibrary): every flash-card deck of my camps, found by
 * words (its name, a card, the camp or phase) and camp; a deck is previewed as students turn it,
 * and 复制到学习营 adds a copy of it to a phase of another camp (camp/add-phase-task) for a class.
 */
export function FlashCardLibrary({ title }: { title: string }) {
  const all = useFlashCardDecks();
  const add = useAddPhaseTasks();
  const [keyword, setKeyword] = useState('');
  const [campId, setCampId] = useState<string | null>(null);
  const [preview, setPreview] = useState<FlashCardDeck | null>(null);
  const [copying, setCopying] = useState<FlashCardDeck | null>(null);
  const decks = matchDecks(all.decks, keyword).filter((d) => campId === null || String(d.camp.campId) === campId);
  const campOptions = all.camps
    .filter((c) => all.decks.some((d) => d.camp.campId === c.campId))
    .map((c) => ({ value: String(c.campId), label: c.campName }));

  const copyTo = (deck: FlashCardDeck, target: DeckTarget) =>
    add.mutate(
      {
        ...target,
        taskList: [{ bizId: '', taskName: deck.task.taskName, ext: '', taskType: TASK_FLASH_CARDS, cards: deck.cards }],
      },
      {
        onSuccess: () => {
          setCopying(null);
          showSuccess(`已复制「${deck.task.taskName}」到学习营`);
        },
      },
    );

  return (
    <Stack p="md" gap="md">
      <Title order={4}>{title}</Title>
      <Text size="sm" c="dimmed">
        闪卡保存在学习营的闪卡任务中，这里汇总我所有学习营里的闪卡。
      </Text>
      <Paper withBorder p="sm" radius="md">
        <KeywordSearch placeholder="闪卡名称或卡片内容" value={keyword} onSearch={setKeyword}>
          <Select
            size="xs"
            label="学习营"
            placeholder="全部"
            clearable
            searchable
            data={campOptions}
            value={campId}
            onChange={setCampId}
            w={220}
          />
        </KeywordSearch>
      </Paper>
      {all.error && (
        <Alert color="orange" title="部分闪卡未能读取">
          {all.error}
        </Alert>
      )}
      <Text size="sm" aria-live="polite">
        共 {formatCount(decks.length)} 组闪卡，{formatCount(decks.reduce((n, d) => n + d.cards.length, 0))} 张卡片
      </Text>
      <DeckTable
        label="闪卡库"
        storeKey="flash-card-library"
        decks={decks}
        fetching={all.fetching}
        noRecordsText={
          all.pending
            ? '加载中…'
            : keyword || campId
              ? '没有符合条件的闪卡'
              : '还没有闪卡；在学习营中添加闪卡任务后会出现在这里'
        }
        actions={(d) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={`预览：${d.task.taskName}`}
              onClick={() => setPreview(d)}
            >
              预览
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              aria-label={`复制到学习营：${d.task.taskName}`}
              onClick={() => setCopying(d)}
            >
              复制到学习营
            </Button>
          </Group>
        )}
      />
      <DeckPreviewModal deck={preview} onClose={() => setPreview(null)} />
      <DeckTargetModal
        opened={copying !== null}
        title={copying ? `复制「${copying.task.taskName}」` : ''}
        hint="复制后，所选阶段会新增一个同名的闪卡任务；已发布的学习营需重新发布后学生才能看到。"
        camps={all.camps}
        busy={add.isPending}
        onClose={() => setCopying(null)}
        onChoose={(target) => copying && copyTo(copying, target)}
      />
    </Stack>
  );
}
