import { Button, Group, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Timing } from '@/generated/codes';
import { useSavePaperTitle } from '../api/handout';
import { paperTitleError } from '../paper-rules';

export interface PaperTitleProps {
  paperId: number;
  title: string;
  /** Offer 重命名 (the caller may edit the live paper). */
  canEdit: boolean;
}

/** The paper's title, renamed in place through paper/save (the live detail takes the new title). */
export function PaperTitle({ paperId, title, canEdit }: PaperTitleProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rename = useSavePaperTitle(paperId);

  if (draft === null) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Title order={3}>{title}</Title>
        {canEdit && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setDraft(title);
              setError(null);
            }}
          >
            重命名
          </Button>
        )}
      </Group>
    );
  }

  const save = () => {
    const problem = paperTitleError(draft);
    if (problem) {
      setError(problem);
      return;
    }
    // A failure: the API client has shown the server's message.
    rename.mutate(draft.trim(), {
      onSuccess: () => {
        setDraft(null);
        notifications.show({ color: 'green', message: '讲义名称已保存', autoClose: Timing.TOAST_MS });
      },
    });
  };

  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <TextInput
        aria-label="讲义名称"
        value={draft}
        error={error}
        w={360}
        autoFocus
        onChange={(e) => {
          setDraft(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      <Button onClick={save} loading={rename.isPending}>
        保存
      </Button>
      <Button variant="default" onClick={() => setDraft(null)} disabled={rename.isPending}>
        取消
      </Button>
    </Group>
  );
}
