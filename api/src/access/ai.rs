//! Who reaches what of the AI assistant: a user only ever their own conversations, replies and
//! paper tasks; another's read as absent (their existence is not disclosed).

use storage::ai::paper::{self, TaskRow};
use storage::ai::{self, ConversationRow, MessageRow};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The caller's live conversation.
pub async fn own_conversation(state: &AppState, caller: &Caller, id: i64) -> ApiResult<ConversationRow> {
    ai::conversation(&state.db, caller.user.id, id).await?.ok_or_else(|| ApiError::NotFound("会话不存在".into()))
}

/// The caller's message of `role` in a live conversation of theirs.
pub async fn own_message(state: &AppState, caller: &Caller, id: i64, role: &str) -> ApiResult<MessageRow> {
    let missing = || ApiError::NotFound("消息不存在".into());
    let message = ai::message(&state.db, id).await?.filter(|m| m.user_id == caller.user.id && m.role == role).ok_or_else(missing)?;
    own_conversation(state, caller, message.conversation_id).await.map_err(|_| missing())?;
    Ok(message)
}

/// The caller's AI paper task.
pub async fn own_task(state: &AppState, caller: &Caller, id: i64) -> ApiResult<TaskRow> {
    paper::task(&state.db, id).await?.filter(|t| t.user_id == caller.user.id).ok_or_else(|| ApiError::NotFound("任务不存在".into()))
}
