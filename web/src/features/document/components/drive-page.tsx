// The cloud drive (/knowledgeRepository/mainSpace, 03 §2): the space tree with the quota on the
// left, the listing of the current location on the right. Where the user is lives in the route's
// query (reload and back show the same folder); a share link opens with ?share={code}. Rows are
// dragged onto folders, crumbs and spaces to move them; every change anyone makes to a space the
// user sees is pushed and read again at once, and copy jobs report their progress.

import { Button, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import type { SpaceNode } from '@/generated/SpaceNode';
import type { RealtimeClient } from '@/lib/realtime';
import { showSuccess } from '@/lib/toast';
import { useSpaceTree } from '../api/drive';
import { refreshDrive, useMoveItems, useRecycleItems } from '../api/items';
import { useCreateTeam, useDeleteTeam, useRenameTeam } from '../api/teams';
import { useDriveLive } from '../api/use-drive-live';
import { type DriveLocation, kindOfNode, locationOfNode, locationQuery, parseLocation } from '../drive-location';
import { driveUploads, type DriveUploads } from '../drive-upload';
import { useCopyJobs } from '../use-copy-jobs';
import { CopyJobsPanel } from './copy-jobs';
import { type DragPayload, type DropTarget } from '../drive-drop';
import { DriveDnd } from './drive-dnd';
import { FolderView } from './drive-folder';
import { NameModal } from './name-modal';
import { PlanShareOpenModal } from './plan-share-open-modal';
import { QuotaBar } from './quota-bar';
import { SpaceTree, type TeamAction } from './space-tree';
import { TeamModal, type TeamRef } from './team-modal';

export interface DrivePageProps {
  title?: string;
  /** The upload queue (the app's by default). */
  uploads?: DriveUploads;
  /** The push client (the app's by default). */
  realtime?: RealtimeClient;
}

/** Every node of the tree, depth first. */
function flatten(nodes: readonly SpaceNode[]): SpaceNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

const teamOf = (node: SpaceNode): TeamRef => ({
  teamId: node.teamId || kindOfNode(node.nodeId).teamId,
  name: node.nodeName,
  role: node.teamRole,
});

export function DrivePage({ title = '我的空间', uploads = driveUploads, realtime }: DrivePageProps) {
  const [params, setParams] = useSearchParams();
  const at = parseLocation(params);
  const shareCode = params.get('share')?.trim() ?? '';
  const tree = useSpaceTree();
  const jobs = useCopyJobs();
  useDriveLive(jobs.update, realtime);
  const queryClient = useQueryClient();
  // A file saved into a folder: what is on screen is read again (the push also says so).
  useEffect(() => uploads.manager.onSaved(() => void refreshDrive(queryClient)), [uploads, queryClient]);

  const navigate = (to: DriveLocation, extra?: { parentId?: number; path?: string }) =>
    setParams(new URLSearchParams(locationQuery(to, extra)));
  const nodes = flatten(tree.data?.nodes ?? []);
  const spaceNameOf = (teamId: number) =>
    teamId === 0
      ? (nodes.find((n) => n.nodeId === 'personal')?.nodeName ?? '我的空间')
      : (nodes.find((n) => n.nodeId === `team-${teamId}`)?.nodeName ?? '团队空间');

  const move = useMoveItems();
  const recycle = useRecycleItems();
  const onDrop = (payload: DragPayload, target: DropTarget) => {
    const what = payload.ids.length === 1 ? `「${payload.label}」` : payload.label;
    if (target.kind === 'recycle') {
      recycle.mutate(payload.ids, { onSuccess: () => showSuccess(`已将${what}移到回收站`) });
    } else {
      move.mutate(
        { ids: payload.ids, targetId: target.targetId, teamId: target.teamId },
        { onSuccess: () => showSuccess(`已将${what}移动到「${target.label}」`) },
      );
    }
  };

  const [members, setMembers] = useState<TeamRef | null>(null);
  const [renaming, setRenaming] = useState<TeamRef | null>(null);
  const [deleting, setDeleting] = useState<TeamRef | null>(null);
  const [creating, setCreating] = useState(false);
  const createTeam = useCreateTeam();
  const renameTeam = useRenameTeam();
  const deleteTeam = useDeleteTeam();
  const onTeamAction = (action: TeamAction, node: SpaceNode) => {
    const team = teamOf(node);
    if (action === 'members') setMembers(team);
    else if (action === 'rename') setRenaming(team);
    else setDeleting(team);
  };

  const closeShare = () => {
    const next = new URLSearchParams(params);
    next.delete('share');
    setParams(next, { replace: true });
  };

  return (
    <DriveDnd onDrop={onDrop}>
      <Stack p="md" gap="sm" data-testid="drive-page">
        <Title order={4}>{title}</Title>
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Paper withBorder p="sm" w={240} style={{ flex: 'none' }}>
            <Stack gap="sm">
              {tree.isPending && <Loader size="sm" />}
              {tree.data && (
                <SpaceTree
                  nodes={tree.data.nodes}
                  at={at}
                  onOpen={(n) => navigate(locationOfNode(n))}
                  onTeamAction={onTeamAction}
                />
              )}
              <Button size="xs" variant="light" onClick={() => setCreating(true)} data-testid="drive-new-team">
                新建团队
              </Button>
              {tree.data && <QuotaBar quota={tree.data.quota} />}
            </Stack>
          </Paper>
          <Stack style={{ flex: 1, minWidth: 0 }}>
            <FolderView
              key={`${at.nodeId}:${at.id}`}
              at={at}
              onNavigate={navigate}
              spaceNameOf={spaceNameOf}
              uploads={uploads}
              onCopyJob={jobs.track}
            />
          </Stack>
        </Group>
      </Stack>
      <CopyJobsPanel jobs={jobs.jobs} dismiss={jobs.dismiss} />
      <TeamModal team={members} onClose={() => setMembers(null)} />
      <NameModal
        opened={creating}
        title="新建团队"
        label="团队名称"
        onClose={() => setCreating(false)}
        onSubmit={(name) =>
          createTeam.mutateAsync({ name }).then((team) => {
            showSuccess(`已创建团队「${team.name}」`);
            navigate({
              nodeId: `team-${team.teamId}`,
              kind: 'team',
              teamId: team.teamId,
              id: 0,
              nodeName: team.name,
              location: 2,
            });
          })
        }
      />
      <NameModal
        opened={renaming !== null}
        title="重命名团队"
        label="团队名称"
        initial={renaming?.name ?? ''}
        onClose={() => setRenaming(null)}
        onSubmit={(name) =>
          renaming
            ? renameTeam.mutateAsync({ teamId: renaming.teamId, name }).then(() => showSuccess('团队已重命名'))
            : Promise.resolve()
        }
      />
      <ConfirmModal
        opened={deleting !== null}
        title="删除团队"
        message={deleting ? `删除团队「${deleting.name}」？团队空间中仍有文件时不能删除。` : ''}
        confirmLabel="删除"
        busy={deleteTeam.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const gone = deleting;
          deleteTeam.mutate(gone.teamId, {
            onSuccess: () => {
              showSuccess(`已删除团队「${gone.name}」`);
              if (at.kind === 'team' && at.teamId === gone.teamId) navigate(parseLocation(new URLSearchParams()));
            },
            onSettled: () => setDeleting(null),
          });
        }}
      />
      <PlanShareOpenModal
        code={shareCode}
        onClose={closeShare}
        onSaved={() => navigate(parseLocation(new URLSearchParams({ nodeId: 'personal' })))}
      />
    </DriveDnd>
  );
}
