//! Dictionaries (`dict` area, 02 §7.1, 03 §7.1, §7.2): the fiscal period now, the option lists of
//! the data-centre filters, and the codes and knowledge trees of the content pages.

use actix_web::http::Method;
use actix_web::web;
use protocol::constants::SUBJECTS;
use protocol::dictionary as dict;
use protocol::dto::atlas::{AtlasTree, AtlasTreeRequest, ATLAS_TYPES};
use protocol::dto::common::CodeName;
use protocol::dto::common::Empty;
use protocol::dto::dict::{AreaItem, AtlasConfig, BaseDicInfo, DictPrepare, GradeItem, KnowledgeMapBaseDict, KnowledgeTreeV2, SchoolIdQuery};
use protocol::dto::question::{DIFFICULTIES, QUESTION_TYPES};
use protocol::validation::FiscalPeriod;
use storage::atlas::{self, TreeScope};

use crate::access::{scope, Access};
use crate::auth::Caller;
use crate::error::ApiResult;
use crate::extract::OptionalJson;
use crate::handlers::atlas::{node_views, tree_views};
use crate::handlers::question::check_scope;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::GET, "/api/current/time", Access::Session, "dict", "Fiscal year, month and quarter (June–May, China time)").spec(&["S106", "S109"]),
        current_time,
    );
    r.add(info(Method::GET, "/api/dict/prepare", Access::Session, "dict", "The option lists of the data-centre filters").spec(&["S102"]), prepare);
    r.add(info(Method::GET, "/api/dict/productGroup", Access::Session, "dict", "Product groups").spec(&["S103"]), product_groups);
    r.add(info(Method::GET, "/api/dict/jw/grade", Access::Session, "dict", "Grades with their stage").spec(&["S104"]), grades);
    r.add(info(Method::GET, "/api/dict/jw/product/levels", Access::Session, "dict", "Product levels").spec(&["S105"]), product_levels);
    r.add(
        info(Method::GET, "/api/school/areaListBySchoolId", Access::Session, "dict", "The areas of a school (of every school the caller may pick for -1)")
            .spec(&["S107"]),
        areas,
    );
    r.add(
        info(Method::POST, "/api/dic/queryBaseDicInfo", Access::Session, "dict", "Subjects, stages, question types, difficulties, atlas types").spec(&["S110"]),
        base_dic,
    );
    r.add(
        info(Method::POST, "/api/pub/dict/k12/knowledge-tree/v2", Access::Session, "dict", "The published centre knowledge trees of a subject and stage")
            .spec(&["S111"]),
        knowledge_tree_v2,
    );
    r.add(info(Method::GET, "/api/dic/school/all", Access::Session, "dict", "Every school").spec(&["S112"]), all_schools);
    r.add(
        info(Method::GET, "/api/dic/knowledgeMap/queryBaseDict", Access::Session, "dict", "Codes of the knowledge-map pages").spec(&["S113"]),
        knowledge_map_dict,
    );
    r.add(
        info(Method::POST, "/api/dict/atlas/config", Access::Session, "dict", "Published atlas types of a subject and stage and the default tree")
            .spec(&["S114"]),
        atlas_config,
    );
    r.add(info(Method::POST, "/api/dict/atlas/list", Access::Session, "dict", "Trees the caller may assemble from").spec(&["S115"]), atlas_list);
}

fn code_names(list: &[(i64, &str)]) -> Vec<CodeName> {
    list.iter().map(|(code, name)| CodeName { code: code.to_string(), name: (*name).to_owned() }).collect()
}

async fn base_dic(_: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<BaseDicInfo>> {
    Ok(Reply(BaseDicInfo {
        subjects: SUBJECTS.iter().map(|s| CodeName { code: s.code.to_string(), name: s.name.into() }).collect(),
        stages: code_names(&[(protocol::constants::STAGE_SENIOR, "高中"), (protocol::constants::STAGE_JUNIOR, "初中")]),
        question_types: code_names(&QUESTION_TYPES),
        difficulties: code_names(&DIFFICULTIES),
        atlas_types: code_names(&ATLAS_TYPES),
    }))
}

async fn knowledge_tree_v2(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasTreeRequest>) -> ApiResult<Reply<Vec<KnowledgeTreeV2>>> {
    check_scope(body.subject, body.stage)?;
    let trees = atlas::trees(&state.db, caller.user.id, false, body.subject, body.stage, None, TreeScope::Centre).await?;
    let nodes = atlas::published_nodes(&state.db, body.subject, body.stage).await?;
    Ok(Reply(
        trees
            .iter()
            .map(|t| KnowledgeTreeV2 {
                tree_id: t.id,
                name: t.name.clone(),
                atlas_type: t.atlas_type,
                nodes: node_views(&nodes.iter().filter(|n| n.tree_id == t.id).cloned().collect::<Vec<_>>()),
            })
            .collect(),
    ))
}

async fn all_schools(state: web::Data<AppState>, _: Caller) -> ApiResult<Reply<Vec<CodeName>>> {
    Ok(Reply(storage::orgs::schools(&state.db).await?.into_iter().map(|s| CodeName { code: s.id.to_string(), name: s.name }).collect()))
}

async fn knowledge_map_dict(_: Caller) -> ApiResult<Reply<KnowledgeMapBaseDict>> {
    Ok(Reply(KnowledgeMapBaseDict {
        atlas_types: code_names(&ATLAS_TYPES),
        difficulties: code_names(&DIFFICULTIES),
        publish_states: code_names(&[(0, "未发布"), (1, "已发布")]),
    }))
}

async fn atlas_config(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasTreeRequest>) -> ApiResult<Reply<AtlasConfig>> {
    check_scope(body.subject, body.stage)?;
    let trees = atlas::trees(&state.db, caller.user.id, false, body.subject, body.stage, None, TreeScope::Centre).await?;
    Ok(Reply(AtlasConfig {
        subject: body.subject,
        stage: body.stage,
        atlas_types: code_names(&ATLAS_TYPES.iter().copied().filter(|(code, _)| trees.iter().any(|t| t.atlas_type == *code)).collect::<Vec<_>>()),
        default_tree_id: trees.iter().find(|t| t.atlas_type == 1).or(trees.first()).map(|t| t.id),
    }))
}

async fn atlas_list(state: web::Data<AppState>, caller: Caller, body: web::Json<AtlasTreeRequest>) -> ApiResult<Reply<Vec<AtlasTree>>> {
    check_scope(body.subject, body.stage)?;
    let rows = atlas::trees(&state.db, caller.user.id, false, body.subject, body.stage, None, TreeScope::Visible).await?;
    Ok(Reply(tree_views(&state, &caller, rows).await?))
}

/// The fiscal period now, in China Standard Time (UTC+8), which the organisation works in.
pub fn fiscal_now() -> FiscalPeriod {
    let now = time::OffsetDateTime::now_utc().to_offset(time::macros::offset!(+8));
    FiscalPeriod::of(now.year(), u8::from(now.month()) as u32)
}

async fn current_time() -> ApiResult<Reply<FiscalPeriod>> {
    Ok(Reply(fiscal_now()))
}

fn named(table: &[dict::Named]) -> Vec<CodeName> {
    table.iter().map(|(code, name)| CodeName { code: code.to_string(), name: (*name).to_owned() }).collect()
}

async fn prepare(state: web::Data<AppState>) -> ApiResult<Reply<DictPrepare>> {
    let groups = storage::datacentre::dict::project_groups(&state.db).await?;
    Ok(Reply(DictPrepare {
        subjects: SUBJECTS.iter().map(|s| CodeName { code: s.code.to_string(), name: s.name.to_owned() }).collect(),
        product_types: dict::PRODUCT_TYPES.iter().map(|(c, n)| CodeName { code: (*c).into(), name: (*n).into() }).collect(),
        manage_projects: named(&dict::MANAGE_PROJECTS),
        project_groups: groups.into_iter().map(|(id, name)| CodeName { code: id.to_string(), name }).collect(),
        lesson_during_times: dict::LESSON_DURING_TIMES.iter().map(|b| CodeName { code: b.0.to_string(), name: b.1.into() }).collect(),
        teacher_teach_times: dict::TEACHER_TEACH_TIMES.iter().map(|b| CodeName { code: b.0.to_string(), name: b.1.into() }).collect(),
        attendance_statuses: named(&dict::ATTENDANCE_STATUSES),
        leave_statuses: named(&dict::LEAVE_STATUSES),
        lesson_types: named(&dict::LESSON_TYPES),
        refund_reason_types: named(&dict::REFUND_REASON_TYPES),
        quarters: named(&dict::QUARTERS),
        data_time_types: dict::DATA_TIME_TYPES.iter().map(|(c, n)| CodeName { code: (*c).into(), name: (*n).into() }).collect(),
        score_bands: named(&dict::SCORE_BANDS),
        yes_no: named(&dict::YES_NO),
        no_recycle_causes: named(&dict::NO_RECYCLE_CAUSES),
        usage_types: dict::USAGE_TYPES.iter().map(|(c, n)| CodeName { code: (*c).into(), name: (*n).into() }).collect(),
    }))
}

async fn product_groups() -> ApiResult<Reply<Vec<CodeName>>> {
    Ok(Reply(named(&dict::PRODUCT_GROUPS)))
}

async fn grades() -> ApiResult<Reply<Vec<GradeItem>>> {
    Ok(Reply(dict::GRADES.iter().map(|(code, name, stage)| GradeItem { grade_code: *code, grade_name: (*name).into(), stage: *stage }).collect()))
}

async fn product_levels() -> ApiResult<Reply<Vec<CodeName>>> {
    Ok(Reply(named(&dict::PRODUCT_LEVELS)))
}

/// The areas of the school asked for, if the caller may pick it (A0300 otherwise); for -1, the
/// areas of every school the caller may pick.
async fn areas(state: web::Data<AppState>, caller: Caller, query: web::Query<SchoolIdQuery>) -> ApiResult<Reply<Vec<AreaItem>>> {
    let data_scope = scope::data_scope(&state, &caller).await?;
    let school_id = query.school_id.filter(|id| *id != -1);
    scope::check_school(&state, &caller, &data_scope, school_id).await?;
    let schools = match school_id {
        Some(id) => Some(vec![id]),
        None => scope::selectable_schools(&state, &caller, &data_scope).await?,
    };
    let mut found = storage::datacentre::dict::areas(&state.db, schools.as_deref()).await?;
    // An area manager picks among their own areas.
    if let storage::datacentre::Scope::Areas(own) = &data_scope {
        found.retain(|a| own.contains(&a.area_code));
    }
    Ok(Reply(found))
}
