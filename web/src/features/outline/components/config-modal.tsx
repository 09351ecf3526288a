import { Alert, Button, Center, Group, Loader, Modal, NumberInput, Stack, Textarea } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { useOutlineConfig, useOutlinePublishing } from '@/features/library/api/outline-publishing';
import type { OutlineConfig } from '@/generated/OutlineConfig';
import type { TeachingOutline } from '@/generated/TeachingOutline';
import { showSuccess } from '@/lib/toast';
import { CONFIG_LIMITS } from '../outline-dict';

export interface ConfigModalProps {
  /** null: closed. */
  outline: TeachingOutline | null;
  onClose: () => void;
}

/** 课程配置 (library/outline/config/detail, config/update): how the outline's course runs. */
export function ConfigModal({ outline, onClose }: ConfigModalProps) {
  return (
    <Modal opened={outline !== null} onClose={onClose} title={outline ? `课程配置 · ${outline.name}` : ''}>
      {outline && <ConfigLoader key={outline.outlineId} outlineId={outline.outlineId} onClose={onClose} />}
    </Modal>
  );
}

function ConfigLoader({ outlineId, onClose }: { outlineId: number; onClose: () => void }) {
  const config = useOutlineConfig(outlineId);
  if (config.isPending)
    return (
      <Center p="md">
        <Loader size="sm" aria-label="正在读取课程配置" />
      </Center>
    );
  if (config.isError)
    return (
      <Alert color="orange" title="课程配置读取失败">
        {config.error.message}
      </Alert>
    );
  return <ConfigForm outlineId={outlineId} initial={config.data} onClose={onClose} />;
}

type Field = 'lessonMinutes' | 'lessonsPerWeek' | 'weeks';

const FIELDS: { key: Field; label: string; unit: string }[] = [
  { key: 'lessonMinutes', label: '每节时长（分钟）', unit: '分钟' },
  { key: 'lessonsPerWeek', label: '每周节数', unit: '节' },
  { key: 'weeks', label: '总周数', unit: '周' },
];

function ConfigForm({
  outlineId,
  initial,
  onClose,
}: {
  outlineId: number;
  initial: OutlineConfig;
  onClose: () => void;
}) {
  const { config: save } = useOutlinePublishing();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    for (const f of FIELDS) {
      const [min, max] = CONFIG_LIMITS[f.key];
      const v = values[f.key];
      if (!Number.isInteger(v) || v < min || v > max) found[f.key] = `需在${min}到${max}${f.unit}之间`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    save.mutate(
      { outlineId, config: { ...values, note: values.note.trim() } },
      {
        onSuccess: () => {
          showSuccess('课程配置已保存');
          onClose();
        },
        onError: (err) => setFailure(err.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {FIELDS.map((f) => (
          <NumberInput
            key={f.key}
            label={f.label}
            min={CONFIG_LIMITS[f.key][0]}
            max={CONFIG_LIMITS[f.key][1]}
            allowDecimal={false}
            value={values[f.key]}
            onChange={(v) => setValues((old) => ({ ...old, [f.key]: typeof v === 'number' ? v : Number.NaN }))}
            error={errors[f.key]}
          />
        ))}
        <Textarea
          label="备注"
          autosize
          minRows={2}
          maxLength={CONFIG_LIMITS.note}
          value={values.note}
          onChange={(e) => {
            const note = e.currentTarget.value;
            setValues((old) => ({ ...old, note }));
          }}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={save.isPending}>
            保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
