// 课程中心 (/courseCenter, 01 §1 "Courses: class courses, personalised one-to-one courses,
// small-group courses"): each page lists my courses of one class type (POST /api/teaching/classes,
// `CLASS_TYPES`), the one-on-one ones split into those still running and the past ones.

import { routesByName } from '@/config/paths';
import { CLASS_LESSON, ONE_ON_ONE, SMALL_GROUP } from './teaching-dict';

/** A course's state: a lesson still to come (ongoing), none (finished), or either. */
export type CourseState = 'ongoing' | 'finished' | 'all';

export const COURSE_STATES: readonly { value: CourseState; label: string }[] = [
  { value: 'ongoing', label: '进行中' },
  { value: 'finished', label: '已结课' },
  { value: 'all', label: '全部' },
];

export const isCourseState = (v: string): v is CourseState => COURSE_STATES.some((s) => s.value === v);

export type CourseKind = 'classes' | 'vips' | 'high' | 'vipsHistory';

export interface CourseSpec {
  kind: CourseKind;
  /** Its route (config/paths.ts, section CourseCenter). */
  route: string;
  /** `CLASS_TYPES`: the courses listed. */
  classType: number;
  /** The state listed; null: the user picks it (进行中 first). */
  state: CourseState | null;
  /** What a course is called in the keyword's placeholder and the empty list. */
  noun: string;
}

/** The course centre's pages. */
export const COURSES: Readonly<Record<CourseKind, CourseSpec>> = {
  classes: { kind: 'classes', route: 'Classes', classType: CLASS_LESSON, state: null, noun: '班课' },
  vips: { kind: 'vips', route: 'Vips', classType: ONE_ON_ONE, state: 'ongoing', noun: '一对一课程' },
  high: { kind: 'high', route: 'High', classType: SMALL_GROUP, state: null, noun: '小组课' },
  vipsHistory: {
    kind: 'vipsHistory',
    route: 'VipsHistory',
    classType: ONE_ON_ONE,
    state: 'finished',
    noun: '一对一课程',
  },
};

/** The pages in the order of the section. */
export const COURSE_ORDER: readonly CourseKind[] = ['classes', 'vips', 'high', 'vipsHistory'];

/** A course page's path and title (config/paths.ts). */
export function coursePage(spec: CourseSpec): { path: string; title: string } {
  const route = routesByName.get(spec.route);
  return { path: route?.path ?? '/', title: route?.title ?? spec.noun };
}
