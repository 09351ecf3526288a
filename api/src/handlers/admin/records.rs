//! CSV imports of the data centre's source records.

use actix_web::http::Method;
use actix_web::{web, HttpRequest};
use protocol::dto::admin::ImportResult;
use protocol::push::{PushMessage, RecordsChanged};
use storage::datacentre::import::{self, ImportKind};

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::CsvBody;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(
            Method::POST,
            "/api/admin/records/import/{kind}",
            Access::Admin,
            "admin",
            "Import source records from CSV (kind: lessons, attendance, refunds; formats in docs/import.md): good rows stored, bad rows listed",
        ),
        import_records,
    );
}

async fn import_records(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: Caller,
    kind: web::Path<String>,
    body: CsvBody,
) -> ApiResult<Reply<ImportResult>> {
    let kind: ImportKind = kind.parse().map_err(ApiError::bad_request)?;
    let result = import::import(&state.db, kind, &body.0).await.map_err(|e| match e {
        import::ImportError::File(message) => ApiError::bad_request(message),
        import::ImportError::Storage(e) => e.into(),
    })?;
    let detail = format!("{} rows read, {} stored, {} refused", result.total, result.stored, result.errors.len());
    crate::audit::record(&state, &req, Some(&caller), "records.import", &result.kind, detail, true).await;
    if result.stored > 0 {
        // Open reports reload (each within its reader's scope).
        state.hub.signal_everyone(&PushMessage::records_changed(&RecordsChanged { kinds: vec![result.kind.clone()] })).await;
    }
    Ok(Reply(result))
}
