// The service QC screens (/qualityCheckManagement, 02 §2, §7.6). 服务配置's and 流程配置's course
// range offers the data centre's dictionaries (product types, grades), which the app hands to them.
// 考试成绩 is a data-centre report: the data centre's search, the session's school selector, its
// exports. 通用任务管理 opens a task's records in 任务管理. 工作任务质检 and 工作任务统计 are the
// work tasks' (the service steps of first and trial lessons), searched under the session's school
// selector and the data centre's subjects, like 考试成绩; 工作任务质检 is exported like it too.
// 线上课设置 and 白名单配置 are the online lessons' reminders: a kind's whitelist is named by the
// link (`:reminderType`). 学员动态管理 is the student dynamics', searched under the session's school
// selector.

import { useNavigate, useParams } from 'react-router';
import { paths, routesByName } from '@/config/paths';
import { useDictPrepare, useGrades } from '@/features/datacentre/api/dict';
import { ExamGrades } from '@/features/datacentre/components/exam-grades';
import { OnlineLessonSetup } from '@/features/online-reminder/components/online-lesson-setup';
import { OnlineWhiteConfig } from '@/features/online-reminder/components/online-white-config';
import { reminderTypeOf } from '@/features/online-reminder/reminder-rules';
import type { CourseRangeOptions } from '@/features/qc/course-range';
import { CommonTaskManage } from '@/features/qc/components/common-task-manage/common-task-manage';
import { ProjectTeamManage } from '@/features/qc/components/project-teams/project-team-manage';
import { QcConfig } from '@/features/qc/components/qc-config/qc-config';
import { QcCount } from '@/features/qc/components/qc-count/qc-count';
import { ServeConfig } from '@/features/qc/components/serve-config/serve-config';
import { ServeQc } from '@/features/qc/components/serve-qc/serve-qc';
import { TaskManage } from '@/features/qc/components/task-manage/task-manage';
import { WorkflowConfig } from '@/features/qc/components/workflow-config/workflow-config';
import { narrowToService } from '@/features/qc/qc-search-store';
import { SchoolSelector } from '@/features/selection/components/school-selector';
import { StudentDynamicManage } from '@/features/student-dynamic/components/student-dynamic-manage';
import { WorkTaskQcManage } from '@/features/work-task/components/qc-manage/work-task-qc-manage';
import { WorkTaskStatistics } from '@/features/work-task/components/statistics/work-task-statistics';
import { useSession } from '@/lib/session';
import { useExportReport } from './use-export-report';

function useCourseRangeOptions(): CourseRangeOptions {
  const productTypes = useDictPrepare().data?.productTypes ?? [];
  const grades = useGrades().data ?? [];
  return {
    productTypes: productTypes.map((t) => ({ value: t.code, label: t.name })),
    grades: grades.map((g) => ({ value: String(g.gradeCode), label: g.gradeName })),
  };
}

/** /qualityCheckManagement/serveQC */
export function ServeQcRoute() {
  return <ServeQc />;
}

/** /qualityCheckManagement/serveConfig */
export function ServeConfigRoute() {
  return <ServeConfig courseRangeOptions={useCourseRangeOptions()} />;
}

/** /qualityCheckManagement/qcConfig */
export function QcConfigRoute() {
  return <QcConfig />;
}

/** /qualityCheckManagement/qcCount */
export function QcCountRoute() {
  return <QcCount />;
}

/** /qualityCheckManagement/examGrades */
export function ExamGradesRoute() {
  const user = useSession((s) => s.user);
  return <ExamGrades exportReport={useExportReport()} schoolSelector={user ? <SchoolSelector user={user} /> : null} />;
}

/** /qualityCheckManagement/workTaskQcManage */
export function WorkTaskQcManageRoute() {
  const user = useSession((s) => s.user);
  return (
    <WorkTaskQcManage exportReport={useExportReport()} schoolSelector={user ? <SchoolSelector user={user} /> : null} />
  );
}

/** /qualityCheckManagement/workTaskStatistics */
export function WorkTaskStatisticsRoute() {
  const user = useSession((s) => s.user);
  return <WorkTaskStatistics schoolSelector={user ? <SchoolSelector user={user} /> : null} />;
}

/** /qualityCheckManagement/projectTeamManage */
export function ProjectTeamManageRoute() {
  return <ProjectTeamManage />;
}

/** /qualityCheckManagement/taskManage */
export function TaskManageRoute() {
  return <TaskManage />;
}

/** /qualityCheckManagement/commonTaskManage: a task's records open in 任务管理. */
export function CommonTaskManageRoute() {
  const navigate = useNavigate();
  const openRecords = (serviceId: number) => {
    narrowToService(serviceId);
    void navigate(routesByName.get('TaskManage')?.path ?? paths.home.path);
  };
  return <CommonTaskManage openRecords={openRecords} />;
}

/** /qualityCheckManagement/workflowConfig */
export function WorkflowConfigRoute() {
  return <WorkflowConfig courseRangeOptions={useCourseRangeOptions()} />;
}

/** /qualityCheckManagement/onlineLessonSetup */
export function OnlineLessonSetupRoute() {
  return <OnlineLessonSetup />;
}

/** /qualityCheckManagement/onlineWhiteConfigPage/{reminderType} */
export function OnlineWhiteConfigRoute() {
  const reminderType = reminderTypeOf(useParams().reminderType);
  // Another kind is another page: nothing typed or picked carries over.
  return <OnlineWhiteConfig key={reminderType ?? 'none'} reminderType={reminderType} />;
}

/** /qualityCheckManagement/studentDynamicManage */
export function StudentDynamicManageRoute() {
  const user = useSession((s) => s.user);
  return <StudentDynamicManage schoolSelector={user ? <SchoolSelector user={user} /> : null} />;
}
