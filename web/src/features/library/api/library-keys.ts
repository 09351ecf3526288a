// The query keys of the lecture library: the library of a subject and stage (class types with
// their outlines), an outline's units and lessons and its course configuration, a lesson's content,
// the caller's layout and the schools an outline is given to. Everything is under `all`, so that a
// change of an outline reads every one of them again.

const all = ['library'] as const;

export const libraryKeys = {
  all,
  tree: (subject: number, stage: number) => [...all, 'tree', subject, stage] as const,
  outlineTree: (outlineId: number) => [...all, 'outline', outlineId] as const,
  config: (outlineId: number) => [...all, 'config', outlineId] as const,
  content: (lessonId: number) => [...all, 'content', lessonId] as const,
  layout: () => [...all, 'layout'] as const,
  schools: () => [...all, 'schools'] as const,
};
