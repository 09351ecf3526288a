import { Alert, Center, Loader, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { LayoutDimension } from '@/generated/LayoutDimension';
import { isContentAdmin, useSession } from '@/lib/session';
import { showSuccess } from '@/lib/toast';
import { useLayout, useSaveLayout } from '../api/layout';
import { type DimensionDraft, type LayoutDraft, layoutDraftOf, layoutSaveBodyOf } from '../layout-draft';
import { dimensionKeyError, layoutCountError, maxScoreError } from '../visit-rules';
import type { ScoreValue } from '../visit-sheet-values';
import { LayoutEditor } from './layout-editor';
import { ScoreFields } from './score-fields';

/** A dimension of the preview: `id` tells it apart while the editor changes it. */
type PreviewDimension = Pick<DimensionDraft, 'name' | 'description' | 'maxScore'> & { id: string };

/** The sheet as a visitor sees it, empty; what is typed here is not kept. */
function SheetPreview({ dimensions }: { dimensions: readonly PreviewDimension[] }) {
  const [scores, setScores] = useState<Record<string, ScoreValue>>({});
  return (
    <Stack gap="sm" component="section" aria-label="预览">
      <Title order={5}>预览</Title>
      <Text size="xs" c="dimmed">
        听课人看到的记录表；在此填写的内容不会保存。
      </Text>
      <ScoreFields
        dimensions={dimensions.map((d) => ({
          key: d.id,
          name: d.name.trim() || '未命名维度',
          description: d.description,
          maxScore: d.maxScore === '' ? 0 : d.maxScore,
        }))}
        values={dimensions.map((d) => scores[d.id] ?? '')}
        onChange={(i, v) => {
          const id = dimensions[i]?.id;
          if (id) setScores((s) => ({ ...s, [id]: v }));
        }}
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={5}>过程记录</Title>
          <Textarea label="记录内容" placeholder="此刻课堂上发生了什么" disabled />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={5}>总评</Title>
          <Textarea label="总评" placeholder="本节课的亮点、问题与建议" minRows={3} autosize disabled />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The administrator's editor beside the preview of what it holds. */
function LayoutWorkbench({ layout }: { layout: LayoutDimension[] }) {
  const save = useSaveLayout();
  const [countError, setCountError] = useState<string | null>(null);
  const form = useForm<LayoutDraft>({
    mode: 'controlled',
    initialValues: layoutDraftOf(layout),
    validate: {
      dimensions: {
        key: (value, values) =>
          dimensionKeyError(
            value,
            values.dimensions.map((d) => d.key),
          ),
        name: (value) => (value.trim() ? null : '请填写名称'),
        maxScore: (value) => maxScoreError(value),
      },
    },
  });
  const draft = form.getValues();

  const submit = () => {
    const count = layoutCountError(layoutSaveBodyOf(draft).dimensions);
    setCountError(count);
    if (form.validate().hasErrors || count) return;
    save.mutate(layoutSaveBodyOf(draft), {
      onSuccess: (saved) => {
        const fresh = layoutDraftOf(saved);
        form.setInitialValues(fresh);
        form.setValues(fresh);
        form.resetDirty(fresh);
        showSuccess('记录表已保存');
      },
    });
  };

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <LayoutEditor form={form} countError={countError} saving={save.isPending} onSave={submit} />
      <SheetPreview dimensions={draft.dimensions.map((d) => ({ ...d, id: d.uid }))} />
    </SimpleGrid>
  );
}

/**
 * /recordTool/testLayout (记录表版式): the record sheet as a visitor will see it; an administrator
 * (admin role or super user, as the server decides) also edits its dimensions here, the preview
 * following the edit. The server refuses anyone else's save all the same.
 */
export function TestLayout() {
  const admin = useSession((s) => isContentAdmin(s.user));
  const layout = useLayout();
  return (
    <Stack p="md" gap="md">
      <Title order={4}>记录表版式</Title>
      {layout.isPending ? (
        <Center p="xl">
          <Loader size="sm" aria-label="加载中" />
        </Center>
      ) : layout.isError ? (
        <Alert color="red" title="无法读取记录表">
          {layout.error.message}
        </Alert>
      ) : admin ? (
        <LayoutWorkbench layout={layout.data} />
      ) : (
        <Stack gap="sm" maw={720}>
          <Text size="sm" c="dimmed">
            仅管理员可以修改记录表。
          </Text>
          <SheetPreview dimensions={layout.data.map((d) => ({ ...d, id: d.key }))} />
        </Stack>
      )}
    </Stack>
  );
}
