// 分享: items shared with colleagues (found by name or e-mail, or typed as an e-mail) and with
// my teams. Each receiver finds them under 收到的 (told by a push); I find them under 发出的.

import { Alert, Badge, Button, Checkbox, CloseButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { DriveColleague } from '@/generated/DriveColleague';
import { showSuccess } from '@/lib/toast';
import { useShareCandidates, useShareItems } from '../api/share';
import { useTeams } from '../api/teams';

export const SEARCH_DELAY_MS = 300;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ShareModalProps {
  opened: boolean;
  /** The items shared and how to name them (「讲义」 or 3 项). */
  ids: number[];
  label: string;
  onClose: () => void;
}

export function ShareModal({ opened, onClose, ids, label }: ShareModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`分享${label}`} size="lg" centered>
      {opened && <ShareBody ids={ids} onClose={onClose} />}
    </Modal>
  );
}

function ShareBody({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const share = useShareItems();
  const teams = useTeams();
  const [text, setText] = useState('');
  const [keyword] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const candidates = useShareCandidates(keyword);
  const [people, setPeople] = useState<DriveColleague[]>([]);
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const chosen = new Set(people.map((p) => p.email.toLowerCase()));
  const toggle = (c: DriveColleague, on: boolean) =>
    setPeople((list) => (on ? [...list, c] : list.filter((p) => p.email.toLowerCase() !== c.email.toLowerCase())));
  const found = keyword ? (candidates.data ?? []) : [];
  const typedEmail = EMAIL.test(text.trim()) && !found.some((c) => c.email.toLowerCase() === text.trim().toLowerCase());

  const submit = () => {
    if (people.length === 0 && teamIds.length === 0) {
      setError('请选择要分享的同事或团队');
      return;
    }
    setError(null);
    share.mutate(
      { ids, emails: people.map((p) => p.email), teamIds: teamIds.map(Number) },
      {
        onSuccess: (result) => {
          showSuccess(`已分享（${result.shares.length} 条）`);
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Stack>
      <TextInput
        label="搜索同事"
        placeholder="输入姓名或邮箱"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-autofocus
      />
      {(found.length > 0 || typedEmail) && (
        <Stack gap={4} role="group" aria-label="查找结果">
          {found.map((c) => (
            <Checkbox
              key={c.userId}
              label={`${c.name}（${c.email}）`}
              checked={chosen.has(c.email.toLowerCase())}
              onChange={(e) => toggle(c, e.currentTarget.checked)}
            />
          ))}
          {typedEmail && !chosen.has(text.trim().toLowerCase()) && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => {
                toggle({ userId: 0, name: '', email: text.trim() }, true);
                setText('');
              }}
            >
              添加邮箱 {text.trim()}
            </Button>
          )}
        </Stack>
      )}
      {keyword && candidates.isSuccess && found.length === 0 && !typedEmail && (
        <Text size="sm" c="dimmed">
          没有找到同事
        </Text>
      )}
      <Group gap="xs" aria-label="分享给的同事" role="list">
        {people.length === 0 ? (
          <Text size="sm" c="dimmed">
            尚未选择同事
          </Text>
        ) : (
          people.map((p) => (
            <Badge
              key={p.email}
              role="listitem"
              variant="light"
              rightSection={
                <CloseButton size="xs" aria-label={`移除${p.name || p.email}`} onClick={() => toggle(p, false)} />
              }
            >
              {p.name || p.email}
            </Badge>
          ))
        )}
      </Group>
      {(teams.data ?? []).length > 0 && (
        <Checkbox.Group label="分享给团队" value={teamIds} onChange={setTeamIds}>
          <Group mt={4}>
            {(teams.data ?? []).map((t) => (
              <Checkbox key={t.teamId} value={String(t.teamId)} label={t.name} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          取消
        </Button>
        <Button onClick={submit} loading={share.isPending}>
          分享
        </Button>
      </Group>
    </Stack>
  );
}
