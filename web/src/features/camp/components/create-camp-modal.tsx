import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateCamp } from '../api/camps';
import { useCollections, useCreateCollection } from '../api/collections';
import { CAMP_LIMITS } from '../camp-dict';
import { campEditPath } from '../camp-paths';

export interface CreateCampModalProps {
  opened: boolean;
  onClose: () => void;
  /** The collection chosen in the list, preselected. */
  collectionId?: number | null;
}

/** A collection created here, inline: its name and 创建. */
function NewCollection({ onCreated }: { onCreated: (collectionId: number) => void }) {
  const [name, setName] = useState('');
  const create = useCreateCollection();
  const submit = () => {
    const collectionName = name.trim();
    if (!collectionName) return;
    create.mutate(
      { collectionName },
      {
        onSuccess: (c) => {
          setName('');
          onCreated(c.collectionId);
        },
      },
    );
  };
  return (
    <Group gap="xs" align="flex-end">
      <TextInput
        size="xs"
        label="新建合集"
        placeholder="合集名称"
        maxLength={CAMP_LIMITS.campName}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            submit();
          }
        }}
        style={{ flex: 1 }}
      />
      <Button size="xs" variant="light" onClick={submit} loading={create.isPending} disabled={!name.trim()}>
        创建合集
      </Button>
    </Group>
  );
}

/** 新建学习营: name, description and collection (one may be created here); opens the new camp's builder. */
export function CreateCampModal({ opened, onClose, collectionId = null }: CreateCampModalProps) {
  const navigate = useNavigate();
  const collections = useCollections();
  const create = useCreateCamp();
  const [campName, setCampName] = useState('');
  const [description, setDescription] = useState('');
  const [collection, setCollection] = useState<string | null>(collectionId === null ? null : String(collectionId));
  const [error, setError] = useState<string | null>(null);

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const name = campName.trim();
    if (!name) {
      setError('请输入营地名称');
      return;
    }
    setError(null);
    create.mutate(
      {
        campName: name,
        description: description.trim() || undefined,
        collectionId: collection === null ? undefined : Number(collection),
      },
      {
        onSuccess: (info) => {
          onClose();
          void navigate(campEditPath(info.campId));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="新建学习营" centered>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="营地名称"
            withAsterisk
            maxLength={CAMP_LIMITS.campName}
            value={campName}
            error={error}
            onChange={(e) => setCampName(e.currentTarget.value)}
            data-autofocus
          />
          <Textarea
            label="营地简介"
            autosize
            minRows={2}
            maxLength={CAMP_LIMITS.text}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <Select
            label="所属合集"
            placeholder="不归入合集"
            clearable
            data={(collections.data ?? []).map((c) => ({ value: String(c.collectionId), label: c.collectionName }))}
            value={collection}
            onChange={setCollection}
            comboboxProps={{ withinPortal: false }}
          />
          <NewCollection onCreated={(id) => setCollection(String(id))} />
          <Text size="xs" c="dimmed">
            创建后进入营地编辑：添加阶段和任务，设置开放规则，然后发布。
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" loading={create.isPending}>
              创建
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
