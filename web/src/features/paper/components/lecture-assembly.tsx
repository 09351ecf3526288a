import { Alert, Button, Center, Checkbox, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { knowledgeSectionEditPath } from '@/config/paths';
import type { AtlasNodeView } from '@/generated/AtlasNodeView';
import { type Selection, useSession } from '@/lib/session';
import { packagePaper, useAtlasTree } from '../api/atlas';
import { checkState, leafIds, packageRequest, toggleNode } from '../atlas-selection';
import { DEFAULT_PAPER_TYPE, PAPER_TYPES } from '../paper-rules';

export const NOTHING_CHOSEN_TEXT = '请选择知识点';

/**
 * 讲义库 (/easyLessonPreparation/lectureLibrary): lecture assembly. The user picks a stage and
 * subject (the header's choice by default), checks chapters and points of its knowledge atlas and
 * a paper type; 组装讲义 packages them into a new paper and opens its editor (03 §2). `embedded`:
 * a tab of the lecture library, which has the title.
 */
export function LectureAssembly({ embedded = false }: { embedded?: boolean }) {
  const user = useSession((s) => s.user);
  const selection = useSession((s) => s.selection);
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Selection | null>(null);
  const current = choice ?? selection;
  const [paperType, setPaperType] = useState(DEFAULT_PAPER_TYPE);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const atlas = useAtlasTree(current?.subject ?? null, current?.stage ?? null);
  const nodes = atlas.data ?? [];

  const stages = useMemo(() => [...(user?.stageList ?? [])].sort((a, b) => a.sort - b.sort), [user]);
  const stage = stages.find((s) => s.code === current?.stage);

  const choose = (next: Selection) => {
    setChoice(next);
    setChecked(new Set());
  };

  const request = current
    ? packageRequest(nodes, checked, { subject: current.subject, stage: current.stage, paperType })
    : null;
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

  return (
    <Stack gap="md" p={embedded ? 0 : 'md'} maw={1080}>
      {!embedded && <Title order={3}>讲义库</Title>}
      <Text c="dimmed" size="sm">
        选择学段与学科，勾选知识图谱中的章节或知识点，组装成讲义后即可在线编辑。
      </Text>
      <Group align="flex-end">
        <Select
          label="学段"
          w={140}
          data={stages.map((s) => ({ value: String(s.code), label: s.name }))}
          value={current ? String(current.stage) : null}
          allowDeselect={false}
          onChange={(v) => {
            const next = stages.find((s) => String(s.code) === v);
            if (!next) return;
            const keep = next.subjects.some((j) => j.code === current?.subject);
            const subject = keep ? current?.subject : next.subjects[0]?.code;
            if (subject !== undefined) choose({ stage: next.code, subject });
          }}
        />
        <Select
          label="学科"
          w={140}
          data={(stage?.subjects ?? []).map((j) => ({ value: String(j.code), label: j.name }))}
          value={current ? String(current.subject) : null}
          allowDeselect={false}
          onChange={(v) => current && v && choose({ stage: current.stage, subject: Number(v) })}
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
      <Paper withBorder p="md" radius="md">
        <Text fw={600} mb="sm" id="atlas-heading">
          知识图谱
        </Text>
        {!current ? (
          <Text c="dimmed">请先选择学段与学科</Text>
        ) : atlas.isPending ? (
          <Center mih={120}>
            <Loader aria-label="正在加载知识图谱" />
          </Center>
        ) : atlas.isError ? (
          <Alert color="orange" title="知识图谱加载失败">
            {atlas.error.message}
          </Alert>
        ) : nodes.length === 0 ? (
          <Text c="dimmed">暂无知识图谱</Text>
        ) : (
          <Stack gap="sm" role="group" aria-labelledby="atlas-heading">
            {nodes.map((node) => (
              <AtlasBranch
                key={node.id}
                node={node}
                depth={0}
                checked={checked}
                onToggle={(n) => setChecked((c) => toggleNode(n, c))}
              />
            ))}
          </Stack>
        )}
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

interface AtlasBranchProps {
  node: AtlasNodeView;
  depth: number;
  checked: ReadonlySet<number>;
  onToggle: (node: AtlasNodeView) => void;
}

/** A chapter or point with its checkbox (indeterminate while only some of its points are checked). */
function AtlasBranch({ node, depth, checked, onToggle }: AtlasBranchProps) {
  const state = checkState(node, checked);
  return (
    <Stack gap={6} pl={depth === 0 ? 0 : 28}>
      <Checkbox
        label={node.name}
        description={node.summary || undefined}
        checked={state === 'checked'}
        indeterminate={state === 'indeterminate'}
        onChange={() => onToggle(node)}
        styles={depth === 0 ? { label: { fontWeight: 600 } } : undefined}
      />
      {node.children.map((child) => (
        <AtlasBranch key={child.id} node={child} depth={depth + 1} checked={checked} onToggle={onToggle} />
      ))}
    </Stack>
  );
}
