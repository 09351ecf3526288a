import { Alert, Button, Checkbox, Group, Modal, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { useBaseDicInfo } from '@/features/atlas/api/trees';
import { coded } from '@/features/question/question-dict';
import type { Textbook } from '@/generated/Textbook';
import { showSuccess } from '@/lib/toast';
import { useClassTypes, useSaveTextbook } from '../api/textbooks';
import { LIBRARY_STATUS, LIBRARY_STATUSES, TEXTBOOK_LIMITS } from '../textbook-dict';

/** What the form does: a new textbook (of the list's stage and subject to begin with) or a change. */
export type TextbookFormMode =
  { kind: 'create'; subject: number; stage: number } | { kind: 'edit'; textbook: Textbook };

export interface TextbookFormModalProps {
  /** null: closed. */
  mode: TextbookFormMode | null;
  onClose: () => void;
  onSaved?: (textbook: Textbook) => void;
}

/** 新建教材, 编辑教材 (teachingMaterial/addOrUpdate). */
export function TextbookFormModal({ mode, onClose, onSaved }: TextbookFormModalProps) {
  const title = mode?.kind === 'edit' ? `编辑教材 · ${mode.textbook.name}` : '新建教材';
  return (
    <Modal opened={mode !== null} onClose={onClose} title={title} size="lg">
      {mode && <TextbookForm mode={mode} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

interface Values {
  name: string;
  subject: string | null;
  stage: string | null;
  edition: string;
  grade: string;
  classTypes: string[];
  description: string;
  status: string;
}

function valuesOf(mode: TextbookFormMode): Values {
  if (mode.kind === 'create') {
    return {
      name: '',
      subject: String(mode.subject),
      stage: String(mode.stage),
      edition: '',
      grade: '',
      classTypes: [],
      description: '',
      status: String(LIBRARY_STATUS.draft),
    };
  }
  const t = mode.textbook;
  return {
    name: t.name,
    subject: String(t.subject),
    stage: String(t.stage),
    edition: t.edition,
    grade: t.grade,
    classTypes: t.classTypes.map(String),
    description: t.description,
    status: String(t.status),
  };
}

type Errors = Partial<Record<'name' | 'subject' | 'stage', string>>;

function TextbookForm({ mode, onClose, onSaved }: { mode: TextbookFormMode } & Omit<TextbookFormModalProps, 'mode'>) {
  const dict = useBaseDicInfo();
  const classTypes = coded(useClassTypes().data);
  const save = useSaveTextbook();
  const [values, setValues] = useState(() => valuesOf(mode));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const options = (list: ReturnType<typeof coded>) => list.map((c) => ({ value: String(c.code), label: c.name }));

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!values.name.trim()) found.name = '请输入教材名称';
    if (!values.stage) found.stage = '请选择学段';
    if (!values.subject) found.subject = '请选择学科';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    save.mutate(
      {
        ...(mode.kind === 'edit' ? { id: mode.textbook.id } : {}),
        name: values.name.trim(),
        subject: Number(values.subject),
        stage: Number(values.stage),
        edition: values.edition.trim(),
        grade: values.grade.trim(),
        classTypes: values.classTypes.map(Number),
        description: values.description.trim(),
        status: Number(values.status),
      },
      {
        onSuccess: (saved) => {
          showSuccess(mode.kind === 'edit' ? '教材已保存' : '教材已创建');
          onSaved?.(saved);
          onClose();
        },
        onError: (err) => setFailure(err.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="教材名称"
          maxLength={TEXTBOOK_LIMITS.name}
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
          data-autofocus
        />
        <Group grow align="flex-start">
          <Select
            label="学段"
            data={options(coded(dict.data?.stages))}
            value={values.stage}
            allowDeselect={false}
            onChange={(stage) => set({ stage })}
            error={errors.stage}
          />
          <Select
            label="学科"
            data={options(coded(dict.data?.subjects))}
            value={values.subject}
            allowDeselect={false}
            onChange={(subject) => set({ subject })}
            error={errors.subject}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="版本"
            placeholder="如 人教版"
            maxLength={TEXTBOOK_LIMITS.edition}
            value={values.edition}
            onChange={(e) => set({ edition: e.currentTarget.value })}
          />
          <TextInput
            label="年级"
            placeholder="如 高一"
            maxLength={TEXTBOOK_LIMITS.grade}
            value={values.grade}
            onChange={(e) => set({ grade: e.currentTarget.value })}
          />
        </Group>
        <Checkbox.Group label="适用课型" value={values.classTypes} onChange={(classTypes) => set({ classTypes })}>
          <Group mt={4}>
            {classTypes.map((c) => (
              <Checkbox key={c.code} value={String(c.code)} label={c.name} />
            ))}
          </Group>
        </Checkbox.Group>
        <Textarea
          label="简介"
          autosize
          minRows={2}
          maxLength={TEXTBOOK_LIMITS.description}
          value={values.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <Radio.Group label="状态" value={values.status} onChange={(status) => set({ status })}>
          <Group mt={4}>
            {LIBRARY_STATUSES.map((s) => (
              <Radio key={s.status} value={String(s.status)} label={s.text} />
            ))}
          </Group>
        </Radio.Group>
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
