import {
  Alert,
  Badge,
  Button,
  Center,
  CloseButton,
  Divider,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useBlockComments, useSaveBlockComment } from '@/features/feedback/api/block-comments';
import { FEEDBACK_CONTENT_LIMIT } from '@/features/feedback/feedback-dict';
import type { BlockComment } from '@/generated/BlockComment';
import type { PaperTreeNode } from '@/generated/PaperTreeNode';
import { formatInstant } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { usePaperTree } from '../api/collection';
import { blockChoices, blockLabel, compareBlockKeys, parseBlockKey } from '../block-keys';

export interface BlockCommentsPanelProps {
  paperId: number;
  /** The block the caret is in (`section:…` or `heading:…:i`); null before it has been in the paper. */
  current: string | null;
  onClose: () => void;
}

/**
 * 评论: the comments on the paper's blocks, by block in the paper's order, and a comment on the
 * block the caret is in (or another one picked from the outline, e.g. by a reader who cannot
 * place a caret); one's own comments are changed in place.
 */
export function BlockCommentsPanel({ paperId, current, onClose }: BlockCommentsPanelProps) {
  const comments = useBlockComments(paperId, true);
  const tree = usePaperTree(paperId, true);
  const outline = tree.data;
  useOutlineHolds(current, tree);
  // A block picked from the list holds until the caret moves.
  const [picked, setPicked] = useState<{ caret: string | null; key: string } | null>(null);
  const target = picked && picked.caret === current ? picked.key : current;
  const pick = (key: string) => setPicked({ caret: current, key });

  const refresh = () => {
    void comments.refetch();
    void tree.refetch();
  };

  return (
    <Paper component="aside" aria-label="评论" withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={5}>评论</Title>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="subtle" onClick={refresh} loading={comments.isRefetching}>
              刷新
            </Button>
            <CloseButton aria-label="关闭评论" onClick={onClose} />
          </Group>
        </Group>
        <NewComment paperId={paperId} target={target} current={current} outline={outline} onPick={pick} />
        <Divider />
        {comments.isPending ? (
          <Center p="sm">
            <Loader size="sm" aria-label="正在加载评论" />
          </Center>
        ) : comments.isError ? (
          <Alert color="orange" title="评论加载失败">
            {comments.error.message}
          </Alert>
        ) : comments.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            还没有评论
          </Text>
        ) : (
          <ScrollArea.Autosize mah="calc(100vh - 360px)" type="auto">
            <CommentsByBlock comments={comments.data} outline={outline} target={target} onPick={pick} />
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Reads the outline again once when the caret is in a heading it does not list yet (the heading
 * was written after it was read), so that the heading is named by its text.
 */
function useOutlineHolds(current: string | null, tree: ReturnType<typeof usePaperTree>) {
  const asked = useRef(new Set<string>());
  const { data, isFetching, refetch } = tree;
  useEffect(() => {
    if (!current || !data || isFetching || asked.current.has(current)) return;
    if (parseBlockKey(current)?.kind !== 'heading') return;
    if (data.some((n) => n.children.some((c) => c.key === current))) return;
    asked.current.add(current);
    void refetch();
  }, [current, data, isFetching, refetch]);
}

function NewComment({
  paperId,
  target,
  current,
  outline,
  onPick,
}: {
  paperId: number;
  target: string | null;
  current: string | null;
  outline: readonly PaperTreeNode[] | undefined;
  onPick: (key: string) => void;
}) {
  const save = useSaveBlockComment();
  const [draft, setDraft] = useState('');
  const content = draft.trim();
  const extra = [current, target].filter((k): k is string => k !== null);
  const submit = () => {
    if (!target || !content) return;
    save.mutate(
      { paperId, blockKey: target, content },
      {
        onSuccess: () => {
          setDraft('');
          showSuccess('评论已发表');
        },
      },
    );
  };
  return (
    <Stack gap="xs">
      <Select
        label="评论位置"
        description={target && target === current ? '光标所在的位置' : '在讲义中点击要评论的位置，或在此选择'}
        placeholder="选择讲义中的位置"
        data={blockChoices(outline, extra)}
        value={target}
        onChange={(v) => v && onPick(v)}
        allowDeselect={false}
        size="xs"
      />
      <Textarea
        label="评论内容"
        placeholder="对这一部分的意见或建议"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={FEEDBACK_CONTENT_LIMIT}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        size="xs"
      />
      <Group justify="flex-end">
        <Button size="xs" onClick={submit} disabled={!target || !content} loading={save.isPending}>
          发表评论
        </Button>
      </Group>
    </Stack>
  );
}

function CommentsByBlock({
  comments,
  outline,
  target,
  onPick,
}: {
  comments: readonly BlockComment[];
  outline: readonly PaperTreeNode[] | undefined;
  target: string | null;
  onPick: (key: string) => void;
}) {
  const keys = [...new Set(comments.map((c) => c.blockKey))].sort(compareBlockKeys);
  return (
    <Stack gap="md">
      {keys.map((key) => {
        const label = blockLabel(key, outline);
        return (
          <Stack key={key} component="section" aria-label={label} gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} c={key === target ? 'blue' : undefined}>
                {label}
              </Text>
              {key === target ? (
                <Badge size="xs" variant="light">
                  评论位置
                </Badge>
              ) : (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={`评论此处：${label}`}
                  onClick={() => onPick(key)}
                >
                  评论此处
                </Button>
              )}
            </Group>
            {comments
              .filter((c) => c.blockKey === key)
              .map((c) => (
                <CommentItem key={c.commentId} comment={c} />
              ))}
          </Stack>
        );
      })}
    </Stack>
  );
}

function CommentItem({ comment }: { comment: BlockComment }) {
  const save = useSaveBlockComment();
  const [editing, setEditing] = useState<string | null>(null);
  const content = editing?.trim() ?? '';
  const submit = () => {
    if (!content) return;
    save.mutate(
      { commentId: comment.commentId, paperId: comment.paperId, blockKey: comment.blockKey, content },
      {
        onSuccess: () => {
          setEditing(null);
          showSuccess('评论已修改');
        },
      },
    );
  };
  return (
    <Paper withBorder p="xs" radius="sm" bg={comment.mine ? 'var(--mantine-color-blue-light)' : undefined}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" fw={500}>
          {comment.userName}
          {comment.mine && '（我）'}
        </Text>
        <Text size="xs" c="dimmed">
          {formatInstant(comment.updateTime)}
        </Text>
      </Group>
      {editing === null ? (
        <>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment.content}
          </Text>
          {comment.mine && (
            <Group justify="flex-end">
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(comment.content)}>
                编辑
              </Button>
            </Group>
          )}
        </>
      ) : (
        <Stack gap={6} mt={4}>
          <Textarea
            aria-label="修改评论"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={FEEDBACK_CONTENT_LIMIT}
            value={editing}
            onChange={(e) => setEditing(e.currentTarget.value)}
            size="xs"
            autoFocus
          />
          <Group justify="flex-end" gap="xs">
            <Button size="compact-xs" variant="default" onClick={() => setEditing(null)}>
              取消
            </Button>
            <Button size="compact-xs" onClick={submit} disabled={!content} loading={save.isPending}>
              保存
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
