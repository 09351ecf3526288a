import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { KeywordSearch } from '@/features/teaching/components/list-filters';
import { formatCount } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useDeletePhaseTask } from '../../api/phases';
import { FlashCardEditor } from '../../components/flash-card-editor';
import { useFlashCardDecks } from '../api/decks';
import { type FlashCardDeck, matchDecks } from '../decks';
import { DeckPreviewModal } from './deck-preview-modal';
import { DeckTable } from './deck-table';
import { type DeckTarget, DeckTargetModal } from './deck-target-modal';

type Editing = { kind: 'new'; target: DeckTarget } | { kind: 'edit'; deck: FlashCardDeck };

/**
 * 闪卡 (/easyDevelop/Flashcards): making flash cards. Every deck of my camps is listed, found by
 * words; 新建闪卡 asks for the camp and phase it belongs to and then its name and cards
 * (camp/add-phase-task); a deck is previewed, edited (camp/update-phase-task-name) or deleted
 * (camp/delete-phase-task). Decks live in camps because the server keeps flash cards nowhere
 * else.
 */
export function FlashCardWorkbench({ title }: { title: string }) {
  const all = useFlashCardDecks();
  const remove = useDeletePhaseTask();
  const [keyword, setKeyword] = useState('');
  const [choosing, setChoosing] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [preview, setPreview] = useState<FlashCardDeck | null>(null);
  const [deleting, setDeleting] = useState<FlashCardDeck | null>(null);
  const decks = matchDecks(all.decks, keyword);

  const confirmDelete = (deck: FlashCardDeck) =>
    remove.mutate(
      { campId: deck.camp.campId, taskId: deck.task.taskId },
      {
        onSuccess: () => {
          setDeleting(null);
          showSuccess(`已删除「${deck.task.taskName}」`);
        },
      },
    );

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        <Button onClick={() => setChoosing(true)}>新建闪卡</Button>
      </Group>
      <Text size="sm" c="dimmed">
        闪卡以学习营闪卡任务的形式保存：新建时选择所属学习营与阶段，学生在学习营中翻看学习。
      </Text>
      <Paper withBorder p="sm" radius="md">
        <KeywordSearch placeholder="闪卡名称或卡片内容" value={keyword} onSearch={setKeyword} />
      </Paper>
      {all.error && (
        <Alert color="orange" title="部分闪卡未能读取">
          {all.error}
        </Alert>
      )}
      <Text size="sm">共 {formatCount(decks.length)} 组闪卡</Text>
      <DeckTable
        label="我的闪卡"
        storeKey="flash-card-workbench"
        decks={decks}
        fetching={all.fetching}
        noRecordsText={all.pending ? '加载中…' : keyword ? '没有符合条件的闪卡' : '还没有闪卡，点“新建闪卡”开始制作'}
        actionsWidth={210}
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
              aria-label={`编辑：${d.task.taskName}`}
              onClick={() => setEditing({ kind: 'edit', deck: d })}
            >
              编辑
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`删除：${d.task.taskName}`}
              onClick={() => setDeleting(d)}
            >
              删除
            </Button>
          </Group>
        )}
      />
      <DeckTargetModal
        opened={choosing}
        title="新建闪卡"
        hint="选择闪卡所属的学习营与阶段，下一步填写闪卡名称与卡片。"
        camps={all.camps}
        onClose={() => setChoosing(false)}
        onChoose={(target) => {
          setChoosing(false);
          setEditing({ kind: 'new', target });
        }}
      />
      {editing?.kind === 'new' && (
        <FlashCardEditor
          campId={editing.target.campId}
          phaseId={editing.target.phaseId}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'edit' && (
        <FlashCardEditor
          campId={editing.deck.camp.campId}
          phaseId={editing.deck.phase.phaseId}
          task={editing.deck.task}
          onClose={() => setEditing(null)}
        />
      )}
      <DeckPreviewModal deck={preview} onClose={() => setPreview(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="删除闪卡"
        message={deleting ? `确定删除「${deleting.task.taskName}」吗？学习营中的这个闪卡任务将一并删除。` : ''}
        confirmLabel="删除"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </Stack>
  );
}
