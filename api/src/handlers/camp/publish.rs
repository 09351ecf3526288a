//! A camp's life: publish (a draft, or the edits of a published camp), revoke the publication,
//! revoke an edit, pause, resume, shut down; and the join link students scan, one per
//! distribution point (the general code or one of the owner's classes).

use actix_web::{web, HttpRequest};
use protocol::dictionary as dict;
use protocol::dto::camp::{CampIdRequest, CampInfo, CampQrCode, CampStateRequest, DistributionPoint, QrCodeQuery};
use storage::camp::{self, CampRow};
use storage::{now_ms, secrets};

use super::{camp_info, structure_changed, JOIN};
use crate::access::records;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::signing;
use crate::state::AppState;

async fn answer(state: &AppState, camp: &CampRow) -> ApiResult<Reply<CampInfo>> {
    structure_changed(state, camp, "state").await;
    Ok(Reply(camp_info(camp, &camp::counts(&state.db, camp.id).await?)))
}

pub(super) async fn publish(state: web::Data<AppState>, caller: Caller, body: web::Json<CampIdRequest>) -> ApiResult<Reply<CampInfo>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    answer(&state, &camp::publish(&state.db, camp.id).await?).await
}

pub(super) async fn revoke(state: web::Data<AppState>, caller: Caller, body: web::Json<CampIdRequest>) -> ApiResult<Reply<CampInfo>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    answer(&state, &camp::revoke(&state.db, camp.id).await?).await
}

pub(super) async fn revoke_edit(state: web::Data<AppState>, caller: Caller, body: web::Json<CampIdRequest>) -> ApiResult<Reply<CampInfo>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    answer(&state, &camp::revoke_edit(&state.db, camp.id).await?).await
}

fn reason(body: &CampStateRequest) -> ApiResult<String> {
    let text = body.reason.as_deref().map(str::trim).unwrap_or("");
    if text.chars().count() > 200 {
        return Err(ApiError::bad_request("原因最多200个字符"));
    }
    Ok(text.to_owned())
}

pub(super) async fn pause(state: web::Data<AppState>, caller: Caller, body: web::Json<CampStateRequest>) -> ApiResult<Reply<CampInfo>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    answer(&state, &camp::pause(&state.db, camp.id, &reason(&body)?).await?).await
}

pub(super) async fn resume(state: web::Data<AppState>, caller: Caller, body: web::Json<CampIdRequest>) -> ApiResult<Reply<CampInfo>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    answer(&state, &camp::resume(&state.db, camp.id).await?).await
}

pub(super) async fn shut_down(state: web::Data<AppState>, caller: Caller, body: web::Json<CampStateRequest>) -> ApiResult<Reply<CampInfo>> {
    let camp = records::own_camp(&state, &caller, body.camp_id).await?;
    answer(&state, &camp::shut_down(&state.db, camp.id, &reason(&body)?).await?).await
}

/// The distribution points: the general code (0) and the owner's classes, with how many
/// members joined through each.
pub(super) async fn distribution_points(state: &AppState, camp: &CampRow) -> ApiResult<Vec<DistributionPoint>> {
    let counts = camp::members::per_class(&state.db, camp.id).await?;
    let count = |id: i64| counts.iter().find(|(c, _)| *c == id).map_or(0, |(_, n)| *n);
    let classes = camp::members::owner_classes(&state.db, camp.owner_id).await?;
    let mut out = vec![DistributionPoint { dp_id: 0, dp_name: camp::members::GENERAL_DP_NAME.into(), member_count: count(0) }];
    out.extend(classes.into_iter().map(|(id, name)| DistributionPoint { dp_id: id, dp_name: name, member_count: count(id) }));
    Ok(out)
}

pub(super) async fn dp_list(state: web::Data<AppState>, caller: Caller, query: web::Query<CampIdRequest>) -> ApiResult<Reply<Vec<DistributionPoint>>> {
    let camp = records::own_camp(&state, &caller, query.camp_id).await?;
    Ok(Reply(distribution_points(&state, &camp).await?))
}

pub(super) async fn qr_code(state: web::Data<AppState>, caller: Caller, req: HttpRequest, query: web::Query<QrCodeQuery>) -> ApiResult<Reply<CampQrCode>> {
    let camp = records::own_camp(&state, &caller, query.camp_id).await?;
    if !camp.is_live() {
        return Err(ApiError::Conflict(format!("营地{}，不能分发二维码", dict::name_of(&dict::CAMP_STATUSES, camp.status))));
    }
    let dp_id = query.dp_id.unwrap_or(0);
    let dp = distribution_points(&state, &camp).await?.into_iter().find(|d| d.dp_id == dp_id).ok_or_else(|| ApiError::NotFound("分发点不存在".into()))?;
    let key = secrets::signing_key(&state.db).await?;
    let expires = now_ms() + dict::CAMP_JOIN_LINK_DAYS * camp::DAY_MS;
    let token = signing::token(&key, JOIN, &format!("{}-{}", camp.id, dp_id), expires);
    let url = {
        let info = req.connection_info();
        format!("{}://{}/campJoin?token={token}", info.scheme(), info.host())
    };
    let qrcode = crate::qr::svg_data_url(&url)?;
    Ok(Reply(CampQrCode { camp_id: camp.id, dp_id, dp_name: dp.dp_name, url, qrcode, expire_time: expires }))
}
