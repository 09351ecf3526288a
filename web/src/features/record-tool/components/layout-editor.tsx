import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  MAX_DIMENSION_DESCRIPTION_CHARS,
  MAX_DIMENSION_NAME_CHARS,
  MAX_DIMENSION_SCORE,
  MAX_LAYOUT_DIMENSIONS,
} from '../record-tool-dict';
import { type LayoutDraft, newDimension } from '../layout-draft';
import { toScoreValue } from '../visit-sheet-values';

export interface LayoutEditorProps {
  form: UseFormReturnType<LayoutDraft>;
  /** The sheet as a whole cannot be saved (how many dimensions it has). */
  countError: string | null;
  saving: boolean;
  onSave: () => void;
}

/**
 * 编辑记录表 (a region, administrators'): the dimensions in order, each with its key (letters,
 * digits and `_`, unique), name (at most 20 characters), description (100) and maximum (1–100);
 * added, removed and moved up or
 * down; 1 to 12 of them. 保存 checks them as the server does, then saves the whole sheet.
 */
export function LayoutEditor({ form, countError, saving, onSave }: LayoutEditorProps) {
  const { dimensions } = form.getValues();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="编辑记录表">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={5}>编辑记录表</Title>
          <Text size="xs" c="dimmed">
            {dimensions.length}/{MAX_LAYOUT_DIMENSIONS} 个维度
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          修改只影响之后开始的听课，已开始的听课保留原记录表。
        </Text>
        {dimensions.map((d, i) => (
          <Paper key={d.uid} withBorder radius="sm" p="xs" role="group" aria-label={`维度 ${i + 1}`}>
            <Stack gap={6}>
              <Group gap="xs" align="flex-start" wrap="wrap">
                <TextInput label="标识" w={150} maxLength={32} {...form.getInputProps(`dimensions.${i}.key`)} />
                <TextInput
                  label="名称"
                  w={150}
                  maxLength={MAX_DIMENSION_NAME_CHARS}
                  {...form.getInputProps(`dimensions.${i}.name`)}
                />
                <NumberInput
                  label="满分"
                  w={90}
                  min={1}
                  max={MAX_DIMENSION_SCORE}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps(`dimensions.${i}.maxScore`)}
                  onChange={(v) => form.setFieldValue(`dimensions.${i}.maxScore`, toScoreValue(v))}
                />
                <Group gap={2} mt={26} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`上移维度 ${i + 1}`}
                    disabled={i === 0}
                    onClick={() => form.reorderListItem('dimensions', { from: i, to: i - 1 })}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`下移维度 ${i + 1}`}
                    disabled={i === dimensions.length - 1}
                    onClick={() => form.reorderListItem('dimensions', { from: i, to: i + 1 })}
                  >
                    ↓
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`删除维度 ${i + 1}`}
                    disabled={dimensions.length <= 1}
                    onClick={() => form.removeListItem('dimensions', i)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </Group>
              <TextInput
                label="说明"
                maxLength={MAX_DIMENSION_DESCRIPTION_CHARS}
                {...form.getInputProps(`dimensions.${i}.description`)}
              />
            </Stack>
          </Paper>
        ))}
        {countError && (
          <Text size="sm" c="red" role="alert">
            {countError}
          </Text>
        )}
        <Group justify="space-between" gap="sm">
          <Button
            variant="light"
            disabled={dimensions.length >= MAX_LAYOUT_DIMENSIONS}
            onClick={() => form.insertListItem('dimensions', newDimension(dimensions))}
          >
            添加维度
          </Button>
          <Group gap="sm">
            <Button variant="default" disabled={!form.isDirty() || saving} onClick={() => form.reset()}>
              撤销修改
            </Button>
            <Button onClick={onSave} loading={saving}>
              保存记录表
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
