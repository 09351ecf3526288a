// 编辑权限: who may edit a tree besides its owner. Colleagues are found with the drive's colleague
// search (by name or e-mail); saving makes the editors exactly the list shown.

import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useShareCandidates } from '@/features/document/api/share';
import type { AtlasPermission } from '@/generated/AtlasPermission';
import { showSuccess } from '@/lib/toast';
import { usePermission, useUpdatePermission } from '../api/permission';

export const SEARCH_DELAY_MS = 300;

interface Editor {
  userId: number;
  name: string;
  email: string;
}

export interface PermissionModalProps {
  opened: boolean;
  treeId: number;
  treeName: string;
  onClose: () => void;
}

export function PermissionModal({ opened, treeId, treeName, onClose }: PermissionModalProps) {
  const permission = usePermission(treeId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={`编辑权限 · ${treeName}`} size="lg" centered>
      {opened &&
        (permission.isPending ? (
          <Center p="md">
            <Loader size="sm" aria-label="正在加载权限" />
          </Center>
        ) : permission.isError ? (
          <Alert color="orange" title="权限加载失败">
            {permission.error.message}
          </Alert>
        ) : (
          <PermissionForm permission={permission.data} onClose={onClose} />
        ))}
    </Modal>
  );
}

function PermissionForm({ permission, onClose }: { permission: AtlasPermission; onClose: () => void }) {
  const update = useUpdatePermission(permission.treeId);
  const [editors, setEditors] = useState<Editor[]>(permission.editors);
  const [text, setText] = useState('');
  const [keyword] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const candidates = useShareCandidates(keyword);
  const [error, setError] = useState<string | null>(null);
  const found = keyword ? (candidates.data ?? []).filter((c) => c.userId !== permission.ownerId) : [];
  const chosen = new Set(editors.map((e) => e.userId));
  const toggle = (person: Editor, on: boolean) =>
    setEditors((list) => (on ? [...list, person] : list.filter((e) => e.userId !== person.userId)));

  const save = () =>
    update.mutate(
      editors.map((e) => e.userId),
      {
        onSuccess: () => {
          showSuccess('权限已保存');
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );

  return (
    <Stack>
      <Text size="sm">所有者：{permission.ownerId === 0 ? '教研中心' : permission.ownerName}</Text>
      <TextInput
        label="添加协作者"
        placeholder="输入姓名或邮箱"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-autofocus
      />
      {found.length > 0 && (
        <Stack gap={4} role="group" aria-label="查找结果">
          {found.map((c) => (
            <Checkbox
              key={c.userId}
              label={`${c.name}（${c.email}）`}
              checked={chosen.has(c.userId)}
              onChange={(e) => toggle(c, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
      {keyword && candidates.isSuccess && found.length === 0 && (
        <Text size="sm" c="dimmed">
          没有找到同事
        </Text>
      )}
      <Group gap="xs" role="list" aria-label="协作者">
        {editors.length === 0 ? (
          <Text size="sm" c="dimmed">
            还没有协作者
          </Text>
        ) : (
          editors.map((e) => (
            <Badge
              key={e.userId}
              role="listitem"
              variant="light"
              rightSection={
                <CloseButton size="xs" aria-label={`移除${e.name || e.email}`} onClick={() => toggle(e, false)} />
              }
            >
              {e.name || e.email}
            </Badge>
          ))
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          取消
        </Button>
        <Button onClick={save} loading={update.isPending}>
          保存
        </Button>
      </Group>
    </Stack>
  );
}
