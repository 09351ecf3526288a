//! Business constants of the spec (01 §3, §4, §9; 03 §9), named once.

use serde::Serialize;
use ts_rs::TS;

/// A subject of the fixed list (01 §1). Code 62 (science) exists only for stage 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SubjectDef {
    pub code: i64,
    pub name: &'static str,
    pub eng_name: &'static str,
    pub sort: i64,
}

pub const SUBJECTS: [SubjectDef; 10] = [
    SubjectDef { code: 53, name: "英语", eng_name: "english", sort: 3 },
    SubjectDef { code: 54, name: "数学", eng_name: "math", sort: 2 },
    SubjectDef { code: 55, name: "语文", eng_name: "chinese", sort: 1 },
    SubjectDef { code: 56, name: "物理", eng_name: "physics", sort: 4 },
    SubjectDef { code: 57, name: "化学", eng_name: "chemistry", sort: 5 },
    SubjectDef { code: 58, name: "生物", eng_name: "biology", sort: 6 },
    SubjectDef { code: 59, name: "地理", eng_name: "geography", sort: 7 },
    SubjectDef { code: 60, name: "政治", eng_name: "politics", sort: 8 },
    SubjectDef { code: 61, name: "历史", eng_name: "history", sort: 9 },
    SubjectDef { code: 62, name: "科学", eng_name: "science", sort: 10 },
];

pub fn subject(code: i64) -> Option<&'static SubjectDef> {
    SUBJECTS.iter().find(|s| s.code == code)
}

/// Stage codes: 4 senior high (the default), 3 junior high.
pub const STAGE_SENIOR: i64 = 4;
pub const STAGE_JUNIOR: i64 = 3;
pub const DEFAULT_STAGE: i64 = STAGE_SENIOR;
/// The special science subject shares physics styling and exists for stage 4 only.
pub const SUBJECT_SCIENCE: i64 = 62;

pub fn stage_name(code: i64) -> Option<&'static str> {
    match code {
        STAGE_SENIOR => Some("高中"),
        STAGE_JUNIOR => Some("初中"),
        _ => None,
    }
}

/// Role codes (01 §6). Any other role is treated as an operator.
pub mod role {
    pub const TEACHER: &str = "teacher";
    pub const TUTOR_ONLINE: &str = "tutor_online";
    pub const LEARNING_MANAGER: &str = "1v1_xg";
    pub const ADMIN: &str = "admin";
    pub const CONSULTANT: &str = "consultant";
    pub const OPERATOR: &str = "operator";
    /// Heads of one or more schools: the data centre shows their schools.
    pub const SCHOOL_MANAGER: &str = "school_manager";
    /// Managers of areas (teaching sites) within schools: the data centre shows their areas.
    pub const AREA_MANAGER: &str = "area_manager";

    pub const ALL: [&str; 8] = [TEACHER, TUTOR_ONLINE, LEARNING_MANAGER, ADMIN, CONSULTANT, OPERATOR, SCHOOL_MANAGER, AREA_MANAGER];

    /// The display name of a role.
    pub fn name(code: &str) -> &'static str {
        match code {
            TEACHER => "教师",
            TUTOR_ONLINE => "在线辅导老师",
            LEARNING_MANAGER => "学管",
            ADMIN => "管理员",
            CONSULTANT => "顾问",
            SCHOOL_MANAGER => "校长",
            AREA_MANAGER => "区域经理",
            _ => "运营",
        }
    }

    /// The numeric role type used in permission tags (`TYPE_n`) and `lastType`.
    pub fn type_number(code: &str) -> i64 {
        match code {
            TEACHER => 1,
            TUTOR_ONLINE => 2,
            LEARNING_MANAGER => 3,
            CONSULTANT => 4,
            ADMIN => 5,
            SCHOOL_MANAGER => 7,
            AREA_MANAGER => 8,
            _ => 6,
        }
    }

    /// Roles that see the teacher profile card and load teacher info.
    pub fn has_teacher_profile(code: &str) -> bool {
        code == TEACHER || code == TUTOR_ONLINE
    }
}

/// School id -1 is the general (central) edition.
pub const GENERAL_EDITION_SCHOOL_ID: i64 = -1;

/// Top-level menu group codes (01 §2 "Left menu").
pub const MENU_GROUPS: [&str; 11] = [
    "KNOWLEDGEREPOSITORY",
    "KNOWLEDGESELECTION",
    "EASYCORRECT",
    "EASYSERVER",
    "EASYEXAMINATION",
    "DATACENTER",
    "APPLICATIONCENTER",
    "QUALITYCHECKMANAGEMENT",
    "EASYDEVELOP",
    "EASYLESSONPREPARATION",
    "AIASSISTANT",
];

/// Resource types in the drive (01 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i64)]
pub enum ResourceType {
    Folder = 0,
    Document = 1,
    Media = 2,
    QuestionSet = 3,
    FlashCard = 4,
    TrainingCamp = 5,
    Lecture = 6,
    Image = 7,
}

/// Download task status (01 §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i64)]
pub enum DownloadStatus {
    Waiting = 1,
    Generating = 2,
    Ready = 3,
    Downloaded = 4,
    Retry = 5,
}

/// Upload item status (01 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i64)]
pub enum UploadStatus {
    Failed = -1,
    Waiting = 0,
    Uploading = 1,
    Done = 2,
}

/// Save-to-knowledge copy status (03 §4).
pub const COPY_STATUS_SUCCESS: i64 = 2;
pub const COPY_STATUS_FAILURE: i64 = 3;

/// Paging and limits (01 §9).
pub mod limits {
    pub const DEFAULT_PAGE_NO: i64 = 1;
    pub const DEFAULT_PAGE_SIZE: i64 = 30;
    pub const SUMMARY_PAGE_SIZE: i64 = 1000;
    pub const DOWNLOAD_LIST_PAGE_SIZE: i64 = 5;
    /// The largest page a list call serves.
    pub const MAX_PAGE_SIZE: i64 = 1000;
    /// The highest page number a list call takes (beyond it, offsets would overflow).
    pub const MAX_PAGE_NO: i64 = 1_000_000;
    pub const UPLOAD_SLICE_SIZE: u64 = 5_242_880;
    pub const MAX_CONCURRENT_UPLOADS: usize = 2;
    pub const UPLOAD_FILE_NAME_LIMIT: usize = 95;
    pub const DOWNLOAD_FILE_NAME_LIMIT: usize = 100;
    pub const EXPORT_ROW_LIMIT: i64 = 100_000;
    pub const EXPORT_FILE_TYPE_DEFAULT: i64 = 3;
    pub const DOWNLOAD_BADGE_CAP: i64 = 99;
    pub const MENU_BADGE_MAX: i64 = 99;
    pub const CHROME_MIN_VERSION: i64 = 90;
    pub const DESKTOP_CLIENT_PORT: u16 = 5657;
    pub const ROLE_DIALOG_WIDTH_PX: i64 = 544;
}

/// Timings in milliseconds (01 §9).
pub mod timing {
    pub const REQUEST_TIMEOUT_MS: u64 = 600_000;
    pub const DOWNLOAD_CLICK_THROTTLE_MS: u64 = 2_000;
    pub const VERSION_CHECK_MS: u64 = 7_200_000;
    pub const RELOAD_AFTER_SWITCH_MS: u64 = 300;
    pub const REALTIME_RECONNECT_MS: u64 = 2_000;
    pub const TOAST_MS: u64 = 5_000;
    pub const POPOVER_CLOSE_DELAY_MS: u64 = 200;
    pub const CLICK_GUARD_MS: u64 = 2_000;
    pub const BANNER_AUTOPLAY_MS: u64 = 3_000;
}

/// The one-time knowledge-base introduction scene (01 §7).
pub const BOOTSTRAP_SCENE_KNOWLEDGE_BASE: &str = "knowledgebase1_bootstrap";
