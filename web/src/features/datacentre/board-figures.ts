// The data board's figures as shown (02 §7.4): the overview cards, the stay-rate bars and the
// students-by-state slices. Pure functions of the server's answers ('-' until read).

import type { StatItem } from '@/components/stat-cards';
import type { ClassOverview } from '@/generated/ClassOverview';
import type { StayRate } from '@/generated/StayRate';
import type { VipOverview } from '@/generated/VipOverview';
import type { VipStudentStat } from '@/generated/VipStudentStat';
import { formatDuration } from '@/lib/format';
import { formatCount, formatDcRate, formatMoney } from '@/lib/report-format';

/** A figure of the cards. */
export type { StatItem };

/** The class overview's figures ('-' until read). */
export function classOverviewItems(o: ClassOverview | undefined): StatItem[] {
  return [
    { label: '班级数', value: formatCount(o?.classCount) },
    { label: '学员数', value: formatCount(o?.studentCount) },
    { label: '课次', value: formatCount(o?.lessonCount) },
    { label: '应到人次', value: formatCount(o?.expectedCount) },
    { label: '实到人次', value: formatCount(o?.attendedCount) },
    { label: '出勤率', value: formatDcRate(o?.attendanceRate) },
    { label: '请假人次', value: formatCount(o?.leaveCount) },
    { label: '新增学员', value: formatCount(o?.newStudentCount) },
    { label: '退费人数', value: formatCount(o?.refundCount) },
    { label: '退费金额(元)', value: formatMoney(o?.refundAmount) },
  ];
}

/** The one-on-one overview's figures ('-' until read). */
export function vipOverviewItems(o: VipOverview | undefined): StatItem[] {
  return [
    { label: '学员数', value: formatCount(o?.studentCount) },
    { label: '老师数', value: formatCount(o?.teacherCount) },
    { label: '课次', value: formatCount(o?.lessonCount) },
    { label: '消耗课时', value: formatCount(o?.consumedLessonCount) },
    { label: '上课时长', value: formatDuration(o?.consumedDuration) },
    { label: '出勤率', value: formatDcRate(o?.attendanceRate) },
    { label: '购买课时包', value: formatCount(o?.packageCount) },
    { label: '购买课时', value: formatCount(o?.purchasedLessonCount) },
    { label: '退费人数', value: formatCount(o?.refundCount) },
    { label: '退费金额(元)', value: formatMoney(o?.refundAmount) },
  ];
}

/** Bars in percent; a month without a base (-1) has no bar. */
export function stayRateBars(rates: readonly StayRate[]): { month: string; stayRate: number | null }[] {
  return rates.map((r) => ({ month: r.month, stayRate: r.stayRate === -1 ? null : r.stayRate * 100 }));
}

/** The states of VipStudentStat with the names the server gives rows in them (statusDesc). */
export function studentStatSlices(stat: VipStudentStat | undefined) {
  return [
    { name: '在读', value: stat?.active ?? 0, color: 'teal.6' },
    { name: '课时不足', value: stat?.lowBalance ?? 0, color: 'yellow.6' },
    { name: '沉睡', value: stat?.dormant ?? 0, color: 'gray.6' },
    { name: '已结课', value: stat?.finished ?? 0, color: 'blue.6' },
  ];
}
