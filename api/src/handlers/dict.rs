//! Dictionaries (`dict` area, 02 §7.1): the fiscal period now and the option lists of the
//! data-centre filters.

use actix_web::http::Method;
use actix_web::web;
use protocol::constants::SUBJECTS;
use protocol::dictionary as dict;
use protocol::dto::common::CodeName;
use protocol::dto::dict::{AreaItem, DictPrepare, GradeItem, SchoolIdQuery};
use protocol::validation::FiscalPeriod;

use crate::access::{scope, Access};
use crate::auth::Caller;
use crate::error::ApiResult;
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
