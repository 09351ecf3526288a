import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from '@/lib/store';
import { closeNotice, currentNoticeStore } from '../notices-store';
import { NoticeContent } from './notice-content';

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
      {current && <NoticeContent createTime={current.createTime} content={current.content} />}
    </Modal>
  );
}
