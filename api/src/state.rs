//! What every handler can reach.

use hub::Hub;
use storage::Db;

use crate::config::Config;

pub struct AppState {
    pub db: Db,
    pub hub: Hub,
    /// The job engine (downloads, save-to-knowledge, …).
    pub jobs: hub::jobs::Jobs,
    /// The file store.
    pub objects: storage::objects::Objects,
    pub config: Config,
    /// The AI provider, when configured.
    pub ai: Option<std::sync::Arc<dyn crate::ai::AiProvider>>,
    /// The deployed web app's version (`/version.json`).
    pub version: String,
    /// Where usage-tracking events wait to be stored.
    pub tracker: crate::tracking::Tracker,
    /// The bound on calls in progress.
    pub admission: std::sync::Arc<crate::admission::Admission>,
}
