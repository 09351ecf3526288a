import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { AtlasTree } from '@/generated/AtlasTree';
import type { Coded } from '@/features/question/question-dict';
import { isContentAdmin, useSession } from '@/lib/session';
import { treeExists, useAddTree } from '../api/trees';
import { ATLAS_LIMITS } from '../atlas-dict';

export interface TreeFormModalProps {
  opened: boolean;
  onClose: () => void;
  subject: number;
  stage: number;
  atlasTypes: readonly Coded[];
  onCreated: (tree: AtlasTree) => void;
}

/** 新建图谱: a name not used by another of my trees, the type; an admin may make it the centre's. */
export function TreeFormModal({ opened, onClose, ...form }: TreeFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="新建图谱" centered>
      {opened && <TreeForm {...form} onClose={onClose} />}
    </Modal>
  );
}

function TreeForm({ onClose, subject, stage, atlasTypes, onCreated }: Omit<TreeFormModalProps, 'opened'>) {
  const admin = useSession((s) => isContentAdmin(s.user));
  const add = useAddTree();
  const [name, setName] = useState('');
  const [atlasType, setAtlasType] = useState(String(atlasTypes[0]?.code ?? 1));
  const [centre, setCentre] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (e: SyntheticEvent) => {
    e.preventDefault();
    const value = name.trim();
    if (!value) {
      setError('请输入图谱名称');
      return;
    }
    setError(null);
    if (!centre) {
      setChecking(true);
      try {
        const exist = await treeExists({ name: value, subject, stage });
        if (exist.exist) {
          setError('已有同名的知识图谱');
          return;
        }
      } catch (err) {
        setError(err instanceof Error ? err.message : '检查名称失败');
        return;
      } finally {
        setChecking(false);
      }
    }
    add.mutate(
      { name: value, subject, stage, atlasType: Number(atlasType), ...(centre ? { centre: true } : {}) },
      { onSuccess: onCreated, onError: (err) => setError(err.message) },
    );
  };

  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack>
        <TextInput
          label="图谱名称"
          maxLength={ATLAS_LIMITS.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Select
          label="图谱类型"
          data={atlasTypes.map((t) => ({ value: String(t.code), label: t.name }))}
          value={atlasType}
          allowDeselect={false}
          onChange={(v) => v && setAtlasType(v)}
        />
        {admin && (
          <Checkbox
            label="中心图谱（所有老师可见，发布后可复制）"
            checked={centre}
            onChange={(e) => setCentre(e.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" loading={checking || add.isPending}>
            创建
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
