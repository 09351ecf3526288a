import { Alert, Button, Center, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { knowledgeSectionEditPath } from '@/config/paths';
import { defaultTree, findNode } from '@/features/atlas/atlas-tree';
import { useTreeChoices, useTreeDetail } from '@/features/atlas/api/trees';
import type { AtlasTreeNode } from '@/generated/AtlasTreeNode';
import { packagePaper } from '../api/atlas';
import type { AssembleParams } from '../assemble-params';
import { leafIds, packageRequest, toggleNode } from '../atlas-selection';
import { DEFAULT_PAPER_TYPE, PAPER_TYPES } from '../paper-rules';
import { AtlasCheckTree } from './atlas-check-tree';
import { NOTHING_CHOSEN_TEXT } from './lecture-assembly';

/**
 * 按知识点组讲义: the trees of the subject and stage the caller may assemble from
 * (dict/atlas/list), of the link's atlas type when it names one; the chosen tree's chapters and
 * points (tree/queryByTreeId), opened at the link's knowledge directory; 组装讲义 packages the
 * checked ones into a new paper of the chosen type (paper/package) and opens its editor.
 */
export function AtlasLecture({ params }: { params: AssembleParams }) {
  const navigate = useNavigate();
  const choices = useTreeChoices(params.subject, params.stage);
  const trees = (choices.data ?? []).filter((t) => params.atlasType === 0 || t.atlasType === params.atlasType);
  const [picked, setPicked] = useState<number | null>(null);
  const treeId = trees.find((t) => t.treeId === picked)?.treeId ?? defaultTree(trees)?.treeId ?? null;
  const detail = useTreeDetail(treeId);
  const [paperType, setPaperType] = useState(DEFAULT_PAPER_TYPE);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);

  const all = detail.data?.nodes ?? [];
  const directory = params.knwDirId > 0 ? findNode(all, params.knwDirId) : null;
  const nodes: readonly AtlasTreeNode[] = directory ? [directory] : all;
  const request = packageRequest(nodes, checked, { subject: params.subject, stage: params.stage, paperType });
  const count = nodes.flatMap(leafIds).filter((id) => checked.has(id)).length;

  const assemble = async () => {
    if (!request) return;
    setBusy(true);
    try {
      const result = await packagePaper(request);
      void navigate(knowledgeSectionEditPath(result.paperId));
    } catch {
      // the API client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  let tree;
  if (choices.isPending) tree = <Loading label="正在加载图谱" />;
  else if (choices.isError) tree = <Failed title="图谱加载失败" message={choices.error.message} />;
  else if (treeId === null)
    tree = <Text c="dimmed">{params.atlasType > 0 ? '该学科学段暂无此类型的图谱' : '该学科学段暂无可用的图谱'}</Text>;
  else if (detail.isPending) tree = <Loading label="正在加载知识点" />;
  else if (detail.isError) tree = <Failed title="知识点加载失败" message={detail.error.message} />;
  else if (nodes.length === 0) tree = <Text c="dimmed">该图谱还没有知识点</Text>;
  else tree = <AtlasCheckTree nodes={nodes} checked={checked} onToggle={(n) => setChecked((c) => toggleNode(n, c))} />;

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <Select
          label="图谱"
          w={260}
          data={trees.map((t) => ({ value: String(t.treeId), label: t.name }))}
          value={treeId === null ? null : String(treeId)}
          allowDeselect={false}
          placeholder={choices.isPending ? '加载中…' : '暂无图谱'}
          onChange={(v) => {
            if (!v) return;
            setPicked(Number(v));
            setChecked(new Set());
          }}
        />
        <Select
          label="讲义类型"
          w={160}
          data={PAPER_TYPES.map((t) => ({ value: String(t.code), label: t.name }))}
          value={String(paperType)}
          allowDeselect={false}
          onChange={(v) => v && setPaperType(Number(v))}
        />
      </Group>
      {params.knwDirId > 0 && detail.data && !directory && (
        <Alert color="yellow" variant="light">
          链接中的知识目录不在所选图谱中，已显示整棵图谱。
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" aria-label="知识点" role="group">
        {tree}
      </Paper>
      <Group>
        <Button onClick={() => void assemble()} disabled={!request} loading={busy}>
          组装讲义
        </Button>
        <Text size="sm" c={request ? undefined : 'dimmed'}>
          {request ? `已选 ${count} 个知识点` : NOTHING_CHOSEN_TEXT}
        </Text>
      </Group>
    </Stack>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Center mih={120}>
      <Loader aria-label={label} />
    </Center>
  );
}

function Failed({ title, message }: { title: string; message: string }) {
  return (
    <Alert color="orange" title={title}>
      {message}
    </Alert>
  );
}
