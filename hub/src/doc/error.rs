//! What can go wrong reading or changing a document through its room.

/// A failed document operation: what the caller sent does not fit (`NotFound`, `Invalid`, with
/// the message for the user), or the room could not do it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocError {
    /// The item the operation names is not in the document.
    #[error("{0}")]
    NotFound(String),
    /// The operation does not fit the document (a limit, a missing step).
    #[error("{0}")]
    Invalid(String),
    /// The room was unloading; the same call may simply be made again.
    #[error("文档正在重新加载，请重试")]
    Reloading,
    /// The edit could not be made durable; the room reloads from the log.
    #[error("保存失败")]
    NotSaved,
    /// Anything else (a value yrs refuses, a panic contained by the room).
    #[error("document: {0}")]
    Failed(String),
}
