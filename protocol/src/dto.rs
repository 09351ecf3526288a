//! Request and response bodies of the REST calls (field names as the spec gives them).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

// ---------------------------------------------------------------- account (03 §7.11)

/// `POST /account/login/login`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
    /// The captcha text, required after repeated failures for the e-mail.
    #[serde(default)]
    #[ts(optional)]
    pub code: Option<String>,
    #[serde(default = "default_login_type")]
    #[ts(optional)]
    pub r#type: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub skip_blocker: Option<bool>,
}

fn default_login_type() -> Option<i64> {
    Some(1)
}

/// `data` of a login and of `/account/login/user/check`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoginUser {
    /// The session token, for clients that send `Authorization: Bearer` (login only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub token: Option<String>,
    pub name: String,
    pub email: String,
    pub school_id: i64,
    pub school_name: String,
    /// e.g. "4_54" (stage_subject) of the selected subject.
    pub subject_and_edu: String,
    /// The user's role type numbers.
    pub types: Vec<i64>,
    /// The current role type number.
    pub last_type: i64,
    /// True on the very first login.
    pub first: bool,
}

/// Error data when a captcha is needed.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CaptchaRequired {
    pub captcha_required: bool,
}

/// `POST /account/login/regist`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegisterRequest {
    pub email: String,
    pub mobile: String,
    pub name: String,
    pub password: String,
    pub subject: i64,
    pub edu: i64,
    #[serde(default)]
    #[ts(optional)]
    pub project: Option<Vec<String>>,
    pub school_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub r#type: Option<i64>,
}

/// `GET /account/login/getRegistDict`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegistDict {
    pub schools: Vec<SchoolRef>,
    pub stages: Vec<StageInfo>,
    pub projects: Vec<CodeName>,
}

/// `POST /account/login/saveSubject`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct SaveSubjectRequest {
    pub subject: i64,
}

// ---------------------------------------------------------------- user (01 §3, §7)

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CodeName {
    pub code: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SubjectRef {
    pub code: i64,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StageInfo {
    pub code: i64,
    pub name: String,
    pub sort: i64,
    pub subjects: Vec<SubjectRef>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SchoolRef {
    pub id: i64,
    pub name: String,
    /// The school runs a local edition: the web shows its name as 本地版-{name}.
    #[serde(default)]
    pub local_edition: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RoleEntry {
    pub code: String,
    pub name: String,
    pub current: bool,
    pub icon: String,
}

/// `GET /pub/user/info` (01 §3).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UserInfo {
    pub e2uid: String,
    pub user_avatar: String,
    pub user_name: String,
    pub user_email: String,
    pub subject_list: Vec<SubjectRef>,
    pub selected_stage: SubjectRef,
    pub stage_list: Vec<StageInfo>,
    pub role_list: Vec<RoleEntry>,
    pub role_tags: Vec<String>,
    /// School id → area codes.
    pub school_area_codes_map: std::collections::BTreeMap<String, Vec<String>>,
    /// The signed-in account may act as other accounts.
    pub superuser: bool,
    /// Set while a super user acts as another account: the super user's own e-mail and name.
    pub super_user_email: Option<String>,
    pub super_user_name: Option<String>,
    pub selected_province: CodeName,
    pub school_list: Vec<SchoolRef>,
    pub selected_school: SchoolRef,
    pub selected_subject: SubjectRef,
    pub e2qwuid: String,
}

/// `GET /pub/user/teacher-info` (01 §3).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeacherInfo {
    pub name: String,
    pub avatar: String,
    pub teacher_code: String,
    pub email: String,
    pub school_name: String,
    pub subject_desc: String,
    pub join_date: String,
    pub teacher_level: String,
    pub division_age_desc: String,
    pub school_age_desc: String,
}

/// One node of the server-driven menu (01 §3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MenuItem {
    pub code: String,
    pub name: String,
    pub url: String,
    pub level: i64,
    pub children: Vec<MenuItem>,
}

impl MenuItem {
    /// True when `code` appears anywhere in the tree (the spec's menu permission rule).
    pub fn tree_contains(items: &[MenuItem], code: &str) -> bool {
        items.iter().any(|m| m.code == code || MenuItem::tree_contains(&m.children, code))
    }
}

/// `POST /pub/user/select`: any of school, stage, subject.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SelectRequest {
    #[serde(default)]
    #[ts(optional)]
    pub school_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub stage: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub subject: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ProvinceOption {
    pub k12_code: String,
    pub name: String,
    pub selected: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperArea {
    pub name: String,
    pub provinces: Vec<ProvinceOption>,
}

/// `GET /pub/user/region-info`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RegionInfo {
    pub selected_province: CodeName,
    pub school_list: Vec<SchoolRef>,
    pub paper_areas: Vec<PaperArea>,
}

/// One item of `GET /pub/index/user/bootstrap`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BootstrapFlag {
    pub scene: String,
    /// True while the one-time introduction has not been dismissed.
    pub bootstrap: bool,
}

/// `POST /teacher/group/white/check`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WhiteCheckRequest {
    pub email: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WhiteCheck {
    pub show_flag: bool,
}

/// The whitelist (01 §7 "get whitelist"): `authors.models` the user's granted function codes,
/// `fuctions` (sic, the spec's name) every function under whitelist control.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Whitelist {
    pub authors: WhitelistAuthors,
    pub fuctions: Vec<WhitelistFunction>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WhitelistAuthors {
    pub models: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WhitelistFunction {
    pub code: String,
}

/// `GET /version.json`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct VersionInfo {
    pub version: String,
}

// ---------------------------------------------------------------- notices (03 §7.10)

/// A notice as the user sees it.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Notice {
    pub id: i64,
    pub title: String,
    pub content: String,
    /// 1 popup notice, 2 list notice, 7 banner notice.
    pub r#type: i64,
    /// Milliseconds since the epoch.
    pub create_time: i64,
    pub read: bool,
    /// The target role the user received it for; empty when targeted by e-mail.
    pub role: String,
}

/// `GET /exam/notice/info`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NoticeInfo {
    pub unread_num: i64,
    /// The newest unread notice.
    pub unread_info: Option<Notice>,
    /// A short line describing the unread notices.
    pub unread_illustrate: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UnreadTypeCount {
    pub r#type: i64,
    pub count: i64,
}

/// A page of records.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Page<T> {
    pub records: Vec<T>,
    pub total: i64,
    pub page_no: i64,
    pub page_size: i64,
}

/// `POST /exam/notice/update/param`: the user's display parameters of one notice.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NoticeParamRequest {
    pub id: i64,
    /// The popup was closed: `detail/latest` no longer offers it.
    #[serde(default)]
    #[ts(optional)]
    pub popup_closed: Option<bool>,
    #[serde(default)]
    #[ts(optional)]
    pub read: Option<bool>,
}

/// `POST /admin/notice/publish`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PublishNoticeRequest {
    pub title: String,
    pub content: String,
    /// 1 popup (pushes backstage_001), 2 list (backstage_002), 7 (backstage_005).
    pub r#type: i64,
    #[serde(default)]
    pub roles: Vec<String>,
    #[serde(default)]
    pub emails: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PublishNoticeResult {
    pub id: i64,
    /// How many users the notice was addressed to.
    pub recipients: i64,
}

/// `POST /admin/notice/withdraw`: id -1 withdraws every notice.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WithdrawNoticeRequest {
    pub id: i64,
}

// ---------------------------------------------------------------- home (01 §2 "Home page", §3 "Banner")

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Banner {
    pub id: i64,
    pub title: String,
    pub banner_background_color: String,
    pub banner_img_url: String,
    pub redirect_url: String,
}

/// `GET /home/banner`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BannerInfo {
    /// The banner area is switched off for everyone.
    pub home_page_banner_close: bool,
    /// This user closed the banner.
    pub user_close_banner: bool,
    /// Carousel delay in milliseconds.
    pub rotation_time: i64,
    pub banner_list: Vec<Banner>,
}

/// A count on the home page.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HomeCount {
    pub count: i64,
}

/// A paper type (01 §3): 2 slice library, 3 teaching-aid library, 4 textbook library, 5 handout.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperType {
    pub code: i64,
    pub name: String,
}

// ---------------------------------------------------------------- shell configuration (01 §2 "Layout")

/// A group chat the feedback popover offers to join (one per messenger).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackGroup {
    /// The messenger's name under the QR code, e.g. 企业微信.
    pub label: String,
    /// The group's join link; empty while not configured.
    #[serde(default)]
    pub join_url: String,
}

/// Where the help menu's items lead; an empty link means the app's own page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HelpLinks {
    #[serde(default)]
    pub demo_video: String,
    #[serde(default)]
    pub feature_intro: String,
    #[serde(default)]
    pub update_log: String,
}

/// `POST /api/admin/config/shell/save` (super users): the shell's configurable links.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ShellSettings {
    pub feedback_groups: Vec<FeedbackGroup>,
    #[serde(default)]
    pub help_links: HelpLinks,
}

/// One feedback group with its join link rendered as a QR code.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackGroupCode {
    pub label: String,
    pub join_url: String,
    /// `data:image/svg+xml;base64,…` of the join link, absent while the link is not configured.
    #[ts(optional)]
    pub qr_code: Option<String>,
}

/// `GET /api/pub/config/shell`: what the header's help menu and feedback popover show.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ShellConfig {
    /// The popover's heading (高中体验官群).
    pub feedback_heading: String,
    pub feedback_groups: Vec<FeedbackGroupCode>,
    pub help_links: HelpLinks,
}

// ---------------------------------------------------------------- co-editing (03 §3, §7.4)

/// A co-edited document's member (the owner is not listed).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DocMember {
    pub email: String,
    pub name: String,
    pub can_edit: bool,
}

/// `POST /collab/member/save` and `/collab/member/remove`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DocMemberRequest {
    /// `feedback` or `handout`.
    pub doc_type: String,
    pub id: i64,
    pub email: String,
    /// For `save`: edit (true) or read only (false).
    #[serde(default)]
    #[ts(optional)]
    pub can_edit: Option<bool>,
}

// ---------------------------------------------------------------- teaching on the home page (01 §7 "Home")

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LessonItem {
    pub id: i64,
    pub class_id: i64,
    pub class_name: String,
    /// 1 one-to-one, 2 small group, 3 class.
    pub class_type: i64,
    pub title: String,
    /// Milliseconds since the epoch.
    pub start_time: i64,
    pub end_time: i64,
}

/// `POST /home/lesson/list`: the lessons of `days` days from `date` (YYYY-MM-DD, China time;
/// default today).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LessonListRequest {
    #[serde(default)]
    #[ts(optional)]
    pub date: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub days: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClassItem {
    pub id: i64,
    pub name: String,
    pub class_type: i64,
    pub stage: i64,
    pub subject: i64,
    pub subject_name: String,
    pub school_id: i64,
    pub student_count: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentItem {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub grade: String,
    pub school_id: i64,
}

/// `POST /home/vip/studentList`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StudentPageRequest {
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
}

/// `POST /home/qcCheck/serviceStat`: quality checks of lessons in the user's schools.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QcServiceStat {
    pub total: i64,
    pub checked: i64,
    pub unchecked: i64,
    /// Average score of the checked lessons, one decimal; null when none is checked.
    pub average_score: Option<f64>,
}

// ---------------------------------------------------------------- lesson feedback reports (03 §3, §4, §7.4)

/// The text sections of a feedback report. Each is one `Y.XmlFragment` of the report's document,
/// named by this key (the web editor binds one Tiptap editor to each); paragraphs are items for
/// the list-like sections (to-do lists, knowledge points).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum FeedbackSection {
    CourseSummary,
    CoursePerformance,
    TeacherMessage,
    Homework,
    NextSectionPreview,
    LastReviewTodo,
    LastTimeTodo,
    KnowledgePoints,
    AiTeacherComment,
}

impl FeedbackSection {
    pub const ALL: [FeedbackSection; 9] = [
        FeedbackSection::CourseSummary,
        FeedbackSection::CoursePerformance,
        FeedbackSection::TeacherMessage,
        FeedbackSection::Homework,
        FeedbackSection::NextSectionPreview,
        FeedbackSection::LastReviewTodo,
        FeedbackSection::LastTimeTodo,
        FeedbackSection::KnowledgePoints,
        FeedbackSection::AiTeacherComment,
    ];

    /// The fragment name in the document.
    pub fn key(self) -> &'static str {
        match self {
            FeedbackSection::CourseSummary => "courseSummary",
            FeedbackSection::CoursePerformance => "coursePerformance",
            FeedbackSection::TeacherMessage => "teacherMessage",
            FeedbackSection::Homework => "homework",
            FeedbackSection::NextSectionPreview => "nextSectionPreview",
            FeedbackSection::LastReviewTodo => "lastReviewTodo",
            FeedbackSection::LastTimeTodo => "lastTimeTodo",
            FeedbackSection::KnowledgePoints => "knowledgePoints",
            FeedbackSection::AiTeacherComment => "aiTeacherComment",
        }
    }

    /// The section's title in the interface.
    pub fn title(self) -> &'static str {
        match self {
            FeedbackSection::CourseSummary => "课程总结",
            FeedbackSection::CoursePerformance => "课堂表现",
            FeedbackSection::TeacherMessage => "老师寄语",
            FeedbackSection::Homework => "课后作业",
            FeedbackSection::NextSectionPreview => "下节预习",
            FeedbackSection::LastReviewTodo => "上次复习待办",
            FeedbackSection::LastTimeTodo => "上次待办",
            FeedbackSection::KnowledgePoints => "知识点",
            FeedbackSection::AiTeacherComment => "AI老师点评",
        }
    }
}

/// `POST /report/feedback/v2/init`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackInitRequest {
    pub lesson_id: i64,
    pub student_id: i64,
}

/// Most report calls name the report.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReportIdRequest {
    pub report_id: i64,
}

/// A report's lifecycle and context.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackReportSummary {
    pub report_id: i64,
    pub lesson_id: i64,
    pub lesson_title: String,
    pub lesson_start_time: i64,
    pub class_name: String,
    pub student_id: i64,
    pub student_name: String,
    pub student_code: String,
    /// 0 draft, 1 confirmed, 2 submitted.
    pub status: i64,
    pub expire_time: i64,
    pub sync_count: i64,
    pub update_time: i64,
}

/// `POST /report/feedback/v2/detail` and `GET /v2/detail/preview`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackDetail {
    pub report: FeedbackReportSummary,
    /// Section key → its text (paragraphs separated by newlines).
    pub sections: std::collections::BTreeMap<String, String>,
    pub formulas: Vec<serde_json::Value>,
    pub pictures: Vec<serde_json::Value>,
    pub resources: Vec<serde_json::Value>,
    /// Whether the caller may edit (false for readers and the preview).
    pub can_edit: bool,
}

/// The text-section save calls (`course/summary/save`, `teacherMessage/save`, …).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SectionSaveRequest {
    pub report_id: i64,
    pub content: String,
}

/// `lastReview/save`, `knwledages/update`: the items of a list-like section.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ItemsSaveRequest {
    pub report_id: i64,
    pub items: Vec<String>,
}

/// `formula/save` (adds, or replaces the one with the same id) and `formula/remove`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FormulaRequest {
    pub report_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub id: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub latex: Option<String>,
}

/// `POST /report/feedback/confirm`: `fullSubmit` submits a confirmed report.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ConfirmRequest {
    pub report_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub full_submit: Option<bool>,
}

/// `POST /report/feedback/qrcode/generate`: the read-only preview link and its QR code.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PreviewQrCode {
    /// The preview page (no login needed) carrying a signed token.
    pub url: String,
    pub token: String,
    /// An SVG image as a data URL.
    pub qrcode: String,
    pub expire_time: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SectionConfig {
    pub key: String,
    pub title: String,
}

/// `GET /report/feedback/v2/common/config`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackConfig {
    pub sections: Vec<SectionConfig>,
    pub max_section_chars: i64,
    pub ai_configured: bool,
}

// ---------------------------------------------------------------- report lists, checks, answer sheets and AI (03 §7.4)

/// Query of the report calls that are GETs.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReportIdQuery {
    pub report_id: i64,
}

/// `v2/accuracy/update`: the lesson's practice accuracy in percent.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AccuracyUpdateRequest {
    pub report_id: i64,
    pub accuracy: f64,
}

/// `block/check`: which required blocks are still empty.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BlockCheck {
    pub complete: bool,
    pub empty_blocks: Vec<String>,
}

/// A practice question of the report (made from its knowledge points by `practice/refresh`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Practice {
    pub question_id: String,
    pub title: String,
    pub knowledge: String,
    pub show: bool,
}

/// `practice/check`: how far the answer sheet covers the shown practices.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PracticeCheck {
    pub total: i64,
    pub answered: i64,
    pub unanswered: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HasItem {
    pub has_item: bool,
}

/// `v2/selectContent/list`: the report's knowledge points and resources as knowledge-base ids.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SelectedContent {
    /// `knowledge` (an atlas node) or `resource` (a drive resource).
    pub kind: String,
    pub name: String,
    /// The atlas node or resource id; absent for a knowledge point the atlas does not know.
    #[ts(optional)]
    pub knowledge_base_id: Option<i64>,
}

/// A picture of the report: `machine` (from the lesson) or `learning` (added by the teacher).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackPicture {
    pub id: String,
    pub url: String,
    pub name: String,
    pub kind: String,
    #[serde(default)]
    pub remark: String,
}

/// `picture/save`: change a picture's name, remark or address.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PictureSaveRequest {
    pub report_id: i64,
    pub id: String,
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub remark: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub url: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NewPicture {
    pub url: String,
    pub name: String,
}

/// `learning/picture/save`: add learning pictures.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LearningPictureSaveRequest {
    pub report_id: i64,
    pub pictures: Vec<NewPicture>,
}

/// `knowledge/history/record`: the knowledge points of the student's earlier reports.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeHistory {
    pub report_id: i64,
    pub lesson_title: String,
    pub lesson_start_time: i64,
    pub knowledge_points: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NoRecycle {
    pub no_recycle: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NoRecycleSaveRequest {
    pub report_id: i64,
    pub no_recycle: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QuestionShowRequest {
    pub report_id: i64,
    pub question_id: String,
    pub show: bool,
}

/// A drive resource attached to the report, with its label.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackResource {
    pub resource_id: i64,
    pub name: String,
    pub ext: String,
    pub class: String,
    #[serde(default)]
    pub label: String,
}

/// `v2/resource/add`, `v2/resource/remove`, `v2/resource/label/change` (label).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackResourceRequest {
    pub report_id: i64,
    pub resource_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub label: Option<String>,
}

/// `syncLessonResource`: the report's resources copied to the teacher's other reports of the lesson.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LessonResourceSync {
    pub reports: i64,
    pub sync_count: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AnswerSheetItem {
    pub question_id: String,
    pub answer: String,
    /// Set when corrected.
    #[ts(optional)]
    pub correct: Option<bool>,
}

/// The 1v1 answer sheet of a report: `draft` until every item is submitted, then `submitted`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AnswerSheet {
    pub status: String,
    pub items: Vec<AnswerSheetItem>,
}

/// `1v1/single/submit`: one item's answer, and its correction when known.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SingleSubmitRequest {
    pub report_id: i64,
    pub question_id: String,
    pub answer: String,
    #[serde(default)]
    #[ts(optional)]
    pub correct: Option<bool>,
}

/// `ai/content`: the AI teacher comment (also written into the report).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AiContent {
    pub content: String,
}

// ---------------------------------------------------------------- downloads and exports (01 §3, §4, §7; 02 §7.9)

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadExtraInfo {
    pub resource_type: i64,
    pub ext: String,
}

/// A download task (01 §3).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadTask {
    pub id: i64,
    pub file_name: String,
    /// Where to fetch the file once ready (status 3 or 4); empty before.
    pub file_path: String,
    pub file_path_version: i64,
    /// 1 waiting, 2 generating, 3 ready, 4 downloaded, 5 retry.
    pub file_status: i64,
    pub file_type: i64,
    pub business_id: String,
    pub file_size: i64,
    pub create_time_millis: i64,
    pub extra_info: DownloadExtraInfo,
    /// Why generation failed (status 5).
    pub error: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadCheck {
    pub queue_count: i64,
    pub done_count: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QueueCount {
    pub queue_count: i64,
}

/// `POST /download/downloadList`: a page of the download history, optionally filtered by the
/// same fields the `downloadHistory` export takes in `reqParams`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadListRequest {
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
    /// Part of the file name.
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    /// Statuses to list (1–5); absent or empty lists every status.
    #[serde(default)]
    #[ts(optional)]
    pub file_status: Option<Vec<i64>>,
    /// Created at or after (epoch ms).
    #[serde(default)]
    #[ts(optional)]
    pub start_time: Option<i64>,
    /// Created before (epoch ms).
    #[serde(default)]
    #[ts(optional)]
    pub end_time: Option<i64>,
}

/// `POST /producer_api/submitExcelTask` (and `submitTask`).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExcelTaskRequest {
    /// 3 (xlsx) by default.
    #[serde(default)]
    #[ts(optional)]
    pub file_type: Option<i64>,
    /// The report query: `downloadHistory` or `notices` (data-centre reports come later).
    pub excel_type: String,
    #[serde(default)]
    #[ts(optional)]
    pub business_type: Option<String>,
    /// The file's name (without extension).
    pub business_name: String,
    /// The report's filters: `downloadHistory` takes keyword, startTime, endTime, fileStatus
    /// (as in `DownloadListRequest`); `notices` takes keyword, startTime, endTime, type and
    /// readStatus (0 unread, 1 read). Anything else is refused.
    #[serde(default)]
    #[ts(optional)]
    pub req_params: Option<serde_json::Value>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct IdRequest {
    pub id: i64,
}

/// `download/paper/submit` and `download/library/submit`: render a paper as a Word document.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperDownloadRequest {
    pub paper_id: i64,
}

/// `download/teachingResource/submit`: a drive resource as a download.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ResourceDownloadRequest {
    pub resource_id: i64,
}

/// A download task was queued.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadSubmitted {
    pub task_id: i64,
    pub queue_count: i64,
}

// ---------------------------------------------------------------- save to knowledge base (03 §4, §7.1)

/// `library/saveToKnw`: copy a paper into the user's knowledge base (their drive), asynchronously.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveToKnwRequest {
    pub paper_id: i64,
}

/// A save-to-knowledge record: copyStatus 1 processing, 2 success, 3 failure (errorMsg).
/// Its end is pushed as `magic_002` (content: id = copyRecordId, fileStatus = copyStatus,
/// value = this record).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveToKnwRecord {
    pub copy_record_id: i64,
    pub paper_id: i64,
    pub paper_title: String,
    pub copy_status: i64,
    /// 1 once the user has seen the result.
    pub user_view: i64,
    pub error_msg: String,
    /// The drive resource made, on success.
    #[ts(optional)]
    pub resource_id: Option<i64>,
    pub create_time: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HaveProcessingRecord {
    pub have_processing_record: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveToKnwRecordList {
    pub record_list: Vec<SaveToKnwRecord>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UpdateUserViewedRequest {
    pub copy_record_id_list: Vec<i64>,
}

// ---------------------------------------------------------------- uploads (01 §3, §4, §5, §7 "Uploads")

/// `POST /resource/getUploadUrl`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UploadUrlRequest {
    #[serde(default)]
    #[ts(optional)]
    pub app_id: Option<String>,
    pub file_name: String,
}

/// A signed, expiring URL to `PUT` the file's bytes to.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UploadUrl {
    pub file_id: String,
    pub upload_url: String,
    pub file_name: String,
    pub expire_time: i64,
}

/// `GET /resource/getStorageCertificate`: a credential scoped to one sliced upload.
/// Slices go to `PUT {sliceUrl}/{index}` with headers `x-upload-token: sessionToken` and
/// `x-slice-sha256: <hex>`; `POST {sliceUrl}/complete` assembles them.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StorageCertificate {
    /// The upload's id (as `fileId`).
    pub tmp_secret_id: String,
    /// A one-off value in the spec's credential shape; the slice API signs nothing with it:
    /// `sessionToken` alone is the capability.
    pub tmp_secret_key: String,
    /// The signed, expiring capability for this upload's slices and completion.
    pub session_token: String,
    pub start_time: i64,
    pub expired_time: i64,
    /// Where the file is kept: the S3 bucket and region, or `eduhub` / `local` for the server's
    /// own directory.
    pub bucket_name: String,
    pub region: String,
    /// Every slice but the last is exactly this long (5242880).
    pub slice_size: i64,
    pub slice_url: String,
    pub file_id: String,
    pub file_name: String,
}

/// `POST {sliceUrl}/complete`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SliceCompleteRequest {
    pub total_slices: i64,
    pub size: i64,
    /// SHA-256 (hex) of the whole file.
    pub sha256: String,
}

/// A finished upload.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UploadedFile {
    pub file_id: String,
    pub file_name: String,
    pub size: i64,
    pub sha256: String,
}

/// `POST /resource/getMediaUploadUrl`: like `getUploadUrl`, for media (video, audio, images).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MediaUploadUrlRequest {
    pub file_name: String,
    /// `video`, `audio` or `image`: when given, the file must be of that class.
    #[serde(default)]
    #[ts(optional)]
    pub file_type: Option<String>,
}

/// `POST /resource/saveDocToResource`: a finished upload (docKey = its fileId) becomes a resource.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SaveDocToResourceRequest {
    #[serde(default)]
    #[ts(optional)]
    pub app_id: Option<String>,
    pub doc_key: String,
    pub file_size: i64,
    pub file_name: String,
}

/// `POST /doc/create` and `/media/create`: a finished upload becomes a knowledge-base document
/// (documents) or media item (video, audio, images).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KnowledgeItemCreateRequest {
    pub file_id: String,
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
}

/// The media download-url call: a signed URL of one of the caller's resources.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MediaDownloadUrlRequest {
    pub file_id: i64,
}

/// One task to add to a camp phase: `bizId` is the uploaded file (a fileId or resource id).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PhaseTaskItem {
    pub biz_id: String,
    pub task_name: String,
    pub ext: String,
    pub task_type: i64,
}

/// `POST /camp/add-phase-task` (addPhaseTask). Without a camp and phase nothing is added.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AddPhaseTaskRequest {
    #[serde(default)]
    #[ts(optional)]
    pub camp_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub phase_id: Option<i64>,
    pub task_list: Vec<PhaseTaskItem>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PhaseTask {
    pub task_id: i64,
    pub camp_id: i64,
    pub phase_id: i64,
    pub biz_id: String,
    pub task_name: String,
    pub ext: String,
    pub task_type: i64,
}

/// `POST /camp/update-task-bizId` (updateTaskBizId): a retried upload's new file for its task.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UpdateTaskBizIdRequest {
    pub task_id: i64,
    pub biz_id: String,
}

/// `POST /resource/save`: a finished upload becomes a drive resource.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ResourceSaveRequest {
    pub file_id: String,
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ResourceItem {
    pub id: i64,
    pub name: String,
    pub ext: String,
    /// image, document, video or audio.
    pub class: String,
    pub size: i64,
    pub create_time: i64,
}

/// `POST /resource/getDownloadUrl`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadUrl {
    pub url: String,
    pub expire_time: i64,
}

// ---------------------------------------------------------------- papers and handouts (03 §2, §3, §7.1)

/// The co-edited sections of a paper's document (`handout/{paperId}`), one `Y.XmlFragment` each.
pub const HANDOUT_SECTIONS: [&str; 5] = ["handoutTitle", "knowledgeReview", "workedExamples", "classPractice", "homework"];

/// The sections' titles, in the same order.
pub const HANDOUT_SECTION_TITLES: [&str; 5] = ["讲义标题", "知识梳理", "例题精讲", "课堂练习", "课后作业"];

/// Font families a paper may use (03 §3).
pub const PAPER_FONT_FAMILIES: [&str; 6] = ["Microsoft YaHei", "SimHei", "SimSun", "KaiTi", "FZLanTingHei", "Times New Roman"];

/// `POST /atlas/tree`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasTreeRequest {
    pub subject: i64,
    pub stage: i64,
}

/// A knowledge-atlas node with its children.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AtlasNodeView {
    pub id: i64,
    pub tree_id: i64,
    pub parent_id: i64,
    pub name: String,
    pub summary: String,
    pub children: Vec<AtlasNodeView>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperPackageItem {
    pub atlas_id: i64,
}

/// `POST /paper/package`: assemble a paper from atlas nodes (a chapter brings its points).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperPackageRequest {
    pub paper_list: Vec<PaperPackageItem>,
    #[serde(default)]
    #[ts(optional)]
    pub parent_atlas_id: Option<i64>,
    pub subject: i64,
    pub stage: i64,
    pub paper_type: i64,
    pub tree_id: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperRef {
    pub paper_id: i64,
    pub paper_name: String,
}

/// The new paper; the web opens `/knowledgeSectionEdit?paperId={paperId}&ver=0`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperPackageResult {
    pub paper_id: i64,
    pub paper_list: Vec<PaperRef>,
}

/// `POST /paper/detail`, `/paper/copy`, `/paper/headerInfo`, `/paper/version/list`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperIdRequest {
    pub paper_id: i64,
    /// 0 (or absent): the live document; n: version n, read-only.
    #[serde(default)]
    #[ts(optional)]
    pub ver: Option<i64>,
}

/// Query of `GET /paper/createNewVersion` and `/paper/latestPublishedCollectionId`.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperIdQuery {
    pub paper_id: i64,
}

/// The header printed above a paper.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct PaperHeaderInfo {
    pub title: String,
    pub subtitle: String,
    pub teacher_name: String,
    pub student_name: String,
    pub class_name: String,
    pub lesson_date: String,
    pub show_logo: bool,
}

/// Layout of a paper.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperGlobalSettings {
    pub font_family: String,
    pub font_size: i64,
    pub line_height: f64,
}

impl Default for PaperGlobalSettings {
    fn default() -> Self {
        PaperGlobalSettings { font_family: "Microsoft YaHei".into(), font_size: 14, line_height: 1.5 }
    }
}

/// Paper fields (03 §3) with its content.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperDetail {
    pub paper_id: i64,
    pub paper_title: String,
    pub paper_type: i64,
    pub subject: i64,
    pub stage: i64,
    pub school_id: i64,
    pub create_time: i64,
    pub update_time: i64,
    /// The version shown (0 = live).
    pub ver: i64,
    pub can_edit: bool,
    pub is_owner: bool,
    /// Section key → paragraphs (plain text).
    pub sections: std::collections::BTreeMap<String, Vec<String>>,
    pub header_info: PaperHeaderInfo,
    pub global_settings: PaperGlobalSettings,
}

/// `POST /paper/save`: the title and/or whole sections (paragraphs) through the live document.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperSaveRequest {
    pub paper_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub paper_title: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub sections: Option<std::collections::BTreeMap<String, Vec<String>>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperHeaderInfoSaveRequest {
    pub paper_id: i64,
    pub header_info: PaperHeaderInfo,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperGlobalSettingsSaveRequest {
    pub paper_id: i64,
    #[serde(flatten)]
    pub settings: PaperGlobalSettings,
}

/// A saved version of a paper (a snapshot of its document).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperVersion {
    pub version_id: i64,
    pub version_no: i64,
    pub create_time: i64,
    pub created_by: String,
}

/// `POST /paper/restore`: bring version `versionNo` back as a new edit.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperRestoreRequest {
    pub paper_id: i64,
    pub version_no: i64,
}

// ---------------------------------------------------------------- load testing (the load tool's setup calls)

/// `POST /api/admin/loadtest/users`: make (or reuse) load-test accounts `{prefix}{n}@load.eduhub`
/// for n in `start..start+count`, each with a fresh session.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadUsersRequest {
    #[serde(default)]
    #[ts(optional)]
    pub start: Option<i64>,
    pub count: i64,
    #[serde(default)]
    #[ts(optional)]
    pub prefix: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadUser {
    pub user_id: i64,
    pub email: String,
    pub token: String,
}

/// One probe to push to each listed load-test account.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadPushItem {
    pub user_ids: Vec<i64>,
    pub payload: serde_json::Value,
}

/// `POST /api/admin/loadtest/push`: targeted pushes (one user per item) and broadcasts (many).
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadPushRequest {
    pub items: Vec<LoadPushItem>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadPushResult {
    /// Pushes stored and sent (one per user per item).
    pub accepted: i64,
}

/// `POST /api/admin/loadtest/documents`: co-edited documents (handouts) with the given editors.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadDocumentsRequest {
    /// For each document to create, the load-test accounts that may edit it.
    pub docs: Vec<Vec<i64>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LoadDocumentsResult {
    /// The handout ids, in request order: rooms `/collab/handout/{id}`.
    pub doc_ids: Vec<i64>,
}
