//! The AI assistant's replies (03 §7.9): the context sent to the provider, the per-user limits,
//! and the generation — the provider's pieces written to the reply and pushed to the user's
//! sessions (`magic_ai_stream`) as they come, in order. Pushes are stored like every push, so a
//! tab that reconnects mid-reply is sent the pieces it missed and no other; each piece also says
//! where it starts in the reply (`offset`), so a tab that read the reply over REST meanwhile
//! skips what it has.
//!
//! The reply is written at every flush (and touched every second while the provider is silent); a
//! flush that finds the reply no longer generating (the user interrupted it, on any process, or
//! deleted the conversation) stops the provider request, and the reply keeps what was produced.
//! The call is recorded as it begins, so the limits count replies still running. A provider error or silence ends the reply as failed,
//! also keeping what was produced.

use std::sync::Arc;
use std::time::Duration;

use hub::Hub;
use protocol::dto::ai::{AiStreamChunk, AiUnread, AiUnreadMessage, AI_FAILED, AI_ROLE_ASSISTANT, AI_ROLE_USER, AI_UNREAD_LIST_LIMIT};
use protocol::push::PushMessage;
use storage::push_log::NewPush;
use storage::{ai, Db};
use tokio::sync::mpsc;

use crate::ai::AiProvider;
use crate::config::AiConfig;
use crate::error::ApiError;

/// Pieces are written and pushed together at most this often…
const FLUSH_EVERY: Duration = Duration::from_millis(100);
/// …or when this much text has gathered.
const FLUSH_CHARS: usize = 200;
/// The earlier messages sent with a new one, at most; and their length in characters, at most
/// (the oldest are left out first).
const CONTEXT_MESSAGES: i64 = 20;
const CONTEXT_CHARS: usize = 12_000;
/// While the provider is silent, the reply says it is alive this often (and sees an interruption).
const HEARTBEAT: Duration = Duration::from_secs(1);
/// A reply not written for this long was left by a process that died…
pub const ABANDONED_AFTER_MS: i64 = 60_000;
/// …which every process looks for this often.
pub const SWEEP_EVERY: Duration = Duration::from_secs(30);

pub const SYSTEM_PROMPT: &str = "你是易教学平台的 AI 教学助手，服务 K12 辅导机构的教师、顾问和学管。请用简洁、准确的中文回答，\
     涉及数学公式时使用 LaTeX（行内用 $…$）。不确定的内容要说明，不要编造。";

/// The messages sent to the provider: the instruction, then the conversation's latest turns
/// that fit, oldest first.
pub fn context(history: Vec<(String, String)>) -> Vec<(String, String)> {
    let mut kept: Vec<(String, String)> = Vec::new();
    let mut chars = 0;
    for (role, content) in history.into_iter().rev() {
        chars += content.chars().count();
        if chars > CONTEXT_CHARS && !kept.is_empty() {
            break;
        }
        kept.push((role, content));
    }
    kept.reverse();
    // A conversation starts with the user's turn.
    while kept.first().is_some_and(|(role, _)| role == AI_ROLE_ASSISTANT) {
        kept.remove(0);
    }
    let mut messages = vec![("system".to_owned(), SYSTEM_PROMPT.to_owned())];
    messages.extend(kept.into_iter().filter(|(role, _)| role == AI_ROLE_USER || role == AI_ROLE_ASSISTANT));
    messages
}

pub async fn context_of(db: &Db, conversation_id: i64, reply_id: i64) -> Result<Vec<(String, String)>, ApiError> {
    Ok(context(ai::context(db, conversation_id, reply_id, CONTEXT_MESSAGES).await?))
}

/// Refuses a request over the user's limits: requests in the last minute, tokens today (China time).
pub async fn check_limits(db: &Db, config: &AiConfig, user_id: i64) -> Result<(), ApiError> {
    let now = storage::now_ms();
    let day_start = storage::datacentre::calendar::day_start_ms(storage::datacentre::calendar::day_of_ms(now));
    let (calls, tokens) = ai::recent_use(db, user_id, now - 60_000, day_start).await?;
    if calls >= config.requests_per_minute {
        return Err(ApiError::Busy(format!("每分钟最多提问{}次，请稍后再试", config.requests_per_minute)));
    }
    if tokens >= config.tokens_per_day {
        return Err(ApiError::Busy(format!("今日 AI 用量已达上限（{} tokens），请明天再试", config.tokens_per_day)));
    }
    Ok(())
}

/// The badge as it stands.
pub async fn unread(db: &Db, user_id: i64) -> Result<AiUnread, ApiError> {
    let (has_processing_task, unread_count, list) = ai::unread(db, user_id, AI_UNREAD_LIST_LIMIT as i64).await?;
    Ok(AiUnread {
        has_processing_task,
        unread_count,
        unread_msg_list: list.into_iter().map(|(conversation_id, message_id)| AiUnreadMessage { conversation_id, message_id }).collect(),
    })
}

/// Pushes the badge to the user's sessions.
pub async fn push_unread(db: &Db, hub: &Hub, user_id: i64) {
    match unread(db, user_id).await {
        Ok(value) => {
            if let Err(e) = hub.push(vec![NewPush::to(user_id, PushMessage::ai_unread(&value))]).await {
                tracing::warn!(error = %e, "pushing the AI badge failed");
            }
        }
        Err(e) => tracing::warn!(error = ?e, "reading the AI badge failed"),
    }
}

/// One reply being generated.
pub struct Generation {
    pub db: Db,
    pub hub: Hub,
    pub provider: Arc<dyn AiProvider>,
    pub user_id: i64,
    pub conversation_id: i64,
    pub reply_id: i64,
    pub model: String,
    pub messages: Vec<(String, String)>,
    /// The call as recorded when it began (`ai::begin_call`).
    pub call_id: i64,
}

struct Stream<'a> {
    g: &'a Generation,
    text: String,
    pending: String,
    seq: i64,
    offset: i64,
    written: std::time::Instant,
}

impl Stream<'_> {
    async fn push(&mut self, delta: String, done: bool, status: i64, error: Option<String>) {
        self.seq += 1;
        let chunk = AiStreamChunk {
            conversation_id: self.g.conversation_id,
            message_id: self.g.reply_id,
            seq: self.seq,
            offset: self.offset,
            done,
            status,
            error,
            delta,
        };
        self.offset += chunk.delta.chars().count() as i64;
        if let Err(e) = self.g.hub.push(vec![NewPush::to(self.g.user_id, PushMessage::ai_stream(&chunk))]).await {
            tracing::warn!(error = %e, "pushing a piece of an AI reply failed");
        }
    }

    /// Writes the reply so far and pushes what gathered; false when the reply is no longer generating.
    async fn flush(&mut self) -> bool {
        if self.pending.is_empty() {
            if self.written.elapsed() < HEARTBEAT {
                return true;
            }
            self.written = std::time::Instant::now();
            return ai::touch(&self.g.db, self.g.reply_id).await.unwrap_or(true);
        }
        self.written = std::time::Instant::now();
        match ai::write_progress(&self.g.db, self.g.reply_id, &self.text).await {
            Ok(true) => {}
            Ok(false) => return false,
            Err(e) => tracing::warn!(error = %e, "writing an AI reply failed"),
        }
        let delta = std::mem::take(&mut self.pending);
        self.push(delta, false, protocol::dto::ai::AI_GENERATING, None).await;
        true
    }
}

impl Generation {
    /// Generates the reply to its end (complete, interrupted or failed), then records the call
    /// and pushes the badge.
    pub async fn run(self) {
        let (tx, mut rx) = mpsc::channel::<String>(64);
        let provider = self.provider.clone();
        let (model, messages) = (self.model.clone(), self.messages.clone());
        let mut producer = tokio::spawn(async move { provider.stream(&model, &messages, tx).await });
        let mut s = Stream { g: &self, text: String::new(), pending: String::new(), seq: 0, offset: 0, written: std::time::Instant::now() };
        let mut ticker = tokio::time::interval(FLUSH_EVERY);
        let mut interrupted = false;
        loop {
            tokio::select! {
                piece = rx.recv() => match piece {
                    Some(piece) => {
                        s.text.push_str(&piece);
                        s.pending.push_str(&piece);
                        if s.pending.chars().count() >= FLUSH_CHARS && !s.flush().await {
                            interrupted = true;
                            break;
                        }
                    }
                    None => break,
                },
                _ = ticker.tick() => {
                    if !s.flush().await {
                        interrupted = true;
                        break;
                    }
                }
            }
        }
        let (error, tokens) = if interrupted {
            // Stops the provider's request: its connection is dropped with the task.
            producer.abort();
            (None, None)
        } else {
            match (&mut producer).await {
                Ok(Ok(tokens)) => (None, tokens),
                Ok(Err(e)) => (Some(e.to_string()), None),
                Err(e) => (Some(format!("生成失败：{e}")), None),
            }
        };
        let status = match ai::finish(&self.db, self.reply_id, &s.text, error.as_deref()).await {
            Ok(status) => status,
            Err(e) => {
                tracing::error!(error = %e, "finishing an AI reply failed");
                AI_FAILED
            }
        };
        let rest = std::mem::take(&mut s.pending);
        s.push(rest, true, status, error.clone()).await;
        // Tokens as the provider counted them, else estimated from the characters sent and produced.
        let estimate = (self.messages.iter().map(|(_, c)| c.chars().count()).sum::<usize>() + s.text.chars().count()) as i64;
        if let Err(e) = ai::end_call(&self.db, self.call_id, error.is_none(), tokens.unwrap_or(estimate)).await {
            tracing::warn!(error = %e, "recording an AI call failed");
        }
        push_unread(&self.db, &self.hub, self.user_id).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(role: &str, content: &str) -> (String, String) {
        (role.to_owned(), content.to_owned())
    }

    #[test]
    fn the_context_keeps_the_latest_turns_that_fit_starting_with_the_user() {
        let long = "长".repeat(CONTEXT_CHARS);
        let history = vec![turn("user", "第一问"), turn("assistant", &long), turn("user", "第二问"), turn("assistant", "第二答"), turn("user", "第三问")];
        let messages = context(history);
        assert_eq!(messages[0].0, "system");
        // The long answer does not fit with the later turns; the turn before it is left out too,
        // and the context starts with a user's turn.
        assert_eq!(messages[1..].to_vec(), vec![turn("user", "第二问"), turn("assistant", "第二答"), turn("user", "第三问")]);
        // One turn longer than the budget is still sent.
        let huge = "长".repeat(CONTEXT_CHARS + 5);
        assert_eq!(context(vec![turn("user", &huge)]).len(), 2);
    }
}
