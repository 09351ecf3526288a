//! Exam groups (`exam-group` area, 03 §7.7): the teacher-group display flag.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::exam_group::{WhiteCheck, WhiteCheckRequest};
use storage::seed::TEACHER_GROUP_FUNCTION;
use storage::whitelist;

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::POST, "/api/teacher/group/white/check", Access::Session, "exam-group", "Teacher-group display flag (showFlag)").spec(&["S418"]),
        white_check,
    );
}

async fn white_check(state: web::Data<AppState>, caller: Caller, body: web::Json<WhiteCheckRequest>) -> ApiResult<Reply<WhiteCheck>> {
    // One user may only ask about themselves: the flag reveals group membership.
    if body.email.trim().to_lowercase() != caller.user.email {
        return Err(ApiError::NoPermission);
    }
    let functions = whitelist::functions(&state.db).await?;
    let grants = whitelist::grants(&state.db, &caller.user.email).await?;
    Ok(Reply(WhiteCheck { show_flag: whitelist::allows(&functions, &grants, TEACHER_GROUP_FUNCTION) }))
}
