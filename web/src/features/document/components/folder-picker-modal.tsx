// 移动到 / 复制到: the target folder, picked from the personal space and the team spaces the user
// writes in (editors and owners), each space's folders read when it is opened
// (team/queryAllFolder). For a move, the items' own folders and what is inside them are not
// offered (the server refuses a move into an item's own subtree too).

import { ActionIcon, Box, Button, Group, Loader, Modal, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { FolderNode } from '@/generated/FolderNode';
import { useAllFolders } from '../api/folders';
import { useTeams } from '../api/teams';
import { isExcluded } from '../drive-rules';
import { canWriteTeam } from '../drive-dict';

/** A folder picked: its id (0: the root of the space) and the space's team (0: personal). */
export interface PickedFolder {
  targetId: number;
  teamId: number;
  name: string;
}

export interface FolderPickerModalProps {
  opened: boolean;
  title: string;
  /** The items moved: their folders are not offered (none for a copy). */
  excludeIds?: number[];
  confirmLabel?: string;
  onPick: (folder: PickedFolder) => Promise<unknown>;
  onClose: () => void;
}

export function FolderPickerModal({ opened, onClose, title, ...body }: FolderPickerModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered>
      {opened && <PickerBody {...body} onClose={onClose} />}
    </Modal>
  );
}

const sameFolder = (a: PickedFolder | null, b: PickedFolder) => a?.targetId === b.targetId && a.teamId === b.teamId;

function PickerBody({
  excludeIds = [],
  confirmLabel = '确定',
  onPick,
  onClose,
}: Omit<FolderPickerModalProps, 'opened' | 'title'>) {
  const teams = useTeams();
  const [picked, setPicked] = useState<PickedFolder | null>(null);
  const [busy, setBusy] = useState(false);
  const spaces = [
    { teamId: 0, name: '我的空间' },
    ...(teams.data ?? []).filter((t) => canWriteTeam(t.role)).map((t) => ({ teamId: t.teamId, name: t.name })),
  ];
  const confirm = () => {
    if (!picked) return;
    setBusy(true);
    onPick(picked).then(onClose, () => setBusy(false));
  };
  return (
    <Stack>
      <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
        <Stack gap={2} role="tree" aria-label="目标文件夹">
          {spaces.map((space) => (
            <SpaceBranch
              key={space.teamId}
              teamId={space.teamId}
              name={space.name}
              picked={picked}
              onPick={setPicked}
              excludeIds={excludeIds}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Text size="sm" c="dimmed">
        {picked ? `目标：${picked.name}` : '请选择目标文件夹'}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          取消
        </Button>
        <Button onClick={confirm} disabled={!picked} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}

interface BranchProps {
  teamId: number;
  picked: PickedFolder | null;
  onPick: (folder: PickedFolder) => void;
  excludeIds: number[];
}

/** A space: its root, and its folders once opened. */
function SpaceBranch({ teamId, name, ...rest }: BranchProps & { name: string }) {
  const [open, setOpen] = useState(teamId === 0);
  const folders = useAllFolders(teamId, open);
  const root: PickedFolder = { targetId: 0, teamId, name };
  return (
    <Box>
      <FolderRow
        folder={root}
        depth={0}
        open={open}
        hasChildren
        onToggle={() => setOpen((o) => !o)}
        picked={sameFolder(rest.picked, root)}
        onPick={rest.onPick}
        disabled={false}
      />
      {open && folders.isPending && <Loader size="xs" ml="xl" />}
      {open && folders.data?.map((f) => <FolderBranch key={f.id} node={f} depth={1} teamId={teamId} {...rest} />)}
    </Box>
  );
}

function FolderBranch({ node, depth, teamId, ...rest }: BranchProps & { node: FolderNode; depth: number }) {
  const [open, setOpen] = useState(false);
  const folder: PickedFolder = { targetId: node.id, teamId, name: node.name };
  const disabled = isExcluded(node, rest.excludeIds);
  const hasChildren = node.hasChildren || node.children.length > 0;
  return (
    <>
      <FolderRow
        folder={folder}
        depth={depth}
        open={open}
        hasChildren={hasChildren}
        onToggle={() => setOpen((o) => !o)}
        picked={sameFolder(rest.picked, folder)}
        onPick={rest.onPick}
        disabled={disabled}
      />
      {open &&
        !disabled &&
        node.children.map((c) => <FolderBranch key={c.id} node={c} depth={depth + 1} teamId={teamId} {...rest} />)}
    </>
  );
}

interface FolderRowProps {
  folder: PickedFolder;
  depth: number;
  open: boolean;
  hasChildren: boolean;
  onToggle: () => void;
  picked: boolean;
  onPick: (folder: PickedFolder) => void;
  disabled: boolean;
}

function FolderRow({ folder, depth, open, hasChildren, onToggle, picked, onPick, disabled }: FolderRowProps) {
  return (
    <Group
      gap={4}
      wrap="nowrap"
      pl={depth * 18}
      role="treeitem"
      aria-selected={picked}
      aria-expanded={hasChildren ? open : undefined}
    >
      {hasChildren ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          onClick={onToggle}
          aria-label={`${open ? '收起' : '展开'} ${folder.name}`}
        >
          {open ? '▾' : '▸'}
        </ActionIcon>
      ) : (
        <Box w={22} />
      )}
      <UnstyledButton
        onClick={() => onPick(folder)}
        disabled={disabled}
        aria-pressed={picked}
        data-testid="drive-picker-folder"
        data-folder-id={folder.targetId}
        data-team-id={folder.teamId}
        px="xs"
        py={2}
        style={{
          flex: 1,
          borderRadius: 4,
          opacity: disabled ? 0.45 : undefined,
          background: picked ? 'var(--mantine-color-blue-light)' : undefined,
        }}
      >
        <Text size="sm">{folder.name}</Text>
      </UnstyledButton>
    </Group>
  );
}
