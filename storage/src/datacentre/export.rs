//! Data-centre reports as exports (02 §2 "export button", §7.9): the same queries as the
//! screens, with the caller's scope and filters, written in the visible columns' order.

use serde_json::Value;

use super::filter::UsageType;
use super::filter::{Filter, Scope};
use super::first_lesson::{self, View};
use super::online::{self, Level, Side as OnlineSide};
use super::usage::View as UsageView;
use super::{attendance, board, feedback_stats, prep, refunds, training, usage, Side};
use crate::qc::PunchFilter;
use crate::reports::{format_time, Cell};
use crate::work_task::{self, TaskFilter, Whose};
use crate::{Db, Result};

/// How a column's value is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    Number,
    /// Epoch ms as `YYYY-MM-DD HH:mm`; 0 as empty.
    Time,
    /// A fraction as a percentage with at most two decimals (02 §5); -1 as '/'.
    Rate,
    /// Seconds as `hh:mm:ss`; 0 as empty (02 §5).
    Duration,
}

/// (prop, header, kind).
pub type Column = (&'static str, &'static str, Kind);

const ATTENDANCE_COLUMNS: &[Column] = &[
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("areaName", "校区", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("classTimeDesc", "上课时间", Kind::Text),
    ("attendanceStatusDesc", "出勤状态", Kind::Text),
    ("oneLessonMinutes", "单节课时长（分钟）", Kind::Number),
    ("clockInTimestamp", "打卡时间", Kind::Time),
    ("leaveStatusDesc", "请假状态", Kind::Text),
    ("lessonTypeDesc", "课程类型", Kind::Text),
    ("lessonId", "课节ID", Kind::Number),
    ("classCode", "班级编码", Kind::Text),
    ("className", "班级名称", Kind::Text),
    ("teacher", "老师", Kind::Text),
    ("lessonPackageCode", "课时包编码", Kind::Text),
];

const REFUND_COLUMNS: &[Column] = &[
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("areaName", "校区", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("classCode", "班级编码", Kind::Text),
    ("className", "班级名称", Kind::Text),
    ("packageCode", "课时包编码", Kind::Text),
    ("teacher", "老师", Kind::Text),
    ("refundTimestamp", "退费时间", Kind::Time),
    ("refundAmount", "退费金额（元）", Kind::Number),
    ("refundLessonTotal", "退费课次", Kind::Number),
    ("refundReasonDesc", "退费原因类型", Kind::Text),
    ("refundReason", "退费原因", Kind::Text),
    ("refundReasonDetail", "原因说明", Kind::Text),
    ("classStartTimestamp", "开课时间", Kind::Time),
    ("leaveLesssonNo", "退出课次", Kind::Number),
];

const VIP_STUDENT_COLUMNS: &[Column] = &[
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("areaName", "校区", Kind::Text),
    ("gradeName", "年级", Kind::Text),
    ("packageCount", "课时包数", Kind::Number),
    ("lessonCount", "总课次", Kind::Number),
    ("consumedLessonNum", "已消耗课次", Kind::Number),
    ("leftCount", "剩余课次", Kind::Number),
    ("periodLessonCount", "期间上课次数", Kind::Number),
    ("lastLessonTime", "最近上课时间", Kind::Time),
    ("statusDesc", "状态", Kind::Text),
];

const PUNCH_COLUMNS: &[Column] = &[
    ("punchTime", "打卡时间", Kind::Time),
    ("punchOperator", "打卡人", Kind::Text),
    ("operatorEmail", "打卡人邮箱", Kind::Text),
    ("roleName", "角色", Kind::Text),
    ("serviceTypeName", "服务类型", Kind::Text),
    ("punchChannel", "打卡渠道", Kind::Text),
    ("submissionTag", "提交标签", Kind::Text),
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("className", "班级", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("contentExcerpt", "服务内容", Kind::Text),
    ("checkStatusDesc", "质检状态", Kind::Text),
    ("resultStatusDesc", "质检结果", Kind::Text),
    ("lastQcTime", "最近质检时间", Kind::Time),
    ("lastQcOperator", "质检人", Kind::Text),
];

const PREP_TEACHER_COLUMNS: &[Column] = &[
    ("teacherName", "老师", Kind::Text),
    ("teacherEmail", "老师邮箱", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("lessonCount", "课节数", Kind::Number),
    ("bindResLessonCount", "绑定资源课节数", Kind::Number),
    ("bindResLessonCountRate", "绑定资源课节占比", Kind::Rate),
    ("isRecycleCount", "回收课节数", Kind::Number),
    ("recycleCollectionCount", "回收份数", Kind::Number),
    ("sendFeedbackReportCount", "发送反馈报告数", Kind::Number),
    ("publishResource", "发布资源数", Kind::Number),
    ("recycleResource", "回收资源数", Kind::Number),
    ("teacherTeachTime", "教龄（天）", Kind::Number),
    ("teacherCompanyTime", "司龄（天）", Kind::Number),
];

const PREP_LESSON_COLUMNS: &[Column] = &[
    ("lessonId", "课节ID", Kind::Number),
    ("lessonTimeDesc", "上课时间", Kind::Text),
    ("classCode", "班级编码", Kind::Text),
    ("className", "班级名称", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("teacherName", "老师", Kind::Text),
    ("teacherEmail", "老师邮箱", Kind::Text),
    ("studentCount", "到课人数", Kind::Number),
    ("bindResLessonDesc", "是否绑定资源", Kind::Text),
    ("bindResourceCount", "绑定资源数", Kind::Number),
    ("publishResource", "发布资源数", Kind::Number),
    ("recycleResource", "回收资源数", Kind::Number),
    ("isRecycleDesc", "是否回收", Kind::Text),
    ("recycleCollectionCount", "回收份数", Kind::Number),
    ("noRecycleCauseDesc", "未回收原因", Kind::Text),
    ("sendFeedbackReportCount", "发送反馈报告数", Kind::Number),
    ("teacherTeachTime", "教龄（天）", Kind::Number),
    ("teacherCompanyTime", "司龄（天）", Kind::Number),
];

const USAGE_TEACHER_COLUMNS: &[Column] = &[
    ("teacherName", "老师", Kind::Text),
    ("teacherEmail", "老师邮箱", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("deptName", "部门", Kind::Text),
    ("platformUsageValidStr", "平台使用是否达标", Kind::Text),
    ("totalLessonCnt", "课节数", Kind::Number),
    ("totalBindResLessonCnt", "绑定资源课节数", Kind::Number),
    ("totalServiceStuCnt", "服务学员数", Kind::Number),
    ("totalUsageCollectionCnt", "收藏次数", Kind::Number),
    ("totalUsageArCnt", "AR 使用次数", Kind::Number),
    ("totalBindResourceCnt", "绑定资源数", Kind::Number),
    ("totalFeedbackCnt", "发送反馈报告数", Kind::Number),
    ("totalLoginDayCnt", "登录天数", Kind::Number),
    ("teacherStatus", "在职状态", Kind::Text),
];

const USAGE_STUDENT_COLUMNS: &[Column] = &[
    ("teacherName", "老师", Kind::Text),
    ("teacherEmail", "老师邮箱", Kind::Text),
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("platformUsageValidStr", "平台使用是否达标", Kind::Text),
    ("totalLessonCnt", "课节数", Kind::Number),
    ("totalBindResLessonCnt", "绑定资源课节数", Kind::Number),
    ("totalBindResourceCnt", "绑定资源数", Kind::Number),
    ("totalFeedbackCnt", "发送反馈报告数", Kind::Number),
];

const FEEDBACK_DETAIL_COLUMNS: &[Column] = &[
    ("lessonId", "课节ID", Kind::Number),
    ("lessonTimeDesc", "上课时间", Kind::Text),
    ("className", "班级", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("teacherName", "老师", Kind::Text),
    ("teacherEmail", "老师邮箱", Kind::Text),
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("createTime", "报告生成时间", Kind::Time),
    ("isCreateDesc", "是否生成", Kind::Text),
    ("isCreateIn24hDesc", "24小时内生成", Kind::Text),
    ("isExportDesc", "是否导出", Kind::Text),
    ("isSendDesc", "是否发送", Kind::Text),
    ("isOpenDesc", "家长是否打开", Kind::Text),
];

const FEEDBACK_TEACHER_COLUMNS: &[Column] = &[
    ("name", "老师", Kind::Text),
    ("email", "老师邮箱", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("shouldReportCount", "应出报告数", Kind::Number),
    ("createReportCount", "生成数", Kind::Number),
    ("createReportIn24hCount", "24小时内生成数", Kind::Number),
    ("exportReportCount", "导出数", Kind::Number),
    ("transmitReportCount", "发送数", Kind::Number),
    ("openReportCount", "打开数", Kind::Number),
    ("totalCreateReportRate", "报告生成率", Kind::Rate),
    ("totalCreateReportIn24hRate", "24小时内生成率", Kind::Rate),
    ("totalExportReportRate", "导出率", Kind::Rate),
    ("totalTransmitReportRate", "发送率", Kind::Rate),
    ("totalOpenReportRate", "打开率", Kind::Rate),
];

const FIRST_STAT_COLUMNS: &[Column] = &[
    ("rank", "排名", Kind::Number),
    ("schoolName", "学校", Kind::Text),
    ("areaName", "校区", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("groupName", "项目组", Kind::Text),
    ("teacherName", "老师", Kind::Text),
    ("teacherEmail", "老师邮箱", Kind::Text),
    ("staffName", "员工", Kind::Text),
    ("staffEmail", "员工邮箱", Kind::Text),
    ("f1LessonTotalCnt", "应上首课数", Kind::Number),
    ("f1LessonCnt", "已上首课数", Kind::Number),
    ("f1LessonSuccCnt", "首课成功数", Kind::Number),
    ("f1LessonSuccRate", "首课成功率", Kind::Rate),
    ("f3LessonSuccCnt", "前三次课成功数", Kind::Number),
    ("f3LessonSuccRate", "前三次课成功率", Kind::Rate),
    ("stLessonCnt", "试听课数", Kind::Number),
    ("stStudentCnt", "试听学员数", Kind::Number),
    ("stOrderCnt", "试听订单数", Kind::Number),
    ("day30ZjCnt", "30天转正价数", Kind::Number),
    ("day30ZjRate", "30天转正价率", Kind::Rate),
    ("day90ZjCnt", "90天转正价数", Kind::Number),
    ("day90ZjRate", "90天转正价率", Kind::Rate),
    ("teacherZjCnt", "同老师转正价数", Kind::Number),
    ("teacherZjRate", "同老师转正价率", Kind::Rate),
    ("subjectZjCnt", "同学科转正价数", Kind::Number),
    ("subjectZjRate", "同学科转正价率", Kind::Rate),
    ("stepTotalCnt", "环节总数", Kind::Number),
    ("stepFinishedCnt", "环节完成数", Kind::Number),
    ("stepFinishedRate", "环节完成率", Kind::Rate),
    ("stepQcCnt", "环节质检数", Kind::Number),
    ("stepQcRate", "环节质检率", Kind::Rate),
    ("stepQcQualifiedCnt", "质检合格数", Kind::Number),
    ("stepQcQualifiedRate", "质检合格率", Kind::Rate),
    ("handoverFinishedCnt", "交接完成数", Kind::Number),
    ("handoverFinishedRate", "交接完成率", Kind::Rate),
    ("startCallFinishedCnt", "开课电话完成数", Kind::Number),
    ("startCallFinishedRate", "开课电话完成率", Kind::Rate),
    ("feedbackFinishedCnt", "课后反馈完成数", Kind::Number),
    ("feedbackFinishedRate", "课后反馈完成率", Kind::Rate),
    ("followupFinishedCnt", "回访完成数", Kind::Number),
    ("followupFinishedRate", "回访完成率", Kind::Rate),
    ("handoverYJJ", "预交接完成数", Kind::Number),
    ("handoverYJJRate", "预交接完成率", Kind::Rate),
];

const FIRST_DETAIL_COLUMNS: &[Column] = &[
    ("courseTypeDesc", "课程类型", Kind::Text),
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("teacherName", "老师", Kind::Text),
    ("teacherEmail", "老师邮箱", Kind::Text),
    ("teachingAge", "教龄（天）", Kind::Number),
    ("companyAge", "司龄（天）", Kind::Number),
    ("schoolName", "学校", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("f1Status", "首课状态", Kind::Text),
    ("f3Status", "前三次课状态", Kind::Text),
    ("f1LessonTime", "第一次课时间", Kind::Time),
    ("f2LessonTime", "第二次课时间", Kind::Time),
    ("f3LessonTime", "第三次课时间", Kind::Time),
    ("f4LessonTime", "第四次课时间", Kind::Time),
    ("f1AreaName", "首课校区", Kind::Text),
    ("f1PackageCode", "课时包编码", Kind::Text),
    ("productName", "产品名称", Kind::Text),
    ("f1IsCanceled", "是否取消", Kind::Text),
    ("lessonTime", "上课时间", Kind::Time),
    ("taskName", "任务名称", Kind::Text),
    ("taskCodeDesc", "任务类型", Kind::Text),
    ("stepName", "环节", Kind::Text),
    ("stepStatus", "环节状态", Kind::Text),
    ("stepExecutorName", "执行人", Kind::Text),
    ("staffName", "员工", Kind::Text),
    ("staffEmail", "员工邮箱", Kind::Text),
    ("stepStartTime", "环节开始时间", Kind::Time),
    ("stepEndTime", "环节截止时间", Kind::Time),
    ("stepFinishTime", "完成时间", Kind::Time),
    ("stepFinishInterval", "完成用时", Kind::Text),
    ("qcStatus", "质检状态", Kind::Text),
    ("lastQcTime", "最近质检时间", Kind::Time),
    ("lastQcOperatorName", "质检人", Kind::Text),
    ("lastQcRemark", "质检备注", Kind::Text),
    ("aiResultStatusDesc", "AI结果", Kind::Text),
    ("firstTag", "AI标签", Kind::Text),
    ("day30ZjStatus", "30天转正价", Kind::Text),
    ("day90ZjStatus", "90天转正价", Kind::Text),
    ("teacherZjStatus", "同老师转正价", Kind::Text),
    ("subjectZjStatus", "同学科转正价", Kind::Text),
    ("stF1LessonTime", "试听课时间", Kind::Time),
    ("stF1AreaName", "试听校区", Kind::Text),
    ("zjRegistrationTime", "正价报名时间", Kind::Time),
    ("zjRegistrationOrder", "正价报名订单", Kind::Text),
    ("subjectZjF1LessonTime", "同学科正价首课时间", Kind::Time),
    ("subjectZjF1Teacher", "同学科正价首课老师", Kind::Text),
    ("sameTeacherFlag", "是否同老师", Kind::Text),
    ("contributionRate", "个人完成率", Kind::Rate),
    ("schoolFillingRate", "校区完成率", Kind::Rate),
    ("alloverFillingRate", "整体完成率", Kind::Rate),
];

const TRAINEE_COLUMNS: &[Column] = &[
    ("teacherName", "学员（老师）", Kind::Text),
    ("teacherEmail", "老师邮箱", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("teachingAge", "教龄（天）", Kind::Number),
    ("companyAge", "司龄（天）", Kind::Number),
    ("examCnt", "应考场次", Kind::Number),
    ("takenCnt", "实考场次", Kind::Number),
    ("passedCnt", "通过场次", Kind::Number),
    ("passRate", "通过率", Kind::Rate),
    ("avgScoreRate", "平均得分率（%）", Kind::Number),
    ("maxScoreRate", "最高得分率（%）", Kind::Number),
    ("lastExamTime", "最近考试时间", Kind::Time),
];

const TRAINING_RESULT_COLUMNS: &[Column] = &[
    ("examName", "考试", Kind::Text),
    ("categoryDesc", "类别", Kind::Text),
    ("heldTime", "考试时间", Kind::Time),
    ("teacherName", "老师", Kind::Text),
    ("teacherEmail", "老师邮箱", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("score", "得分", Kind::Number),
    ("totalScore", "满分", Kind::Number),
    ("resultDesc", "结果", Kind::Text),
    ("submitTime", "交卷时间", Kind::Time),
    ("usedMinutes", "用时（分钟）", Kind::Number),
];

const ONLINE_STAT_COLUMNS: &[Column] = &[
    ("schoolName", "学校", Kind::Text),
    ("teacherName", "主讲老师", Kind::Text),
    ("teacherEmail", "主讲老师邮箱", Kind::Text),
    ("assistantName", "辅导老师", Kind::Text),
    ("assistantEmail", "辅导老师邮箱", Kind::Text),
    ("classCode", "班级编码", Kind::Text),
    ("className", "班级名称", Kind::Text),
    ("classBeginEndDate", "开结课日期", Kind::Text),
    ("groupName", "小组", Kind::Text),
    ("assistantName1", "辅导老师1", Kind::Text),
    ("assistantName2", "辅导老师2", Kind::Text),
    ("lessonId", "课次ID", Kind::Number),
    ("lessonName", "课次名称", Kind::Text),
    ("lessonBeginEndTime", "上课时间", Kind::Text),
    ("teacherPresenceStatus", "主讲出勤", Kind::Text),
    ("teacherPresenceDuration", "主讲在线时长", Kind::Duration),
    ("firstEntryTime", "首次进入时间", Kind::Time),
    ("inClassEntryTime", "课中进入时间", Kind::Time),
    ("inClassLastExitTime", "课中最后离开时间", Kind::Time),
    ("afterClassLastExitTime", "课后最后离开时间", Kind::Time),
    ("classCnt", "班级数", Kind::Number),
    ("groupCnt", "小组数", Kind::Number),
    ("lessonCnt", "课次数", Kind::Number),
    ("teacherCnt", "老师数", Kind::Number),
    ("studentCnt", "学员数", Kind::Number),
    ("inClassCnt", "在班人数", Kind::Number),
    ("sacStuLiveShouldCnt", "应到人次", Kind::Number),
    ("friendAddRate", "加好友率", Kind::Rate),
    ("groupJoinRate", "入群率", Kind::Rate),
    ("teacherLiveAttendRate", "主讲出勤率", Kind::Rate),
    ("teacherLiveCompletionRate", "主讲完课率", Kind::Rate),
    ("liveAttendRate", "直播到课率", Kind::Rate),
    ("liveCompletionRate", "直播完课率", Kind::Rate),
    ("playbackCompletionRate", "回放完课率", Kind::Rate),
    ("comprehensiveAttendRate", "综合到课率", Kind::Rate),
    ("comprehensiveCompletionRate", "综合完课率", Kind::Rate),
    ("answerAccuracyRate", "答题正确率", Kind::Rate),
    ("retentionRate", "续报率", Kind::Rate),
    ("reportSendRate", "报告发送率", Kind::Rate),
    ("analysisReportCoverage", "学情分析报告覆盖率", Kind::Rate),
    ("leaveAfterStartRate", "开课后退班率", Kind::Rate),
    ("avgLessonQuestionCnt", "课均互动题数", Kind::Number),
    ("avgChatNum", "人均聊天数", Kind::Number),
    ("avgOnWallNum", "人均上墙数", Kind::Number),
    ("lessonQuestionCnt", "互动题数", Kind::Number),
    ("onWallNum", "上墙数", Kind::Number),
];

const ONLINE_STUDENT_LESSON_COLUMNS: &[Column] = &[
    ("studentName", "学员姓名", Kind::Text),
    ("studentCode", "学员编号", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("classCode", "班级编码", Kind::Text),
    ("className", "班级名称", Kind::Text),
    ("lessonId", "课次ID", Kind::Number),
    ("lessonName", "课次名称", Kind::Text),
    ("lessonBeginEndTime", "上课时间", Kind::Text),
    ("teacherName", "主讲老师", Kind::Text),
    ("assistantName", "辅导老师", Kind::Text),
    ("assistantEmail", "辅导老师邮箱", Kind::Text),
    ("groupName", "小组", Kind::Text),
    ("attendStatus", "出勤状态", Kind::Text),
    ("livePresentStatus", "直播到课", Kind::Text),
    ("liveCompletionStatus", "直播完课", Kind::Text),
    ("comprehensiveAttendStatus", "综合到课", Kind::Text),
    ("comprehensiveCompletionStatus", "综合完课", Kind::Text),
    ("liveStudyDuration", "直播学习时长", Kind::Duration),
    ("playbackStudyDuration", "回放学习时长", Kind::Duration),
    ("totalStudyDuration", "总学习时长", Kind::Duration),
    ("submitCnt", "提交题数", Kind::Number),
    ("answerAccuracyRate", "答题正确率", Kind::Rate),
    ("chatNum", "聊天数", Kind::Number),
    ("onWallNum", "上墙数", Kind::Number),
    ("handUpNum", "举手数", Kind::Number),
    ("starNum", "获星数", Kind::Number),
    ("isSendReportDesc", "是否发送报告", Kind::Text),
    ("studentLessonTypeDesc", "课次类型", Kind::Text),
];

const ONLINE_CLASS_COLUMNS: &[Column] = &[
    ("classCode", "班级编码", Kind::Text),
    ("className", "班级名称", Kind::Text),
    ("classBeginEndDate", "开结课日期", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("teacherName", "主讲老师", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("gradeName", "年级", Kind::Text),
    ("inClassCnt", "在班人数", Kind::Number),
    ("groupCnt", "小组数", Kind::Number),
    ("lessonCnt", "课次数", Kind::Number),
    ("heldLessonCnt", "已上课次", Kind::Number),
];

const ONLINE_QUIT_COLUMNS: &[Column] = &[
    ("schoolName", "学校", Kind::Text),
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("dtOutDate", "退班时间", Kind::Time),
    ("classCode", "班级编码", Kind::Text),
    ("className", "班级名称", Kind::Text),
    ("classBeginEndDate", "开结课日期", Kind::Text),
    ("leaveLessonNo", "退班时已上课次", Kind::Number),
    ("refundFee", "退费金额（元）", Kind::Number),
    ("refundReasonType", "退费原因类型", Kind::Text),
    ("refundReason", "退费原因", Kind::Text),
];

const EXAM_GRADE_COLUMNS: &[Column] = &[
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("gradeName", "年级", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("teacherName", "老师", Kind::Text),
    ("examName", "考试名称", Kind::Text),
    ("examDate", "考试时间", Kind::Time),
    ("examTypeName", "考试类型", Kind::Text),
    ("termTypeName", "学期", Kind::Text),
    ("schoolTypeName", "学校类型", Kind::Text),
    ("totalExamScore", "总分", Kind::Number),
    ("examScore", "成绩", Kind::Number),
    ("fullMarks", "满分", Kind::Number),
    ("assignScore", "赋分", Kind::Number),
    ("examScoreLevel", "成绩等级", Kind::Text),
    ("examRank", "班级排名", Kind::Number),
    ("gradeRank", "年级排名", Kind::Number),
    ("scoreTags", "成绩标签", Kind::Text),
    ("examScorePercent", "得分率", Kind::Rate),
    ("scoreImageUploaded", "是否上传试卷", Kind::Text),
    ("modifiedSourceName", "录入来源", Kind::Text),
    ("finishedSubjects", "已录入学科", Kind::Text),
    ("unfinishedSubjects", "未录入学科", Kind::Text),
];

const WORK_TASK_COLUMNS: &[Column] = &[
    ("taskName", "任务名称", Kind::Text),
    ("stepName", "环节", Kind::Text),
    ("courseTypeDesc", "课程类型", Kind::Text),
    ("executorName", "执行人", Kind::Text),
    ("executorEmail", "执行人邮箱", Kind::Text),
    ("executorRoleDesc", "执行角色", Kind::Text),
    ("studentCode", "学员编号", Kind::Text),
    ("studentName", "学员姓名", Kind::Text),
    ("teacherName", "老师", Kind::Text),
    ("schoolName", "学校", Kind::Text),
    ("subjectName", "学科", Kind::Text),
    ("lessonTime", "上课日期", Kind::Time),
    ("startAt", "开始时间", Kind::Time),
    ("endAt", "截止时间", Kind::Time),
    // Written as the screen shows them: the state's and the check's names.
    ("status", "状态", Kind::Text),
    ("finishedAt", "完成时间", Kind::Time),
    ("note", "完成说明", Kind::Text),
    ("qcStatus", "质检结果", Kind::Text),
    ("qcRemark", "质检备注", Kind::Text),
    ("qcOperatorName", "质检人", Kind::Text),
    ("qcAt", "质检时间", Kind::Time),
    ("firstTag", "AI 标记", Kind::Text),
];

/// What narrows a report beyond the data-centre filter: the service details' punch filters, the
/// work tasks' task filters.
#[derive(Debug, Clone, Default)]
pub enum Narrowing {
    #[default]
    None,
    Punches(PunchFilter),
    Tasks(TaskFilter),
}

impl Narrowing {
    fn punches(&self) -> PunchFilter {
        match self {
            Narrowing::Punches(p) => p.clone(),
            _ => PunchFilter::default(),
        }
    }

    fn tasks(&self) -> TaskFilter {
        match self {
            Narrowing::Tasks(t) => t.clone(),
            _ => TaskFilter::default(),
        }
    }
}

/// The data-centre reports that export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DcReport {
    AttendanceClass,
    AttendanceVip,
    RefundClass,
    RefundVip,
    VipStudents,
    /// Service details (serveDetails): the service punch records.
    ServicePunches,
    PrepVipTeachers,
    PrepVipLessons,
    PrepClassTeachers,
    PrepClassLessons,
    UsageVipTeachers,
    UsageVipStudents,
    /// The class-side usage views (the search's `usageType`).
    UsageClassTeachers,
    UsageClassStudents,
    FeedbackDetail,
    FeedbackTeacher,
    /// First-lesson statistics of a screen (the search's `tabType` and `type`).
    FirstStat(View),
    FirstDetail(View),
    TrainingTrainees,
    TrainingResults,
    /// Online class statistics of a side at the search's level (`type`).
    OnlineStat(OnlineSide),
    OnlineStudentLessons(OnlineSide),
    OnlineClasses(OnlineSide),
    OnlineQuits(OnlineSide),
    /// Students' school exam grades (QC examGrades).
    ExamGrades,
    /// Work tasks of the lessons in scope (QC 工作任务质检).
    WorkTasks,
}

impl DcReport {
    /// The report an export names by `excelType`.
    pub fn parse(name: &str) -> Option<DcReport> {
        Some(match name {
            "attendanceClass" => DcReport::AttendanceClass,
            "attendanceVip" => DcReport::AttendanceVip,
            "refundClass" => DcReport::RefundClass,
            "refundVip" => DcReport::RefundVip,
            "vipStudents" => DcReport::VipStudents,
            "servicePunches" => DcReport::ServicePunches,
            "prepVipTeachers" => DcReport::PrepVipTeachers,
            "prepVipLessons" => DcReport::PrepVipLessons,
            "prepClassTeachers" => DcReport::PrepClassTeachers,
            "prepClassLessons" => DcReport::PrepClassLessons,
            "usageVipTeachers" => DcReport::UsageVipTeachers,
            "usageVipStudents" => DcReport::UsageVipStudents,
            "usageClassTeachers" => DcReport::UsageClassTeachers,
            "usageClassStudents" => DcReport::UsageClassStudents,
            "feedbackDetail" => DcReport::FeedbackDetail,
            "feedbackTeacher" => DcReport::FeedbackTeacher,
            "trainingTrainees" => DcReport::TrainingTrainees,
            "trainingResults" => DcReport::TrainingResults,
            "examGrades" => DcReport::ExamGrades,
            "workTasks" => DcReport::WorkTasks,
            other if other.starts_with("online") => {
                // onlineMainStat, onlineAuxiliaryStudentLessons, …
                let rest = &other["online".len()..];
                let (side, rest) = match rest.strip_prefix("Main") {
                    Some(rest) => (OnlineSide::Main, rest),
                    None => (OnlineSide::Auxiliary, rest.strip_prefix("Auxiliary")?),
                };
                match rest {
                    "Stat" => DcReport::OnlineStat(side),
                    "StudentLessons" => DcReport::OnlineStudentLessons(side),
                    "Classes" => DcReport::OnlineClasses(side),
                    "Quits" => DcReport::OnlineQuits(side),
                    _ => return None,
                }
            }
            other => {
                // firstWholeStat, firstTeacherDetail, …
                let rest = other.strip_prefix("first")?;
                let (view, detail) = match (rest.strip_suffix("Stat"), rest.strip_suffix("Detail")) {
                    (Some(view), _) => (view, false),
                    (_, Some(view)) => (view, true),
                    _ => return None,
                };
                let mut chars = view.chars();
                let first = chars.next()?.to_ascii_lowercase();
                let view = View::parse(&format!("{first}{}", chars.as_str()))?;
                if detail {
                    DcReport::FirstDetail(view)
                } else {
                    DcReport::FirstStat(view)
                }
            }
        })
    }

    pub fn title(self) -> &'static str {
        match self {
            DcReport::AttendanceClass => "班课出勤明细",
            DcReport::AttendanceVip => "一对一出勤明细",
            DcReport::RefundClass => "班课退费明细",
            DcReport::RefundVip => "一对一退费明细",
            DcReport::VipStudents => "一对一学员",
            DcReport::ServicePunches => "服务明细",
            DcReport::PrepVipTeachers => "一对一备课统计（老师）",
            DcReport::PrepVipLessons => "一对一备课统计（课节）",
            DcReport::PrepClassTeachers => "班课备课统计（老师）",
            DcReport::PrepClassLessons => "班课备课统计（课节）",
            DcReport::UsageVipTeachers => "一对一平台使用（老师）",
            DcReport::UsageVipStudents => "一对一平台使用（学员）",
            DcReport::UsageClassTeachers => "平台使用（老师）",
            DcReport::UsageClassStudents => "平台使用（学员）",
            DcReport::FeedbackDetail => "反馈报告明细",
            DcReport::FeedbackTeacher => "反馈报告统计（老师）",
            DcReport::FirstStat(_) => "首课统计",
            DcReport::FirstDetail(_) => "首课明细",
            DcReport::TrainingTrainees => "基础训练考试（学员）",
            DcReport::TrainingResults => "基础训练考试（成绩）",
            DcReport::OnlineStat(OnlineSide::Main) => "主讲老师直播课统计",
            DcReport::OnlineStat(OnlineSide::Auxiliary) => "辅导老师直播课统计",
            DcReport::OnlineStudentLessons(_) => "直播课学员课次统计",
            DcReport::OnlineClasses(_) => "直播班级明细",
            DcReport::OnlineQuits(_) => "直播课退班记录",
            DcReport::ExamGrades => "考试成绩",
            DcReport::WorkTasks => "工作任务质检",
        }
    }

    pub fn columns(self) -> &'static [Column] {
        match self {
            DcReport::AttendanceClass | DcReport::AttendanceVip => ATTENDANCE_COLUMNS,
            DcReport::RefundClass | DcReport::RefundVip => REFUND_COLUMNS,
            DcReport::VipStudents => VIP_STUDENT_COLUMNS,
            DcReport::ServicePunches => PUNCH_COLUMNS,
            DcReport::PrepVipTeachers | DcReport::PrepClassTeachers => PREP_TEACHER_COLUMNS,
            DcReport::PrepVipLessons | DcReport::PrepClassLessons => PREP_LESSON_COLUMNS,
            DcReport::UsageVipTeachers | DcReport::UsageClassTeachers => USAGE_TEACHER_COLUMNS,
            DcReport::UsageVipStudents | DcReport::UsageClassStudents => USAGE_STUDENT_COLUMNS,
            DcReport::FeedbackDetail => FEEDBACK_DETAIL_COLUMNS,
            DcReport::FeedbackTeacher => FEEDBACK_TEACHER_COLUMNS,
            DcReport::FirstStat(_) => FIRST_STAT_COLUMNS,
            DcReport::FirstDetail(_) => FIRST_DETAIL_COLUMNS,
            DcReport::TrainingTrainees => TRAINEE_COLUMNS,
            DcReport::TrainingResults => TRAINING_RESULT_COLUMNS,
            DcReport::OnlineStat(_) => ONLINE_STAT_COLUMNS,
            DcReport::OnlineStudentLessons(_) => ONLINE_STUDENT_LESSON_COLUMNS,
            DcReport::OnlineClasses(_) => ONLINE_CLASS_COLUMNS,
            DcReport::OnlineQuits(_) => ONLINE_QUIT_COLUMNS,
            DcReport::ExamGrades => EXAM_GRADE_COLUMNS,
            DcReport::WorkTasks => WORK_TASK_COLUMNS,
        }
    }

    /// The props the report sorts by on the server.
    pub fn sortable(self) -> Vec<&'static str> {
        let pairs = match self {
            DcReport::AttendanceClass | DcReport::AttendanceVip => attendance::SORTABLE,
            DcReport::RefundClass | DcReport::RefundVip => refunds::SORTABLE,
            DcReport::VipStudents => board::STUDENT_SORTABLE,
            DcReport::ServicePunches => crate::qc::punches::SORTABLE,
            DcReport::PrepVipLessons | DcReport::PrepClassLessons => prep::LESSON_SORTABLE,
            DcReport::UsageVipStudents | DcReport::UsageClassStudents => usage::STUDENT_SORTABLE,
            DcReport::FeedbackDetail => feedback_stats::DETAIL_SORTABLE,
            DcReport::FirstDetail(_) => first_lesson::DETAIL_SORTABLE,
            DcReport::FirstStat(_) => return first_lesson::STAT_SORTABLE.to_vec(),
            DcReport::TrainingResults => training::RESULT_SORTABLE,
            DcReport::TrainingTrainees => return training::TRAINEE_SORTABLE.to_vec(),
            DcReport::PrepVipTeachers | DcReport::PrepClassTeachers => return prep::TEACHER_SORTABLE.to_vec(),
            DcReport::UsageVipTeachers | DcReport::UsageClassTeachers => return usage::TEACHER_SORTABLE.to_vec(),
            DcReport::FeedbackTeacher => return feedback_stats::STAT_SORTABLE.to_vec(),
            DcReport::OnlineStat(_) => return online::STAT_SORTABLE.to_vec(),
            DcReport::OnlineStudentLessons(_) => online::STUDENT_LESSON_SORTABLE,
            // Work tasks come in the screen's order (latest lesson day first).
            DcReport::OnlineClasses(_) | DcReport::OnlineQuits(_) | DcReport::WorkTasks => &[],
            DcReport::ExamGrades => crate::qc::exam_grades::SORTABLE,
        };
        pairs.iter().map(|(prop, _)| *prop).collect()
    }

    /// What the search must also hold for this report (the first-lesson grouping of its screen).
    pub fn check(self, f: &Filter) -> std::result::Result<(), String> {
        match self {
            DcReport::FirstStat(view) => view.grouping(f.stat_type.as_deref()).map(|_| ()),
            DcReport::OnlineStat(_) => Level::parse(f.stat_type.as_deref()).map(|_| ()),
            _ => Ok(()),
        }
    }

    fn usage_view(self, f: &Filter) -> UsageView {
        match self {
            DcReport::UsageVipTeachers | DcReport::UsageVipStudents => UsageView::Vip,
            // The system view's students are those of every lesson.
            DcReport::UsageClassStudents if f.usage == UsageType::System => UsageView::Class(UsageType::FullDay),
            _ => UsageView::Class(f.usage),
        }
    }

    /// The rows of the reports with one row per teacher (or group), in the screen's order.
    async fn teacher_rows(self, db: &Db, scope: &Scope, f: &Filter, now: i64) -> Result<Vec<Value>> {
        Ok(match self {
            DcReport::PrepVipTeachers | DcReport::PrepClassTeachers => {
                let side = if self == DcReport::PrepVipTeachers { Side::Vip } else { Side::Class };
                let mut rows = prep::teachers(db, side, scope, f, now).await?;
                prep::sort_teachers(&mut rows, f.sort.as_ref());
                json(rows)
            }
            DcReport::UsageVipTeachers | DcReport::UsageClassTeachers => {
                let mut rows = usage::teachers(db, self.usage_view(f), scope, f, now).await?;
                usage::sort_teachers(&mut rows, f.sort.as_ref());
                json(rows)
            }
            DcReport::FirstStat(view) => {
                let grouping = view.grouping(f.stat_type.as_deref()).unwrap_or(view.groupings()[0]);
                let (mut rows, _) = first_lesson::statistics(db, f.course, view, grouping, scope, f, now).await?;
                first_lesson::sort(&mut rows, f.sort.as_ref());
                json(rows)
            }
            DcReport::TrainingTrainees => {
                let mut rows = training::trainees(db, scope, f, now).await?;
                training::sort_trainees(&mut rows, f.sort.as_ref());
                json(rows)
            }
            DcReport::OnlineStat(side) => {
                let level = Level::parse(f.stat_type.as_deref()).unwrap_or(Level::Teacher);
                let mut rows = online::statistics(db, side, level, scope, f, now, None).await?;
                online::sort(&mut rows, f.sort.as_ref());
                json(rows)
            }
            _ => {
                let mut rows = feedback_stats::statistics(db, feedback_stats::Grouping::Teacher, scope, f, now).await?;
                feedback_stats::sort(&mut rows, f.sort.as_ref());
                json(rows)
            }
        })
    }

    /// The columns to write: those asked for (in that order), else all; an unknown one is
    /// refused by name.
    pub fn chosen_columns(self, asked: &[String]) -> std::result::Result<Vec<Column>, String> {
        if asked.is_empty() {
            return Ok(self.columns().to_vec());
        }
        asked.iter().map(|prop| self.columns().iter().find(|c| c.0 == prop).copied().ok_or_else(|| format!("columns 含该报表没有的列：{prop}"))).collect()
    }

    /// `narrowing` narrows the service punch records and the work tasks (the other reports
    /// have none).
    pub async fn count(self, db: &Db, scope: &Scope, f: &Filter, narrowing: &Narrowing, now: i64) -> Result<i64> {
        match self {
            DcReport::AttendanceClass => attendance::count(db, Side::Class, scope, f, now).await,
            DcReport::AttendanceVip => attendance::count(db, Side::Vip, scope, f, now).await,
            DcReport::RefundClass => refunds::count(db, Side::Class, scope, f, now).await,
            DcReport::RefundVip => refunds::count(db, Side::Vip, scope, f, now).await,
            DcReport::VipStudents => board::students_count(db, scope, f, now).await,
            DcReport::ServicePunches => crate::qc::punches::count(db, scope, f, &narrowing.punches(), now).await,
            DcReport::WorkTasks => work_task::count(db, &Whose::Scope(scope, f), &narrowing.tasks(), now).await,
            DcReport::PrepVipLessons => prep::lessons_count(db, Side::Vip, scope, f, now).await,
            DcReport::PrepClassLessons => prep::lessons_count(db, Side::Class, scope, f, now).await,
            DcReport::UsageVipStudents | DcReport::UsageClassStudents => usage::students_count(db, self.usage_view(f), scope, f, now).await,
            DcReport::FeedbackDetail => feedback_stats::detail_count(db, scope, f, now).await,
            DcReport::FirstDetail(view) => first_lesson::detail_count(db, f.course, view, scope, f, now).await,
            DcReport::TrainingResults => training::results_count(db, scope, f, now).await,
            DcReport::OnlineStudentLessons(side) => online::student_lessons_count(db, side, scope, f, now).await,
            DcReport::OnlineClasses(side) => online::classes_count(db, side, scope, f, now).await,
            DcReport::OnlineQuits(side) => online::quits_count(db, side, scope, f, now).await,
            DcReport::ExamGrades => crate::qc::exam_grades::count(db, scope, f, now).await,
            DcReport::PrepVipTeachers
            | DcReport::PrepClassTeachers
            | DcReport::UsageVipTeachers
            | DcReport::UsageClassTeachers
            | DcReport::FeedbackTeacher
            | DcReport::FirstStat(_)
            | DcReport::OnlineStat(_)
            | DcReport::TrainingTrainees => Ok(self.teacher_rows(db, scope, f, now).await?.len() as i64),
        }
    }

    /// Rows `offset..offset + limit` of `(offset, limit)` as JSON objects (the screen's rows).
    pub async fn rows(self, db: &Db, scope: &Scope, f: &Filter, narrowing: &Narrowing, now: i64, (offset, limit): (i64, i64)) -> Result<Vec<Value>> {
        Ok(match self {
            DcReport::AttendanceClass => json(attendance::page(db, Side::Class, scope, f, now, offset, limit).await?),
            DcReport::AttendanceVip => json(attendance::page(db, Side::Vip, scope, f, now, offset, limit).await?),
            DcReport::RefundClass => json(refunds::page(db, Side::Class, scope, f, now, offset, limit).await?),
            DcReport::RefundVip => json(refunds::page(db, Side::Vip, scope, f, now, offset, limit).await?),
            DcReport::VipStudents => json(board::students_page(db, scope, f, now, offset, limit).await?),
            DcReport::ServicePunches => json(crate::qc::punches::page(db, scope, f, &narrowing.punches(), now, offset, limit).await?),
            DcReport::WorkTasks => work_task::page(db, &Whose::Scope(scope, f), &narrowing.tasks(), now, offset, limit)
                .await?
                .into_iter()
                .map(|task| {
                    // As the screen's badge says it: a task done after it was due is 逾期完成.
                    let status = if task.status == work_task::DONE && task.finished_late { "逾期完成".to_owned() } else { task.status_desc.clone() };
                    let qc_status = task.qc_status_desc.clone();
                    let mut row = serde_json::to_value(task).unwrap_or(Value::Null);
                    row["status"] = Value::String(status);
                    row["qcStatus"] = Value::String(qc_status);
                    row
                })
                .collect(),
            DcReport::PrepVipLessons => json(prep::lessons_page(db, Side::Vip, scope, f, now, offset, limit).await?),
            DcReport::PrepClassLessons => json(prep::lessons_page(db, Side::Class, scope, f, now, offset, limit).await?),
            DcReport::UsageVipStudents | DcReport::UsageClassStudents => {
                json(usage::students_page(db, self.usage_view(f), scope, f, now, offset, limit).await?)
            }
            DcReport::FeedbackDetail => json(feedback_stats::detail_page(db, scope, f, now, offset, limit).await?),
            DcReport::FirstDetail(view) => json(first_lesson::detail_page(db, f.course, view, scope, f, now, offset, limit).await?),
            DcReport::TrainingResults => json(training::results_page(db, scope, f, now, offset, limit).await?),
            DcReport::OnlineStudentLessons(side) => json(online::student_lessons_page(db, side, scope, f, now, offset, limit).await?),
            DcReport::OnlineClasses(side) => json(online::classes_page(db, side, scope, f, now, offset, limit).await?),
            DcReport::OnlineQuits(side) => json(online::quits_page(db, side, scope, f, now, offset, limit).await?),
            DcReport::ExamGrades => json(crate::qc::exam_grades::page(db, scope, f, now, offset, limit).await?),
            DcReport::PrepVipTeachers
            | DcReport::PrepClassTeachers
            | DcReport::UsageVipTeachers
            | DcReport::UsageClassTeachers
            | DcReport::FeedbackTeacher
            | DcReport::FirstStat(_)
            | DcReport::OnlineStat(_)
            | DcReport::TrainingTrainees => {
                // At most a few thousand teachers: the rows are made whole and cut.
                self.teacher_rows(db, scope, f, now).await?.into_iter().skip(offset.max(0) as usize).take(limit.max(0) as usize).collect()
            }
        })
    }
}

fn json<T: serde::Serialize>(rows: Vec<T>) -> Vec<Value> {
    rows.into_iter().map(|r| serde_json::to_value(r).unwrap_or(Value::Null)).collect()
}

/// One cell of `row` for `column`.
pub fn cell(row: &Value, column: &Column) -> Cell {
    let value = &row[column.0];
    match column.2 {
        Kind::Text => Cell::Text(match value {
            Value::String(s) => s.clone(),
            Value::Null => String::new(),
            other => other.to_string(),
        }),
        Kind::Number => value.as_f64().map(Cell::Number).unwrap_or(Cell::Text(String::new())),
        Kind::Time => match value.as_i64() {
            Some(ms) if ms > 0 => Cell::Text(format_time(ms)),
            _ => Cell::Text(String::new()),
        },
        Kind::Duration => Cell::Text(match value.as_i64() {
            Some(seconds) if seconds > 0 => super::first_lesson::hms(seconds * 1000),
            _ => String::new(),
        }),
        Kind::Rate => Cell::Text(match value.as_f64() {
            Some(r) if r < 0.0 => "/".into(),
            Some(r) => percent(r),
            None => String::new(),
        }),
    }
}

/// A fraction as a percentage: ×100, two decimals, trailing zeros dropped (02 §5).
pub fn percent(fraction: f64) -> String {
    let text = format!("{:.2}", fraction * 100.0);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}%")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_drops_trailing_zeros() {
        assert_eq!(percent(0.5), "50%");
        assert_eq!(percent(0.8567), "85.67%");
        assert_eq!(percent(0.805), "80.5%");
        assert_eq!(percent(0.0), "0%");
    }

    #[test]
    fn cells_follow_the_column_kind() {
        let row = serde_json::json!({"a": "x", "n": 3, "t": 0, "r": -1.0});
        assert_eq!(cell(&row, &("a", "", Kind::Text)), Cell::Text("x".into()));
        assert_eq!(cell(&row, &("n", "", Kind::Number)), Cell::Number(3.0));
        assert_eq!(cell(&row, &("t", "", Kind::Time)), Cell::Text(String::new()));
        assert_eq!(cell(&row, &("r", "", Kind::Rate)), Cell::Text("/".into()));
        assert!(DcReport::AttendanceVip.chosen_columns(&["nope".into()]).unwrap_err().contains("nope"));
        assert_eq!(DcReport::RefundVip.chosen_columns(&["teacher".into(), "studentCode".into()]).unwrap()[0].0, "teacher");
    }
}
