//! The home page: banners, counts and the teaching summary (`home` area: 01 §2, §3, §7).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
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
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
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
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct HomeCount {
    pub count: i64,
}

/// A paper type (01 §3): 2 slice library, 3 teaching-aid library, 4 textbook library, 5 handout.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PaperType {
    pub code: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
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
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
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

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
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

#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
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
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
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

/// `POST /home/qcCheck/serviceStat`: the service punch records of the last 30 days within the
/// caller's data scope, and their checks.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct QcServiceStat {
    pub total: i64,
    pub checked: i64,
    pub unchecked: i64,
    /// Qualified among the checked (a fraction; -1 when none is checked).
    pub qualified_rate: f64,
}

/// `GET /home/class/myClassList?classType=` (1, 2, 3; absent: all).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClassQuery {
    #[serde(default)]
    #[ts(optional)]
    pub class_type: Option<i64>,
}

/// `GET /h5/search/student?keyword=`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[ts(export)]
pub struct KeywordQuery {
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
}
