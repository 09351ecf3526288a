// The query keys of a live lesson's server state. The lesson (`detail`) changes with every
// presence report, patrol and recording, each told by `magic_live_lesson`; the patrol records
// change with a patrol; the playback is read per recording (its resource id in the key), so a
// new recording is a new read and a re-read lesson with the same recording leaves the player be.

const all = ['liveLesson'] as const;

export const liveLessonKeys = {
  all,
  detail: (lessonId: number) => [...all, lessonId, 'detail'] as const,
  patrols: (lessonId: number) => [...all, lessonId, 'patrols'] as const,
  playback: (lessonId: number, resourceId: number) => [...all, lessonId, 'playback', resourceId] as const,
};
