import { Drawer, Tabs } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { OnlineClassLessonRow } from '@/generated/OnlineClassLessonRow';
import type { OnlineClassStudentRow } from '@/generated/OnlineClassStudentRow';
import type { OnlineDeviceRow } from '@/generated/OnlineDeviceRow';
import type { OnlineLeaveRow } from '@/generated/OnlineLeaveRow';
import type { OnlineLessonStudentRow } from '@/generated/OnlineLessonStudentRow';
import type { OnlineRenewalRow } from '@/generated/OnlineRenewalRow';
import type { OnlineReplayPointRow } from '@/generated/OnlineReplayPointRow';
import type { OnlineStatRow } from '@/generated/OnlineStatRow';
import { useOnlineList } from '../api/online-details';
import {
  classDrawerTitle,
  hasAnomaly,
  lessonDrawerTitle,
  lessonOf,
  ONLINE_CLASS_DEVICES,
  ONLINE_CLASS_GROUPS,
  ONLINE_CLASS_LESSONS,
  ONLINE_CLASS_RENEWALS,
  ONLINE_CLASS_STUDENTS,
  ONLINE_LESSON_ANOMALIES,
  ONLINE_LESSON_ANSWER_CARDS,
  ONLINE_LESSON_LEAVES,
  ONLINE_LESSON_REPLAY_POINTS,
  ONLINE_LESSON_STUDENTS,
  ONLINE_LESSON_WORKBENCH,
  type OnlineClassPart,
  onlineClassPath,
  type OnlineClassRef,
  type OnlineLessonPart,
  onlineLessonPath,
  type OnlineLessonRef,
} from '../online-reports';
import type { ListReportDef } from '../reports';
import { ListReport } from './list-report';

const DRAWER_SIZE = '85%';
const CLOSE = { 'aria-label': '关闭' };

/** A list of a class read when its tab opens. */
function ClassList<T>({ classId, part, report }: { classId: number; part: OnlineClassPart; report: ListReportDef<T> }) {
  const query = useOnlineList<T>(onlineClassPath(classId, part));
  return <ListReport report={report} records={query.data ?? []} fetching={query.isFetching} />;
}

/** A list of a lesson read when its tab opens. */
function LessonList<T>({
  lessonId,
  part,
  report,
}: {
  lessonId: number;
  part: OnlineLessonPart;
  report: ListReportDef<T>;
}) {
  const query = useOnlineList<T>(onlineLessonPath(lessonId, part));
  return <ListReport report={report} records={query.data ?? []} fetching={query.isFetching} />;
}

/** A lesson's actions in a list of lessons (the teaching service's: 看课, 巡课, 回放). */
export type LessonActions = (lesson: OnlineLessonRef) => ReactNode;

/** The class's lessons, each name opening the lesson, with the actions handed in. */
function ClassLessons({
  classId,
  onOpenLesson,
  lessonActions,
}: {
  classId: number;
  onOpenLesson: (lesson: OnlineLessonRef) => void;
  lessonActions?: LessonActions;
}) {
  const query = useOnlineList<OnlineClassLessonRow>(onlineClassPath(classId, 'lessons'));
  return (
    <ListReport
      report={ONLINE_CLASS_LESSONS}
      records={query.data ?? []}
      fetching={query.isFetching}
      actions={
        lessonActions &&
        ((r: OnlineClassLessonRow) => {
          const lesson = lessonOf(r);
          return lesson && lessonActions(lesson);
        })
      }
      links={{
        lessonName: (r) => {
          const lesson = lessonOf(r);
          return lesson && (() => onOpenLesson(lesson));
        },
      }}
    />
  );
}

type ClassTab = 'lessons' | 'students' | 'groups' | 'renewals' | 'devices';
const CLASS_TABS: readonly { tab: ClassTab; label: string }[] = [
  { tab: 'lessons', label: '课次' },
  { tab: 'students', label: '学员' },
  { tab: 'groups', label: '小组' },
  { tab: 'renewals', label: '续报' },
  { tab: 'devices', label: '设备检测' },
];

/**
 * A class's lists in tabs (课次 / 学员 / 小组 / 续报 / 设备检测), each read when its tab opens; a
 * lesson's name opens the lesson (the drawers' class, the teaching service's online class page,
 * which adds each lesson's actions).
 */
export function OnlineClassTabs({
  classId,
  onOpenLesson,
  lessonActions,
}: {
  classId: number;
  onOpenLesson: (lesson: OnlineLessonRef) => void;
  lessonActions?: LessonActions;
}) {
  const [tab, setTab] = useState<ClassTab>('lessons');
  return (
    <Tabs
      value={tab}
      onChange={(v) => setTab(CLASS_TABS.find((t) => t.tab === v)?.tab ?? 'lessons')}
      keepMounted={false}
    >
      <Tabs.List aria-label="班级明细">
        {CLASS_TABS.map((t) => (
          <Tabs.Tab key={t.tab} value={t.tab}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="lessons" pt="sm">
        <ClassLessons classId={classId} onOpenLesson={onOpenLesson} lessonActions={lessonActions} />
      </Tabs.Panel>
      <Tabs.Panel value="students" pt="sm">
        <ClassList<OnlineClassStudentRow> classId={classId} part="students" report={ONLINE_CLASS_STUDENTS} />
      </Tabs.Panel>
      <Tabs.Panel value="groups" pt="sm">
        <ClassList<OnlineStatRow> classId={classId} part="groups" report={ONLINE_CLASS_GROUPS} />
      </Tabs.Panel>
      <Tabs.Panel value="renewals" pt="sm">
        <ClassList<OnlineRenewalRow> classId={classId} part="renewals" report={ONLINE_CLASS_RENEWALS} />
      </Tabs.Panel>
      <Tabs.Panel value="devices" pt="sm">
        <ClassList<OnlineDeviceRow> classId={classId} part="devices" report={ONLINE_CLASS_DEVICES} />
      </Tabs.Panel>
    </Tabs>
  );
}

type LessonTab = 'students' | 'anomalies' | 'answerCards' | 'workbench' | 'leaves' | 'replayPoints';
const LESSON_TABS: readonly { tab: LessonTab; label: string }[] = [
  { tab: 'students', label: '学员明细' },
  { tab: 'anomalies', label: '课堂异常' },
  { tab: 'answerCards', label: '答题卡' },
  { tab: 'workbench', label: '工作台答题' },
  { tab: 'leaves', label: '请假记录' },
  { tab: 'replayPoints', label: '回放知识点' },
];

/**
 * A lesson's students (read once for the four tabs over them: 学员明细, 课堂异常 — those with an
 * anomaly —, 答题卡, 工作台答题), its leaves and its replay knowledge points (the drawers' lesson,
 * the teaching service's online lesson page).
 */
export function OnlineLessonTabs({ lessonId }: { lessonId: number }) {
  const [tab, setTab] = useState<LessonTab>('students');
  const students = useOnlineList<OnlineLessonStudentRow>(onlineLessonPath(lessonId, 'students'));
  const rows = students.data ?? [];
  const view = (report: ListReportDef<OnlineLessonStudentRow>, records = rows) => (
    <ListReport report={report} records={records} fetching={students.isFetching} />
  );
  return (
    <Tabs
      value={tab}
      onChange={(v) => setTab(LESSON_TABS.find((t) => t.tab === v)?.tab ?? 'students')}
      keepMounted={false}
    >
      <Tabs.List aria-label="课次明细">
        {LESSON_TABS.map((t) => (
          <Tabs.Tab key={t.tab} value={t.tab}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="students" pt="sm">
        {view(ONLINE_LESSON_STUDENTS)}
      </Tabs.Panel>
      <Tabs.Panel value="anomalies" pt="sm">
        {view(ONLINE_LESSON_ANOMALIES, rows.filter(hasAnomaly))}
      </Tabs.Panel>
      <Tabs.Panel value="answerCards" pt="sm">
        {view(ONLINE_LESSON_ANSWER_CARDS)}
      </Tabs.Panel>
      <Tabs.Panel value="workbench" pt="sm">
        {view(ONLINE_LESSON_WORKBENCH)}
      </Tabs.Panel>
      <Tabs.Panel value="leaves" pt="sm">
        <LessonList<OnlineLeaveRow> lessonId={lessonId} part="leaves" report={ONLINE_LESSON_LEAVES} />
      </Tabs.Panel>
      <Tabs.Panel value="replayPoints" pt="sm">
        <LessonList<OnlineReplayPointRow>
          lessonId={lessonId}
          part="replayPoints"
          report={ONLINE_LESSON_REPLAY_POINTS}
        />
      </Tabs.Panel>
    </Tabs>
  );
}

export interface OnlineDrawersProps {
  /** The class shown; null: its drawer is closed. */
  openedClass: OnlineClassRef | null;
  /** The lesson shown (over the class when opened from it); null: its drawer is closed. */
  openedLesson: OnlineLessonRef | null;
  onOpenLesson: (lesson: OnlineLessonRef) => void;
  onCloseClass: () => void;
  onCloseLesson: () => void;
}

/**
 * A class's drawer (课次 / 学员 / 小组 / 续报 / 设备检测) and a lesson's (学员明细 / 课堂异常 /
 * 答题卡 / 工作台答题 / 请假记录 / 回放知识点), stacked: a lesson opened from the class's
 * lessons comes over it, and closing it shows the class again. Each tab reads when it opens.
 */
export function OnlineDrawers({
  openedClass,
  openedLesson,
  onOpenLesson,
  onCloseClass,
  onCloseLesson,
}: OnlineDrawersProps) {
  return (
    <Drawer.Stack>
      <Drawer
        stackId="online-class"
        opened={openedClass !== null}
        onClose={onCloseClass}
        position="right"
        size={DRAWER_SIZE}
        closeButtonProps={CLOSE}
        title={openedClass ? classDrawerTitle(openedClass) : ''}
      >
        {openedClass && (
          <OnlineClassTabs key={openedClass.classId} classId={openedClass.classId} onOpenLesson={onOpenLesson} />
        )}
      </Drawer>
      <Drawer
        stackId="online-lesson"
        opened={openedLesson !== null}
        onClose={onCloseLesson}
        position="right"
        size={DRAWER_SIZE}
        closeButtonProps={CLOSE}
        title={openedLesson ? lessonDrawerTitle(openedLesson) : ''}
      >
        {openedLesson && <OnlineLessonTabs key={openedLesson.lessonId} lessonId={openedLesson.lessonId} />}
      </Drawer>
    </Drawer.Stack>
  );
}
