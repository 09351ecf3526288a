// The teaching outlines' states and limits as the web applies them (api handlers/outline.rs,
// library.rs): in use or being edited, published or not, the lengths and counts the server allows
// and the course configuration's ranges.

/** Outlines per page of the list. */
export const OUTLINE_PAGE_SIZE = 20;

export const OUTLINE_LIMITS = {
  name: 50,
  units: 50,
  lessons: 300,
  /** Knowledge points of one lesson. */
  points: 20,
  hoursMin: 1,
  hoursMax: 10,
} as const;

/** The course configuration's ranges (check_config). */
export const CONFIG_LIMITS = {
  lessonMinutes: [10, 240],
  lessonsPerWeek: [1, 14],
  weeks: [1, 52],
  note: 500,
} as const;

/** In use (`valid`) or being edited. */
export function validBadge(valid: boolean): { text: string; color: string } {
  return valid ? { text: '在用', color: 'green' } : { text: '编辑中', color: 'gray' };
}

/** An outline's publication to the lecture library (`TeachingOutline.status`, library/updateStatus). */
export const PUBLISH_STATUS = { withdrawn: 0, published: 1 } as const;

/** Published to the lecture library or not. */
export function publishBadge(status: number): { text: string; color: string } {
  return status === PUBLISH_STATUS.published ? { text: '已发布', color: 'blue' } : { text: '未发布', color: 'gray' };
}

/** The valid filter of the editors' list. */
export const VALID_OPTIONS = [
  { value: 'all', label: '全部' },
  { value: 'true', label: '在用' },
  { value: 'false', label: '编辑中' },
] as const;
