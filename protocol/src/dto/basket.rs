//! The question basket (`basket` area, 03 §7.2): questions put aside while searching the bank,
//! assembled into a handout.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::dto::common::CodeName;
use crate::dto::question::QuestionView;

/// The most questions a basket holds.
pub const BASKET_LIMIT: usize = 100;

/// `POST /basket/add`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BasketAddRequest {
    pub question_ids: Vec<i64>,
}

/// `POST /basket/remove/questionId`: the questions named, or all with `all`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BasketRemoveRequest {
    #[serde(default)]
    pub question_ids: Vec<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub all: Option<bool>,
}

/// The basket's questions of one type.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BasketGroup {
    pub question_type: i64,
    pub type_name: String,
    pub questions: Vec<QuestionView>,
}

/// `POST /basket/question/list`: the basket by question type, in the order questions were added.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BasketList {
    pub total: i64,
    pub limit: i64,
    pub groups: Vec<BasketGroup>,
}

/// The basket's count (after an add or a removal).
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BasketCount {
    pub total: i64,
}

/// `POST /basket/question/enums`: the codes the bank's filters and the basket use.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BasketEnums {
    pub question_types: Vec<CodeName>,
    pub difficulties: Vec<CodeName>,
    pub sources: Vec<CodeName>,
    pub orders: Vec<CodeName>,
}

/// `POST /basket/assemble`: a handout made of the basket's questions (all, or those named, in
/// that order); the questions leave the basket unless `keep`.
#[derive(Debug, Clone, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BasketAssembleRequest {
    pub subject: i64,
    pub stage: i64,
    #[serde(default)]
    #[ts(optional)]
    pub title: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub question_ids: Option<Vec<i64>>,
    #[serde(default)]
    #[ts(optional)]
    pub keep: Option<bool>,
}
