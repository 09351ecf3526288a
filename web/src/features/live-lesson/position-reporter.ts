// Where the viewer is in the recording, kept by the server (`liveLesson/playback/position`) so
// that the next visit starts there: every 15 s while it plays, and when it pauses, is moved
// (seeked) or ends; nothing while it stands still. A page closed while playing says where it was.

/** How often a playing recording reports its place. */
export const REPORT_EVERY_MS = 15_000;

/** A report: the place and, once known, the length (seconds; the place never past the length). */
export type SendPosition = (position: number, duration: number | undefined) => void;

export interface PositionReporter {
  playing(media: HTMLMediaElement): void;
  paused(media: HTMLMediaElement): void;
  seeked(media: HTMLMediaElement): void;
  ended(media: HTMLMediaElement): void;
  /** The player goes: a last report if it was playing, and no more. */
  dispose(): void;
}

export function createPositionReporter(send: SendPosition): PositionReporter {
  let timer: ReturnType<typeof setInterval> | null = null;
  let playingMedia: HTMLMediaElement | null = null;
  const report = (media: HTMLMediaElement) => {
    const duration = Number.isFinite(media.duration) && media.duration > 0 ? media.duration : undefined;
    const position = Math.max(0, duration === undefined ? media.currentTime : Math.min(media.currentTime, duration));
    send(position, duration);
  };
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    playingMedia = null;
  };
  return {
    playing(media) {
      stop();
      playingMedia = media;
      timer = setInterval(() => report(media), REPORT_EVERY_MS);
    },
    paused(media) {
      stop();
      report(media);
    },
    seeked: report,
    ended(media) {
      stop();
      report(media);
    },
    dispose() {
      if (playingMedia) report(playingMedia);
      stop();
    },
  };
}
