//! Usage tracking (`tracking` area, 01 §7): page views and actions the web client reports in
//! batches (`send/v2`) or one at a time (`send`), with who and where (01 §7's fields). They are
//! stored and counted in the data centre's platform-usage reports (login days, feature use).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// The default page-view event name and action (01 §7).
pub const TRACK_PAGE_VIEW: &str = "homePageView";
pub const TRACK_EXPOSURE: &str = "exposure";
/// Event kinds: a page seen, an action taken.
pub const TRACK_KIND_PAGE: &str = "page";
pub const TRACK_KIND_ACTION: &str = "action";
/// Actions that count as features in the platform-usage report.
pub const TRACK_FEATURE_COLLECTION: &str = "collection";
pub const TRACK_FEATURE_AR: &str = "arCourseware";
/// The most events one `send/v2` carries.
pub const TRACK_BATCH_MAX: usize = 200;
/// Longest page URL and name kept (characters).
pub const TRACK_TEXT_MAX: usize = 500;
/// The school name reported for a user of more than two schools.
pub const TRACK_GROUP_SCHOOL: &str = "集团";

/// One event, with 01 §7's fields. Who the user is comes from the session; the fields the client
/// sends about the user are kept as it saw them (they describe the page's state).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TrackEvent {
    /// `page` or `action`.
    pub kind: String,
    /// The page-view or action name (`homePageView`, `exposure`, `collection`, …).
    pub name: String,
    pub page_url: String,
    /// When it happened on the client (ms).
    pub time: i64,
    #[serde(default)]
    pub user_name: String,
    #[serde(default)]
    pub email: String,
    /// School names (`集团` for more than two) and ids as the client shows them.
    #[serde(default)]
    pub school_names: String,
    #[serde(default)]
    pub school_ids: String,
    #[serde(default)]
    pub role: String,
    #[serde(default)]
    pub province: String,
    #[serde(default)]
    #[ts(optional)]
    pub login_time: Option<i64>,
    #[serde(default)]
    pub external_user_id: String,
    /// How the user came in (link, desktop client, …).
    #[serde(default)]
    pub channel: String,
}

/// `POST /send/v2`: a batch of events.
#[derive(Debug, Clone, Default, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TrackBatch {
    pub events: Vec<TrackEvent>,
}

/// What was accepted.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TrackAccepted {
    pub accepted: i64,
}
