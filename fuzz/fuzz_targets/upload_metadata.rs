//! Upload metadata: a file's name (class and stored name) and the slice completion a client
//! sends.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::dto::upload::SliceCompleteRequest;
use protocol::validation::{download_file_name, upload_class, upload_file_name};

fuzz_target!(|data: &[u8]| {
    if let Ok(name) = std::str::from_utf8(data) {
        let _ = upload_class(name);
        let stored = upload_file_name(name);
        assert!(!stored.contains('/'), "a stored name has no path: {stored:?}");
        let _ = download_file_name(name);
    }
    let _ = serde_json::from_slice::<SliceCompleteRequest>(data);
});
