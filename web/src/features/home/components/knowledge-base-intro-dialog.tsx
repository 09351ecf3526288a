import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { dismissKnowledgeBaseIntro, knowledgeBaseIntroKey, useShouldShowKnowledgeBaseIntro } from '../api/bootstrap';

export interface KnowledgeBaseIntroDialogProps {
  /** Opens the knowledge repository. */
  onGo: () => void;
}

/** The one-time knowledge-base introduction: 'go' opens the repository, close records dismissal. */
export function KnowledgeBaseIntroDialog({ onGo }: KnowledgeBaseIntroDialogProps) {
  const queryClient = useQueryClient();
  const opened = useShouldShowKnowledgeBaseIntro().data ?? false;
  const hide = () => queryClient.setQueryData(knowledgeBaseIntroKey, false);

  const close = () => {
    hide();
    void dismissKnowledgeBaseIntro().catch(() => undefined);
  };

  return (
    <Modal opened={opened} onClose={close} title="知识库全新上线" centered>
      <Text size="sm" mb="md">
        题集、讲义、训练营和个人文件统一收纳在知识库中，支持个人空间、共享空间与回收站。
      </Text>
      <Group justify="flex-end">
        <Button
          onClick={() => {
            hide();
            onGo();
          }}
        >
          立即前往
        </Button>
      </Group>
    </Modal>
  );
}
