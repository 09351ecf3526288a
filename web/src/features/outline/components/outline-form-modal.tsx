import { Alert, Button, Center, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { useOutlineTree } from '@/features/library/api/outline-library';
import { coded } from '@/features/question/question-dict';
import { useClassTypes } from '@/features/teaching-material/api/textbooks';
import type { TeachingOutline } from '@/generated/TeachingOutline';
import { showSuccess } from '@/lib/toast';
import { useOutlineChanges } from '../api/outlines';
import { OUTLINE_LIMITS } from '../outline-dict';
import { draftErrors, draftsOf, newUnit, totals, type UnitDraft, unitInputs } from '../outline-draft';
import { UnitsEditor } from './units-editor';

/**
 * What the form does: a new outline of the list's stage and subject (and class type, when the list
 * has one), or a change of one.
 */
export type OutlineFormMode =
  { kind: 'create'; subject: number; stage: number; classType?: number } | { kind: 'edit'; outline: TeachingOutline };

export interface OutlineFormModalProps {
  /** null: closed. */
  mode: OutlineFormMode | null;
  onClose: () => void;
}

/**
 * 新建大纲, 编辑大纲 (teaching/outline/save): the name, the class type and the units with their
 * lessons. A change starts from the outline as it stands now (library/outline/tree); the server
 * refuses it while the outline is in use.
 */
export function OutlineFormModal({ mode, onClose }: OutlineFormModalProps) {
  const title = mode?.kind === 'edit' ? `编辑大纲 · ${mode.outline.name}` : '新建大纲';
  return (
    <Modal opened={mode !== null} onClose={onClose} title={title} size="xl">
      {mode?.kind === 'create' && (
        <OutlineForm
          subject={mode.subject}
          stage={mode.stage}
          initial={{
            name: '',
            classType: mode.classType === undefined ? null : String(mode.classType),
            units: [newUnit(1)],
          }}
          onClose={onClose}
        />
      )}
      {mode?.kind === 'edit' && <EditOutline outline={mode.outline} onClose={onClose} />}
    </Modal>
  );
}

function EditOutline({ outline, onClose }: { outline: TeachingOutline; onClose: () => void }) {
  const tree = useOutlineTree(outline.outlineId);
  if (tree.isPending)
    return (
      <Center p="md">
        <Loader size="sm" aria-label="正在读取大纲" />
      </Center>
    );
  if (tree.isError)
    return (
      <Alert color="orange" title="大纲读取失败">
        {tree.error.message}
      </Alert>
    );
  const o = tree.data.outline;
  return (
    <OutlineForm
      outlineId={o.outlineId}
      inUse={o.valid}
      subject={o.subject}
      stage={o.stage}
      initial={{ name: o.name, classType: String(o.classType), units: draftsOf(tree.data.units) }}
      onClose={onClose}
    />
  );
}

interface OutlineFormProps {
  outlineId?: number;
  inUse?: boolean;
  subject: number;
  stage: number;
  initial: { name: string; classType: string | null; units: UnitDraft[] };
  onClose: () => void;
}

type Errors = Record<string, string>;

function OutlineForm({ outlineId, inUse = false, subject, stage, initial, onClose }: OutlineFormProps) {
  const classTypes = coded(useClassTypes().data);
  const { save } = useOutlineChanges();
  const [name, setName] = useState(initial.name);
  const [classType, setClassType] = useState(initial.classType);
  const [units, setUnits] = useState(initial.units);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const sum = totals(units);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const found: Errors = draftErrors(units);
    if (!name.trim()) found.name = '请输入大纲名称';
    if (!classType) found.classType = '请选择班型';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    save.mutate(
      {
        ...(outlineId !== undefined ? { outlineId } : {}),
        name: name.trim(),
        subject,
        stage,
        classType: Number(classType),
        units: unitInputs(units),
      },
      {
        onSuccess: () => {
          showSuccess(outlineId !== undefined ? '大纲已保存' : '大纲已创建');
          onClose();
        },
        onError: (err) => setFailure(err.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {inUse && (
          <Alert color="yellow" variant="light" role="note">
            这份大纲正在使用中，需先设为编辑中才能保存修改。
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput
            label="大纲名称"
            maxLength={OUTLINE_LIMITS.name}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <Select
            label="班型"
            data={classTypes.map((c) => ({ value: String(c.code), label: c.name }))}
            value={classType}
            allowDeselect={false}
            onChange={setClassType}
            error={errors.classType}
          />
        </Group>
        <Text size="sm" c="dimmed">
          共 {units.length} 单元、{sum.lessons} 课次、{sum.hours} 课时
        </Text>
        <UnitsEditor subject={subject} stage={stage} units={units} onChange={setUnits} errors={errors} />
        {errors[''] && (
          <Alert color="red" variant="light">
            {errors['']}
          </Alert>
        )}
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
