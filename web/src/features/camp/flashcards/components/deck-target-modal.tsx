import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { CampListRow } from '@/generated/CampListRow';
import { useQuery } from '@tanstack/react-query';
import { campPhasesQueryOptions } from '../../api/phases';
import { CAMP_SHUT } from '../../camp-dict';

export interface DeckTarget {
  campId: number;
  phaseId: number;
}

export interface DeckTargetModalProps {
  opened: boolean;
  title: string;
  /** What happens once chosen, told under the pickers. */
  hint: string;
  camps: readonly CampListRow[];
  busy?: boolean;
  onClose: () => void;
  onChoose: (target: DeckTarget) => void;
}

/**
 * Where a deck goes: a camp of the caller's (not a shut one) and a phase of it. A camp without
 * phases says to add one in its builder first.
 */
export function DeckTargetModal({ opened, title, hint, camps, busy = false, onClose, onChoose }: DeckTargetModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {opened && <TargetForm hint={hint} camps={camps} busy={busy} onClose={onClose} onChoose={onChoose} />}
    </Modal>
  );
}

function TargetForm({
  hint,
  camps,
  busy,
  onClose,
  onChoose,
}: Omit<DeckTargetModalProps, 'opened' | 'title'> & { busy: boolean }) {
  const open = camps.filter((c) => c.status !== CAMP_SHUT);
  const [campId, setCampId] = useState<number | null>(null);
  const [phaseId, setPhaseId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const phases = useQuery({ ...campPhasesQueryOptions(campId ?? 0), enabled: campId !== null });
  const phaseList = campId === null ? [] : (phases.data ?? []);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (campId === null || phaseId === null) {
      setError(campId === null ? '请选择学习营' : '请选择阶段');
      return;
    }
    setError(null);
    onChoose({ campId, phaseId });
  };

  return (
    <form onSubmit={submit} aria-label="选择学习营与阶段">
      <Stack gap="sm">
        {open.length === 0 ? (
          <Text c="dimmed" size="sm">
            还没有可添加闪卡的学习营，请先在“学习营”中创建。
          </Text>
        ) : (
          <>
            <Select
              label="学习营"
              placeholder="请选择学习营"
              searchable
              data={open.map((c) => ({ value: String(c.campId), label: c.campName }))}
              value={campId === null ? null : String(campId)}
              onChange={(v) => {
                setCampId(v ? Number(v) : null);
                setPhaseId(null);
              }}
            />
            <Select
              label="阶段"
              placeholder={campId === null ? '先选择学习营' : phases.isPending ? '加载中…' : '请选择阶段'}
              disabled={campId === null}
              data={phaseList.map((p) => ({ value: String(p.phaseId), label: p.phaseName }))}
              value={phaseId === null ? null : String(phaseId)}
              onChange={(v) => setPhaseId(v ? Number(v) : null)}
            />
            {campId !== null && phases.data?.length === 0 && (
              <Text size="xs" c="orange">
                该学习营还没有阶段，请先在学习营中添加阶段。
              </Text>
            )}
          </>
        )}
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={busy} disabled={open.length === 0}>
            确定
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
