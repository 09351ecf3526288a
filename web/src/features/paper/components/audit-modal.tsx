import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { PaperSummary } from '@/generated/PaperSummary';
import { showSuccess } from '@/lib/toast';
import { useAuditChanges } from '../api/collection';
import { AUDIT_NOTE_LIMIT } from '../audit-dict';

/** A pending paper to approve or refuse (null: closed). */
export type Judging = { paper: PaperSummary; approve: boolean } | null;

/** 通过, 驳回 (paper/audit/judge) with a note for the author. */
export function AuditModal({ judging, onClose }: { judging: Judging; onClose: () => void }) {
  const title = judging ? `${judging.approve ? '通过' : '驳回'} · ${judging.paper.paperTitle}` : '';
  return (
    <Modal opened={judging !== null} onClose={onClose} title={title} centered>
      {judging && <AuditForm key={judging.paper.paperId} {...judging} onClose={onClose} />}
    </Modal>
  );
}

function AuditForm({ paper, approve, onClose }: NonNullable<Judging> & { onClose: () => void }) {
  const { judge } = useAuditChanges();
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = () => {
    setFailure(null);
    judge.mutate(
      { paperId: paper.paperId, approve, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          showSuccess(approve ? '已通过，讲义已加入讲义库' : '已驳回');
          onClose();
        },
        onError: (err) => setFailure(err.message),
      },
    );
  };
  return (
    <Stack>
      <Text size="sm">
        {approve ? '通过后，讲义加入讲义库，所有老师都能查看。' : '驳回后，作者可以修改后重新提交。'}
      </Text>
      <Textarea
        label="审核意见"
        placeholder={approve ? '选填' : '建议写明驳回原因'}
        maxLength={AUDIT_NOTE_LIMIT}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        data-autofocus
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
        <Button color={approve ? 'green' : 'red'} loading={judge.isPending} onClick={submit}>
          {approve ? '确定通过' : '确定驳回'}
        </Button>
      </Group>
    </Stack>
  );
}
