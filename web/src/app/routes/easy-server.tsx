// The teaching service's pages (易服务, /easyServer, 01 §2): my schedule, lessons, students,
// classes, a class's reports and feedback reports, and the course centre (课程中心, /courseCenter).
// An offline lesson's page shows its 课后任务 (lesson tasks), which the app hands to it; so do the
// class reports, with the students' wrong questions. The online lesson's and class's lists are the data centre's
// (its online-class drawers' tabs), which the app hands to those pages; the grades to filter
// students by are the data centre's dictionary. 我的任务 and 任务详情 are the work tasks' (the
// service steps of first and trial lessons the user carries out); 学员动态跟进 the student dynamics'
// (what happened to the user's students, to follow up). An online lesson's live pages
// (看课, 巡课, 回放) are the live lessons', reached from the online lesson's and class's pages; the
// teacher picks a lesson's recording among their uploads (上传音视频), which the app hands to 回放.
// An offline lesson's page shows its visits (听课记录) and its scan code (听课二维码), the record
// tools'.

import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { routesByName } from '@/config/paths';
import { useGrades } from '@/features/datacentre/api/dict';
import { OnlineClassTabs, OnlineLessonTabs } from '@/features/datacentre/components/online-drawers';
import { ClassTaskList } from '@/features/lesson-task/components/class-task-list';
import { LessonTaskSection } from '@/features/lesson-task/components/lesson-task-section';
import { LessonLinks } from '@/features/live-lesson/components/lesson-links';
import { PatrolSite } from '@/features/live-lesson/components/patrol-site';
import { LessonVisits } from '@/features/record-tool/components/lesson-visits';
import { Playback } from '@/features/live-lesson/components/playback';
import type { MediaPickerProps } from '@/features/live-lesson/components/recording-setter';
import { WatchLesson } from '@/features/live-lesson/components/watch-lesson';
import { usePageTitle } from '@/features/menu/hooks/use-page-title';
import { StudentDynamicFollowup } from '@/features/student-dynamic/components/student-dynamic-followup';
import { ClassDetail } from '@/features/teaching/components/class-detail';
import { ClassList } from '@/features/teaching/components/class-list';
import { ClassStudySituationReport, ClassSummaryReport } from '@/features/teaching/components/class-report';
import { CourseCenter } from '@/features/teaching/components/course-center';
import { NotLoaded } from '@/features/teaching/components/loading';
import { MyFeedback } from '@/features/teaching/components/my-feedback';
import { MySchedule } from '@/features/teaching/components/my-schedule';
import { OnlineRecord } from '@/features/teaching/components/online-record';
import { ScheduleDetail } from '@/features/teaching/components/schedule-detail';
import { StudentDetail } from '@/features/teaching/components/student-detail';
import { StudentList } from '@/features/teaching/components/student-list';
import { summaryOf, summaryState } from '@/features/teaching/record-summary';
import { COURSES, type CourseKind } from '@/features/teaching/course-center';
import { classIdOf, lessonPath } from '@/features/teaching/teaching-paths';
import { OwnMediaSelect } from '@/features/upload/components/own-media-select';
import { ClassWrongQuestions } from '@/features/wrong-question/components/class-wrong-questions';
import { MyTask } from '@/features/work-task/components/my-task/my-task';
import { TaskDetail } from '@/features/work-task/components/task-detail/task-detail';

/** The record id of the URL (`:id`), null when it is none. */
function useRecordId(): number | null {
  const id = Number(useParams().id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const BAD_LINK = '链接中缺少有效的编号（id）。';

/** /easyServer/mySchedule/myScheduleList */
export function MyScheduleListRoute() {
  return <MySchedule />;
}

/** /easyServer/scheduleDetail/{id} */
export function ScheduleDetailRoute() {
  const id = useRecordId();
  if (!id) return <NotLoaded text={BAD_LINK} />;
  return (
    <ScheduleDetail
      key={id}
      id={id}
      extra={({ lesson }) => (
        <>
          <LessonVisits lesson={lesson} />
          <LessonTaskSection lessonId={lesson.id} classId={lesson.classId} />
        </>
      )}
    />
  );
}

/** /easyServer/mySchedule/onlineScheduleDetail/{id}: with the ways to the lesson's live pages. */
export function OnlineScheduleDetailRoute() {
  const id = useRecordId();
  if (!id) return <NotLoaded text={BAD_LINK} />;
  return (
    <OnlineRecord key={id} fallbackHeading={`线上课次 ${id}`} actions={<LessonLinks lessonId={id} />}>
      <OnlineLessonTabs lessonId={id} />
    </OnlineRecord>
  );
}

/** /easyServer/myStudent/studentList */
export function StudentListRoute() {
  const grades = useGrades().data ?? [];
  return <StudentList gradeOptions={grades.map((g) => ({ value: String(g.gradeCode), label: g.gradeName }))} />;
}

/** /easyServer/myStudent/studentDetail/{id} */
export function StudentDetailRoute() {
  const id = useRecordId();
  return id ? <StudentDetail key={id} id={id} /> : <NotLoaded text={BAD_LINK} />;
}

/** /easyServer/myClasses/myClassesList */
export function MyClassesListRoute() {
  return <ClassList />;
}

/** /easyServer/myClasses/myClassesDetail/{id} */
export function MyClassesDetailRoute() {
  const id = useRecordId();
  return id ? <ClassDetail key={id} id={id} /> : <NotLoaded text={BAD_LINK} />;
}

/**
 * /easyServer/myClasses/onlineMyClassesDetail/{id}: a lesson's name opens the online lesson's
 * page; its actions open its live pages.
 */
export function OnlineMyClassesDetailRoute() {
  const id = useRecordId();
  const navigate = useNavigate();
  const className = summaryOf(useLocation().state)?.heading;
  if (!id) return <NotLoaded text={BAD_LINK} />;
  return (
    <OnlineRecord key={id} fallbackHeading={`线上班级 ${id}`}>
      <OnlineClassTabs
        classId={id}
        lessonActions={(lesson) => <LessonLinks lessonId={lesson.lessonId} lessonName={lesson.lessonName} size="xs" />}
        onOpenLesson={(lesson) =>
          void navigate(lessonPath({ id: lesson.lessonId, online: true }), {
            state: summaryState({
              heading: className ? `${className} · ${lesson.lessonName}` : lesson.lessonName,
              facts: [],
            }),
          })
        }
      />
    </OnlineRecord>
  );
}

/** /easyServer/watchLessonPage/{id} (`id`: the online lesson's) */
export function WatchLessonPageRoute() {
  const id = useRecordId();
  return id ? <WatchLesson key={id} lessonId={id} /> : <NotLoaded text={BAD_LINK} />;
}

/** /easyServer/patrolSitePage/{id} */
export function PatrolSitePageRoute() {
  const id = useRecordId();
  return id ? <PatrolSite key={id} lessonId={id} /> : <NotLoaded text={BAD_LINK} />;
}

/** The teacher's own video and audio, to attach as a lesson's recording. */
const ownMediaPicker = (props: MediaPickerProps) => <OwnMediaSelect {...props} />;

/** /easyServer/playbackPage/{id} */
export function PlaybackPageRoute() {
  const id = useRecordId();
  return id ? <Playback key={id} lessonId={id} mediaPicker={ownMediaPicker} /> : <NotLoaded text={BAD_LINK} />;
}

/** /easyServer/myFeedback */
export function MyFeedbackRoute() {
  return <MyFeedback />;
}

const BAD_CLASS_LINK = '链接中缺少有效的班级编号（classId）。';

/** The class of a report's URL (`?classId=`), null when it is none. */
function useReportClassId(): number | null {
  return classIdOf(useSearchParams()[0]);
}

/** /easyServer/classStudySituationReport?classId={id} */
export function ClassStudySituationReportRoute() {
  const classId = useReportClassId();
  if (!classId) return <NotLoaded text={BAD_CLASS_LINK} />;
  return (
    <ClassStudySituationReport
      key={classId}
      classId={classId}
      tasks={<ClassTaskList classId={classId} />}
      wrongQuestions={<ClassWrongQuestions classId={classId} />}
    />
  );
}

/** /easyServer/classSummaryReport?classId={id} */
export function ClassSummaryReportRoute() {
  const classId = useReportClassId();
  if (!classId) return <NotLoaded text={BAD_CLASS_LINK} />;
  return <ClassSummaryReport key={classId} classId={classId} tasks={<ClassTaskList classId={classId} />} />;
}

/** /easyServer/myTask */
export function MyTaskRoute() {
  return <MyTask />;
}

/** /easyServer/studentDynamicFollowup */
export function StudentDynamicFollowupRoute() {
  return <StudentDynamicFollowup />;
}

/** /easyServer/workTaskDetail?id={id} */
export function WorkTaskDetailRoute() {
  const id = Number(useSearchParams()[0].get('id'));
  if (!Number.isSafeInteger(id) || id <= 0) return <NotLoaded text={BAD_LINK} />;
  return <TaskDetail key={id} id={id} />;
}

/** A course centre page, titled as the user's menu names it. */
function CoursePage({ kind }: { kind: CourseKind }) {
  const route = COURSES[kind].route;
  const title = usePageTitle(route, routesByName.get(route)?.title) ?? '';
  return <CourseCenter key={kind} kind={kind} title={title} />;
}

/** /courseCenter/classes */
export function CourseClassesRoute() {
  return <CoursePage kind="classes" />;
}

/** /courseCenter/vips */
export function CourseVipsRoute() {
  return <CoursePage kind="vips" />;
}

/** /courseCenter/high */
export function CourseHighRoute() {
  return <CoursePage kind="high" />;
}

/** /courseCenter/vipsHistory */
export function CourseVipsHistoryRoute() {
  return <CoursePage kind="vipsHistory" />;
}
