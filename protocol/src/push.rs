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
    /// The user has as many co-editing sockets open as one may (close some tabs).
    pub const TOO_MANY_SOCKETS: u16 = 4429;
    /// The server is stopping (a restart or a deploy): reconnect, another node answers (RFC 6455).
    pub const GOING_AWAY: u16 = 1001;
}

/// Every `typeCode` of the push channel, named for what happened; serde keeps the spec's wire
/// names. Each kind's `value` has its type ([`DownloadStatus`], …), set by the constructors of
/// [`PushMessage`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[ts(export)]
pub enum TypeCode {
    /// Client → server acknowledgement of a message id.
    #[serde(rename = "1")]
    Ack,
    /// A download or export task changed status (content: id, fileStatus, fileName, queueCount, doneCount).
    #[serde(rename = "magic_001")]
    DownloadStatusChanged,
    /// Save-to-knowledge record finished (copyStatus 2 or 3).
    #[serde(rename = "magic_002")]
    SaveToKnowledgeEnded,
    /// A new notice of type 1 (shown in a dialog) and a list refresh.
    #[serde(rename = "backstage_001")]
    PopupNoticePublished,
    /// A notice of type 2 (list only).
    #[serde(rename = "backstage_002")]
    NoticePublished,
    /// Refresh the list; clear the shown notice if its id matches or the id is -1.
    #[serde(rename = "backstage_003")]
    NoticeWithdrawn,
    /// A notice of type 7.
    #[serde(rename = "backstage_005")]
    NoticeType7Published,
    /// Desktop-client download progress.
    #[serde(rename = "electron_download")]
    DesktopDownloadProgress,
    /// Type 3: a file error report changed.
    #[serde(rename = "magic_file_report_error")]
    FileErrorReported,
    /// Type 4: a batch send of similar items failed.
    #[serde(rename = "magic_batch_send_error_similar_item")]
    SimilarItemsSendFailed,
    /// Type 5: an asynchronous statistics job finished.
    #[serde(rename = "statistics_async")]
    StatisticsReady,
    /// Type 6: an item error report was confirmed.
    #[serde(rename = "magic_item_report_error_confirm")]
    ItemErrorReportConfirmed,
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
    /// Not stored and not acknowledged (`id` empty): the data centre's source records changed
    /// (content value: [`RecordsChanged`]), sent to every open socket; an open report reloads
    /// through REST, within the reader's scope. A client that was offline reloads on return anyway.
    #[serde(rename = "records_changed")]
    RecordsChanged,
    /// One of the user's learning camps changed (content `id` the camp, value [`CampChange`]):
    /// its structure or state (another tab of the builder reloads it) or a student's progress
    /// (open statistics reload).
    #[serde(rename = "magic_camp_changed")]
    CampChanged,
    /// Not stored and not acknowledged (`id` empty): items of a drive space changed (value
    /// [`DriveChange`]), sent to everyone who can see them; an open folder of that space reloads.
    #[serde(rename = "magic_drive_changed")]
    DriveChanged,
    /// A drive copy job of the user moved on (value [`crate::dto::document::DriveJob`]).
    #[serde(rename = "magic_drive_job")]
    DriveJobProgress,
    /// A batch send of similar practice of the user moved on (value
    /// [`crate::dto::wrong_question::SimilarBatch`]); a failure is also told as type 4.
    #[serde(rename = "magic_similar_batch")]
    SimilarBatchProgress,
    /// A piece of an AI assistant's reply (value [`crate::dto::ai::AiStreamChunk`]), in order;
    /// stored, so a tab that reconnects mid-reply gets the pieces it missed.
    #[serde(rename = "magic_ai_stream")]
    AiStream,
    /// The AI assistant's badge changed (value [`crate::dto::ai::AiUnread`]).
    #[serde(rename = "magic_ai_unread")]
    AiUnreadChanged,
    /// An AI paper task of the user moved on (value [`crate::dto::ai::AiPaperTask`]).
    #[serde(rename = "magic_ai_paper_task")]
    AiPaperTaskProgress,
    /// Not stored and not acknowledged (`id` empty): an administrator changed what the shell
    /// shows (value [`ShellChanged`]: `menus`, `whitelist`, `banners`), sent to every open
    /// socket; the menu, the gates and the home banners reload without a page reload.
    #[serde(rename = "magic_shell_changed")]
    ShellChanged,
    /// Not stored and not acknowledged (`id` empty): a live lesson changed (value
    /// [`crate::dto::live_lesson::LiveLessonChange`]: presence, a patrol, the recording), sent to
    /// its teachers and whoever watches it; an open lesson page reloads.
    #[serde(rename = "magic_live_lesson")]
    LiveLessonChanged,
    /// A reminder of an online lesson to one of its teachers (content `id` the lesson, value
    /// [`crate::dto::online_reminder::OnlineReminder`]); stored, so a teacher who comes online
    /// later still gets it.
    #[serde(rename = "magic_online_reminder")]
    OnlineReminder,
}

impl TypeCode {
    pub const ALL: [TypeCode; 27] = [
        TypeCode::Ack,
        TypeCode::DownloadStatusChanged,
        TypeCode::SaveToKnowledgeEnded,
        TypeCode::PopupNoticePublished,
        TypeCode::NoticePublished,
        TypeCode::NoticeWithdrawn,
        TypeCode::NoticeType7Published,
        TypeCode::DesktopDownloadProgress,
        TypeCode::FileErrorReported,
        TypeCode::SimilarItemsSendFailed,
        TypeCode::StatisticsReady,
        TypeCode::ItemErrorReportConfirmed,
        TypeCode::Version,
        TypeCode::Error,
        TypeCode::Offset,
        TypeCode::LoadProbe,
        TypeCode::RecordsChanged,
        TypeCode::CampChanged,
        TypeCode::DriveChanged,
        TypeCode::DriveJobProgress,
        TypeCode::SimilarBatchProgress,
        TypeCode::AiStream,
        TypeCode::AiUnreadChanged,
        TypeCode::AiPaperTaskProgress,
        TypeCode::ShellChanged,
        TypeCode::LiveLessonChanged,
        TypeCode::OnlineReminder,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TypeCode::Ack => "1",
            TypeCode::DownloadStatusChanged => "magic_001",
            TypeCode::SaveToKnowledgeEnded => "magic_002",
            TypeCode::PopupNoticePublished => "backstage_001",
            TypeCode::NoticePublished => "backstage_002",
            TypeCode::NoticeWithdrawn => "backstage_003",
            TypeCode::NoticeType7Published => "backstage_005",
            TypeCode::DesktopDownloadProgress => "electron_download",
            TypeCode::FileErrorReported => "magic_file_report_error",
            TypeCode::SimilarItemsSendFailed => "magic_batch_send_error_similar_item",
            TypeCode::StatisticsReady => "statistics_async",
            TypeCode::ItemErrorReportConfirmed => "magic_item_report_error_confirm",
            TypeCode::Version => "version",
            TypeCode::Error => "error",
            TypeCode::Offset => "offset",
            TypeCode::LoadProbe => "load_probe",
            TypeCode::RecordsChanged => "records_changed",
            TypeCode::CampChanged => "magic_camp_changed",
            TypeCode::DriveChanged => "magic_drive_changed",
            TypeCode::DriveJobProgress => "magic_drive_job",
            TypeCode::SimilarBatchProgress => "magic_similar_batch",
            TypeCode::AiStream => "magic_ai_stream",
            TypeCode::AiUnreadChanged => "magic_ai_unread",
            TypeCode::AiPaperTaskProgress => "magic_ai_paper_task",
            TypeCode::ShellChanged => "magic_shell_changed",
            TypeCode::LiveLessonChanged => "magic_live_lesson",
            TypeCode::OnlineReminder => "magic_online_reminder",
        }
    }

    /// Whether only desktop-client sessions get this kind (`electron_download`: a browser tab
    /// has no use for another program's download progress).
    pub fn desktop_only(self) -> bool {
        self == TypeCode::DesktopDownloadProgress
    }

    pub fn parse(s: &str) -> Option<TypeCode> {
        serde_json::from_value(serde_json::Value::String(s.to_owned())).ok()
    }

    /// The push announcing a published notice of `kind` (1, 2 or 7; the others are not published).
    pub fn of_published_notice(kind: i64) -> Option<TypeCode> {
        match kind {
            1 => Some(TypeCode::PopupNoticePublished),
            2 => Some(TypeCode::NoticePublished),
            7 => Some(TypeCode::NoticeType7Published),
            _ => None,
        }
    }

    /// The `type` number the spec gives each notice-like message.
    pub fn content_type(self) -> Option<i64> {
        match self {
            TypeCode::PopupNoticePublished => Some(1),
            TypeCode::NoticePublished => Some(2),
            TypeCode::FileErrorReported => Some(3),
            TypeCode::SimilarItemsSendFailed => Some(4),
            TypeCode::StatisticsReady => Some(5),
            TypeCode::ItemErrorReportConfirmed => Some(6),
            TypeCode::NoticeType7Published => Some(7),
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

/// `value` of [`TypeCode::DownloadStatusChanged`] (`magic_001`): enough for a client to update the
/// task's row in place, without reading the list again. A deleted task carries only the counts;
/// a running export's progress report carries `progress` and the counts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadStatus {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub file_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub file_size: Option<i64>,
    /// Changes whenever the task does: a client keeps the newest state it has seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub file_path_version: Option<i64>,
    /// Why generation failed (status 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    /// Percent of a running export written, in tenths (0, 10, … 100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub progress: Option<u8>,
    /// The user's tasks waiting or generating.
    pub queue_count: i64,
    /// The user's tasks ready and not yet downloaded.
    pub done_count: i64,
}

/// `value` of [`TypeCode::RecordsChanged`]: which kinds of source records changed (`lessons`,
/// `attendance`, `refunds`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RecordsChanged {
    pub kinds: Vec<String>,
}

/// `value` of [`TypeCode::ShellChanged`]: what an administrator changed (`menus`, `whitelist`,
/// `banners`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ShellChanged {
    pub what: String,
}

/// `value` of [`TypeCode::CampChanged`]: what changed (`structure`, `state` or `progress`) and,
/// for progress, whose and which task.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CampChange {
    pub camp_id: i64,
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub member_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub task_id: Option<i64>,
}

/// `value` of [`TypeCode::DriveChanged`]: the space (`teamId` 0: the receiver's personal space,
/// or items shared with them) and the folders whose contents changed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DriveChange {
    pub team_id: i64,
    pub folder_ids: Vec<i64>,
}

/// `value` of [`TypeCode::DesktopDownloadProgress`] (`electron_download`): how much of a file a
/// desktop client fetching it has received.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DesktopDownloadProgress {
    pub received: u64,
    pub total: u64,
    pub percent: u64,
}

/// A push of one kind with its typed content; the only way handlers and jobs make pushes.
#[derive(Debug, Clone, PartialEq)]
pub struct PushMessage {
    pub type_code: TypeCode,
    pub content: PushContent,
}

impl PushMessage {
    fn of(type_code: TypeCode, content: PushContent) -> PushMessage {
        PushMessage { type_code, content: PushContent { time: now_ms(), ..content } }
    }

    /// A download task changed status (`magic_001`); `file_status` is `None` for a deleted task.
    pub fn download_status(task_id: i64, file_status: Option<i32>, value: &DownloadStatus) -> PushMessage {
        let value = serde_json::to_value(value).expect("DownloadStatus serialises");
        PushMessage::of(TypeCode::DownloadStatusChanged, PushContent { id: Some(task_id), file_status, value: Some(value), ..Default::default() })
    }

    /// A save to the knowledge base ended (`magic_002`): copyStatus 2 or 3, and the record.
    pub fn save_to_knowledge_ended(record: &crate::dto::library::SaveToKnwRecord) -> PushMessage {
        let value = serde_json::to_value(record).expect("SaveToKnwRecord serialises");
        PushMessage::of(
            TypeCode::SaveToKnowledgeEnded,
            PushContent { id: Some(record.copy_record_id), file_status: Some(record.copy_status as i32), value: Some(value), ..Default::default() },
        )
    }

    /// A notice of `kind` (1 popup, 2 list, 7) was published for `role`; `None` for another kind.
    pub fn notice_published(kind: i64, notice_id: i64, title: &str, role: &str) -> Option<PushMessage> {
        let type_code = TypeCode::of_published_notice(kind)?;
        let content = PushContent { role: role.to_owned(), kind: Some(kind), value: Some(title.into()), id: Some(notice_id), ..Default::default() };
        Some(PushMessage::of(type_code, content))
    }

    /// A personal notice about an error report: someone reported an error in the recipient's
    /// file (`magic_file_report_error`, type 3), or the recipient's report on a question or paper
    /// was settled (`magic_item_report_error_confirm`, type 6). `id` is the notice's; the value
    /// holds the report's id and the notice's title.
    pub fn report_notice(file: bool, notice_id: i64, report_id: i64, title: &str, role: &str) -> PushMessage {
        let type_code = if file { TypeCode::FileErrorReported } else { TypeCode::ItemErrorReportConfirmed };
        let value = serde_json::json!({"reportId": report_id, "title": title});
        PushMessage::of(
            type_code,
            PushContent { role: role.to_owned(), kind: type_code.content_type(), value: Some(value), id: Some(notice_id), ..Default::default() },
        )
    }

    /// A notice (or every notice, id -1) was withdrawn (`backstage_003`).
    pub fn notice_withdrawn(notice_id: i64, role: &str) -> PushMessage {
        PushMessage::of(TypeCode::NoticeWithdrawn, PushContent { role: role.to_owned(), id: Some(notice_id), ..Default::default() })
    }

    /// How much of a download a desktop client has received (`electron_download`).
    pub fn desktop_download_progress(task_id: i64, value: &DesktopDownloadProgress) -> PushMessage {
        let value = serde_json::to_value(value).expect("DesktopDownloadProgress serialises");
        PushMessage::of(TypeCode::DesktopDownloadProgress, PushContent { id: Some(task_id), value: Some(value), ..Default::default() })
    }

    /// A load-test probe carrying the load tool's own payload.
    /// The data centre's source records changed (`records_changed`): a signal for every open
    /// socket, not stored (see [`PushEnvelope::signal`]).
    pub fn records_changed(value: &RecordsChanged) -> PushMessage {
        let value = serde_json::to_value(value).expect("RecordsChanged serialises");
        PushMessage::of(TypeCode::RecordsChanged, PushContent { value: Some(value), ..Default::default() })
    }

    /// An administrator changed what the shell shows (`magic_shell_changed`): a signal for every
    /// open socket, not stored.
    pub fn shell_changed(what: &str) -> PushMessage {
        let value = serde_json::to_value(ShellChanged { what: what.to_owned() }).expect("ShellChanged serialises");
        PushMessage::of(TypeCode::ShellChanged, PushContent { value: Some(value), ..Default::default() })
    }

    /// A live lesson changed (`magic_live_lesson`, a signal).
    pub fn live_lesson_changed(value: &crate::dto::live_lesson::LiveLessonChange) -> PushMessage {
        let json = serde_json::to_value(value).expect("LiveLessonChange serialises");
        PushMessage::of(TypeCode::LiveLessonChanged, PushContent { value: Some(json), ..Default::default() })
    }

    /// A reminder of an online lesson (`magic_online_reminder`).
    pub fn online_reminder(value: &crate::dto::online_reminder::OnlineReminder) -> PushMessage {
        let json = serde_json::to_value(value).expect("OnlineReminder serialises");
        PushMessage::of(TypeCode::OnlineReminder, PushContent { id: Some(value.lesson_id), value: Some(json), ..Default::default() })
    }

    /// One of the user's camps changed (`magic_camp_changed`).
    pub fn camp_changed(value: &CampChange) -> PushMessage {
        let json = serde_json::to_value(value).expect("CampChange serialises");
        PushMessage::of(TypeCode::CampChanged, PushContent { id: Some(value.camp_id), value: Some(json), ..Default::default() })
    }

    /// Items of a drive space changed (`magic_drive_changed`, a signal).
    pub fn drive_changed(value: &DriveChange) -> PushMessage {
        let json = serde_json::to_value(value).expect("DriveChange serialises");
        PushMessage::of(TypeCode::DriveChanged, PushContent { value: Some(json), ..Default::default() })
    }

    /// A drive copy job moved on (`magic_drive_job`).
    pub fn drive_job(value: &crate::dto::document::DriveJob) -> PushMessage {
        let json = serde_json::to_value(value).expect("DriveJob serialises");
        PushMessage::of(TypeCode::DriveJobProgress, PushContent { id: Some(value.job_id), value: Some(json), ..Default::default() })
    }

    /// A batch send of similar practice moved on (`magic_similar_batch`).
    pub fn similar_batch(value: &crate::dto::wrong_question::SimilarBatch) -> PushMessage {
        let json = serde_json::to_value(value).expect("SimilarBatch serialises");
        PushMessage::of(TypeCode::SimilarBatchProgress, PushContent { id: Some(value.batch_id), value: Some(json), ..Default::default() })
    }

    /// Some of a batch send of similar practice failed (`magic_batch_send_error_similar_item`,
    /// type 4): `id` is the error-book notice's; the value holds the batch's id and the title.
    pub fn similar_send_failed(notice_id: i64, batch_id: i64, title: &str, role: &str) -> PushMessage {
        let value = serde_json::json!({"batchId": batch_id, "title": title});
        PushMessage::of(
            TypeCode::SimilarItemsSendFailed,
            PushContent { role: role.to_owned(), kind: Some(4), value: Some(value), id: Some(notice_id), ..Default::default() },
        )
    }

    /// A piece of an AI reply (`magic_ai_stream`).
    pub fn ai_stream(value: &crate::dto::ai::AiStreamChunk) -> PushMessage {
        let json = serde_json::to_value(value).expect("AiStreamChunk serialises");
        PushMessage::of(TypeCode::AiStream, PushContent { id: Some(value.message_id), value: Some(json), ..Default::default() })
    }

    /// The AI assistant's badge (`magic_ai_unread`).
    pub fn ai_unread(value: &crate::dto::ai::AiUnread) -> PushMessage {
        let json = serde_json::to_value(value).expect("AiUnread serialises");
        PushMessage::of(TypeCode::AiUnreadChanged, PushContent { value: Some(json), ..Default::default() })
    }

    /// An AI paper task as it stands (`magic_ai_paper_task`).
    pub fn ai_paper_task(value: &crate::dto::ai::AiPaperTask) -> PushMessage {
        let json = serde_json::to_value(value).expect("AiPaperTask serialises");
        PushMessage::of(TypeCode::AiPaperTaskProgress, PushContent { id: Some(value.task_id), value: Some(json), ..Default::default() })
    }

    pub fn load_probe(payload: serde_json::Value) -> PushMessage {
        PushMessage::of(TypeCode::LoadProbe, PushContent { value: Some(payload), ..Default::default() })
    }
}

/// Milliseconds since the Unix epoch.
fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

impl PushContent {
    /// `value` read as the type of its kind (e.g. [`DownloadStatus`] for `magic_001`).
    pub fn value_as<T: serde::de::DeserializeOwned>(&self) -> Option<T> {
        self.value.clone().and_then(|v| serde_json::from_value(v).ok())
    }
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

    /// A message sent to sockets without being stored: `id` empty, so it is neither
    /// acknowledged nor a resume point.
    pub fn signal(message: &PushMessage) -> Self {
        let envelope = PushEnvelope::new(0, message.type_code, &message.content);
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
        let env = PushEnvelope::new(3, TypeCode::PopupNoticePublished, &content);
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
        for (s, code) in [("1", TypeCode::Ack), ("backstage_003", TypeCode::NoticeWithdrawn), ("electron_download", TypeCode::DesktopDownloadProgress)] {
            assert_eq!(TypeCode::parse(s), Some(code));
            assert_eq!(code.as_str(), s);
        }
        assert_eq!(TypeCode::parse("nope"), None);
        assert_eq!(TypeCode::NoticeType7Published.content_type(), Some(7));
    }

    #[test]
    fn every_type_code_is_listed_once_and_prints_its_wire_name() {
        let names: std::collections::HashSet<&str> = TypeCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(names.len(), TypeCode::ALL.len());
        for code in TypeCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), serde_json::Value::String(code.as_str().into()));
        }
    }

    #[test]
    fn messages_pair_each_kind_with_its_value() {
        let status = DownloadStatus { file_name: Some("a.xlsx".into()), queue_count: 2, done_count: 1, ..Default::default() };
        let m = PushMessage::download_status(9, Some(3), &status);
        assert_eq!((m.type_code, m.content.id, m.content.file_status), (TypeCode::DownloadStatusChanged, Some(9), Some(3)));
        assert_eq!(m.content.value_as::<DownloadStatus>(), Some(status));
        let raw = m.content.value.unwrap();
        assert_eq!(raw, serde_json::json!({"fileName": "a.xlsx", "queueCount": 2, "doneCount": 1}), "absent fields are left out");
        let notice = PushMessage::notice_published(1, 5, "标题", "teacher").unwrap();
        assert_eq!((notice.type_code, notice.content.kind, notice.content.role.as_str()), (TypeCode::PopupNoticePublished, Some(1), "teacher"));
        assert_eq!(PushMessage::notice_published(7, 5, "标题", "").unwrap().type_code.content_type(), Some(7));
        assert!(PushMessage::notice_published(3, 5, "标题", "").is_none());
        assert_eq!(PushMessage::notice_withdrawn(-1, "").type_code, TypeCode::NoticeWithdrawn);
        assert!(m.content.time > 0);
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
