//! The report filters: a data-centre search, a QC search and an export's `reqParams`, as JSON a
//! client sends.
#![no_main]

use libfuzzer_sys::fuzz_target;
use protocol::dto::datacentre::DcSearch;
use protocol::dto::qc::QcSearch;
use storage::reports::ReportQuery;

fuzz_target!(|data: &[u8]| {
    let today = time::macros::date!(2026 - 11 - 29);
    if let Ok(search) = serde_json::from_slice::<DcSearch>(data) {
        let _ = storage::datacentre::filter::parse(&search, today, &["lessonCount", "teacherName"]);
    }
    if let Ok(search) = serde_json::from_slice::<QcSearch>(data) {
        let _ = storage::qc::parse_punch_filter(&search);
    }
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) {
        for query in [ReportQuery::DownloadHistory, ReportQuery::Notices, ReportQuery::ExamGroupMembers] {
            let _ = query.parse_params(&value);
        }
    }
});
