//! The data centre's code tables (02 §3.1, §5): what a stored code means and how it is named.
//! The spec shows the codes of subjects, quarters, yes/no and score bands; the others (grades,
//! products, statuses, bands of lesson length and teaching age) are ours, served to the web app
//! by `/dict/*` so that nothing is kept in two places.

/// (code, name) of an option.
pub type Named = (i64, &'static str);

/// Grades: (code, name, stage). Stage 2 primary, 3 junior high, 4 senior high.
pub const GRADES: [(i64, &str, i64); 12] = [
    (1, "一年级", 2),
    (2, "二年级", 2),
    (3, "三年级", 2),
    (4, "四年级", 2),
    (5, "五年级", 2),
    (6, "六年级", 2),
    (7, "初一", 3),
    (8, "初二", 3),
    (9, "初三", 3),
    (10, "高一", 4),
    (11, "高二", 4),
    (12, "高三", 4),
];

pub fn grade_name(code: i64) -> &'static str {
    GRADES.iter().find(|g| g.0 == code).map_or("", |g| g.1)
}

/// Product types: full price (the default filter), trial, open lesson.
pub const PRODUCT_TYPES: [(&str, &str); 3] = [("ZJK", "正价课"), ("STK", "试听课"), ("GKK", "公开课")];

pub fn product_type_name(code: &str) -> &'static str {
    PRODUCT_TYPES.iter().find(|p| p.0 == code).map_or("", |p| p.1)
}

pub const PRODUCT_GROUPS: [Named; 4] = [(1, "培优"), (2, "精品"), (3, "尖子"), (4, "冲刺")];

/// Product levels (`/dict/jw/product/levels`).
pub const PRODUCT_LEVELS: [Named; 4] = [(1, "A 基础"), (2, "B 提高"), (3, "C 拓展"), (4, "S 竞赛")];

pub const MANAGE_PROJECTS: [Named; 3] = [(1, "K12 同步"), (2, "高端项目"), (3, "在线项目")];

pub const ATTEND_PRESENT: i64 = 1;
pub const ATTEND_LATE: i64 = 2;
pub const ATTEND_ABSENT: i64 = 3;
pub const ATTEND_LEAVE: i64 = 4;
/// Attendance statuses; present and late count as attended.
pub const ATTENDANCE_STATUSES: [Named; 4] = [(ATTEND_PRESENT, "出勤"), (ATTEND_LATE, "迟到"), (ATTEND_ABSENT, "缺勤"), (ATTEND_LEAVE, "请假")];

pub const LEAVE_STATUSES: [Named; 3] = [(0, "未请假"), (1, "已申请"), (2, "已批准")];

pub const LESSON_TYPES: [Named; 3] = [(1, "正常课"), (2, "补课"), (3, "试听课")];

pub const REFUND_REASON_TYPES: [Named; 6] = [(1, "时间冲突"), (2, "教学质量"), (3, "服务问题"), (4, "搬家转学"), (5, "经济原因"), (6, "其他")];

/// Lesson length bands (`lessonDuringTime`): (code, name, from minutes exclusive, to inclusive).
pub const LESSON_DURING_TIMES: [(i64, &str, i64, i64); 4] =
    [(1, "60分钟及以内", 0, 60), (2, "61-90分钟", 60, 90), (3, "91-120分钟", 90, 120), (4, "120分钟以上", 120, i64::MAX)];

/// Teaching-age bands (`teacherTeachTime`): (code, name, from days inclusive, to exclusive).
pub const TEACHER_TEACH_TIMES: [(i64, &str, i64, i64); 4] =
    [(1, "1年以内", 0, 365), (2, "1-3年", 365, 1095), (3, "3-5年", 1095, 1825), (4, "5年以上", 1825, i64::MAX)];

pub const QUARTERS: [Named; 4] = [(1, "Q1（6-8月）"), (2, "Q2（9-11月）"), (3, "Q3（12-2月）"), (4, "Q4（3-5月）")];

/// Trend buckets (`dataTimeType`).
pub const DATA_TIME_TYPES: [(&str, &str); 3] = [("day", "日"), ("week", "周"), ("month", "月")];
pub const DEFAULT_DATA_TIME_TYPE: &str = "week";

/// Percentage score bands (02 §5): code and name.
pub const SCORE_BANDS: [Named; 5] = [(0, "0-30%"), (1, "31-50%"), (2, "51-60%"), (3, "61-70%"), (4, "71-100%")];

pub const YES_NO: [Named; 2] = [(1, "是"), (0, "否")];

/// Why a lesson's resources were not collected back (lesson preparation, 02 §3.1 `noRecycleCauseTypes`).
pub const NO_RECYCLE_CAUSES: [Named; 4] = [(1, "课堂时间不足"), (2, "学生未完成"), (3, "本节无需回收"), (4, "其他")];

/// A teacher's platform usage (02 §3.2 `platformUsageValidStr`): valid when at least
/// `USAGE_VALID_PERCENT` of their lessons had resources bound.
pub const USAGE_VALID_PERCENT: i64 = 50;
pub const USAGE_VALID: [Named; 2] = [(1, "达标"), (0, "未达标")];

/// The class-side platform usage views (`usageType`).
pub const USAGE_TYPES: [(&str, &str); 4] = [("class", "班课"), ("group", "小组课"), ("fullDay", "全日"), ("system", "系统")];

/// First-lesson statistics (02 §3.3): the course types (`tabType`), `ZJ` the first lesson of a
/// full-price package, `ST` a trial lesson (试听课).
pub const FIRST_TAB_TYPES: [(&str, &str); 2] = [("ZJ", "正价课首课"), ("ST", "试听课")];

/// The service steps of a first or trial lesson: (code, name, executor role, task). The
/// pre-handover (`handoverYJJ`) belongs to full-price first lessons only.
pub const FIRST_STEPS: [(&str, &str, &str, &str); 5] = [
    ("handoverYJJ", "预交接", crate::constants::role::CONSULTANT, "交接任务"),
    ("handover", "交接", crate::constants::role::CONSULTANT, "交接任务"),
    ("startCall", "开课电话", crate::constants::role::LEARNING_MANAGER, "跟进任务"),
    ("feedback", "课后反馈", crate::constants::role::TEACHER, "反馈任务"),
    ("followup", "回访", crate::constants::role::LEARNING_MANAGER, "跟进任务"),
];

/// `f1Status`: 0 not held yet, 1 success (a second lesson held), 2 failed (refunded before a
/// second lesson), 3 held, not yet decided.
pub const F1_STATUSES: [Named; 4] = [(0, "未上课"), (1, "成功"), (2, "失败"), (3, "待定")];
/// `f3Status`: 1 success (a third lesson held), 2 failed (refunded after the first lesson,
/// before the third), 0 not yet decided.
pub const F3_STATUSES: [Named; 3] = [(0, "待定"), (1, "成功"), (2, "失败")];
/// A step's state: 0 to do (overdue once past its end), 1 done.
pub const STEP_STATUSES: [Named; 3] = [(0, "待完成"), (1, "已完成"), (2, "已逾期")];
/// A step's quality check.
pub const STEP_QC_STATUSES: [Named; 3] = [(0, "未质检"), (1, "合格"), (2, "不合格")];
/// The AI's reading of a step (calls and feedback texts).
pub const STEP_AI_STATUSES: [Named; 3] = [(0, "未分析"), (1, "通过"), (2, "存疑")];
/// Days after a trial within which a full-price purchase counts as converted (`day30Zj`,
/// `day90Zj`); the same-teacher and same-subject conversions use the longer one.
pub const TRIAL_CONVERSION_DAYS: [i64; 2] = [30, 90];

/// Basic training examination (02 §2 basicTrainingExamination): the kinds of exam.
pub const TRAINING_CATEGORIES: [Named; 3] = [(1, "入职培训"), (2, "学科知识"), (3, "教学技能")];

// Online (live) classes (02 §3.4): a main teacher lectures live to the whole class; the
// students sit in groups, each led by an auxiliary teacher (online tutor).

/// A student "completes" a lesson (live, or live and playback together) by studying at least
/// this share of its length; the teacher completes it by being present as long.
pub const ONLINE_COMPLETION_PERCENT: i64 = 60;
/// The statistics' levels (`type`): per teacher (main or auxiliary), class, lesson, school,
/// group; the first is the default.
pub const ONLINE_STAT_LEVELS: [(&str, &str); 5] =
    [("teacher", "老师统计"), ("class", "班级统计"), ("lesson", "课次统计"), ("school", "校区统计"), ("group", "小组统计")];
/// `online_lessons.status`: 0 scheduled, 1 held, 2 cancelled.
pub const ONLINE_LESSON_CANCELLED: i64 = 2;
/// Patrol results of a live lesson (巡课).
pub const PATROL_RESULTS: [Named; 2] = [(1, "正常"), (2, "有问题")];
/// What the server reminds online lessons' teachers of (线上课设置): a lesson about to begin,
/// the main teacher not in the room after the start, students not arrived after the start.
pub const ONLINE_REMINDER_TYPES: [Named; 3] = [(1, "开课提醒"), (2, "老师未进教室提醒"), (3, "学员未到课提醒")];
/// Student dynamics (学员动态): a lesson missed, an online lesson neither attended nor replayed,
/// a refund, a school exam score fallen.
pub const STUDENT_DYNAMIC_KINDS: [Named; 4] = [(1, "缺课"), (2, "直播课未到课"), (3, "退费"), (4, "成绩下滑")];
/// How a follow-up was made.
pub const FOLLOW_METHODS: [Named; 4] = [(1, "电话"), (2, "微信"), (3, "面谈"), (4, "其他")];
/// How a lesson is given.
pub const ONLINE_VIDEO_TYPES: [Named; 2] = [(1, "直播"), (2, "录播")];
/// A student's place at a lesson: regular, joined mid-term, make-up.
pub const ONLINE_STUDENT_LESSON_TYPES: [Named; 3] = [(1, "正常课次"), (2, "插班课次"), (3, "补课课次")];
/// A student's place in the class: on the roster or left it.
pub const ONLINE_IN_CLASS_STATUSES: [Named; 2] = [(1, "在班"), (0, "已退班")];
/// What a student did with a replay knowledge point.
pub const ONLINE_REPLAY_OPERATIONS: [Named; 3] = [(1, "观看"), (2, "收藏"), (3, "标记不懂")];
/// A device check's findings.
pub const DEVICE_INSTALL_STATES: [Named; 3] = [(0, "未安装"), (1, "已安装"), (2, "需更新")];
pub const DEVICE_STATES: [Named; 3] = [(0, "未检测"), (1, "正常"), (2, "异常")];

// Students' school exams (02 §3.2 "Exam", QC examGrades).
pub const EXAM_TYPES: [Named; 5] = [(1, "月考"), (2, "期中考试"), (3, "期末考试"), (4, "模拟考试"), (5, "入学测试")];
pub const EXAM_TERMS: [Named; 2] = [(1, "上学期"), (2, "下学期")];
/// The kind of public school the student attends.
pub const EXAM_SCHOOL_TYPES: [Named; 3] = [(1, "重点学校"), (2, "普通学校"), (3, "民办学校")];
/// Who entered the scores.
pub const EXAM_SOURCES: [Named; 3] = [(1, "家长录入"), (2, "老师录入"), (3, "学管录入")];
/// A score's level by its share of the full marks: at least 85 % A, 70 % B, 60 % C, else D.
pub fn exam_score_level(percent: f64) -> &'static str {
    match percent {
        p if p >= 85.0 => "A",
        p if p >= 70.0 => "B",
        p if p >= 60.0 => "C",
        _ => "D",
    }
}
/// Tags of a score: 优秀 from 90 %, 待提升 below 60 %; 进步 / 退步 when it moved by at least
/// this many points of percentage from the student's previous exam in the subject.
pub const EXAM_TAG_SHIFT: f64 = 5.0;

/// The name of `code` in `table`, `""` when unknown.
pub fn name_of(table: &[Named], code: i64) -> &'static str {
    table.iter().find(|(c, _)| *c == code).map_or("", |(_, n)| n)
}

/// The score band of a percentage (0–100).
pub fn score_band(percent: f64) -> i64 {
    match percent {
        p if p <= 30.0 => 0,
        p if p <= 50.0 => 1,
        p if p <= 60.0 => 2,
        p if p <= 70.0 => 3,
        _ => 4,
    }
}

// Service QC (02 §3.2 "Service punch", "QC list", §7.6).

/// A punch record waiting for a check, or checked.
/// Class types of the teaching service: the offline three and the online (live) class.
pub const CLASS_TYPES: [Named; 4] = [(1, "一对一"), (2, "小组课"), (3, "班课"), (4, "直播课")];
/// A lesson's state in a schedule: scheduled, held, cancelled.
pub const LESSON_STATUSES: [Named; 3] = [(0, "待上课"), (1, "已上课"), (2, "已取消")];
/// A lesson visit's (听课记录) state.
pub const VISIT_STATUSES: [Named; 2] = [(0, "记录中"), (1, "已完成")];
/// How attentive a student was in a visited lesson (0: not rated).
pub const VISIT_ATTENTION: [Named; 5] = [(1, "走神"), (2, "偶尔走神"), (3, "一般"), (4, "专注"), (5, "非常专注")];
/// The stages of a feedback report as its teacher follows it: written (draft, confirmed,
/// submitted), then shared with the family (sent) and opened by them.
pub const REPORT_STAGES: [(&str, &str); 5] = [("draft", "草稿"), ("confirmed", "已确认"), ("submitted", "已提交"), ("sent", "已发送"), ("opened", "家长已读")];
/// How many days back a held lesson's reports count as due on the home page and the to-do list.
pub const REPORT_DUE_DAYS: i64 = 7;

pub const QC_UNCHECKED: i64 = 0;
pub const QC_CHECKED: i64 = 1;
pub const QC_CHECK_STATUSES: [Named; 2] = [(QC_UNCHECKED, "待质检"), (QC_CHECKED, "已质检")];

/// The result of a check: none yet, qualified, unqualified.
pub const QC_RESULT_NONE: i64 = 0;
pub const QC_QUALIFIED: i64 = 1;
pub const QC_UNQUALIFIED: i64 = 2;
pub const QC_RESULT_STATUSES: [Named; 3] = [(QC_RESULT_NONE, "未判定"), (QC_QUALIFIED, "合格"), (QC_UNQUALIFIED, "不合格")];

/// Where a service was punched from.
pub const PUNCH_CHANNELS: [Named; 3] = [(1, "网页端"), (2, "App"), (3, "企业微信")];

/// Which lessons' students a service is for: both sides, one-on-one, classes.
pub const SERVICE_SIDES: [Named; 3] = [(0, "全部"), (1, "一对一"), (2, "班课")];

/// How often a service is due per student.
pub const SERVICE_PERIOD_TYPES: [(&str, &str); 3] = [("week", "每周"), ("month", "每月"), ("once", "一次")];

/// The icons a service type may show (`/service/iconList`).
pub const SERVICE_ICONS: [(&str, &str); 8] = [
    ("phone", "电话回访"),
    ("message", "消息沟通"),
    ("report", "学情报告"),
    ("homework", "作业点评"),
    ("meeting", "家长会"),
    ("plan", "学习规划"),
    ("visit", "到校面谈"),
    ("star", "表扬激励"),
];

/// The kinds of field a service's follow-up form may hold.
pub const FORM_FIELD_KINDS: [(&str, &str); 5] = [("text", "单行文本"), ("textarea", "多行文本"), ("select", "单选"), ("date", "日期"), ("number", "数字")];

/// A learning camp's states (03 §4 "Camp publishing"): built as a draft, published to students,
/// edited after publishing (students keep the published version until it is published again or
/// the edit is revoked), paused (students cannot go on) and shut down for good.
pub const CAMP_DRAFT: i64 = 0;
pub const CAMP_PUBLISHED: i64 = 1;
pub const CAMP_EDITING: i64 = 2;
pub const CAMP_PAUSED: i64 = 3;
pub const CAMP_SHUT: i64 = 4;
pub const CAMP_STATUSES: [Named; 5] =
    [(CAMP_DRAFT, "草稿"), (CAMP_PUBLISHED, "已发布"), (CAMP_EDITING, "编辑中"), (CAMP_PAUSED, "已暂停"), (CAMP_SHUT, "已关闭")];

/// How a published camp opens its phases to students (`/camp/dict/publish-rule`).
pub const CAMP_RULE_ALL: i64 = 1;
pub const CAMP_RULE_IN_ORDER: i64 = 2;
pub const CAMP_RULE_BY_DATE: i64 = 3;
pub const CAMP_PUBLISH_RULES: [(i64, &str, &str); 3] = [
    (CAMP_RULE_ALL, "全部开放", "发布后所有阶段同时开放"),
    (CAMP_RULE_IN_ORDER, "按顺序解锁", "完成上一阶段的全部任务后开放下一阶段"),
    (CAMP_RULE_BY_DATE, "按日期解锁", "第一阶段在开营日开放，之后每隔设定的天数开放下一阶段"),
];

/// A camp task's kind, by the drive's resource types (03 §3): files (documents, media, images)
/// and the camp's own question sets and flash cards.
pub const CAMP_TASK_DOCUMENT: i64 = 1;
pub const CAMP_TASK_MEDIA: i64 = 2;
pub const CAMP_TASK_QUESTIONS: i64 = 3;
pub const CAMP_TASK_FLASH_CARDS: i64 = 4;
pub const CAMP_TASK_IMAGE: i64 = 7;
pub const CAMP_TASK_TYPES: [Named; 5] =
    [(CAMP_TASK_DOCUMENT, "文档"), (CAMP_TASK_MEDIA, "音视频"), (CAMP_TASK_QUESTIONS, "题集"), (CAMP_TASK_FLASH_CARDS, "闪卡"), (CAMP_TASK_IMAGE, "图片")];

/// A student's progress in a camp or on a task.
pub const CAMP_NOT_STARTED: i64 = 0;
pub const CAMP_IN_PROGRESS: i64 = 1;
pub const CAMP_COMPLETED: i64 = 2;
pub const CAMP_PROGRESS: [Named; 3] = [(CAMP_NOT_STARTED, "未开始"), (CAMP_IN_PROGRESS, "进行中"), (CAMP_COMPLETED, "已完成")];
/// A member counts as inactive after this many days without a finished task.
pub const CAMP_INACTIVE_DAYS: i64 = 3;
/// How long a camp's join link (its QR code) stays valid.
pub const CAMP_JOIN_LINK_DAYS: i64 = 30;
/// Limits of a camp's structure.
pub const CAMP_MAX_PHASES: i64 = 50;
pub const CAMP_MAX_TASKS_PER_PHASE: i64 = 100;
pub const CAMP_MAX_QUESTIONS: usize = 50;
pub const CAMP_MAX_CARDS: usize = 200;

/// An offline exam's states: published to its members, or withdrawn.
pub const EXAM_PUBLISHED: i64 = 1;
pub const EXAM_REVOKED: i64 = 2;
pub const EXAM_STATUSES: [Named; 2] = [(EXAM_PUBLISHED, "已发布"), (EXAM_REVOKED, "已撤回")];
/// Limits of exam groups: groups per teacher, members per group, rows of an import.
pub const EXAM_MAX_GROUPS: i64 = 200;
pub const EXAM_MAX_GROUP_MEMBERS: i64 = 2000;
pub const EXAM_IMPORT_MAX_ROWS: usize = 2000;

#[cfg(test)]
mod tests {
    #[test]
    fn names_and_bands() {
        assert_eq!(super::grade_name(11), "高二");
        assert_eq!(super::grade_name(99), "");
        assert_eq!(super::name_of(&super::ATTENDANCE_STATUSES, 4), "请假");
        assert_eq!(super::product_type_name("ZJK"), "正价课");
        assert_eq!([0.0, 30.0, 31.0, 50.5, 60.0, 65.0, 71.0, 100.0].map(super::score_band), [0, 0, 1, 2, 2, 3, 4, 4]);
    }
}
