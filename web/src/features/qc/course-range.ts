// The course range of the service statistics (spec 02 §7.6 `courseRange`): which lessons'
// students count as taken. Empty lists mean all.

export interface Option {
  value: string;
  label: string;
}

/** The option lists of the course range, from the data centre's dictionaries (the app passes them). */
export interface CourseRangeOptions {
  /** /dict/prepare productTypes. */
  productTypes: Option[];
  /** /dict/jw/grade. */
  grades: Option[];
}

/** Lesson class types: 1 one-on-one, 2 small group, 3 class. */
export const CLASS_TYPES: readonly Option[] = [
  { value: '1', label: '一对一' },
  { value: '2', label: '小组课' },
  { value: '3', label: '班课' },
];
