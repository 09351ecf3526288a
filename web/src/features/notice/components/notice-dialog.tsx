import { Modal, Text, Typography } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from '@/lib/store';
import { closeNotice, currentNoticeStore } from '../notices-store';

function noticeTime(value: number | string): string {
  const date = new Date(typeof value === 'string' ? value.replace(' ', 'T') : value);
  return Number.isNaN(date.getTime()) ? String(value) : formatDateTime(date);
}

/** The notice dialog; closing it clears the current notice. */
export function NoticeDialog() {
  const queryClient = useQueryClient();
  const current = useStore(currentNoticeStore);
  return (
    <Modal
      opened={current !== null}
      onClose={() => closeNotice(queryClient)}
      title={current?.title ?? '通知'}
      size="lg"
      centered
    >
      {current && (
        <>
          <Text size="xs" c="dimmed" mb="sm">
            {noticeTime(current.createTime)}
          </Text>
          <Typography>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{current.content}</Text>
          </Typography>
        </>
      )}
    </Modal>
  );
}
