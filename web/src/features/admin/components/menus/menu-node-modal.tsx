import { Button, Group, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { type SyntheticEvent, useState } from 'react';
import type { AdminMenuNode } from '@/generated/AdminMenuNode';
import { showSuccess } from '@/lib/toast';
import { useUpdateMenu } from '../../api/menus';

function MenuNodeForm({ node, onDone }: { node: AdminMenuNode; onDone: () => void }) {
  const [name, setName] = useState(node.name);
  const [sort, setSort] = useState<number>(node.sort);
  const [badge, setBadge] = useState(node.badge);
  const [hidden, setHidden] = useState(node.hidden);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateMenu();

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    setError(trimmed ? null : '请输入菜单名称');
    if (!trimmed) return;
    update.mutate(
      { code: node.code, name: trimmed, sort, hidden, badge: badge.trim() },
      {
        onSuccess: () => {
          showSuccess('菜单已保存');
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="菜单名称"
          withAsterisk
          maxLength={20}
          value={name}
          error={error}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        <NumberInput
          label="排序"
          description="同级菜单按排序从小到大显示"
          min={0}
          max={9999}
          allowDecimal={false}
          allowNegative={false}
          value={sort}
          onChange={(v) => setSort(typeof v === 'number' ? v : Number(v) || 0)}
        />
        <TextInput
          label="角标"
          description="显示在菜单名称旁，如「新」；不超过 4 个字，留空则不显示"
          maxLength={4}
          value={badge}
          onChange={(e) => setBadge(e.currentTarget.value)}
        />
        <Switch
          label="隐藏"
          description="隐藏后该菜单及其子菜单对所有人不显示"
          checked={hidden}
          onChange={(e) => setHidden(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            取消
          </Button>
          <Button type="submit" loading={update.isPending}>
            保存
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface MenuNodeModalProps {
  node: AdminMenuNode | null;
  onClose: () => void;
}

/** 编辑菜单: a node's name, order, badge and visibility. */
export function MenuNodeModal({ node, onClose }: MenuNodeModalProps) {
  return (
    <Modal opened={node !== null} onClose={onClose} title="编辑菜单" centered>
      {node && <MenuNodeForm key={node.code} node={node} onDone={onClose} />}
    </Modal>
  );
}
