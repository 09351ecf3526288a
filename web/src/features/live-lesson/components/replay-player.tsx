import { Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useMemo, useRef, type SyntheticEvent } from 'react';
import type { LivePlayback } from '@/generated/LivePlayback';
import { reportPlayPosition } from '../api/playback';
import { formatClock } from '../live-dict';
import { createPositionReporter } from '../position-reporter';

export const PLAYER_LABEL = '课堂回放';

/** A recording played from its start is at most this near its end to be taken up again (s). */
const NEAR_END_S = 1;

/** The replay's knowledge points (a region 回放知识点): each starts the recording at its place. */
function ReplayPoints({ playback, onSeek }: { playback: LivePlayback; onSeek: (second: number) => void }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="回放知识点">
      <Stack gap="xs">
        <Title order={5}>知识点</Title>
        {playback.points.length === 0 ? (
          <Text size="sm" c="dimmed">
            暂无知识点
          </Text>
        ) : (
          playback.points.map((p) => (
            <UnstyledButton
              key={`${p.startSecond}-${p.knowledgeName}`}
              onClick={() => onSeek(p.startSecond)}
              aria-label={`${p.knowledgeName} ${formatClock(p.startSecond)}`}
            >
              <Group gap="sm" wrap="nowrap">
                <Text size="sm" c="blue" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatClock(p.startSecond)}
                </Text>
                <Text size="sm" style={{ flex: 1 }}>
                  {p.knowledgeName}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.students} 名学员
                </Text>
              </Group>
            </UnstyledButton>
          ))
        )}
      </Stack>
    </Paper>
  );
}

export interface ReplayPlayerProps {
  playback: LivePlayback;
}

/**
 * The lesson's recording in the browser's player (video, or audio for an audio recording),
 * started where the viewer last stopped, with its knowledge points beside it; where the viewer
 * is, is reported as it plays (see `position-reporter`). One player per recording URL.
 */
export function ReplayPlayer({ playback }: ReplayPlayerProps) {
  const media = useRef<HTMLMediaElement | null>(null);
  const { lessonId, play } = playback;
  const reporter = useMemo(
    () =>
      createPositionReporter(
        (position, duration) =>
          void reportPlayPosition({ lessonId, position, ...(duration === undefined ? {} : { duration }) }),
      ),
    [lessonId],
  );
  useEffect(() => () => reporter.dispose(), [reporter]);

  const startWhereLeft = (e: SyntheticEvent<HTMLMediaElement>) => {
    const el = e.currentTarget;
    const last = play.lastPosition ?? 0;
    const nearEnd = Number.isFinite(el.duration) && last >= el.duration - NEAR_END_S;
    // A point chosen before the recording loaded wins over the old place.
    if (last > 0 && !nearEnd && el.currentTime === 0) el.currentTime = last;
  };
  const seek = (second: number) => {
    const el = media.current;
    if (!el) return;
    el.currentTime = second;
    // Chosen by a click, so the browser lets it play; a refusal leaves it paused at the point.
    el.play().catch(() => undefined);
  };

  const attach = (el: HTMLMediaElement | null) => {
    media.current = el;
  };
  const mediaProps = {
    ref: attach,
    src: play.url,
    controls: true,
    preload: 'metadata',
    'aria-label': PLAYER_LABEL,
    onLoadedMetadata: startWhereLeft,
    onPlay: (e: SyntheticEvent<HTMLMediaElement>) => reporter.playing(e.currentTarget),
    onPause: (e: SyntheticEvent<HTMLMediaElement>) => reporter.paused(e.currentTarget),
    onSeeked: (e: SyntheticEvent<HTMLMediaElement>) => reporter.seeked(e.currentTarget),
    onEnded: (e: SyntheticEvent<HTMLMediaElement>) => reporter.ended(e.currentTarget),
  };
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-label="回放">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {play.fileName}
          </Text>
          {play.class === 'audio' ? (
            <audio {...mediaProps} style={{ width: '100%' }} />
          ) : (
            <video {...mediaProps} style={{ width: '100%', maxHeight: 520, background: 'black' }} />
          )}
        </Stack>
      </Paper>
      <ReplayPoints playback={playback} onSeek={seek} />
    </Stack>
  );
}
