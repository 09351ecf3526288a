//! Feedback on content (`feedback` area, 03 §7.1 "Feedback (content)"; the error-report calls of
//! the `notice` area, 03 §7.10): error reports on questions, papers and drive files, their
//! handling, comments on a paper's blocks, and the summary of what teachers reported.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::dto::common::CodeName;

/// What a report can say is wrong.
pub const FEEDBACK_TAGS: [(&str, &str); 7] = [
    ("stem", "题干有误"),
    ("answer", "答案有误"),
    ("analysis", "解析有误"),
    ("point", "知识点不符"),
    ("format", "格式或公式错乱"),
    ("file", "文件无法打开"),
    ("other", "其他"),
];
/// 1 a question, 2 a paper, 3 a drive file.
pub const FEEDBACK_TARGETS: [(i64, &str); 3] = [(1, "题目"), (2, "讲义"), (3, "文件")];
/// The longest report or comment.
pub const MAX_FEEDBACK_CHARS: usize = 500;

/// `POST /feedback/submit`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackSubmitRequest {
    pub target_type: i64,
    pub target_id: i64,
    #[serde(default)]
    pub tags: Vec<String>,
    pub content: String,
}

/// A report.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ContentFeedback {
    pub feedback_id: i64,
    pub user_id: i64,
    pub user_name: String,
    pub target_type: i64,
    pub target_id: i64,
    pub target_title: String,
    pub tags: Vec<String>,
    pub content: String,
    /// 0 open, 1 accepted, 2 refused.
    pub status: i64,
    pub reply: String,
    pub handle_time: Option<i64>,
    pub create_time: i64,
}

/// `POST /feedback/handle`: accept or refuse a report on a question or paper (library editors).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackHandleRequest {
    pub feedback_id: i64,
    pub accept: bool,
    #[serde(default)]
    pub reply: String,
}

/// A target (`queryCommonData`, `more/ai/summary`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackTargetRequest {
    pub target_type: i64,
    pub target_id: i64,
}

/// `GET /feedback/queryTagList`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackTagList {
    pub tag_list: Vec<CodeName>,
}

/// `POST /feedback/queryCommonData`: what the report dialog needs for a target.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackCommonData {
    pub target_title: String,
    pub tag_list: Vec<CodeName>,
    pub max_length: i64,
    /// The caller's open reports on it.
    pub my_open_count: i64,
    pub total_count: i64,
}

/// A count of reports under a tag.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackTagCount {
    pub code: String,
    pub name: String,
    pub count: i64,
}

/// `GET /feedback/more/ai/summary`: what teachers reported about a target, counted by tag, the
/// latest reports, and the AI's summary of them when an AI provider is configured.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackSummary {
    pub total: i64,
    pub open: i64,
    pub by_tag: Vec<FeedbackTagCount>,
    pub latest: Vec<ContentFeedback>,
    pub ai_summary: Option<String>,
}

/// A paper by id in the query string (`preCheckContentIsEmpty`).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FeedbackPaperQuery {
    pub paper_id: i64,
}

/// `GET /feedback/preCheckContentIsEmpty`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ContentEmptyCheck {
    pub empty: bool,
    pub empty_sections: Vec<String>,
}

/// `POST /feedback/blockCommentData/query`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BlockCommentQuery {
    pub paper_id: i64,
    #[serde(default)]
    #[ts(optional)]
    pub block_key: Option<String>,
}

/// `POST /feedback/blockCommentData/addOrUpdate`: add a comment, or change one's own.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BlockCommentSaveRequest {
    #[serde(default)]
    #[ts(optional)]
    pub comment_id: Option<i64>,
    pub paper_id: i64,
    /// The block: `section:knowledgeReview` or `heading:knowledgeReview:3` (as `paper/tree` names them).
    pub block_key: String,
    pub content: String,
}

/// A comment on a block of a paper.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BlockComment {
    pub comment_id: i64,
    pub paper_id: i64,
    pub block_key: String,
    pub user_id: i64,
    pub user_name: String,
    pub content: String,
    pub update_time: i64,
    pub mine: bool,
}
