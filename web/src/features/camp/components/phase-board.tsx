import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { CampPhase } from '@/generated/CampPhase';
import { useAddPhase, useReorderPhases } from '../api/phases';
import { CAMP_LIMITS } from '../camp-dict';
import { PhaseCard } from './phase-card';
import { SortableItem, SortableList } from './sortable';

/** 添加阶段: a new phase's name, added at the end. */
function AddPhaseForm({ campId, count }: { campId: number; count: number }) {
  const [name, setName] = useState('');
  const add = useAddPhase();
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const phaseName = name.trim() || `第${count + 1}阶段`;
    add.mutate({ campId, phaseName }, { onSuccess: () => setName('') });
  };
  return (
    <form onSubmit={submit} aria-label="添加阶段">
      <Group gap="xs" align="flex-end">
        <TextInput
          label="新阶段名称"
          placeholder={`第${count + 1}阶段`}
          maxLength={CAMP_LIMITS.phaseName}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          style={{ flex: 1, maxWidth: 360 }}
        />
        <Button type="submit" variant="light" loading={add.isPending}>
          添加阶段
        </Button>
      </Group>
    </form>
  );
}

export interface PhaseBoardProps {
  campId: number;
  phases: CampPhase[];
  editable: boolean;
}

/** The camp's phases in order, dragged by their handles, and a new phase at the end. */
export function PhaseBoard({ campId, phases, editable }: PhaseBoardProps) {
  const reorder = useReorderPhases();
  const ids = phases.map((p) => p.phaseId);
  const nameOf = (id: number) => phases.find((p) => p.phaseId === id)?.phaseName ?? '';
  return (
    <Stack gap="sm" component="section" aria-label="阶段与任务">
      <Group justify="space-between">
        <Title order={5}>阶段与任务</Title>
        {editable && phases.length > 1 && (
          <Text size="xs" c="dimmed">
            拖动左侧手柄调整阶段或任务的顺序
          </Text>
        )}
      </Group>
      {phases.length === 0 && (
        <Text size="sm" c="dimmed">
          还没有阶段：先添加一个阶段，再为它添加任务。
        </Text>
      )}
      <SortableList ids={ids} nameOf={nameOf} onReorder={(phaseIds) => reorder.mutate({ campId, phaseIds })}>
        <Stack gap="sm">
          {phases.map((phase, i) => (
            <SortableItem
              key={phase.phaseId}
              id={phase.phaseId}
              label={`阶段「${phase.phaseName}」`}
              disabled={!editable || phases.length < 2}
            >
              {(handle) => <PhaseCard campId={campId} phase={phase} index={i} handle={handle} editable={editable} />}
            </SortableItem>
          ))}
        </Stack>
      </SortableList>
      {editable && phases.length < 50 && <AddPhaseForm campId={campId} count={phases.length} />}
    </Stack>
  );
}
