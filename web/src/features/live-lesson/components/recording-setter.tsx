import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { LiveLessonDetail } from '@/generated/LiveLessonDetail';
import { showSuccess } from '@/lib/toast';
import { useSetRecording } from '../api/recording';

/** What a media picker is handed: the chosen resource's id as text (null: none chosen). */
export interface MediaPickerProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}

/**
 * Draws a picker of the caller's own video and audio resources. The resources are another
 * feature's (uploads), so the app hands the picker in.
 */
export type MediaPicker = (props: MediaPickerProps) => ReactNode;

export interface RecordingSetterProps {
  detail: LiveLessonDetail;
  mediaPicker: MediaPicker;
}

/**
 * 设置回放 (the lesson's teachers: the server's `canReport`; a region): the recording now, one of
 * the teacher's video or audio resources to attach in its place, or its removal. Each answers the
 * lesson, whose recording the page then plays; a refusal is shown by the API client.
 */
export function RecordingSetter({ detail, mediaPicker }: RecordingSetterProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const set = useSetRecording();
  const current = detail.recording;
  const attach = () => {
    if (chosen === null) return;
    set.mutate(
      { lessonId: detail.lessonId, resourceId: Number(chosen) },
      {
        onSuccess: () => {
          showSuccess('回放已设置');
          setChosen(null);
        },
      },
    );
  };
  const remove = () => {
    set.mutate({ lessonId: detail.lessonId }, { onSuccess: () => showSuccess('回放已移除') });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="设置回放">
      <Stack gap="sm">
        <Title order={5}>设置回放</Title>
        <Text size="sm">当前回放：{current ? current.fileName : '未设置'}</Text>
        <Group gap="sm" align="flex-end">
          <div style={{ flex: 1, minWidth: 240 }}>
            {mediaPicker({ label: current ? '更换为' : '选择音视频', value: chosen, onChange: setChosen })}
          </div>
          <Button
            onClick={attach}
            disabled={chosen === null || Number(chosen) === current?.resourceId}
            loading={set.isPending}
          >
            {current ? '更换回放' : '设为回放'}
          </Button>
          {current && (
            <Button variant="default" color="red" onClick={remove} disabled={set.isPending}>
              移除回放
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
