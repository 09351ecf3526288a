import { Select } from '@mantine/core';
import type { AiModel } from '@/generated/AiModel';

export interface ModelSelectProps {
  models: readonly AiModel[];
  value: string | null;
  onChange: (code: string) => void;
  disabled?: boolean;
}

/** The model a message is sent to (the configured ones; the default preselected by the caller). */
export function ModelSelect({ models, value, onChange, disabled }: ModelSelectProps) {
  return (
    <Select
      aria-label="模型"
      size="xs"
      w={180}
      data={models.map((m) => ({ value: m.code, label: m.isDefault ? `${m.name}（默认）` : m.name }))}
      value={value}
      onChange={(code) => code && onChange(code)}
      allowDeselect={false}
      disabled={disabled}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
