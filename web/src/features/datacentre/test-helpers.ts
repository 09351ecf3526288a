// Test helpers of the data centre: the server's dictionaries and rows, and a mocked server that
// answers the dictionaries and pages report rows like the real one.

import type { AttendanceRow } from '@/generated/AttendanceRow';
import type { DcSearch } from '@/generated/DcSearch';
import type { DeptUsageRow } from '@/generated/DeptUsageRow';
import type { DictPrepare } from '@/generated/DictPrepare';
import type { FeedbackDetailRow } from '@/generated/FeedbackDetailRow';
import type { FeedbackStatRow } from '@/generated/FeedbackStatRow';
import type { FirstDetailRow } from '@/generated/FirstDetailRow';
import type { FirstStatRow } from '@/generated/FirstStatRow';
import type { OnlineClassLessonRow } from '@/generated/OnlineClassLessonRow';
import type { OnlineClassRow } from '@/generated/OnlineClassRow';
import type { OnlineLessonStudentRow } from '@/generated/OnlineLessonStudentRow';
import type { OnlineQuitRow } from '@/generated/OnlineQuitRow';
import type { OnlineReplayPointRow } from '@/generated/OnlineReplayPointRow';
import type { OnlineStatRow } from '@/generated/OnlineStatRow';
import type { OnlineStudentLessonRow } from '@/generated/OnlineStudentLessonRow';
import type { PrepLessonRow } from '@/generated/PrepLessonRow';
import type { PrepSummary } from '@/generated/PrepSummary';
import type { PrepTeacherRow } from '@/generated/PrepTeacherRow';
import type { RefundRow } from '@/generated/RefundRow';
import type { TraineeRow } from '@/generated/TraineeRow';
import type { TrainingExamRow } from '@/generated/TrainingExamRow';
import type { TrainingResultRow } from '@/generated/TrainingResultRow';
import type { UsageStudentRow } from '@/generated/UsageStudentRow';
import type { UsageTeacherRow } from '@/generated/UsageTeacherRow';
import type { UsageValidSummary } from '@/generated/UsageValidSummary';
import type { VipStudentRow } from '@/generated/VipStudentRow';
import { envelope, jsonBody, mockFetch } from '@/testing/test-utils';

export const dictPrepare: DictPrepare = {
  subjects: [
    { code: '53', name: '英语' },
    { code: '54', name: '数学' },
    { code: '56', name: '物理' },
  ],
  productTypes: [
    { code: 'ZJK', name: '正价课' },
    { code: 'STK', name: '试听课' },
  ],
  manageProjects: [],
  projectGroups: [
    { code: '1', name: '项目组一' },
    { code: '2', name: '项目组二' },
  ],
  lessonDuringTimes: [
    { code: '1', name: '60分钟以内' },
    { code: '2', name: '60-120分钟' },
  ],
  teacherTeachTimes: [
    { code: '1', name: '1年以内' },
    { code: '2', name: '1-3年' },
  ],
  attendanceStatuses: [],
  leaveStatuses: [],
  lessonTypes: [],
  refundReasonTypes: [],
  quarters: [
    { code: '1', name: 'Q1（6-8月）' },
    { code: '2', name: 'Q2（9-11月）' },
    { code: '3', name: 'Q3（12-2月）' },
    { code: '4', name: 'Q4（3-5月）' },
  ],
  dataTimeTypes: [
    { code: 'day', name: '日' },
    { code: 'week', name: '周' },
    { code: 'month', name: '月' },
  ],
  scoreBands: [
    { code: '0', name: '0-30%' },
    { code: '1', name: '31-50%' },
    { code: '2', name: '51-60%' },
    { code: '3', name: '61-70%' },
    { code: '4', name: '71-100%' },
  ],
  yesNo: [
    { code: '1', name: '是' },
    { code: '0', name: '否' },
  ],
  noRecycleCauses: [
    { code: '1', name: '课堂时间不足' },
    { code: '2', name: '学生未完成' },
    { code: '3', name: '本节无需回收' },
    { code: '4', name: '其他' },
  ],
  usageTypes: [
    { code: 'class', name: '班课' },
    { code: 'group', name: '小组课' },
    { code: 'fullDay', name: '全日' },
    { code: 'system', name: '系统' },
  ],
};

export function attendanceRow(i: number, patch: Partial<AttendanceRow> = {}): AttendanceRow {
  return {
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    schoolName: '海淀校区',
    areaName: '中关村',
    subjectName: '数学',
    classTime: new Date(2026, 2, 2, 9, 0).getTime(),
    classTimeDesc: '2026-03-02 09:00–10:30',
    attendanceStatus: 1,
    attendanceStatusDesc: '出勤',
    oneLessonMinutes: 90,
    clockInTimestamp: new Date(2026, 2, 2, 8, 55).getTime(),
    leaveStatusDesc: '未请假',
    lessonTypeDesc: '正常课',
    lessonId: 1000 + i,
    classCode: 'C001',
    className: '高一数学培优班',
    teacher: '王老师',
    lessonPackageCode: '',
    ...patch,
  };
}

export function refundRow(i: number, patch: Partial<RefundRow> = {}): RefundRow {
  return {
    refundId: i,
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    schoolName: '海淀校区',
    areaName: '中关村',
    subjectName: '数学',
    classCode: 'C001',
    className: '高一数学培优班',
    packageCode: '',
    teacher: '王老师',
    refundTimestamp: new Date(2026, 2, 3, 14, 0).getTime(),
    refundAmount: 1234.5,
    refundLessonTotal: 6,
    refundReason: '时间冲突',
    refundReasonDetail: '',
    refundReasonDesc: '时间冲突',
    refundReasonType: 1,
    classStartTimestamp: new Date(2026, 0, 5, 9, 0).getTime(),
    leaveLesssonNo: 7,
    ...patch,
  };
}

export function vipStudentRow(i: number, patch: Partial<VipStudentRow> = {}): VipStudentRow {
  return {
    studentCode: `V${String(i).padStart(4, '0')}`,
    studentName: `一对一学员${i}`,
    schoolName: '海淀校区',
    areaName: '中关村',
    gradeName: '高一',
    packageCount: 2,
    lessonCount: 40,
    consumedLessonNum: 12,
    leftCount: 28,
    periodLessonCount: 3,
    lastLessonTime: new Date(2026, 2, 1, 10, 0).getTime(),
    status: 'active',
    statusDesc: '在读',
    ...patch,
  };
}

export const prepSummary: PrepSummary = {
  teacherCount: 12,
  lessonCount: 1234,
  bindResLessonCount: 617,
  bindResLessonCountRate: 0.5,
  isRecycleCount: 300,
  isRecycleRate: 0.2431,
  recycleCollectionCount: 2048,
  sendFeedbackReportCount: 900,
  publishResource: 1500,
  recycleResource: 400,
};

export function prepTeacherRow(i: number, patch: Partial<PrepTeacherRow> = {}): PrepTeacherRow {
  return {
    teacherId: 100 + i,
    teacherName: `老师${i}`,
    teacherEmail: `teacher${i}@demo.eduhub`,
    schoolName: '海淀校区',
    lessonCount: 20,
    bindResLessonCount: 10,
    bindResLessonCountRate: 0.5,
    isRecycleCount: 4,
    recycleCollectionCount: 32,
    sendFeedbackReportCount: 18,
    publishResource: 25,
    recycleResource: 6,
    teacherTeachTime: 400,
    teacherCompanyTime: 365,
    ...patch,
  };
}

export function prepLessonRow(i: number, patch: Partial<PrepLessonRow> = {}): PrepLessonRow {
  return {
    lessonId: 5000 + i,
    lessonTime: new Date(2026, 2, 2, 9, 0).getTime(),
    lessonTimeDesc: '2026-03-02 09:00–10:30',
    classCode: 'C001',
    className: '高一数学培优班',
    subjectName: '数学',
    schoolName: '海淀校区',
    teacherName: `老师${i}`,
    teacherEmail: `teacher${i}@demo.eduhub`,
    studentCount: 8,
    bindResourceCount: 3,
    bindResLessonDesc: '是',
    publishResource: 2,
    recycleResource: 1,
    isRecycleDesc: '否',
    recycleCollectionCount: 0,
    noRecycleCause: 1,
    noRecycleCauseDesc: '课堂时间不足',
    sendFeedbackReportCount: 6,
    teacherTeachTime: 400,
    teacherCompanyTime: 365,
    ...patch,
  };
}

export const usageSummary: UsageValidSummary = {
  teacherCnt: 40,
  validTeacherCnt: 27,
  totalPlatformUsageValidRate: 0.713,
  totalLessonCnt: 1520,
  totalBindResLessonCnt: 800,
  totalServiceStuCnt: 310,
  totalFeedbackCnt: 1300,
  totalLoginDayCnt: 520,
};

export function usageTeacherRow(i: number, patch: Partial<UsageTeacherRow> = {}): UsageTeacherRow {
  return {
    teacherId: 100 + i,
    teacherName: `老师${i}`,
    teacherEmail: `teacher${i}@demo.eduhub`,
    schoolName: '海淀校区',
    deptName: '数学组',
    platformUsageValid: 1,
    platformUsageValidStr: '达标',
    totalLessonCnt: 30,
    totalBindResLessonCnt: 20,
    totalServiceStuCnt: 12,
    totalUsageCollectionCnt: 40,
    totalUsageArCnt: 5,
    totalBindResourceCnt: 44,
    totalFeedbackCnt: 25,
    totalLoginDayCnt: 18,
    teacherStatus: '在职',
    ...patch,
  };
}

export function usageStudentRow(i: number, patch: Partial<UsageStudentRow> = {}): UsageStudentRow {
  return {
    teacherId: 101,
    teacherName: '老师1',
    teacherEmail: 'teacher1@demo.eduhub',
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    schoolName: '海淀校区',
    platformUsageValid: 0,
    platformUsageValidStr: '未达标',
    totalLessonCnt: 6,
    totalBindResLessonCnt: 2,
    totalBindResourceCnt: 3,
    totalFeedbackCnt: 5,
    ...patch,
  };
}

export function deptUsageRow(dept: string, patch: Partial<DeptUsageRow> = {}): DeptUsageRow {
  return {
    schoolName: '海淀校区',
    deptName: dept,
    teacherCnt: 10,
    teachingTeacherCnt: 8,
    validTeacherCnt: 6,
    loginTeacherCnt: 9,
    totalPlatformUsageValidRate: 0.75,
    ...patch,
  };
}

export function feedbackDetailRow(i: number, patch: Partial<FeedbackDetailRow> = {}): FeedbackDetailRow {
  return {
    lessonId: 7000 + i,
    lessonTime: new Date(2026, 2, 2, 9, 0).getTime(),
    lessonTimeDesc: '2026-03-02 09:00–10:30',
    className: '高一数学培优班',
    subjectName: '数学',
    schoolName: '海淀校区',
    teacherName: '王老师',
    teacherEmail: 'wang@demo.eduhub',
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    reportId: 300 + i,
    createTime: new Date(2026, 2, 2, 12, 30).getTime(),
    isCreateDesc: '是',
    isCreateIn24hDesc: '是',
    isExportDesc: '否',
    isSendDesc: '是',
    isOpenDesc: '否',
    ...patch,
  };
}

export function feedbackStatRow(id: number, name: string, patch: Partial<FeedbackStatRow> = {}): FeedbackStatRow {
  return {
    id,
    name,
    email: '',
    schoolName: '',
    shouldReportCount: 100,
    createReportCount: 80,
    createReportIn24hCount: 60,
    exportReportCount: 20,
    transmitReportCount: 70,
    openReportCount: 35,
    totalCreateReportRate: 0.8,
    totalCreateReportIn24hRate: 0.6,
    totalExportReportRate: 0.25,
    totalTransmitReportRate: 0.875,
    totalOpenReportRate: 0.5,
    ...patch,
  };
}

/** A first-lesson statistics row: no names (patch those of the grouping), full-price and trial figures. */
export function firstStatRow(patch: Partial<FirstStatRow> = {}): FirstStatRow {
  return {
    rank: 0,
    schoolName: '',
    areaName: '',
    subjectName: '',
    groupName: '',
    teacherName: '',
    teacherEmail: '',
    staffName: '',
    staffEmail: '',
    f1LessonTotalCnt: 20,
    f1LessonCnt: 16,
    f1LessonSuccCnt: 12,
    f1LessonSuccRate: 0.75,
    f3LessonSuccCnt: 8,
    f3LessonSuccRate: 0.5,
    stLessonCnt: 10,
    stStudentCnt: 9,
    stOrderCnt: 10,
    day30ZjCnt: 3,
    day30ZjRate: 0.3,
    day90ZjCnt: 5,
    day90ZjRate: 0.5,
    teacherZjCnt: 2,
    teacherZjRate: 0.2,
    subjectZjCnt: 4,
    subjectZjRate: 0.4,
    stepTotalCnt: 80,
    stepFinishedCnt: 60,
    stepFinishedRate: 0.75,
    stepQcCnt: 30,
    stepQcRate: 0.5,
    stepQcQualifiedCnt: 27,
    stepQcQualifiedRate: 0.9,
    handoverFinishedCnt: 18,
    handoverFinishedRate: 0.9,
    startCallFinishedCnt: 15,
    startCallFinishedRate: 0.75,
    feedbackFinishedCnt: 12,
    feedbackFinishedRate: 0.6,
    followupFinishedCnt: 15,
    followupFinishedRate: 0.75,
    handoverYJJ: 10,
    handoverYJJRate: 0.5,
    ...patch,
  };
}

/** A step of a student's full-price first lesson (patch the trial fields for a trial). */
export function firstDetailRow(i: number, patch: Partial<FirstDetailRow> = {}): FirstDetailRow {
  const lesson = new Date(2026, 2, 2, 9, 0).getTime();
  return {
    courseTypeDesc: '正价课首课',
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    teacherName: '王老师',
    teacherEmail: 'wang@demo.eduhub',
    teachingAge: 400,
    companyAge: 365,
    schoolName: '海淀校区',
    subjectName: '数学',
    f1Status: '成功',
    f3Status: '待定',
    f1LessonTime: lesson,
    f2LessonTime: new Date(2026, 2, 9, 9, 0).getTime(),
    f3LessonTime: 0,
    f4LessonTime: 0,
    f1AreaName: '中关村',
    f1PackageCode: `KB${i}`,
    productName: '数学一对一60课时包',
    f1IsCanceled: '否',
    lessonTime: lesson,
    taskName: '首课交接任务',
    taskCodeDesc: '顾问任务',
    stepName: '交接',
    stepStatus: '已完成',
    stepExecutorName: '马顾问',
    staffName: '马顾问',
    staffEmail: 'ma@demo.eduhub',
    stepStartTime: new Date(2026, 1, 27, 9, 0).getTime(),
    stepEndTime: new Date(2026, 2, 1, 9, 0).getTime(),
    stepFinishTime: new Date(2026, 1, 28, 10, 30).getTime(),
    stepFinishInterval: '25:30:00',
    qcStatus: '未质检',
    lastQcTime: 0,
    lastQcOperatorName: '',
    lastQcRemark: '',
    aiResultStatusDesc: '未分析',
    firstTag: '',
    day30ZjStatus: '',
    day90ZjStatus: '',
    teacherZjStatus: '',
    subjectZjStatus: '',
    stF1LessonTime: 0,
    stF1AreaName: '',
    zjRegistrationTime: 0,
    zjRegistrationOrder: '',
    subjectZjF1LessonTime: 0,
    subjectZjF1Teacher: '',
    sameTeacherFlag: '',
    contributionRate: 0.8,
    schoolFillingRate: -1,
    alloverFillingRate: 0.75,
    ...patch,
  };
}

/** A trainee who sat 3 of 4 exams and passed 2 (an average of 64.5% of the totals). */
export function traineeRow(i: number, patch: Partial<TraineeRow> = {}): TraineeRow {
  return {
    teacherId: 200 + i,
    teacherName: `新老师${i}`,
    teacherEmail: `new${i}@demo.eduhub`,
    schoolName: '海淀校区',
    subjectName: '数学',
    teachingAge: 1200,
    companyAge: 180,
    examCnt: 4,
    takenCnt: 3,
    passedCnt: 2,
    passRate: 0.5,
    avgScoreRate: 64.5,
    maxScoreRate: 81.33,
    scoreBand: 3,
    lastExamTime: new Date(2026, 2, 10, 15, 5).getTime(),
    ...patch,
  };
}

/** An exam of the whole staff: 10 enrolled, 8 sat, 6 passed. */
export function trainingExamRow(i: number, patch: Partial<TrainingExamRow> = {}): TrainingExamRow {
  return {
    examId: 40 + i,
    examName: `入职培训考试（第${i}期）`,
    categoryDesc: '入职培训',
    subjectName: '全学科',
    heldTime: new Date(2026, 2, 10, 14, 0).getTime(),
    totalScore: 100,
    passScore: 60,
    enrolledCnt: 10,
    takenCnt: 8,
    passedCnt: 6,
    takeRate: 0.8,
    passRate: 0.75,
    avgScore: 68.25,
    maxScore: 95,
    minScore: 41,
    ...patch,
  };
}

/** A trainee's pass in an exam. */
export function trainingResultRow(i: number, patch: Partial<TrainingResultRow> = {}): TrainingResultRow {
  return {
    examName: '入职培训考试（第1期）',
    categoryDesc: '入职培训',
    heldTime: new Date(2026, 2, 10, 14, 0).getTime(),
    teacherName: `新老师${i}`,
    teacherEmail: `new${i}@demo.eduhub`,
    schoolName: '海淀校区',
    score: 72,
    totalScore: 100,
    resultDesc: '已通过',
    submitTime: new Date(2026, 2, 10, 14, 41).getTime(),
    usedMinutes: 41,
    ...patch,
  };
}

/**
 * An online statistics row with no names (patch those of the level): 40 students (36 in class),
 * 200 student-lessons due, 150 attended live, 120 completed live, ….
 */
export function onlineStatRow(patch: Partial<OnlineStatRow> = {}): OnlineStatRow {
  return {
    schoolName: '',
    teacherName: '',
    teacherEmail: '',
    assistantName: '',
    assistantEmail: '',
    classId: 0,
    classCode: '',
    className: '',
    classBeginEndDate: '',
    groupId: 0,
    groupName: '',
    assistantName1: '',
    assistantName2: '',
    lessonId: 0,
    lessonName: '',
    lessonBeginEndTime: '',
    teacherPresenceStatus: '',
    teacherPresenceDuration: 0,
    firstEntryTime: 0,
    inClassEntryTime: 0,
    inClassLastExitTime: 0,
    afterClassLastExitTime: 0,
    classCnt: 2,
    groupCnt: 4,
    lessonCnt: 10,
    teacherCnt: 1,
    studentCnt: 40,
    inClassCnt: 36,
    sacStuLiveShouldCnt: 200,
    liveAttendCnt: 150,
    liveAttendRate: 0.75,
    liveCompletionCnt: 120,
    liveCompletionRate: 0.6,
    playbackCompletionCnt: 40,
    playbackCompletionRate: 0.5,
    comprehensiveAttendCnt: 180,
    comprehensiveAttendRate: 0.9,
    comprehensiveCompletionCnt: 160,
    comprehensiveCompletionRate: 0.8,
    friendAddCnt: 38,
    friendAddRate: 0.95,
    groupJoinCnt: 30,
    groupJoinRate: 0.75,
    teacherLiveAttendRate: 1,
    teacherLiveCompletionRate: 0.9,
    answerAccuracyRate: 0.6543,
    retentionCnt: 18,
    retentionRate: 0.5,
    reportSendCnt: 171,
    reportSendRate: 0.95,
    analysisReportCnt: 20,
    analysisReportCoverage: 0.5,
    leaveAfterStartCnt: 4,
    leaveAfterStartRate: 0.1,
    avgLessonQuestionCnt: 6.5,
    avgChatNum: 3.333,
    avgOnWallNum: 0.25,
    lessonQuestionCnt: 0,
    onWallNum: 0,
    ...patch,
  };
}

/** Student i at lesson 101 of class C001, attended live. */
export function onlineStudentLessonRow(i: number, patch: Partial<OnlineStudentLessonRow> = {}): OnlineStudentLessonRow {
  return {
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    schoolName: '海淀校区',
    classCode: 'C001',
    className: '高一数学直播班',
    lessonId: 101,
    lessonName: '第1讲 集合',
    lessonBeginEndTime: '2026-03-02 19:00–20:30',
    teacherName: '王老师',
    assistantName: '李辅导',
    assistantEmail: 'li@demo.eduhub',
    groupName: '一组',
    attendStatus: '出勤',
    livePresentStatus: '到课',
    liveCompletionStatus: '完课',
    comprehensiveAttendStatus: '到课',
    comprehensiveCompletionStatus: '完课',
    liveStudyDuration: 4805,
    playbackStudyDuration: 0,
    totalStudyDuration: 4805,
    submitCnt: 8,
    answerAccuracyRate: 0.875,
    chatNum: 5,
    onWallNum: 1,
    handUpNum: 2,
    starNum: 3,
    isSendReportDesc: '是',
    studentLessonTypeDesc: '正常课次',
    ...patch,
  };
}

export function onlineClassRow(i: number, patch: Partial<OnlineClassRow> = {}): OnlineClassRow {
  return {
    classId: 10 + i,
    classCode: `C00${i}`,
    className: `高一数学直播班${i}`,
    classBeginEndDate: '2026-03-01~2026-05-31',
    schoolName: '海淀校区',
    teacherName: '王老师',
    subjectName: '数学',
    gradeName: '高一',
    inClassCnt: 36,
    groupCnt: 4,
    lessonCnt: 12,
    heldLessonCnt: 3,
    ...patch,
  };
}

export function onlineQuitRow(i: number, patch: Partial<OnlineQuitRow> = {}): OnlineQuitRow {
  return {
    schoolName: '海淀校区',
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    dtOutDate: new Date(2026, 2, 20, 10, 0).getTime(),
    classCode: 'C001',
    className: '高一数学直播班',
    classBeginEndDate: '2026-03-01~2026-05-31',
    leaveLessonNo: 3,
    refundFee: 1800,
    refundReasonType: '时间冲突',
    refundReason: '周末有课',
    ...patch,
  };
}

export function onlineClassLessonRow(i: number, patch: Partial<OnlineClassLessonRow> = {}): OnlineClassLessonRow {
  return {
    lessonId: 100 + i,
    lessonNo: i,
    lessonName: `第${i}讲`,
    lessonTimeStr: '2026-03-02 19:00–20:30',
    teacher: '王老师',
    lessonStatusDesc: '已上课',
    studentCount: 40,
    liveAttendCnt: 30,
    liveAttendRate: 0.75,
    liveCompletionCnt: 24,
    liveCompletionRate: 0.6,
    comprehensiveAttendCnt: 36,
    comprehensiveAttendRate: 0.9,
    comprehensiveCompletionCnt: 32,
    comprehensiveCompletionRate: 0.8,
    videoType: '直播',
    subjectName: '数学',
    ...patch,
  };
}

/** Student i at a lesson: attended live, no anomaly. */
export function onlineLessonStudentRow(i: number, patch: Partial<OnlineLessonStudentRow> = {}): OnlineLessonStudentRow {
  return {
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    liveNickname: `小${i}`,
    mobile: '138****0000',
    liveAttendStatus: '到课',
    comprehensiveAttendStatus: '到课',
    liveCompletionStatus: '完课',
    comprehensiveCompletionStatus: '完课',
    liveStudyDuration: 3725,
    playbackStudyDuration: 0,
    totalStudyDuration: 3725,
    submitCnt: 8,
    correctAnswerCnt: 6,
    answerAccuracyRate: 0.75,
    chatNum: 4,
    onWallNum: 1,
    handUpNum: 0,
    starNum: 2,
    leaveStatus: '无',
    groupName: '一组',
    inClassStatus: '在班',
    joinTime: new Date(2026, 2, 2, 18, 58).getTime(),
    leaveRoomCount: 0,
    continueNotAnswerCount: 0,
    totalNotAnswerCount: 0,
    starAnomalyCount: 0,
    correctRate: 0.75,
    answerRate: 0.8,
    starCount: 2,
    inoutClass: '18:58–20:30',
    accuracyStr: '75%',
    isContainAfterClass: '否',
    ...patch,
  };
}

export function onlineReplayPointRow(i: number, patch: Partial<OnlineReplayPointRow> = {}): OnlineReplayPointRow {
  return {
    studentCode: `S${String(i).padStart(4, '0')}`,
    studentName: `学员${i}`,
    lessonId: 101,
    lessonName: '第1讲',
    knowledgeName: '集合的运算',
    startTime: 605,
    operateTime: new Date(2026, 2, 3, 20, 15).getTime(),
    operate: '观看',
    ...patch,
  };
}

/** The body a report call sent. */
export const searchOf = (init?: RequestInit) => jsonBody(init) as DcSearch;

type Respond = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** A page of `all` as the server answers the search in the body. */
export function pageOf(all: readonly unknown[]): Respond {
  return (_url, init) => {
    const { pageNo = 1, pageSize = 30 } = searchOf(init);
    const records = all.slice((pageNo - 1) * pageSize, pageNo * pageSize);
    return envelope({ records, total: all.length, pageNo, pageSize });
  };
}

/** The dictionaries, then `routes` (first match wins, as in mockFetch). */
export function dcServer(routes: [method: string, path: string, respond: Respond][] = []) {
  return mockFetch([
    ...routes,
    ['GET', '/api/dict/prepare', () => envelope(dictPrepare)],
    [
      'GET',
      '/api/dict/productGroup',
      () =>
        envelope([
          { code: '1', name: '培优' },
          { code: '2', name: '精品' },
        ]),
    ],
    [
      'GET',
      '/api/dict/jw/grade',
      () =>
        envelope([
          { gradeCode: 10, gradeName: '高一', stage: 4 },
          { gradeCode: 11, gradeName: '高二', stage: 4 },
        ]),
    ],
    [
      'GET',
      '/api/school/areaListBySchoolId',
      (url) =>
        envelope([
          {
            areaCode: `A${url.searchParams.get('schoolId') ?? ''}`,
            areaName: '中关村',
            schoolId: 1,
            schoolName: '海淀校区',
          },
        ]),
    ],
  ]);
}
