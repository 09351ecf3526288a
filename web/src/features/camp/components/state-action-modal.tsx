import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { type CampActionSpec, CAMP_LIMITS } from '../camp-dict';

export interface StateActionModalProps {
  spec: CampActionSpec;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks before a change of the camp's state; pause and shutdown take a reason for the students. */
export function StateActionModal({ spec, busy, onConfirm, onClose }: StateActionModalProps) {
  const [reason, setReason] = useState('');
  return (
    <Modal opened onClose={onClose} title={`${spec.label}营地`} centered>
      <Stack>
        <Text size="sm">{spec.confirm}</Text>
        {spec.withReason && (
          <Textarea
            label="原因（学员可见，可不填）"
            autosize
            minRows={2}
            maxLength={CAMP_LIMITS.text}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button color={spec.color} onClick={() => onConfirm(reason)} loading={busy}>
            {spec.label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
