//! Teaching outlines (`outline` area, 03 §7.1 "Teaching outline"): library editors write a
//! course's units and lessons; teachers read the valid, published ones their school's lecture
//! library holds (`library` handlers).

use std::collections::HashMap;

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::atlas::AtlasNodeRef;
use protocol::dto::common::Page;
use protocol::dto::outline::{
    OutlineConfig, OutlineIdRequest, OutlineLesson, OutlineListRequest, OutlineNameRequest, OutlineSaveRequest, OutlineTree, OutlineUnit, OutlineUnitInput,
    OutlineValidRequest, TeachingOutline,
};
use protocol::dto::teaching_material::CLASS_TYPES;
use storage::outline::{self, NewLesson, NewUnit, OutlineColumn, OutlineFields, OutlineFilter, OutlineRow};

use super::question::check_scope;
use crate::access::atlas::{node_for, TreeNeed};
use crate::access::library::{library_editor, require_editor};
use crate::access::records::{self, Need};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const MAX_NAME_CHARS: usize = 50;
const MAX_UNITS: usize = 50;
const MAX_LESSONS: usize = 300;
const MAX_POINTS: usize = 20;

pub fn routes(r: &mut impl RouteSink) {
    let o = |path, summary| info(Method::POST, path, Access::Session, "outline", summary);
    r.add(o("/api/teaching/outline/list", "Outlines by subject, stage, class type, name, validity").spec(&["S238"]), list);
    r.add(o("/api/teaching/outline/copy", "Copy an outline with its units and lessons").spec(&["S239"]), copy);
    r.add(o("/api/teaching/outline/del", "Delete an outline").spec(&["S240"]), delete);
    r.add(o("/api/teaching/outline/save", "Create or change an outline (and its units and lessons)").spec(&["S241"]), save);
    r.add(o("/api/teaching/outline/valid/edit", "Put an outline in use or back to editing").spec(&["S242"]), set_valid);
    r.add(o("/api/teaching/outline/name/edit", "Rename an outline").spec(&["S243"]), rename);
}

pub(crate) fn view(row: &OutlineRow, caller: &Caller) -> TeachingOutline {
    TeachingOutline {
        outline_id: row.id,
        name: row.name.clone(),
        subject: row.subject,
        stage: row.stage,
        class_type: row.class_type,
        valid: row.valid == 1,
        status: row.status,
        school_ids: row.school_list(),
        unit_count: row.unit_count,
        lesson_count: row.lesson_count,
        total_hours: row.total_hours,
        can_edit: library_editor(caller),
        create_time: row.created_at,
        update_time: row.updated_at,
    }
}

/// An outline the caller may read (editors: any; others: those in their school's library) or,
/// with `edit`, change (editors).
pub(crate) async fn outline_for(state: &AppState, caller: &Caller, id: i64, edit: bool) -> ApiResult<OutlineRow> {
    let row = outline::outline(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("教学大纲不存在".into()))?;
    if library_editor(caller) {
        return Ok(row);
    }
    if !outline::in_library_of(&row, caller.user.selected_school_id) {
        return Err(ApiError::NotFound("教学大纲不存在".into()));
    }
    if edit {
        require_editor(caller)?;
    }
    Ok(row)
}

fn clean_name(name: &str) -> ApiResult<String> {
    super::bounded_text(name, MAX_NAME_CHARS, "名称")
}

/// Checks units and lessons: titles, hours, knowledge points of the outline's subject and stage
/// (kept as the bank nodes they stand for), handouts the caller may read.
pub(crate) async fn to_units(state: &AppState, caller: &Caller, subject: i64, stage: i64, units: &[OutlineUnitInput]) -> ApiResult<Vec<NewUnit>> {
    if units.len() > MAX_UNITS || units.iter().map(|u| u.lessons.len()).sum::<usize>() > MAX_LESSONS {
        return Err(ApiError::bad_request(format!("最多{MAX_UNITS}个单元、{MAX_LESSONS}节课")));
    }
    let mut out = Vec::with_capacity(units.len());
    for unit in units {
        let mut lessons = Vec::with_capacity(unit.lessons.len());
        for lesson in &unit.lessons {
            let hours = lesson.hours.unwrap_or(1);
            if !(1..=10).contains(&hours) {
                return Err(ApiError::bad_request("课时需在1到10之间"));
            }
            if lesson.knowledge_ids.len() > MAX_POINTS {
                return Err(ApiError::bad_request(format!("每节课最多{MAX_POINTS}个知识点")));
            }
            let mut points = Vec::new();
            for id in &lesson.knowledge_ids {
                let (node, _, _) = node_for(state, caller, *id, TreeNeed::Read).await?;
                if node.subject != subject || node.stage != stage {
                    return Err(ApiError::bad_request(format!("知识点{}不属于大纲的学科与学段", node.name)));
                }
                points.push(node.bank_node());
            }
            if let Some(paper) = lesson.paper_id {
                records::paper_for(state, caller, paper, Need::Read).await?;
            }
            lessons.push(NewLesson { title: clean_name(&lesson.title)?, hours, knowledge_ids: points, paper_id: lesson.paper_id });
        }
        out.push(NewUnit { title: clean_name(&unit.title)?, lessons });
    }
    Ok(out)
}

/// The outline with its configuration, units and lessons (points and handouts named).
pub(crate) async fn tree(state: &AppState, caller: &Caller, row: &OutlineRow) -> ApiResult<OutlineTree> {
    let lessons = outline::lessons(&state.db, row.id).await?;
    let mut names: HashMap<i64, String> = HashMap::new();
    let mut papers: HashMap<i64, String> = HashMap::new();
    for lesson in &lessons {
        for id in lesson.knowledge_list() {
            if let std::collections::hash_map::Entry::Vacant(e) = names.entry(id) {
                e.insert(storage::atlas::node(&state.db, id).await?.map(|n| n.name).unwrap_or_default());
            }
        }
        if let Some(id) = lesson.paper_id {
            if let Some(paper) = storage::papers::by_id(&state.db, id).await? {
                papers.insert(id, paper.title);
            }
        }
    }
    let lesson_view = |l: &outline::LessonRow| OutlineLesson {
        lesson_id: l.id,
        title: l.title.clone(),
        sort: l.sort,
        hours: l.hours,
        knowledge_points: l.knowledge_list().into_iter().map(|id| AtlasNodeRef { id, name: names.get(&id).cloned().unwrap_or_default() }).collect(),
        paper_id: l.paper_id,
        paper_title: l.paper_id.and_then(|id| papers.get(&id).cloned()),
    };
    let units = lessons
        .iter()
        .filter(|l| l.parent_id == 0)
        .map(|u| OutlineUnit {
            unit_id: u.id,
            title: u.title.clone(),
            sort: u.sort,
            lessons: lessons.iter().filter(|l| l.parent_id == u.id).map(lesson_view).collect(),
        })
        .collect();
    Ok(OutlineTree { outline: view(row, caller), config: serde_json::from_str(&row.config).unwrap_or_default(), units })
}

async fn list(state: web::Data<AppState>, caller: Caller, body: web::Json<OutlineListRequest>) -> ApiResult<Reply<Page<TeachingOutline>>> {
    let paging = Paging::new(body.page_no, body.page_size, 20)?;
    let keyword = body.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty());
    if keyword.is_some_and(|k| k.chars().count() > MAX_NAME_CHARS) {
        return Err(ApiError::bad_request(format!("关键词不能超过{MAX_NAME_CHARS}个字")));
    }
    let filter = OutlineFilter {
        subject: body.subject,
        stage: body.stage,
        class_type: body.class_type,
        keyword: keyword.map(str::to_owned),
        valid: body.valid,
        library_of: (!library_editor(&caller)).then_some(caller.user.selected_school_id),
    };
    let (rows, total) = outline::list(&state.db, &filter, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows.iter().map(|r| view(r, &caller)).collect(), total)))
}

async fn save(state: web::Data<AppState>, caller: Caller, body: web::Json<OutlineSaveRequest>) -> ApiResult<Reply<OutlineTree>> {
    require_editor(&caller)?;
    check_scope(body.subject, body.stage)?;
    if !CLASS_TYPES.iter().any(|(c, _)| *c == body.class_type) {
        return Err(ApiError::bad_request("班型不存在"));
    }
    let name = clean_name(&body.name)?;
    if let Some(id) = body.outline_id {
        let row = outline_for(&state, &caller, id, true).await?;
        if row.valid == 1 {
            return Err(ApiError::Conflict("使用中的大纲不能修改，请先设为编辑状态".into()));
        }
    }
    let units = match &body.units {
        Some(units) => Some(to_units(&state, &caller, body.subject, body.stage, units).await?),
        None => None,
    };
    let fields = OutlineFields { name: &name, subject: body.subject, stage: body.stage, class_type: body.class_type };
    let id = outline::save(&state.db, body.outline_id, &fields, units.as_deref(), caller.user.id).await?;
    let row = outline_for(&state, &caller, id, false).await?;
    Ok(Reply(tree(&state, &caller, &row).await?))
}

async fn copy(state: web::Data<AppState>, caller: Caller, body: web::Json<OutlineIdRequest>) -> ApiResult<Reply<TeachingOutline>> {
    require_editor(&caller)?;
    let row = outline_for(&state, &caller, body.outline_id, true).await?;
    let name: String = format!("{}（副本）", row.name).chars().take(MAX_NAME_CHARS).collect();
    let id = outline::copy(&state.db, row.id, &name, caller.user.id).await?;
    Ok(Reply(view(&outline_for(&state, &caller, id, false).await?, &caller)))
}

async fn delete(state: web::Data<AppState>, caller: Caller, body: web::Json<OutlineIdRequest>) -> ApiResult<Reply<bool>> {
    require_editor(&caller)?;
    let row = outline_for(&state, &caller, body.outline_id, true).await?;
    if row.status == 1 {
        return Err(ApiError::Conflict("已发布到讲义库的大纲不能删除，请先下架".into()));
    }
    Ok(Reply(outline::delete(&state.db, row.id).await?))
}

async fn set_valid(state: web::Data<AppState>, caller: Caller, body: web::Json<OutlineValidRequest>) -> ApiResult<Reply<TeachingOutline>> {
    require_editor(&caller)?;
    let row = outline_for(&state, &caller, body.outline_id, true).await?;
    if body.valid && row.lesson_count == 0 {
        return Err(ApiError::bad_request("没有课次的大纲不能启用"));
    }
    outline::set(&state.db, row.id, OutlineColumn::Valid, if body.valid { "1" } else { "0" }).await?;
    Ok(Reply(view(&outline_for(&state, &caller, row.id, false).await?, &caller)))
}

async fn rename(state: web::Data<AppState>, caller: Caller, body: web::Json<OutlineNameRequest>) -> ApiResult<Reply<TeachingOutline>> {
    require_editor(&caller)?;
    let row = outline_for(&state, &caller, body.outline_id, true).await?;
    outline::set(&state.db, row.id, OutlineColumn::Name, &clean_name(&body.name)?).await?;
    Ok(Reply(view(&outline_for(&state, &caller, row.id, false).await?, &caller)))
}

/// Checks an outline's configuration.
pub(crate) fn check_config(config: &OutlineConfig) -> ApiResult<()> {
    if !(10..=240).contains(&config.lesson_minutes) || !(1..=14).contains(&config.lessons_per_week) || !(1..=52).contains(&config.weeks) {
        return Err(ApiError::bad_request("每节课10到240分钟，每周1到14节，共1到52周"));
    }
    if config.note.chars().count() > 500 {
        return Err(ApiError::bad_request("备注不能超过500个字"));
    }
    Ok(())
}
