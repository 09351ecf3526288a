//! eduhub-load: the load tool. Scenarios drive thousands of WebSocket clients (and REST calls)
//! against EduHub, or against any y-websocket server for the co-editing comparison, and report
//! honest figures: latency percentiles over time, losses and duplicates, memory per client.

pub mod net;
pub mod progress;
pub mod report;
pub mod scenario;
pub mod setup;
pub mod stats;
