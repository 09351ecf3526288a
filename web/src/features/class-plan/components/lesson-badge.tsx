import { Badge } from '@mantine/core';
import type { ClassPlanLesson } from '@/generated/ClassPlanLesson';
import { formatDay } from '@/lib/report-format';

/** The lesson that carried out an item (its day and attendance), or 未上课. */
export function LessonBadge({ lesson }: { lesson: ClassPlanLesson | null | undefined }) {
  return lesson ? (
    <Badge color="green" variant="light" size="sm">
      已上课 {formatDay(lesson.startAt)} {lesson.statusName}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" size="sm">
      未上课
    </Badge>
  );
}
