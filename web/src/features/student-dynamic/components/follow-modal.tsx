import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { StudentDynamicRow } from '@/generated/StudentDynamicRow';
import { formatInstant } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useFollowDynamic } from '../api/dynamics';
import { dynamicId, FOLLOW_METHODS, NOTE_MAX_CHARS, PHONE, studentText } from '../student-dynamic-dict';

export interface FollowModalProps {
  /** The dynamic to follow up; null: closed. */
  dynamic: StudentDynamicRow | null;
  onClose: () => void;
}

/**
 * 跟进: how (电话, 微信, 面谈, 其他) and what came of it (required, at most 500 characters), then
 * `studentDynamic/follow`. A dynamic followed up already starts from its follow-up, which the new
 * one replaces. A refusal is shown by the API client and leaves the note here to correct.
 */
export function FollowModal({ dynamic, onClose }: FollowModalProps) {
  return (
    <Modal opened={dynamic !== null} onClose={onClose} title="跟进" centered>
      {dynamic && <FollowForm key={dynamicId(dynamic)} dynamic={dynamic} onDone={onClose} />}
    </Modal>
  );
}

function FollowForm({ dynamic, onDone }: { dynamic: StudentDynamicRow; onDone: () => void }) {
  const [method, setMethod] = useState(String(dynamic.method || PHONE));
  const [note, setNote] = useState(dynamic.note);
  const [error, setError] = useState<string | null>(null);
  const follow = useFollowDynamic();

  const submit = () => {
    const text = note.trim();
    if (!text) {
      setError('请填写跟进情况');
      return;
    }
    follow.mutate(
      { kind: dynamic.kind, sourceKey: dynamic.sourceKey, method: Number(method), note: text },
      {
        onSuccess: () => {
          showSuccess('跟进已保存');
          onDone();
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        {dynamic.kindName} · {studentText(dynamic)} · {formatInstant(dynamic.happenedAt)}
      </Text>
      {dynamic.detail && (
        <Text size="xs" c="dimmed">
          {dynamic.detail}
        </Text>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          方式
        </Text>
        <SegmentedControl aria-label="方式" data={[...FOLLOW_METHODS]} value={method} onChange={setMethod} />
      </Stack>
      <Textarea
        label="跟进情况"
        placeholder="与学员或家长沟通的情况"
        required
        autosize
        minRows={3}
        maxRows={8}
        maxLength={NOTE_MAX_CHARS}
        description={`${note.length}/${NOTE_MAX_CHARS}`}
        error={error}
        value={note}
        onChange={(e) => {
          setNote(e.currentTarget.value);
          setError(null);
        }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          取消
        </Button>
        <Button onClick={submit} loading={follow.isPending}>
          保存
        </Button>
      </Group>
    </Stack>
  );
}
