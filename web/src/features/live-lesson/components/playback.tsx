import { Center, Loader, Stack, Text } from '@mantine/core';
import { ErrorCode } from '@/generated/codes';
import type { LiveLessonDetail } from '@/generated/LiveLessonDetail';
import { isApiError } from '@/lib/api-client';
import type { RealtimeClient } from '@/lib/realtime';
import { usePlayback } from '../api/playback';
import { LessonHeader } from './lesson-header';
import { LessonPage } from './lesson-page';
import { type MediaPicker, RecordingSetter } from './recording-setter';
import { ReplayPlayer } from './replay-player';

export const NO_RECORDING = '本节课暂无回放';

/** Why nothing plays: no recording, or the server's reason (回放文件已删除, 无权限). */
function NothingToPlay({ reason }: { reason?: string }) {
  return (
    <Stack gap={4} align="center" p="xl" role="status">
      <Text c="dimmed">{NO_RECORDING}</Text>
      {reason && reason !== NO_RECORDING && (
        <Text size="sm" c="dimmed">
          {reason}
        </Text>
      )}
    </Stack>
  );
}

/** The recording the lesson names, read and played. */
function Replay({ detail }: { detail: LiveLessonDetail }) {
  const query = usePlayback(detail.lessonId, detail.recording?.resourceId ?? null);
  if (!detail.recording) return <NothingToPlay />;
  if (query.isPending) {
    return (
      <Center p="xl">
        <Loader size="sm" aria-label="加载中" />
      </Center>
    );
  }
  if (query.isError) {
    if (isApiError(query.error, ErrorCode.NotFound)) return <NothingToPlay reason={query.error.message} />;
    return (
      <Text c="dimmed" role="alert" ta="center" p="xl">
        {query.error.message}
      </Text>
    );
  }
  return <ReplayPlayer key={query.data.play.url} playback={query.data} />;
}

export interface PlaybackProps {
  lessonId: number;
  /** The teacher's picker of their media resources, for 设置回放. */
  mediaPicker: MediaPicker;
  client?: RealtimeClient;
}

/**
 * /easyServer/playbackPage/{id} (回放): the lesson and its recording, played from where the
 * viewer stopped, with the replay's knowledge points; the lesson's teachers attach, replace or
 * remove the recording here. Followed live: a recording set elsewhere is played here at once.
 */
export function Playback({ lessonId, mediaPicker, client }: PlaybackProps) {
  return (
    <LessonPage lessonId={lessonId} client={client}>
      {(detail) => (
        <>
          <LessonHeader detail={detail} />
          <Replay detail={detail} />
          {detail.canReport && <RecordingSetter detail={detail} mediaPicker={mediaPicker} />}
        </>
      )}
    </LessonPage>
  );
}
