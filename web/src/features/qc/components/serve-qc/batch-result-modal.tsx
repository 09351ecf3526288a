import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showSuccess } from '@/lib/toast';
import { useBatchUpdateResult } from '../../api/checks';
import {
  type CheckErrors,
  checkErrors,
  type CheckRule,
  hasErrors,
  RESULT_CHOICES,
  type ResultStatus,
  resultStatusOf,
  toBatchResult,
  UNQUALIFIED,
} from '../../check-form';
import { CommentField } from './comment-field';

export interface BatchResultModalProps {
  opened: boolean;
  punchIds: number[];
  rule: CheckRule;
  onClose: () => void;
  /** After the server changed them. */
  onDone: () => void;
}

/** 批量修改结果: one result and comment for every punch picked. */
export function BatchResultModal({ opened, punchIds, rule, onClose, onDone }: BatchResultModalProps) {
  const [resultStatus, setResultStatus] = useState<ResultStatus | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<CheckErrors>({});
  const change = useBatchUpdateResult();

  const close = () => {
    setResultStatus(null);
    setComment('');
    setErrors({});
    onClose();
  };
  const submit = () => {
    const found = checkErrors({ resultStatus, classicCase: false, comment }, rule);
    setErrors(found);
    if (hasErrors(found) || resultStatus === null) return;
    change.mutate(toBatchResult(punchIds, { resultStatus, comment }), {
      onSuccess: ({ changed }) => {
        showSuccess(`已修改${changed}条打卡记录的质检结果`);
        close();
        onDone();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="批量修改结果" centered>
      <Stack gap="sm">
        <Text size="sm">已选择 {punchIds.length} 条打卡记录</Text>
        <Radio.Group
          label="质检结果"
          withAsterisk
          value={resultStatus === null ? null : String(resultStatus)}
          error={errors.resultStatus}
          onChange={(v) => setResultStatus(resultStatusOf(v))}
        >
          <Group gap="md" mt={6}>
            {RESULT_CHOICES.map((c) => (
              <Radio key={c.value} value={c.value} label={c.label} />
            ))}
          </Group>
        </Radio.Group>
        <CommentField
          value={comment}
          required={resultStatus === UNQUALIFIED && rule.commentRequiredWhenUnqualified}
          error={errors.comment}
          onChange={setComment}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            取消
          </Button>
          <Button onClick={submit} loading={change.isPending}>
            确定
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
