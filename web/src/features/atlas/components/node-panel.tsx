import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { Coded } from '@/features/question/question-dict';
import type { KnowledgeMapContent } from '@/generated/KnowledgeMapContent';
import type { KnowledgeMapInfo } from '@/generated/KnowledgeMapInfo';
import { formatInstant } from '@/lib/report-format';
import { showSuccess } from '@/lib/toast';
import { useMapInfo, useSaveMap } from '../api/knowledge-map';
import { ATLAS_LIMITS, MAP_DIFFICULTY_UNSET } from '../atlas-dict';

export interface NodePanelProps {
  nodeId: number;
  treeId: number;
  canEdit: boolean;
  difficulties: readonly Coded[];
}

/**
 * The knowledge point chosen: where it sits, the bank's questions on it (with its subtree) by type,
 * and its knowledge map — description, key points, common mistakes, difficulty — edited by the
 * tree's editors and read by everyone else.
 */
export function NodePanel({ nodeId, treeId, canEdit, difficulties }: NodePanelProps) {
  const info = useMapInfo(nodeId);
  if (info.isPending)
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="正在加载知识地图" />
      </Center>
    );
  if (info.isError)
    return (
      <Alert color="orange" title="知识地图加载失败">
        {info.error.message}
      </Alert>
    );
  const data = info.data;
  const total = data.questionCounts.reduce((n, f) => n + f.count, 0);
  return (
    <Stack gap="sm" role="region" aria-label="知识地图">
      <div>
        <Text size="xs" c="dimmed">
          {data.path.map((p) => p.name).join(' / ')}
        </Text>
        <Title order={5}>{data.name}</Title>
        {data.summary && (
          <Text size="sm" c="dimmed">
            {data.summary}
          </Text>
        )}
      </div>
      <Paper withBorder p="xs" radius="sm" aria-label="题目数量">
        <Text size="sm" fw={500} mb={4}>
          题目 {total} 道
        </Text>
        <Group gap={4}>
          {data.questionCounts.length === 0 ? (
            <Text size="xs" c="dimmed">
              题库中还没有这个知识点的题目
            </Text>
          ) : (
            data.questionCounts.map((f) => (
              <Badge key={f.code} variant="light" size="sm">
                {f.name} {f.count}
              </Badge>
            ))
          )}
        </Group>
      </Paper>
      <MapForm
        key={`${data.nodeId}-${data.mapUpdateTime ?? 0}`}
        info={data}
        treeId={treeId}
        canEdit={canEdit}
        difficulties={difficulties}
      />
    </Stack>
  );
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

function MapForm({
  info,
  treeId,
  canEdit,
  difficulties,
}: {
  info: KnowledgeMapInfo;
  treeId: number;
  canEdit: boolean;
  difficulties: readonly Coded[];
}) {
  const save = useSaveMap(info.nodeId, treeId);
  const map = info.map;
  const [description, setDescription] = useState(map?.description ?? '');
  const [keyPoints, setKeyPoints] = useState((map?.keyPoints ?? []).join('\n'));
  const [mistakes, setMistakes] = useState((map?.commonMistakes ?? []).join('\n'));
  const [difficulty, setDifficulty] = useState(String(map?.difficulty ?? MAP_DIFFICULTY_UNSET));
  const [error, setError] = useState<string | null>(null);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const content: KnowledgeMapContent = {
      description: description.trim(),
      keyPoints: lines(keyPoints),
      commonMistakes: lines(mistakes),
      difficulty: Number(difficulty),
    };
    const tooMany = [content.keyPoints, content.commonMistakes].some(
      (list) => list.length > ATLAS_LIMITS.mapItems || list.some((i) => i.length > ATLAS_LIMITS.summary),
    );
    if (tooMany) {
      setError(`要点最多${ATLAS_LIMITS.mapItems}条，每条不超过${ATLAS_LIMITS.summary}个字`);
      return;
    }
    setError(null);
    save.mutate(content, {
      onSuccess: () => showSuccess('知识地图已保存'),
      onError: (err) => setError(err.message),
    });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>知识地图</Text>
          {info.mapUpdateTime && (
            <Text size="xs" c="dimmed">
              更新于 {formatInstant(info.mapUpdateTime)}
            </Text>
          )}
        </Group>
        <Textarea
          label="描述"
          autosize
          minRows={3}
          maxLength={ATLAS_LIMITS.mapText}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          readOnly={!canEdit}
        />
        <Textarea
          label="重点"
          description={canEdit ? '每行一条' : undefined}
          autosize
          minRows={2}
          value={keyPoints}
          onChange={(e) => setKeyPoints(e.currentTarget.value)}
          readOnly={!canEdit}
        />
        <Textarea
          label="易错点"
          description={canEdit ? '每行一条' : undefined}
          autosize
          minRows={2}
          value={mistakes}
          onChange={(e) => setMistakes(e.currentTarget.value)}
          readOnly={!canEdit}
        />
        <Select
          label="难度"
          data={[
            { value: String(MAP_DIFFICULTY_UNSET), label: '未设置' },
            ...difficulties.map((d) => ({ value: String(d.code), label: d.name })),
          ]}
          value={difficulty}
          allowDeselect={false}
          onChange={(v) => v && setDifficulty(v)}
          readOnly={!canEdit}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              保存知识地图
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
