//! What every handler can reach.

use hub::Hub;
use storage::Db;

use crate::config::Config;

pub struct AppState {
    pub db: Db,
    pub hub: Hub,
    pub config: Config,
    /// The deployed web app's version (`/version.json`).
    pub version: String,
}
