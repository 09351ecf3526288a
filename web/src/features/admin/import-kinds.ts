// The kinds of source records an import takes (storage datacentre::import::ImportKind, their
// columns in docs/import.md) and the file the server reads: a UTF-8 CSV with a header row naming
// the columns in any order, at most 32 MiB (api extract CSV_BODY_LIMIT).

export interface ImportKind {
  /** The path's `{kind}`. */
  kind: string;
  name: string;
  /** What a row is. */
  summary: string;
  /** The columns a row must have (docs/import.md). */
  required: string[];
  /** The columns a row may have. */
  optional: string[];
}

export const IMPORT_KINDS: readonly ImportKind[] = [
  {
    kind: 'lessons',
    name: '课次',
    summary: '班级的一次课：上课时间、时长、老师和状态。',
    required: ['class_code', 'lesson_no', 'start', 'minutes'],
    optional: ['teacher_email', 'status', 'title'],
  },
  {
    kind: 'attendance',
    name: '出勤',
    summary: '一名学生在一次已上课次的出勤；课次需先导入且状态为已上课。',
    required: ['class_code', 'lesson_no', 'student_code', 'status'],
    optional: ['clock_in', 'leave_status', 'lesson_type', 'package_code'],
  },
  {
    kind: 'refunds',
    name: '退费',
    summary: '学生的一笔退费：班课名额或一对一课包。',
    required: ['student_code', 'refunded_at', 'amount', 'lesson_total', 'reason_type'],
    optional: ['class_code', 'package_code', 'reason', 'reason_detail', 'leave_lesson_no'],
  },
  {
    kind: 'services',
    name: '服务打卡',
    summary: '员工为学生完成的一次服务，导入后等待质检。',
    required: ['student_code', 'service', 'staff_email', 'punched_at', 'content'],
    optional: ['class_code', 'channel', 'tag', 'form'],
  },
  {
    kind: 'preps',
    name: '备课',
    summary: '一次已上课次的备课情况：绑定、发布与回收的资源。',
    required: [
      'class_code',
      'lesson_no',
      'bound_resources',
      'published_resources',
      'recycled_resources',
      'recycle_collections',
    ],
    optional: ['no_recycle_cause'],
  },
  {
    kind: 'trials',
    name: '试听课',
    summary: '学生在试听订单下上的一次试听课。',
    required: ['order_code', 'student_code', 'teacher_email', 'subject', 'lesson_at'],
    optional: ['minutes', 'area_code', 'product_group', 'manage_project'],
  },
];

/** The largest file the server reads (32 MiB). */
export const IMPORT_FILE_MAX_BYTES = 32 * 1024 * 1024;

/** Why `file` cannot be imported (null: it can). */
export function importFileProblem(file: Pick<File, 'name' | 'size'> | null): string | null {
  if (!file) return '请选择要导入的 CSV 文件';
  if (!file.name.toLowerCase().endsWith('.csv')) return '请选择 .csv 文件';
  if (file.size === 0) return '文件是空的';
  if (file.size > IMPORT_FILE_MAX_BYTES) return '文件不能超过 32 MB';
  return null;
}
