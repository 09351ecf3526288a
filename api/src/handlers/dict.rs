//! Dictionaries (`dict` area, 02 §7.1): the fiscal period now.

use actix_web::http::Method;
use protocol::validation::FiscalPeriod;

use crate::access::Access;
use crate::error::ApiResult;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::GET, "/api/current/time", Access::Session, "dict", "Fiscal year, month and quarter (June–May, China time)").spec(&["S106"]),
        current_time,
    );
}

/// The fiscal period now, in China Standard Time (UTC+8), which the organisation works in.
pub fn fiscal_now() -> FiscalPeriod {
    let now = time::OffsetDateTime::now_utc().to_offset(time::macros::offset!(+8));
    FiscalPeriod::of(now.year(), u8::from(now.month()) as u32)
}

async fn current_time() -> ApiResult<Reply<FiscalPeriod>> {
    Ok(Reply(fiscal_now()))
}
