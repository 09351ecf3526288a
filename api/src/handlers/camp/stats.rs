//! A camp's statistics for its owner (03 §7.6), computed from the members' records against the
//! published version (`storage::camp::stats`); the praise poster is drawn from the same figures.

use actix_web::web;
use base64::Engine;
use protocol::constants::limits::DEFAULT_PAGE_SIZE;
use protocol::dictionary as dict;
use protocol::dto::camp::{
    CampEnum, CampEnums, CampIdRequest, CampListRequest, CampListRow, CampMemberRequest, CampOverview, ClassStatRow, MemberConditionRequest, MemberHead,
    MemberTaskRow, PhaseStatRow, PraisePoster, TaskMemberRow, TaskMembersRequest, TaskSummary,
};
use protocol::dto::common::{Empty, Page};
use storage::camp::stats::{self, CampFacts};
use storage::camp::{self, members, CampRow};
use storage::{accounts, now_ms};

use crate::access::records;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::handlers::keyword;
use crate::paging::Paging;
use crate::reply::Reply;
use crate::state::AppState;

async fn facts(state: &AppState, camp: CampRow) -> ApiResult<CampFacts> {
    let members = members::members(&state.db, camp.id).await?;
    let records = members::records(&state.db, camp.id).await?;
    Ok(CampFacts::new(camp, members, records, now_ms()))
}

async fn member_facts(state: &AppState, camp: CampRow, member: &members::MemberRow) -> ApiResult<CampFacts> {
    Ok(stats::member_facts(&state.db, camp, member, now_ms()).await?)
}

async fn own_facts(state: &AppState, caller: &Caller, camp_id: i64) -> ApiResult<CampFacts> {
    let camp = records::own_camp(state, caller, camp_id).await?;
    facts(state, camp).await
}

fn table(rows: &[(i64, &'static str)]) -> Vec<CampEnum> {
    rows.iter().map(|(code, name)| CampEnum { code: *code, name: name.to_string() }).collect()
}

pub(super) async fn enums(_caller: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<CampEnums>> {
    Ok(Reply(CampEnums {
        camp_statuses: table(&dict::CAMP_STATUSES),
        task_types: table(&dict::CAMP_TASK_TYPES),
        progress: table(&dict::CAMP_PROGRESS),
        publish_rules: dict::CAMP_PUBLISH_RULES.iter().map(|(code, name, _)| CampEnum { code: *code, name: name.to_string() }).collect(),
        inactive_days: dict::CAMP_INACTIVE_DAYS,
    }))
}

pub(super) async fn camp_list(state: web::Data<AppState>, caller: Caller, body: web::Json<CampListRequest>) -> ApiResult<Reply<Vec<CampListRow>>> {
    if let Some(id) = body.collection_id {
        camp::collection(&state.db, id).await?.filter(|c| c.owner_id == caller.user.id).ok_or_else(|| ApiError::NotFound("合集不存在".into()))?;
    }
    if body.status.is_some_and(|s| !dict::CAMP_STATUSES.iter().any(|(c, _)| *c == s)) {
        return Err(ApiError::bad_request("未知的营地状态"));
    }
    let filter = camp::CampFilter { collection_id: body.collection_id, keyword: keyword(body.keyword.as_deref(), 50)?, status: body.status };
    let rows = camp::list(&state.db, caller.user.id, &filter).await?;
    Ok(Reply(
        rows.into_iter()
            .map(|(c, n)| CampListRow {
                camp_id: c.id,
                camp_name: c.name,
                collection_id: c.collection_id,
                status: c.status,
                status_name: dict::name_of(&dict::CAMP_STATUSES, c.status).to_owned(),
                phase_count: n.phase_count,
                task_count: n.task_count,
                member_count: n.member_count,
                published_at: c.published_at,
                updated_at: c.updated_at,
            })
            .collect(),
    ))
}

pub(super) async fn overview(state: web::Data<AppState>, caller: Caller, body: web::Json<CampIdRequest>) -> ApiResult<Reply<CampOverview>> {
    Ok(Reply(own_facts(&state, &caller, body.camp_id).await?.overview()))
}

pub(super) async fn phase_list(state: web::Data<AppState>, caller: Caller, body: web::Json<CampIdRequest>) -> ApiResult<Reply<Vec<PhaseStatRow>>> {
    Ok(Reply(own_facts(&state, &caller, body.camp_id).await?.phases()))
}

pub(super) async fn class_list(state: web::Data<AppState>, caller: Caller, body: web::Json<CampIdRequest>) -> ApiResult<Reply<Vec<ClassStatRow>>> {
    Ok(Reply(own_facts(&state, &caller, body.camp_id).await?.classes()))
}

pub(super) async fn member_head(state: web::Data<AppState>, caller: Caller, body: web::Json<CampMemberRequest>) -> ApiResult<Reply<MemberHead>> {
    let (camp, member) = records::own_camp_member(&state, &caller, body.camp_id, body.member_id).await?;
    Ok(Reply(member_facts(&state, camp, &member).await?.head(&member)))
}

pub(super) async fn member_tasks(state: web::Data<AppState>, caller: Caller, body: web::Json<CampMemberRequest>) -> ApiResult<Reply<Vec<MemberTaskRow>>> {
    let (camp, member) = records::own_camp_member(&state, &caller, body.camp_id, body.member_id).await?;
    Ok(Reply(member_facts(&state, camp, &member).await?.member_tasks(member.id)))
}

fn check_progress(status: Option<i64>) -> ApiResult<()> {
    if status.is_some_and(|s| !dict::CAMP_PROGRESS.iter().any(|(c, _)| *c == s)) {
        return Err(ApiError::bad_request("未知的完成状态"));
    }
    Ok(())
}

pub(super) async fn task_members(state: web::Data<AppState>, caller: Caller, body: web::Json<TaskMembersRequest>) -> ApiResult<Reply<Page<TaskMemberRow>>> {
    let paging = Paging::new(body.page_no, body.page_size, DEFAULT_PAGE_SIZE)?;
    check_progress(body.status)?;
    let facts = own_facts(&state, &caller, body.camp_id).await?;
    facts.snapshot.task(body.task_id).ok_or_else(|| ApiError::NotFound("任务不存在或未发布".into()))?;
    Ok(Reply(paging.slice(facts.task_members(body.task_id, body.status))))
}

pub(super) async fn task_summary(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<protocol::dto::camp::CampTaskRequest>,
) -> ApiResult<Reply<TaskSummary>> {
    let facts = own_facts(&state, &caller, body.camp_id).await?;
    let (_, _, task) = facts.snapshot.task(body.task_id).ok_or_else(|| ApiError::NotFound("任务不存在或未发布".into()))?;
    Ok(Reply(facts.task_summary(task)))
}

pub(super) async fn condition_members(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<MemberConditionRequest>,
) -> ApiResult<Reply<Page<MemberHead>>> {
    let paging = Paging::new(body.page_no, body.page_size, DEFAULT_PAGE_SIZE)?;
    check_progress(body.progress)?;
    let keyword = keyword(body.keyword.as_deref(), 32)?;
    let facts = own_facts(&state, &caller, body.camp_id).await?;
    let rows: Vec<MemberHead> = facts
        .members
        .iter()
        .filter(|m| body.class_id.is_none_or(|c| c == m.class_id))
        .filter(|m| body.inactive != Some(true) || facts.inactive(m))
        .filter(|m| keyword.as_deref().is_none_or(|k| m.student_name.contains(k) || m.student_code.contains(k)))
        .map(|m| facts.head(m))
        .filter(|h| body.progress.is_none_or(|p| p == h.progress))
        .collect();
    Ok(Reply(paging.slice(rows)))
}

fn xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// What the member achieved, in words, from their figures.
fn achievement(head: &MemberHead, camp: &str) -> String {
    let mut text = if head.task_count > 0 && head.done_count >= head.task_count {
        format!("完成了「{camp}」全部{}个任务", head.task_count)
    } else {
        format!("在「{camp}」中完成了{}个任务（共{}个）", head.done_count, head.task_count)
    };
    if let Some(score) = head.average_score {
        text.push_str(&format!("，题集平均得分{score}分"));
    }
    text
}

pub(super) async fn praise_poster(state: web::Data<AppState>, caller: Caller, body: web::Json<CampMemberRequest>) -> ApiResult<Reply<PraisePoster>> {
    let (camp, member) = records::own_camp_member(&state, &caller, body.camp_id, body.member_id).await?;
    let teacher = accounts::by_id(&state.db, camp.owner_id).await?;
    let facts = member_facts(&state, camp, &member).await?;
    let head = facts.head(&member);
    if head.done_count == 0 {
        return Err(ApiError::Conflict("该学员还没有完成任务，暂不能生成表扬海报".into()));
    }
    let achievement = achievement(&head, &facts.camp.name);
    let day = stats::day_text(stats::day_of(facts.now));
    let percent = (head.completion_rate * 100.0).round() as i64;
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="840" viewBox="0 0 600 840">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff4e6"/><stop offset="1" stop-color="#ffd8a8"/></linearGradient></defs>
<rect width="600" height="840" rx="24" fill="url(#bg)"/>
<rect x="30" y="30" width="540" height="780" rx="18" fill="none" stroke="#f08c00" stroke-width="4"/>
<text x="300" y="150" text-anchor="middle" font-size="64" font-weight="bold" fill="#d9480f" font-family="sans-serif">表扬信</text>
<text x="300" y="290" text-anchor="middle" font-size="48" font-weight="bold" fill="#212529" font-family="sans-serif">{name}同学</text>
<text x="300" y="380" text-anchor="middle" font-size="22" fill="#495057" font-family="sans-serif">{line1}</text>
<text x="300" y="420" text-anchor="middle" font-size="22" fill="#495057" font-family="sans-serif">{line2}</text>
<circle cx="300" cy="550" r="80" fill="#fff" stroke="#f08c00" stroke-width="6"/>
<text x="300" y="545" text-anchor="middle" font-size="44" font-weight="bold" fill="#e8590c" font-family="sans-serif">{percent}%</text>
<text x="300" y="585" text-anchor="middle" font-size="18" fill="#868e96" font-family="sans-serif">任务完成率</text>
<text x="300" y="720" text-anchor="middle" font-size="22" fill="#495057" font-family="sans-serif">{teacher} 老师</text>
<text x="300" y="760" text-anchor="middle" font-size="18" fill="#868e96" font-family="sans-serif">{day}</text>
</svg>"##,
        name = xml(&head.student_name),
        line1 = xml(&achievement.chars().take(22).collect::<String>()),
        line2 = xml(&achievement.chars().skip(22).take(30).collect::<String>()),
        teacher = xml(&teacher.name),
    );
    let image = format!("data:image/svg+xml;base64,{}", base64::engine::general_purpose::STANDARD.encode(svg));
    Ok(Reply(PraisePoster { member_id: member.id, student_name: head.student_name, achievement, image }))
}
