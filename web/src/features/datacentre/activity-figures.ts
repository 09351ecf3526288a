// The summary cards of the teaching-activity statistics (02 §7.2, §7.5): the period's totals of
// lesson preparation and of platform usage as shown. Pure functions of the server's answers ('-'
// until read). Usage rates show with one decimal (02 §5).

import type { PrepSummary } from '@/generated/PrepSummary';
import type { UsageValidSummary } from '@/generated/UsageValidSummary';
import { formatCount, formatDcRate, formatUsageRate } from '@/lib/report-format';
import type { StatItem } from './board-figures';

export function prepSummaryItems(s: PrepSummary | undefined): StatItem[] {
  return [
    { label: '老师数', value: formatCount(s?.teacherCount) },
    { label: '课节数', value: formatCount(s?.lessonCount) },
    { label: '绑定资源课节数', value: formatCount(s?.bindResLessonCount) },
    { label: '绑定资源课节占比', value: formatDcRate(s?.bindResLessonCountRate) },
    { label: '回收课节数', value: formatCount(s?.isRecycleCount) },
    { label: '回收课节占比', value: formatDcRate(s?.isRecycleRate) },
    { label: '回收份数', value: formatCount(s?.recycleCollectionCount) },
    { label: '发送反馈报告数', value: formatCount(s?.sendFeedbackReportCount) },
    { label: '发布资源数', value: formatCount(s?.publishResource) },
    { label: '回收资源数', value: formatCount(s?.recycleResource) },
  ];
}

export function usageSummaryItems(s: UsageValidSummary | undefined): StatItem[] {
  return [
    { label: '老师数', value: formatCount(s?.teacherCnt) },
    { label: '达标老师数', value: formatCount(s?.validTeacherCnt) },
    { label: '达标率', value: formatUsageRate(s?.totalPlatformUsageValidRate) },
    { label: '课节数', value: formatCount(s?.totalLessonCnt) },
    { label: '绑定资源课节数', value: formatCount(s?.totalBindResLessonCnt) },
    { label: '服务学员数', value: formatCount(s?.totalServiceStuCnt) },
    { label: '发送反馈报告数', value: formatCount(s?.totalFeedbackCnt) },
    { label: '登录天数', value: formatCount(s?.totalLoginDayCnt) },
  ];
}
