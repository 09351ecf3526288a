import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { AiConversation } from '@/generated/AiConversation';
import { badgeLabel } from '@/lib/format';
import { conversationsOf, useConversations, useDeleteConversation, useRenameConversation } from '../api/conversations';
import { TITLE_MAX_LENGTH } from '../ai-dict';

export interface ConversationListProps {
  /** The conversation open (null: a new one). */
  current: number | null;
  onOpen: (conversationId: number) => void;
  onNew: () => void;
  /** The open conversation was deleted. */
  onDeletedCurrent: () => void;
}

function RenameInput({ conversation, onDone }: { conversation: AiConversation; onDone: () => void }) {
  const [title, setTitle] = useState(conversation.title);
  const rename = useRenameConversation();
  const trimmed = title.trim();
  const valid = trimmed.length >= 1 && trimmed.length <= TITLE_MAX_LENGTH;
  const save = () => {
    if (!valid || trimmed === conversation.title) {
      onDone();
      return;
    }
    rename.mutate({ conversationId: conversation.conversationId, title: trimmed }, { onSuccess: onDone });
  };
  return (
    <TextInput
      size="xs"
      aria-label="对话名称"
      autoFocus
      value={title}
      maxLength={TITLE_MAX_LENGTH}
      onChange={(e) => setTitle(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') save();
        if (e.key === 'Escape') onDone();
      }}
      onBlur={save}
      error={valid ? undefined : `1–${TITLE_MAX_LENGTH} 个字`}
      disabled={rename.isPending}
    />
  );
}

/** The conversations, most recent first, read page by page: open, rename inline, delete (asked first), new. */
export function ConversationList({ current, onOpen, onNew, onDeletedCurrent }: ConversationListProps) {
  const list = useConversations();
  const remove = useDeleteConversation();
  const [renaming, setRenaming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AiConversation | null>(null);
  const conversations = conversationsOf(list.data);

  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting.conversationId;
    remove.mutate(id, {
      onSuccess: () => {
        setDeleting(null);
        if (id === current) onDeletedCurrent();
      },
    });
  };

  return (
    <Stack gap="xs" h="100%">
      <Button variant="light" onClick={onNew}>
        新对话
      </Button>
      <ScrollArea style={{ flex: 1 }}>
        <Stack gap={2} component="nav" aria-label="对话列表">
          {list.isPending && (
            <Text size="sm" c="dimmed">
              加载中…
            </Text>
          )}
          {list.isSuccess && conversations.length === 0 && (
            <Text size="sm" c="dimmed">
              暂无对话
            </Text>
          )}
          {conversations.map((c) => {
            const active = c.conversationId === current;
            const unread = badgeLabel(c.unread);
            return (
              <Box
                key={c.conversationId}
                px="xs"
                py={4}
                bg={active ? 'blue.0' : undefined}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                {renaming === c.conversationId ? (
                  <RenameInput conversation={c} onDone={() => setRenaming(null)} />
                ) : (
                  <Group gap={4} wrap="nowrap">
                    <UnstyledButton
                      style={{ flex: 1, minWidth: 0 }}
                      onClick={() => onOpen(c.conversationId)}
                      aria-current={active ? 'page' : undefined}
                      aria-label={c.title}
                    >
                      <Text size="sm" truncate fw={active ? 600 : 400}>
                        {c.title}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {c.lastMessage}
                      </Text>
                    </UnstyledButton>
                    {unread && (
                      <Badge size="xs" color="red" circle={unread.length < 2} aria-label={`${c.title} 未读 ${unread}`}>
                        {unread}
                      </Badge>
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`重命名 ${c.title}`}
                      onClick={() => setRenaming(c.conversationId)}
                    >
                      ✎
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={`删除 ${c.title}`}
                      onClick={() => setDeleting(c)}
                    >
                      ✕
                    </ActionIcon>
                  </Group>
                )}
              </Box>
            );
          })}
          {list.hasNextPage && (
            <Button
              variant="subtle"
              size="xs"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              加载更多
            </Button>
          )}
        </Stack>
      </ScrollArea>
      <ConfirmModal
        opened={deleting !== null}
        title="删除对话"
        message={deleting ? `确定删除对话“${deleting.title}”吗？删除后无法恢复。` : ''}
        confirmLabel="删除"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
