import { Alert, Badge, Button, Center, Grid, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ScopeSelect } from '@/components/scope-select';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { coded, type Coded, nameOf } from '@/features/question/question-dict';
import type { AtlasTree } from '@/generated/AtlasTree';
import type { AtlasTreeNode } from '@/generated/AtlasTreeNode';
import { useScope } from '@/hooks/use-scope';
import { showSuccess } from '@/lib/toast';
import { useNodeChanges } from '../api/nodes';
import {
  useBaseDicInfo,
  useCopyTreeFromCentre,
  useDeleteTree,
  usePublishTree,
  useSetTreeType,
  useTreeDetail,
  useTreeList,
  useTreeResources,
} from '../api/trees';
import { childrenOf, descendantCount, findNode } from '../atlas-tree';
import { LogDrawer } from './log-drawer';
import { NodeFormModal } from './node-form-modal';
import { NodePanel } from './node-panel';
import { type NodeAction, NodeTree } from './node-tree';
import { PermissionModal } from './permission-modal';
import { TreeFormModal } from './tree-form-modal';
import { TreeList } from './tree-list';

/**
 * 知识切片 (/easyDevelop/knowledgeSlicing): the atlas editor. The trees of a subject and stage
 * (the centre's and mine, or those I was made an editor of): create (an admin may make a centre
 * tree), copy a published centre tree, delete, publish or withdraw, set the type. The tree chosen
 * is arranged by drag and drop (or its nodes' menus), its points added, renamed and deleted; the
 * point chosen shows its questions and knowledge map. Its manager sets its editors; its change log
 * is one click away. A tree I may not edit is shown read-only.
 */
export function KnowledgeSlicing({ title }: { title: string }) {
  const [scope, choose] = useScope();
  const dict = useBaseDicInfo();
  const atlasTypes = coded(dict.data?.atlasTypes);
  const difficulties = coded(dict.data?.difficulties);
  const list = useTreeList(scope && { subject: scope.subject, stage: scope.stage, scope: 0 });
  const trees = useMemo(() => list.data ?? [], [list.data]);
  const [picked, setPicked] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const treeId = trees.find((t) => t.treeId === picked)?.treeId ?? trees[0]?.treeId ?? null;

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        <Button disabled={!scope} onClick={() => setCreating(true)}>
          新建图谱
        </Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <ScopeSelect
          value={scope}
          onChange={(next) => {
            choose(next);
            setPicked(null);
          }}
        />
      </Group>
      {!scope ? (
        <Text c="dimmed">请先选择学段与学科</Text>
      ) : (
        <Grid gutter="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Paper withBorder p="sm" radius="md">
              {list.isPending ? (
                <Center p="md">
                  <Loader size="sm" aria-label="正在加载图谱" />
                </Center>
              ) : list.isError ? (
                <Alert color="orange" title="图谱加载失败">
                  {list.error.message}
                </Alert>
              ) : (
                <TreeList
                  trees={trees}
                  selectedId={treeId}
                  onSelect={(t) => setPicked(t.treeId)}
                  atlasTypes={atlasTypes}
                />
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {treeId === null ? (
              <Paper withBorder p="xl" radius="md">
                <Text c="dimmed" ta="center">
                  选择左侧的图谱开始编辑
                </Text>
              </Paper>
            ) : (
              <TreeEditor
                key={treeId}
                treeId={treeId}
                atlasTypes={atlasTypes}
                difficulties={difficulties}
                onCopied={(copy) => setPicked(copy.treeId)}
                onDeleted={() => setPicked(null)}
              />
            )}
          </Grid.Col>
        </Grid>
      )}
      {scope && (
        <TreeFormModal
          opened={creating}
          onClose={() => setCreating(false)}
          subject={scope.subject}
          stage={scope.stage}
          atlasTypes={atlasTypes}
          onCreated={(tree) => {
            setCreating(false);
            setPicked(tree.treeId);
            showSuccess(`已创建图谱「${tree.name}」`);
          }}
        />
      )}
    </Stack>
  );
}

interface TreeEditorProps {
  treeId: number;
  atlasTypes: readonly Coded[];
  difficulties: readonly Coded[];
  onCopied: (copy: AtlasTree) => void;
  onDeleted: () => void;
}

type NodeDialog =
  { kind: 'add'; parentId: number; index?: number; title: string } | { kind: 'rename'; node: AtlasTreeNode } | null;

function TreeEditor({ treeId, atlasTypes, difficulties, onCopied, onDeleted }: TreeEditorProps) {
  const detail = useTreeDetail(treeId);
  const resources = useTreeResources(treeId);
  const changes = useNodeChanges(treeId);
  const publish = usePublishTree();
  const setType = useSetTreeType();
  const copy = useCopyTreeFromCentre();
  const removeTree = useDeleteTree();
  const [nodeId, setNodeId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<NodeDialog>(null);
  const [deletingNode, setDeletingNode] = useState<AtlasTreeNode | null>(null);
  const [deletingTree, setDeletingTree] = useState(false);
  const [permissions, setPermissions] = useState(false);
  const [logs, setLogs] = useState(false);
  const counts = useMemo(
    () => new Map((resources.data ?? []).map((r) => [r.nodeId, r.questionCount])),
    [resources.data],
  );

  if (detail.isPending)
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="正在加载图谱内容" />
      </Center>
    );
  if (detail.isError)
    return (
      <Alert color="orange" title="图谱加载失败">
        {detail.error.message}
      </Alert>
    );

  const { tree, nodes } = detail.data;
  const canEdit = tree.canEdit;
  const selected = nodeId === null ? null : findNode(nodes, nodeId);

  const onAction = (action: NodeAction, node: AtlasTreeNode) => {
    switch (action) {
      case 'addChild':
        setDialog({ kind: 'add', parentId: node.id, title: `添加子知识点 · ${node.name}` });
        break;
      case 'addSibling': {
        const at = childrenOf(nodes, node.parentId).findIndex((s) => s.id === node.id);
        setDialog({ kind: 'add', parentId: node.parentId, index: at + 1, title: `添加同级知识点 · ${node.name}` });
        break;
      }
      case 'rename':
        setDialog({ kind: 'rename', node });
        break;
      case 'delete':
        setDeletingNode(node);
        break;
    }
  };

  const submitNode = async (name: string, summary: string) => {
    if (!dialog) return;
    if (dialog.kind === 'add') {
      const added = await changes.add.mutateAsync({
        treeId,
        parentId: dialog.parentId,
        name,
        ...(summary ? { summary } : {}),
        ...(dialog.index !== undefined ? { index: dialog.index } : {}),
      });
      setNodeId(added.id);
      showSuccess(`已添加「${added.name}」`);
    } else {
      await changes.rename.mutateAsync({ nodeId: dialog.node.id, name, summary });
      showSuccess('已保存');
    }
  };

  return (
    <Grid gutter="md" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper withBorder p="sm" radius="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start">
              <div>
                <Group gap="xs">
                  <Title order={5}>{tree.name}</Title>
                  {!canEdit && (
                    <Badge color="orange" variant="light">
                      只读
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {tree.ownerId === 0 ? '中心图谱' : `所有者：${tree.ownerName}`} · {tree.nodeCount} 个知识点 ·{' '}
                  {tree.published ? '已发布' : '未发布'}
                </Text>
              </div>
              <Select
                aria-label="图谱类型"
                size="xs"
                w={120}
                data={atlasTypes.map((t) => ({ value: String(t.code), label: t.name }))}
                value={String(tree.atlasType)}
                allowDeselect={false}
                disabled={!canEdit || setType.isPending}
                onChange={(v) => v && setType.mutate({ treeId, atlasType: Number(v) })}
                placeholder={nameOf(atlasTypes, tree.atlasType)}
              />
            </Group>
            <Group gap="xs">
              {canEdit && (
                <Button
                  size="xs"
                  variant={tree.published ? 'default' : 'filled'}
                  loading={publish.isPending}
                  onClick={() =>
                    publish.mutate(
                      { treeId, publish: !tree.published },
                      { onSuccess: (t) => showSuccess(t.published ? '图谱已发布' : '已撤回发布') },
                    )
                  }
                >
                  {tree.published ? '撤回发布' : '发布'}
                </Button>
              )}
              {tree.ownerId === 0 && tree.published && (
                <Button
                  size="xs"
                  variant="default"
                  loading={copy.isPending}
                  onClick={() =>
                    copy.mutate(treeId, {
                      onSuccess: (c) => {
                        showSuccess(`已复制为「${c.name}」`);
                        onCopied(c);
                      },
                    })
                  }
                >
                  复制到我的图谱
                </Button>
              )}
              {tree.canManage && (
                <Button size="xs" variant="default" onClick={() => setPermissions(true)}>
                  编辑权限
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => setLogs(true)}>
                修改记录
              </Button>
              {tree.canManage && (
                <Button size="xs" variant="default" color="red" onClick={() => setDeletingTree(true)}>
                  删除图谱
                </Button>
              )}
              {canEdit && (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setDialog({ kind: 'add', parentId: 0, title: '添加一级知识点' })}
                >
                  添加一级知识点
                </Button>
              )}
            </Group>
            <NodeTree
              nodes={nodes}
              canEdit={canEdit}
              selectedId={nodeId}
              onSelect={(n) => setNodeId(n.id)}
              counts={counts}
              onAction={onAction}
              onMove={(id, to) => changes.move.mutate({ nodeId: id, ...to })}
            />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Paper withBorder p="sm" radius="md">
          {selected ? (
            <NodePanel
              key={selected.id}
              nodeId={selected.id}
              treeId={treeId}
              canEdit={canEdit}
              difficulties={difficulties}
            />
          ) : (
            <Text c="dimmed" ta="center" p="md">
              点击知识点查看题目与知识地图
            </Text>
          )}
        </Paper>
      </Grid.Col>
      <NodeFormModal
        key={
          dialog
            ? dialog.kind === 'add'
              ? `add-${dialog.parentId}-${dialog.index ?? ''}`
              : `rename-${dialog.node.id}`
            : 'none'
        }
        title={dialog ? (dialog.kind === 'add' ? dialog.title : `重命名 · ${dialog.node.name}`) : null}
        initialName={dialog?.kind === 'rename' ? dialog.node.name : ''}
        initialSummary={dialog?.kind === 'rename' ? dialog.node.summary : ''}
        onSubmit={submitNode}
        onClose={() => setDialog(null)}
      />
      <ConfirmModal
        opened={deletingNode !== null}
        title="删除知识点"
        message={
          deletingNode
            ? `确定删除「${deletingNode.name}」${
                descendantCount(deletingNode) > 0 ? `及其下 ${descendantCount(deletingNode)} 个知识点` : ''
              }吗？题目与这些知识点的关联将一并删除。`
            : ''
        }
        confirmLabel="删除"
        busy={changes.remove.isPending}
        onClose={() => setDeletingNode(null)}
        onConfirm={() =>
          deletingNode &&
          changes.remove.mutate(deletingNode.id, {
            onSuccess: () => {
              if (nodeId !== null && findNode([deletingNode], nodeId)) setNodeId(null);
              setDeletingNode(null);
              showSuccess('已删除');
            },
          })
        }
      />
      <ConfirmModal
        opened={deletingTree}
        title="删除图谱"
        message={`确定删除图谱「${tree.name}」及其全部 ${tree.nodeCount} 个知识点吗？`}
        confirmLabel="删除"
        busy={removeTree.isPending}
        onClose={() => setDeletingTree(false)}
        onConfirm={() =>
          removeTree.mutate(treeId, {
            onSuccess: () => {
              setDeletingTree(false);
              showSuccess('图谱已删除');
              onDeleted();
            },
          })
        }
      />
      {tree.canManage && (
        <PermissionModal
          opened={permissions}
          treeId={treeId}
          treeName={tree.name}
          onClose={() => setPermissions(false)}
        />
      )}
      <LogDrawer opened={logs} onClose={() => setLogs(false)} treeId={treeId} treeName={tree.name} />
    </Grid>
  );
}
