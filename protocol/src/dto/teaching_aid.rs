//! Teaching aids (`teaching-aid` area, 03 §7.1 "Library"): series of teaching-aid books by subject
//! and stage, in an order the library sets, and the aids in them — each a teaching-aid library
//! paper (type 3) edited in the paper editor.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// A series of teaching aids.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AidSeries {
    pub id: i64,
    pub name: String,
    pub subject: i64,
    pub stage: i64,
    pub sort: i64,
    pub aid_count: i64,
    pub create_time: i64,
}

/// `POST /teachingAuxiliary/addOrUpdateSeries`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AidSeriesSaveRequest {
    #[serde(default)]
    #[ts(optional)]
    pub id: Option<i64>,
    pub name: String,
    pub subject: i64,
    pub stage: i64,
}

/// `POST /teachingAuxiliary/updateSeriesSort`: the series of a subject and stage in this order.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AidSeriesSortRequest {
    pub ids: Vec<i64>,
}

/// `POST /teachingAuxiliary/querySeriesListByPage`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AidSeriesListRequest {
    #[serde(default)]
    #[ts(optional)]
    pub subject: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub stage: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}

/// A series or an aid by id in the query string (`deleteSeries`, `queryInfoById`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AidIdQuery {
    pub id: i64,
}

/// A teaching aid.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeachingAid {
    pub id: i64,
    pub series_id: i64,
    pub series_name: String,
    pub title: String,
    pub subject: i64,
    pub stage: i64,
    pub description: String,
    /// 0 draft, 1 published.
    pub status: i64,
    /// Its content: a teaching-aid library paper.
    pub paper_id: i64,
    pub can_edit: bool,
    pub create_time: i64,
    pub update_time: i64,
}

/// `POST /teachingAuxiliary/addOrUpdate`: create (no `id`; its paper is created with it) or change.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeachingAidSaveRequest {
    #[serde(default)]
    #[ts(optional)]
    pub id: Option<i64>,
    pub series_id: i64,
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<i64>,
}

/// `POST /teachingAuxiliary/queryList` and `queryListForPrepareLesson` (published only).
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeachingAidListRequest {
    #[serde(default)]
    #[ts(optional)]
    pub series_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub subject: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub stage: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub keyword: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub status: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_no: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub page_size: Option<i64>,
}
