import { Alert, Grid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Loading, NotLoaded } from '@/features/teaching/components/loading';
import { campKeys } from '../api/camp-keys';
import { useCampInfo } from '../api/camps';
import { useCampPhases } from '../api/phases';
import { useCampChanges } from '../api/use-camp-changes';
import { CAMP_EDITING, CAMP_PAUSED, CAMP_SHUT, isEditable } from '../camp-dict';
import { CampHeader } from './camp-header';
import { PhaseBoard } from './phase-board';
import { PublishPanel } from './publish-panel';
import { RulePanel } from './rule-panel';

/**
 * Reads the camp again when it changes elsewhere (another tab, an upload finished as a task):
 * the pushes of its structure and state, and after a reconnect.
 */
function useCampLive(campId: number) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: campKeys.camp(campId) });
  useCampChanges((change) => {
    if (change.campId !== campId || (change.kind !== 'structure' && change.kind !== 'state')) return;
    refresh();
    void queryClient.invalidateQueries({ queryKey: campKeys.lists() });
  }, refresh);
}

/** The state's note above the builder. */
function StateNote({ status }: { status: number }) {
  if (status === CAMP_EDITING) {
    return (
      <Alert color="blue" variant="light" title="编辑中">
        学员仍在学习已发布的版本；修改完成后点击「发布」让学员看到新内容，或「撤销编辑」回到已发布的版本。
      </Alert>
    );
  }
  if (status === CAMP_PAUSED) {
    return (
      <Alert color="orange" variant="light" title="已暂停">
        学员可以查看营地，但不能继续学习；点击「恢复」重新开放。
      </Alert>
    );
  }
  if (status === CAMP_SHUT) {
    return (
      <Alert color="red" variant="light" title="已关闭">
        营地已关闭，不能再修改。
      </Alert>
    );
  }
  return null;
}

/**
 * A camp's builder (/knowledgeRepository/training/camp/{id}): its head and state actions, its
 * phases and tasks, the rule that opens them, and its QR codes once published. Another tab's
 * changes arrive through the camp's pushes.
 */
export function CampBuilder({ campId }: { campId: number }) {
  const info = useCampInfo(campId);
  const phases = useCampPhases(campId);
  useCampLive(campId);
  if (info.isPending || phases.isPending) return <Loading />;
  if (info.isError || phases.isError) return <NotLoaded text="未能读取营地，请确认它存在且属于你。" />;
  const camp = info.data;
  return (
    <Stack p="md" gap="md">
      <CampHeader info={camp} />
      <StateNote status={camp.status} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <PhaseBoard campId={campId} phases={phases.data} editable={isEditable(camp.status)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <PublishPanel info={camp} />
            <RulePanel key={`${camp.publishRule}|${camp.startTime}|${camp.intervalDays}`} info={camp} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
