//! The push channel's wire format (`/socket/im/magic/{email}`).
//!
//! Server → client: a text frame [`CONNECT_SUCCESS_TEXT`] right after the upgrade, then one JSON
//! [`PushEnvelope`] per frame. `content` is base64 of the UTF-8 JSON of a [`PushContent`].
//! Client → server: [`ClientFrame`]s; an ack is `{"id": "<id>", "typeCode": "1"}`.

use base64::{engine::general_purpose::STANDARD, Engine as _};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The plain text frame sent once a socket is accepted; clients ignore it.
pub const CONNECT_SUCCESS_TEXT: &str = "连接成功";

/// Close codes of the push and document sockets (4000–4999 are the application's own).
pub mod close_code {
    /// The request had no valid session.
    pub const NO_SESSION: u16 = 4401;
    /// The session's user may not open this socket (another user's e-mail, a document without access).
    pub const FORBIDDEN: u16 = 4403;
    /// The client did not read its messages fast enough; its queue was dropped.
    pub const TOO_SLOW: u16 = 4008;
    /// The client sent no frame (not even a pong) within the timeout.
    pub const TIMEOUT: u16 = 4000;
    /// The session was ended (logout, expiry, access revoked).
    pub const SESSION_ENDED: u16 = 4001;
    /// The user's rights to a document changed (made a reader, report submitted): reconnect
    /// to continue with the new rights. Outside 4400–4499, so stock clients reconnect.
    pub const ACCESS_CHANGED: u16 = 4100;
    /// The upgrade request was malformed (e.g. a bad `since`).
    pub const BAD_REQUEST: u16 = 4400;
    /// A binary or otherwise unsupported frame (RFC 6455).
    pub const UNSUPPORTED_DATA: u16 = 1003;
    /// A message larger than the limit (RFC 6455).
    pub const MESSAGE_TOO_BIG: u16 = 1009;
}

/// Every `typeCode` of the push channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[ts(export)]
pub enum TypeCode {
    /// Client → server acknowledgement of a message id.
    #[serde(rename = "1")]
    Ack,
    /// A download or export task changed status (content: id, fileStatus, fileName, queueCount, doneCount).
    #[serde(rename = "magic_001")]
    Magic001,
    /// Save-to-knowledge record finished (copyStatus 2 or 3).
    #[serde(rename = "magic_002")]
    Magic002,
    /// A new notice of type 1 (shown in a dialog) and a list refresh.
    #[serde(rename = "backstage_001")]
    Backstage001,
    /// A notice of type 2 (list only).
    #[serde(rename = "backstage_002")]
    Backstage002,
    /// Refresh the list; clear the shown notice if its id matches or the id is -1.
    #[serde(rename = "backstage_003")]
    Backstage003,
    /// A notice of type 7.
    #[serde(rename = "backstage_005")]
    Backstage005,
    /// Desktop-client download progress.
    #[serde(rename = "electron_download")]
    ElectronDownload,
    /// Type 3: a file error report changed.
    #[serde(rename = "magic_file_report_error")]
    MagicFileReportError,
    /// Type 4: a batch send of similar items failed.
    #[serde(rename = "magic_batch_send_error_similar_item")]
    MagicBatchSendErrorSimilarItem,
    /// Type 5: an asynchronous statistics job finished.
    #[serde(rename = "statistics_async")]
    StatisticsAsync,
    /// Type 6: an item error report was confirmed.
    #[serde(rename = "magic_item_report_error_confirm")]
    MagicItemReportErrorConfirm,
    /// Not stored and not acknowledged (`id` empty, which clients that predate this frame also
    /// neither acknowledge nor resume from): the web app version the server serves (content
    /// value), sent right after the connect text on every connection. A client whose build
    /// differs reloads; this replaces the spec's 2-hour poll of `/version.json`.
    #[serde(rename = "version")]
    Version,
    /// The server could not use a frame the client sent (content: `{code, msg}`); not stored.
    #[serde(rename = "error")]
    Error,
    /// Not stored and not acknowledged: `id` is the user's current message id, sent right after
    /// the connect text when the client gave no usable `since`. The client resumes from it.
    #[serde(rename = "offset")]
    Offset,
    /// A load-test probe (content value: `{seq, sentUs}`), sent only to load-test accounts.
    #[serde(rename = "load_probe")]
    LoadProbe,
}

impl TypeCode {
    pub fn as_str(self) -> &'static str {
        match self {
            TypeCode::Ack => "1",
            TypeCode::Magic001 => "magic_001",
            TypeCode::Magic002 => "magic_002",
            TypeCode::Backstage001 => "backstage_001",
            TypeCode::Backstage002 => "backstage_002",
            TypeCode::Backstage003 => "backstage_003",
            TypeCode::Backstage005 => "backstage_005",
            TypeCode::ElectronDownload => "electron_download",
            TypeCode::MagicFileReportError => "magic_file_report_error",
            TypeCode::MagicBatchSendErrorSimilarItem => "magic_batch_send_error_similar_item",
            TypeCode::StatisticsAsync => "statistics_async",
            TypeCode::MagicItemReportErrorConfirm => "magic_item_report_error_confirm",
            TypeCode::Version => "version",
            TypeCode::Error => "error",
            TypeCode::Offset => "offset",
            TypeCode::LoadProbe => "load_probe",
        }
    }

    pub fn parse(s: &str) -> Option<TypeCode> {
        serde_json::from_value(serde_json::Value::String(s.to_owned())).ok()
    }

    /// The `type` number the spec gives each notice-like message.
    pub fn content_type(self) -> Option<i64> {
        match self {
            TypeCode::Backstage001 => Some(1),
            TypeCode::Backstage002 => Some(2),
            TypeCode::MagicFileReportError => Some(3),
            TypeCode::MagicBatchSendErrorSimilarItem => Some(4),
            TypeCode::StatisticsAsync => Some(5),
            TypeCode::MagicItemReportErrorConfirm => Some(6),
            TypeCode::Backstage005 => Some(7),
            _ => None,
        }
    }
}

/// The decoded `content` of a push.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PushContent {
    /// The role the message is for; empty means any role. Clients ignore a message whose role
    /// differs from their current role.
    pub role: String,
    pub file_status: Option<i32>,
    #[serde(rename = "type")]
    pub kind: Option<i64>,
    pub value: Option<serde_json::Value>,
    pub id: Option<i64>,
    pub async_message: Option<serde_json::Value>,
    /// Milliseconds since the Unix epoch when the server produced the message.
    pub time: i64,
}

/// One server → client message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PushEnvelope {
    /// The per-user message offset, increasing by one per message; resume with `?since=<id>`.
    pub id: String,
    pub type_code: TypeCode,
    /// base64 of the UTF-8 JSON of a [`PushContent`].
    pub content: String,
}

impl PushEnvelope {
    pub fn new(id: i64, type_code: TypeCode, content: &PushContent) -> Self {
        let json = serde_json::to_vec(content).expect("PushContent always serialises");
        PushEnvelope { id: id.to_string(), type_code, content: STANDARD.encode(json) }
    }

    /// An error frame (not stored, id "0") telling the client what was wrong with its frame.
    pub fn error(code: crate::ErrorCode, msg: &str) -> Self {
        let content = serde_json::json!({ "code": code.as_str(), "msg": msg });
        PushEnvelope { id: "0".into(), type_code: TypeCode::Error, content: STANDARD.encode(content.to_string()) }
    }

    /// The resume baseline of a fresh connection (see [`TypeCode::Offset`]).
    pub fn offset(current: i64) -> Self {
        PushEnvelope::new(current, TypeCode::Offset, &PushContent::default())
    }

    /// The web app version frame of a fresh connection (see [`TypeCode::Version`]).
    pub fn version(version: &str) -> Self {
        let envelope =
            PushEnvelope::new(0, TypeCode::Version, &PushContent { value: Some(serde_json::Value::String(version.to_owned())), ..Default::default() });
        PushEnvelope { id: String::new(), ..envelope }
    }

    pub fn decode_content(&self) -> Result<PushContent, PushDecodeError> {
        let bytes = STANDARD.decode(&self.content).map_err(|_| PushDecodeError::Base64)?;
        serde_json::from_slice(&bytes).map_err(|e| PushDecodeError::Json(e.to_string()))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("PushEnvelope always serialises")
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PushDecodeError {
    #[error("content is not base64")]
    Base64,
    #[error("content is not a push content: {0}")]
    Json(String),
}

/// One client → server frame. Only acks (`typeCode` "1") are accepted today.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ClientFrame {
    pub id: String,
    pub type_code: String,
}

/// What a client frame asks for, once parsed and validated.
#[derive(Debug, Clone, PartialEq)]
pub enum ClientRequest {
    Ack { id: i64 },
}

impl ClientFrame {
    /// Parses a text frame; the error is the message sent back in an error frame.
    pub fn parse(text: &str) -> Result<ClientRequest, String> {
        let frame: ClientFrame = serde_json::from_str(text).map_err(|_| "无法识别的消息：需要 {id, typeCode} 的 JSON".to_string())?;
        match TypeCode::parse(&frame.type_code) {
            Some(TypeCode::Ack) => {
                let id = frame.id.trim().parse::<i64>().map_err(|_| format!("消息编号无效：{}", frame.id))?;
                if id <= 0 {
                    return Err(format!("消息编号无效：{}", frame.id));
                }
                Ok(ClientRequest::Ack { id })
            }
            _ => Err(format!("不支持的消息类型：{}", frame.type_code)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn envelope_round_trips_utf8_content() {
        let content = PushContent {
            role: "teacher".into(),
            kind: Some(1),
            value: Some(serde_json::json!("新的通知")),
            id: Some(7),
            time: 1_700_000_000_000,
            ..Default::default()
        };
        let env = PushEnvelope::new(3, TypeCode::Backstage001, &content);
        let json = env.to_json();
        assert!(json.contains("\"typeCode\":\"backstage_001\""));
        assert!(json.contains("\"id\":\"3\""));
        let back: PushEnvelope = serde_json::from_str(&json).unwrap();
        assert_eq!(back.decode_content().unwrap(), content);
        let raw: serde_json::Value = serde_json::from_slice(&STANDARD.decode(&back.content).unwrap()).unwrap();
        assert_eq!(raw["type"], 1);
        assert_eq!(raw["fileStatus"], serde_json::Value::Null);
        assert_eq!(raw["asyncMessage"], serde_json::Value::Null);
    }

    #[test]
    fn type_codes_parse_and_print() {
        for (s, code) in [("1", TypeCode::Ack), ("backstage_003", TypeCode::Backstage003), ("electron_download", TypeCode::ElectronDownload)] {
            assert_eq!(TypeCode::parse(s), Some(code));
            assert_eq!(code.as_str(), s);
        }
        assert_eq!(TypeCode::parse("nope"), None);
        assert_eq!(TypeCode::Backstage005.content_type(), Some(7));
    }

    #[test]
    fn client_frames() {
        assert_eq!(ClientFrame::parse(r#"{"id":"12","typeCode":"1"}"#), Ok(ClientRequest::Ack { id: 12 }));
        assert!(ClientFrame::parse("garbage").is_err());
        assert!(ClientFrame::parse(r#"{"id":"x","typeCode":"1"}"#).is_err());
        assert!(ClientFrame::parse(r#"{"id":"-3","typeCode":"1"}"#).is_err());
        assert!(ClientFrame::parse(r#"{"id":"3","typeCode":"magic_001"}"#).is_err());
        assert!(ClientFrame::parse(r#"{"id":3,"typeCode":"1"}"#).is_err());
    }
}
