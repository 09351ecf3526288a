import { Button, Group, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Timing } from '@/generated/codes';
import type { PaperDetail } from '@/generated/PaperDetail';
import { savePaperTitle } from '../api/handout';
import { paperTitleError } from '../paper-rules';

export interface PaperTitleProps {
  paperId: number;
  title: string;
  /** Offer 重命名 (the caller may edit the live paper). */
  canEdit: boolean;
  onSaved: (detail: PaperDetail) => void;
}

/** The paper's title, renamed in place through paper/save. */
export function PaperTitle({ paperId, title, canEdit, onSaved }: PaperTitleProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

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

  const save = async () => {
    const problem = paperTitleError(draft);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    try {
      const detail = await savePaperTitle(paperId, draft.trim());
      onSaved(detail);
      setDraft(null);
      notifications.show({ color: 'green', message: '讲义名称已保存', autoClose: Timing.TOAST_MS });
    } catch {
      // the API client has shown the server's message
    } finally {
      setSaving(false);
    }
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
          if (e.key === 'Enter') void save();
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      <Button onClick={() => void save()} loading={saving}>
        保存
      </Button>
      <Button variant="default" onClick={() => setDraft(null)} disabled={saving}>
        取消
      </Button>
    </Group>
  );
}
