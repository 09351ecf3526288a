import { ActionIcon, Button, Checkbox, Group, Paper, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import type { FormField } from '@/generated/FormField';
import { emptyField, FIELD_KINDS, formFieldErrors } from '../../service-form';

export interface FormFieldsEditorProps {
  value: FormField[];
  onChange: (value: FormField[]) => void;
  /** Show each field's problem (after a save was tried). */
  showErrors: boolean;
}

/** The follow-up form of a service: its fields, each with a key, a name, a kind, required or not. */
export function FormFieldsEditor({ value, onChange, showErrors }: FormFieldsEditorProps) {
  const errors = showErrors ? formFieldErrors(value) : {};
  const edit = (index: number, patch: Partial<FormField>) =>
    onChange(value.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  return (
    <Stack gap="xs" role="group" aria-label="表单字段">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          表单字段
        </Text>
        <Button size="compact-xs" variant="light" onClick={() => onChange([...value, emptyField()])}>
          添加字段
        </Button>
      </Group>
      {value.length === 0 && (
        <Text size="xs" c="dimmed">
          未设置表单字段，打卡时只填写服务内容
        </Text>
      )}
      {value.map((field, i) => {
        const n = i + 1;
        return (
          <Paper key={i} withBorder p="xs">
            <Stack gap={6}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  size="xs"
                  w={130}
                  label="字段标识"
                  aria-label={`字段${n}标识`}
                  placeholder="如 topic"
                  value={field.key}
                  onChange={(e) => edit(i, { key: e.currentTarget.value })}
                />
                <TextInput
                  size="xs"
                  flex={1}
                  label="字段名称"
                  aria-label={`字段${n}名称`}
                  placeholder="如 沟通主题"
                  value={field.label}
                  onChange={(e) => edit(i, { label: e.currentTarget.value })}
                />
                <Select
                  size="xs"
                  w={110}
                  label="类型"
                  aria-label={`字段${n}类型`}
                  data={FIELD_KINDS}
                  value={field.kind}
                  allowDeselect={false}
                  onChange={(kind) => edit(i, { kind: kind ?? 'text' })}
                  comboboxProps={{ withinPortal: true }}
                />
                <Checkbox
                  size="xs"
                  mb={6}
                  label="必填"
                  aria-label={`字段${n}必填`}
                  checked={field.required}
                  onChange={(e) => edit(i, { required: e.currentTarget.checked })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mb={2}
                  aria-label={`删除字段${n}`}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                >
                  ✕
                </ActionIcon>
              </Group>
              {field.kind === 'select' && (
                <TagsInput
                  size="xs"
                  label="选项"
                  aria-label={`字段${n}选项`}
                  placeholder="输入选项后回车"
                  value={field.options}
                  onChange={(options) => edit(i, { options })}
                />
              )}
              {errors[i] && (
                <Text size="xs" c="red" role="alert">
                  {errors[i]}
                </Text>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
