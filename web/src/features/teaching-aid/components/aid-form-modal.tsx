import { Alert, Button, Group, Modal, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { LIBRARY_STATUS, LIBRARY_STATUSES } from '@/features/teaching-material/textbook-dict';
import type { TeachingAid } from '@/generated/TeachingAid';
import { showSuccess } from '@/lib/toast';
import { useSaveAid } from '../api/aids';
import { AID_LIMITS } from '../aid-dict';

/** What the form does: a new aid of a series (its paper is made with it) or a change of one. */
export type AidFormMode = { kind: 'create'; seriesId: number; seriesName: string } | { kind: 'edit'; aid: TeachingAid };

export interface AidFormModalProps {
  /** null: closed. */
  mode: AidFormMode | null;
  onClose: () => void;
  /** The aid saved, and whether it is new. */
  onSaved?: (aid: TeachingAid, created: boolean) => void;
}

/** 新建教辅, 编辑教辅 (teachingAuxiliary/addOrUpdate): the title, description and status. */
export function AidFormModal({ mode, onClose, onSaved }: AidFormModalProps) {
  const title = mode ? (mode.kind === 'edit' ? `编辑教辅 · ${mode.aid.title}` : `新建教辅 · ${mode.seriesName}`) : '';
  return (
    <Modal opened={mode !== null} onClose={onClose} title={title} size="lg">
      {mode && <AidForm mode={mode} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function AidForm({ mode, onClose, onSaved }: { mode: AidFormMode } & Omit<AidFormModalProps, 'mode'>) {
  const save = useSaveAid();
  const aid = mode.kind === 'edit' ? mode.aid : null;
  const [title, setTitle] = useState(aid?.title ?? '');
  const [description, setDescription] = useState(aid?.description ?? '');
  const [status, setStatus] = useState(String(aid?.status ?? LIBRARY_STATUS.draft));
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const value = title.trim();
    if (!value) {
      setError('请输入教辅标题');
      return;
    }
    setError(null);
    setFailure(null);
    save.mutate(
      {
        ...(aid ? { id: aid.id } : {}),
        seriesId: mode.kind === 'edit' ? mode.aid.seriesId : mode.seriesId,
        title: value,
        description: description.trim(),
        status: Number(status),
      },
      {
        onSuccess: (saved) => {
          showSuccess(aid ? '教辅已保存' : '教辅已创建');
          onSaved?.(saved, !aid);
          onClose();
        },
        onError: (err) => setFailure(err.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="教辅标题"
          maxLength={AID_LIMITS.title}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Textarea
          label="简介"
          autosize
          minRows={2}
          maxLength={AID_LIMITS.description}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Radio.Group label="状态" value={status} onChange={setStatus}>
          <Group mt={4}>
            {LIBRARY_STATUSES.map((s) => (
              <Radio key={s.status} value={String(s.status)} label={s.text} />
            ))}
          </Group>
        </Radio.Group>
        {!aid && (
          <Alert color="blue" variant="light">
            创建后将生成一份教辅讲义，并打开编辑器编写内容。
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={save.isPending}>
            保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
