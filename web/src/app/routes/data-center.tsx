// The data-centre screens (/dataCenter, 02 §2). Their exports go through the download feature's
// Excel export (queue, popover, the row limit checked before anything is submitted).

import {
  CLASS_PREP,
  CLASS_USAGE,
  FULL_DAY_USAGE,
  GROUP_USAGE,
  SYSTEM_USAGE,
  VIP_PREP,
  VIP_USAGE,
} from '@/features/datacentre/activity-reports';
import { AttendDetails } from '@/features/datacentre/components/attend-details';
import { BasicTrainingExamination } from '@/features/datacentre/components/basic-training-examination';
import { DataBoard } from '@/features/datacentre/components/data-board';
import { FeedbackStatistics } from '@/features/datacentre/components/feedback-statistics';
import { FirstLessonStatistics } from '@/features/datacentre/components/first-lesson-statistics';
import { OnlineStatistics } from '@/features/datacentre/components/online-statistics';
import { PrepStatistics } from '@/features/datacentre/components/prep-statistics';
import { RefundDetails } from '@/features/datacentre/components/refund-details';
import { ServeDetails } from '@/features/datacentre/components/serve-details';
import { UsageStatistics } from '@/features/datacentre/components/usage-statistics';
import {
  FIRST_CONSULTANT,
  FIRST_LEARN_MANAGE,
  FIRST_TEACHER,
  FIRST_WHOLE,
} from '@/features/datacentre/first-lesson-reports';
import { ONLINE_AUXILIARY, ONLINE_MAIN } from '@/features/datacentre/online-reports';
import { useExportReport } from './use-export-report';

/** /dataCenter/dataBoard */
export function DataBoardRoute() {
  return <DataBoard exportReport={useExportReport()} />;
}

/** /dataCenter/attendDetails */
export function AttendDetailsRoute() {
  return <AttendDetails exportReport={useExportReport()} />;
}

/** /dataCenter/refundDetails */
export function RefundDetailsRoute() {
  return <RefundDetails exportReport={useExportReport()} />;
}

/** /dataCenter/serveDetails */
export function ServeDetailsRoute() {
  return <ServeDetails exportReport={useExportReport()} />;
}

/** /dataCenter/oneLessonPrepStatustics */
export function OneLessonPrepStatusticsRoute() {
  return <PrepStatistics prep={VIP_PREP} exportReport={useExportReport()} />;
}

/** /dataCenter/classLessonPrepStatistics */
export function ClassLessonPrepStatisticsRoute() {
  return <PrepStatistics prep={CLASS_PREP} exportReport={useExportReport()} />;
}

/** /dataCenter/oneUsageStatistics */
export function OneUsageStatisticsRoute() {
  return <UsageStatistics usage={VIP_USAGE} exportReport={useExportReport()} />;
}

/** /dataCenter/classUsageStatistics */
export function ClassUsageStatisticsRoute() {
  return <UsageStatistics usage={CLASS_USAGE} exportReport={useExportReport()} />;
}

/** /dataCenter/groupUsageStatistics */
export function GroupUsageStatisticsRoute() {
  return <UsageStatistics usage={GROUP_USAGE} exportReport={useExportReport()} />;
}

/** /dataCenter/fullDayUsageStatistics */
export function FullDayUsageStatisticsRoute() {
  return <UsageStatistics usage={FULL_DAY_USAGE} exportReport={useExportReport()} />;
}

/** /dataCenter/systemUsageStatistics */
export function SystemUsageStatisticsRoute() {
  return <UsageStatistics usage={SYSTEM_USAGE} exportReport={useExportReport()} />;
}

/** /dataCenter/feedbackStatistics */
export function FeedbackStatisticsRoute() {
  return <FeedbackStatistics exportReport={useExportReport()} />;
}

/** /dataCenter/firstWholeStatistics */
export function FirstWholeStatisticsRoute() {
  return <FirstLessonStatistics screen={FIRST_WHOLE} exportReport={useExportReport()} />;
}

/** /dataCenter/teacherFirstStatistics */
export function TeacherFirstStatisticsRoute() {
  return <FirstLessonStatistics screen={FIRST_TEACHER} exportReport={useExportReport()} />;
}

/** /dataCenter/consultantFirstStatistics */
export function ConsultantFirstStatisticsRoute() {
  return <FirstLessonStatistics screen={FIRST_CONSULTANT} exportReport={useExportReport()} />;
}

/** /dataCenter/learnManageFirstStatistics */
export function LearnManageFirstStatisticsRoute() {
  return <FirstLessonStatistics screen={FIRST_LEARN_MANAGE} exportReport={useExportReport()} />;
}

/** /dataCenter/basicTrainingExamination */
export function BasicTrainingExaminationRoute() {
  return <BasicTrainingExamination exportReport={useExportReport()} />;
}

/** /dataCenter/onlineMainTeacherStat */
export function OnlineMainTeacherStatRoute() {
  return <OnlineStatistics screen={ONLINE_MAIN} exportReport={useExportReport()} />;
}

/** /dataCenter/onlineAuxiliaryStat */
export function OnlineAuxiliaryStatRoute() {
  return <OnlineStatistics screen={ONLINE_AUXILIARY} exportReport={useExportReport()} />;
}
