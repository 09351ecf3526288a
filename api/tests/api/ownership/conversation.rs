//! AI assistant conversations: a teacher's own, nobody else's.

use futures_util::FutureExt;
use serde_json::json;

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "AI conversation",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["conversationId"],
        not_probed: vec![],
        // Made in storage: sending a message needs an AI provider, which the matrix's server has
        // not (a message sent by the owner meets C0001 below, after the conversation was found
        // theirs).
        create: |app, owner| {
            async move {
                let user = app.user_id(&owner.email).await;
                let id = storage::ai::create_conversation(&app.state.db, user, "矩阵会话", "gpt-4o-mini").await.unwrap();
                Vars::from([("id".to_owned(), json!(id))])
            }
            .boxed_local()
        },
        read: |owner, vars| {
            async move {
                let conversation = owner.post_data("/api/ai/conversation/switch", json!({"conversationId": vars["id"]})).await;
                json!({"title": conversation["title"], "history": owner.post_data("/api/ai/message/history", json!({"conversationId": vars["id"]})).await})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/ai/conversation/switch", r#"{"conversationId": "{{id}}"}"#),
            Probe::new("POST /api/ai/conversation/rename", r#"{"conversationId": "{{id}}", "title": "改名"}"#),
            Probe::new("POST /api/ai/message/history", r#"{"conversationId": "{{id}}"}"#),
            // No provider here: the owner's message is refused for that, after the conversation
            // was found theirs.
            Probe::new("POST /api/ai/message/send", r#"{"conversationId": "{{id}}", "content": "你好"}"#).owner_meets("C0001"),
            Probe::new("POST /api/ai/conversation/delete", r#"{"conversationId": "{{id}}"}"#),
        ],
    }
}
