// What a link to an online lesson's or class's page carries (router state): the record's name and
// facts as the list showed them, since those pages read only the record's lists. Opened without it
// (a reload, an open-page tab) the page names the record by its id.

import type { MyClassRow } from '@/generated/MyClassRow';
import type { ScheduleLesson } from '@/generated/ScheduleLesson';
import type { StudentClass } from '@/generated/StudentClass';
import { formatDay } from '@/lib/report-format';
import { lessonCountsText, lessonTimeText } from './calendar';
import { classTypeName, lessonStatusBadge } from './teaching-dict';

export interface RecordSummary {
  heading: string;
  facts: [label: string, value: string][];
}

/** The router state of a link carrying a summary. */
export const summaryState = (summary: RecordSummary) => ({ summary });

/** The summary a page was opened with, if any. */
export function summaryOf(state: unknown): RecordSummary | null {
  if (typeof state !== 'object' || state === null || !('summary' in state)) return null;
  const { summary } = state;
  if (typeof summary !== 'object' || summary === null) return null;
  const { heading, facts } = summary as Partial<RecordSummary>;
  if (typeof heading !== 'string' || !Array.isArray(facts)) return null;
  return {
    heading,
    facts: facts.filter(
      (f): f is [string, string] => Array.isArray(f) && typeof f[0] === 'string' && typeof f[1] === 'string',
    ),
  };
}

export function lessonSummary(lesson: ScheduleLesson): RecordSummary {
  return {
    heading: `${lesson.className} · ${lesson.title}`,
    facts: [
      ['班级编码', lesson.classCode],
      ['类型', classTypeName(lesson.classType)],
      ['学科', [lesson.subjectName, lesson.gradeName].filter(Boolean).join(' · ')],
      ['上课时间', lessonTimeText(lesson.startTime, lesson.endTime)],
      ['主讲老师', lesson.teacherName],
      ['状态', lessonStatusBadge(lesson.status, lesson.statusName).text],
      ['学生', lessonCountsText(lesson)],
    ],
  };
}

export function classSummary(c: MyClassRow): RecordSummary {
  return {
    heading: c.name,
    facts: [
      ['班级编码', c.code],
      ['类型', c.classTypeName],
      ['学科', [c.subjectName, c.gradeName].filter(Boolean).join(' · ')],
      ['主讲老师', c.teacherName],
      ['校区', [c.schoolName, c.areaName].filter(Boolean).join(' / ')],
      ['在班学生', String(c.studentCount)],
      ['已上/总课次', `${c.heldCount}/${c.lessonCount}`],
      ['开结课日期', `${formatDay(c.firstLessonTime)} 至 ${formatDay(c.lastLessonTime)}`],
    ],
  };
}

export function studentClassSummary(c: StudentClass): RecordSummary {
  return {
    heading: c.className,
    facts: [
      ['班级编码', c.classCode],
      ['类型', classTypeName(c.classType)],
      ['学科', c.subjectName],
      ['主讲老师', c.teacherName],
    ],
  };
}
