import { Alert, Button, Center, Group, Loader, Modal, Stack, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { KnowledgePicker } from '@/features/question/components/knowledge-picker';
import type { AtlasNodeRef } from '@/generated/AtlasNodeRef';
import type { ChapterSaveRequest } from '@/generated/ChapterSaveRequest';
import { useChapter } from '../api/chapters';
import { TEXTBOOK_LIMITS } from '../textbook-dict';

/** A new chapter (parent 0) or section of a chapter, or a change of one (its name or points). */
export type ChapterDialog =
  | { kind: 'add'; parentId: number; title: string }
  | { kind: 'edit'; chapterId: number; title: string; focus: 'name' | 'points' };

export interface ChapterFormModalProps {
  /** null: closed. */
  dialog: ChapterDialog | null;
  textbookId: number;
  /** The textbook's subject and stage: the trees the points are picked from. */
  subject: number;
  stage: number;
  /** Saves; a rejection keeps the dialog open with the server's message. */
  onSubmit: (body: ChapterSaveRequest) => Promise<unknown>;
  onClose: () => void;
}

/**
 * 添加章, 添加小节, 重命名, 绑定知识点 (teachingMaterial/chapter/save): a chapter's name and the
 * knowledge points bound to it, picked from a knowledge tree of the textbook's subject and stage. A
 * change starts from the chapter as it stands now (chapter/query).
 */
export function ChapterFormModal({ dialog, onClose, ...form }: ChapterFormModalProps) {
  return (
    <Modal opened={dialog !== null} onClose={onClose} title={dialog?.title ?? ''} size="lg">
      {dialog?.kind === 'add' && <ChapterForm {...form} parentId={dialog.parentId} focus="name" onClose={onClose} />}
      {dialog?.kind === 'edit' && <EditChapter {...form} dialog={dialog} onClose={onClose} />}
    </Modal>
  );
}

function EditChapter({
  dialog,
  textbookId,
  ...form
}: Omit<ChapterFormModalProps, 'dialog'> & { dialog: Extract<ChapterDialog, { kind: 'edit' }> }) {
  const chapter = useChapter(textbookId, dialog.chapterId);
  if (chapter.isPending)
    return (
      <Center p="md">
        <Loader size="sm" aria-label="正在读取章节" />
      </Center>
    );
  if (chapter.isError)
    return (
      <Alert color="orange" title="章节读取失败">
        {chapter.error.message}
      </Alert>
    );
  const c = chapter.data;
  return (
    <ChapterForm
      {...form}
      textbookId={textbookId}
      chapterId={c.id}
      parentId={c.parentId}
      initialName={c.name}
      initialSort={c.sort}
      initialPoints={c.knowledgePoints}
      focus={dialog.focus}
    />
  );
}

interface ChapterFormProps extends Omit<ChapterFormModalProps, 'dialog'> {
  parentId: number;
  chapterId?: number;
  initialName?: string;
  initialSort?: number;
  initialPoints?: readonly AtlasNodeRef[];
  focus: 'name' | 'points';
}

function ChapterForm({
  textbookId,
  subject,
  stage,
  parentId,
  chapterId,
  initialName = '',
  initialSort,
  initialPoints = [],
  focus,
  onSubmit,
  onClose,
}: ChapterFormProps) {
  const [name, setName] = useState(initialName);
  const [points, setPoints] = useState(() => initialPoints.map((p) => p.id));
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const value = name.trim();
    if (!value) {
      setError('请输入章节名称');
      return;
    }
    setError(null);
    setFailure(null);
    setBusy(true);
    onSubmit({
      textbookId,
      ...(chapterId !== undefined ? { chapterId } : {}),
      parentId,
      name: value,
      ...(initialSort !== undefined ? { sort: initialSort } : {}),
      knowledgeIds: points,
    })
      .then(onClose)
      .catch((err: unknown) => setFailure(err instanceof Error ? err.message : '保存失败'))
      .finally(() => setBusy(false));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="章节名称"
          maxLength={TEXTBOOK_LIMITS.chapterName}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus={focus === 'name' ? true : undefined}
        />
        <KnowledgePicker
          subject={subject}
          stage={stage}
          value={points}
          onChange={setPoints}
          known={initialPoints}
          max={TEXTBOOK_LIMITS.chapterPoints}
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
          <Button type="submit" loading={busy}>
            保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
