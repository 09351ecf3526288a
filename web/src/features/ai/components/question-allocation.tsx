import { Alert, Badge, Button, type ButtonProps, Group, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ScopeSelect } from '@/components/scope-select';
import { KnowledgePicker } from '@/features/question/components/knowledge-picker';
import type { AiAllocation } from '@/generated/AiAllocation';
import { useScope } from '@/hooks/use-scope';
import { useAllocateQuestions } from '../api/tools';
import { ALLOCATION_MAX_COUNT, ALLOCATION_MAX_POINTS, QUESTION_TYPES } from '../ai-dict';

/** The allocation: per type asked, allotted and short; per knowledge point × type allotted of available. */
function AllocationTable({ allocation }: { allocation: AiAllocation }) {
  const points: { id: number; name: string }[] = [];
  for (const c of allocation.cells) {
    if (!points.some((p) => p.id === c.knowledgeId)) points.push({ id: c.knowledgeId, name: c.knowledgeName });
  }
  const cell = (knowledgeId: number, questionType: number) =>
    allocation.cells.find((c) => c.knowledgeId === knowledgeId && c.questionType === questionType);
  const short = allocation.types.filter((t) => t.short > 0);

  return (
    <Stack gap="sm">
      {short.length > 0 ? (
        <Alert color="orange" variant="light" role="status" title="题量不足">
          {short.map((t) => `${t.typeName}缺 ${t.short} 道`).join('，')}
          ：题库中这些知识点的题目不够，可增加知识点或减少题数。
        </Alert>
      ) : (
        <Alert color="green" variant="light" role="status">
          题库中的题目足够，已全部分配。
        </Alert>
      )}
      <Table withTableBorder aria-label="各题型分配">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>题型</Table.Th>
            <Table.Th>需要</Table.Th>
            <Table.Th>已分配</Table.Th>
            <Table.Th>缺口</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {allocation.types.map((t) => (
            <Table.Tr key={t.questionType} aria-label={t.typeName}>
              <Table.Td>{t.typeName}</Table.Td>
              <Table.Td>{t.asked}</Table.Td>
              <Table.Td>{t.allotted}</Table.Td>
              <Table.Td>
                {t.short > 0 ? (
                  <Badge color="red" variant="light">
                    缺 {t.short}
                  </Badge>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table withTableBorder withColumnBorders aria-label="知识点分配">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>知识点</Table.Th>
            {allocation.types.map((t) => (
              <Table.Th key={t.questionType}>{t.typeName}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((p) => (
            <Table.Tr key={p.id} aria-label={p.name}>
              <Table.Td>{p.name}</Table.Td>
              {allocation.types.map((t) => {
                const c = cell(p.id, t.questionType);
                return (
                  <Table.Td key={t.questionType}>
                    {c ? (
                      <Text size="sm" c={c.available === 0 ? 'dimmed' : undefined}>
                        {c.allotted} / {c.available}
                      </Text>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        格中为「分配题数 / 题库可用题数」，按知识点轮流分配，尽量均匀。
      </Text>
    </Stack>
  );
}

/** The form: stage and subject, knowledge points, questions per type; 分配 shows the allocation. */
function AllocationForm() {
  const [scope, choose] = useScope();
  const [points, setPoints] = useState<number[]>([]);
  const [counts, setCounts] = useState<Record<number, number>>({});
  const allocate = useAllocateQuestions();
  const total = QUESTION_TYPES.reduce((sum, t) => sum + (counts[t.code] ?? 0), 0);
  const ready = scope !== null && points.length > 0 && total > 0;

  const run = () => {
    if (!scope || !ready) return;
    allocate.mutate({
      subject: scope.subject,
      stage: scope.stage,
      knowledgeIds: points,
      typeCounts: QUESTION_TYPES.map((t) => ({ questionType: t.code, count: counts[t.code] ?? 0 })).filter(
        (tc) => tc.count > 0,
      ),
    });
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <ScopeSelect
          value={scope}
          size="xs"
          onChange={(next) => {
            choose(next);
            setPoints([]);
            allocate.reset();
          }}
        />
      </Group>
      {scope && (
        <KnowledgePicker
          subject={scope.subject}
          stage={scope.stage}
          value={points}
          onChange={setPoints}
          max={ALLOCATION_MAX_POINTS}
        />
      )}
      <Group gap="sm" role="group" aria-label="各题型题数">
        {QUESTION_TYPES.map((t) => (
          <NumberInput
            key={t.code}
            label={t.name}
            size="xs"
            w={110}
            min={0}
            max={ALLOCATION_MAX_COUNT}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={counts[t.code] ?? 0}
            onChange={(v) => setCounts((c) => ({ ...c, [t.code]: typeof v === 'number' ? v : Number(v) || 0 }))}
          />
        ))}
      </Group>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          共 {total} 道题，分到 {points.length} 个知识点（最多{ALLOCATION_MAX_POINTS}个）
        </Text>
        <Button size="xs" onClick={run} disabled={!ready} loading={allocate.isPending}>
          分配
        </Button>
      </Group>
      {allocate.error && (
        <Alert color="red" variant="light" role="alert">
          {allocate.error.message}
        </Alert>
      )}
      {allocate.data && <AllocationTable allocation={allocate.data} />}
    </Stack>
  );
}

/** 题量分配: how a paper's questions of each type spread over knowledge points by what the bank holds. */
export function AllocationButton({
  size = 'xs',
  variant = 'default',
}: {
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpened(true)}>
        题量分配
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="题量分配" size="xl">
        {opened && <AllocationForm />}
      </Modal>
    </>
  );
}
