import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { contentEmptyCheckQueryOptions } from '@/features/feedback/api/content-empty-check';
import { HANDOUT_SECTIONS } from '../sections';

/** A paper an action is about to act on. */
export interface PaperToCheck {
  paperId: number;
  paperTitle: string;
}

interface Asking {
  paper: PaperToCheck;
  /** What the user is doing, as the buttons say it (提交审核). */
  action: string;
  emptySections: readonly string[];
  proceed: () => void;
}

/** The sections' titles, in the handout's order (a key the web does not know as itself). */
function sectionTitles(keys: readonly string[]): string[] {
  const known = HANDOUT_SECTIONS.filter((s) => keys.includes(s.key)).map((s) => s.title);
  const unknown = keys.filter((k) => !HANDOUT_SECTIONS.some((s) => s.key === k));
  return [...known, ...unknown];
}

export interface EmptyPaperConfirm {
  /**
   * Asks the server whether the paper has content (preCheckContentIsEmpty); runs `proceed` when
   * it has, or when the user confirms after being told it is empty. A failed check (its message
   * shown by the API client) runs nothing.
   */
  run: (paper: PaperToCheck, action: string, proceed: () => void) => void;
  /** The paper being checked (null: none). */
  checking: number | null;
  /** The dialog that asks; render it once. */
  dialog: ReactNode;
}

/** Before acting on a whole paper: if it is still empty, say so and ask to go on or stop. */
export function useEmptyPaperConfirm(): EmptyPaperConfirm {
  const client = useQueryClient();
  const [checking, setChecking] = useState<number | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);

  const run = (paper: PaperToCheck, action: string, proceed: () => void) => {
    setChecking(paper.paperId);
    client
      .query(contentEmptyCheckQueryOptions(paper.paperId))
      .then((check) => {
        if (check.empty) setAsking({ paper, action, emptySections: check.emptySections, proceed });
        else proceed();
      })
      .catch(() => undefined)
      .finally(() => setChecking(null));
  };

  const close = () => setAsking(null);
  const dialog = (
    <Modal opened={asking !== null} onClose={close} title="讲义还没有内容" centered>
      {asking && (
        <Stack>
          <Text size="sm">「{asking.paper.paperTitle}」还没有内容。</Text>
          {asking.emptySections.length > 0 && (
            <Text size="sm">以下部分为空：{sectionTitles(asking.emptySections).join('、')}</Text>
          )}
          <Text size="sm">确定仍要{asking.action}吗？</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              取消
            </Button>
            <Button
              color="orange"
              onClick={() => {
                close();
                asking.proceed();
              }}
            >
              仍然{asking.action}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );

  return { run, checking, dialog };
}
