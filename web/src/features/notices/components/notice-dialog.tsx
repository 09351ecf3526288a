import { Modal, Text, Typography } from '@mantine/core';
import { formatDateTime } from '@/lib/format';
import { useStore } from '@/lib/store';
import { closeNotice, noticeStore } from '../notices-store';

function noticeTime(value: number | string): string {
  const date = new Date(typeof value === 'string' ? value.replace(' ', 'T') : value);
  return Number.isNaN(date.getTime()) ? String(value) : formatDateTime(date);
}

/** The notice dialog; closing it clears the current notice. */
export function NoticeDialog() {
  const current = useStore(noticeStore, (s) => s.current);
  return (
    <Modal opened={current !== null} onClose={closeNotice} title={current?.title ?? '通知'} size="lg" centered>
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
