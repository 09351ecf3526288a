//! One-on-one course plans (一对一课程计划) and plan reports (规划报告), under `/api/classPlan` (the
//! spec names the screens and no calls). Progress is computed here from the package's attendance:
//! the n-th lesson the student attended carries out the n-th item. Who reads and writes is
//! `access::class_plan`.

use std::collections::{BTreeSet, HashMap, HashSet};

use actix_web::http::Method;
use actix_web::web;
use protocol::dictionary::{self as dict, ATTENDANCE_STATUSES};
use protocol::dto::analysis::AnalysisPoint;
use protocol::dto::class_plan::*;
use storage::class_plan::{self as store, NewItem, PackageRow};
use storage::now_ms;

use super::analysis::percent;
use crate::access::class_plan as rule;
use crate::access::scope::mine;
use crate::access::teaching_tasks::TaskNeed;
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// Attendance that uses a lesson of the package (present, late).
const ATTENDED: [i64; 2] = [dict::ATTEND_PRESENT, dict::ATTEND_LATE];

pub fn routes(r: &mut impl RouteSink) {
    let route = |path: &'static str, summary: &'static str| info(Method::POST, path, Access::Session, "class-plan", summary);
    r.add(route("/api/classPlan/packages", "The one-on-one packages whose plans the caller writes or follows"), packages);
    r.add(route("/api/classPlan/detail", "A package's plan with the lessons that carried it out"), detail);
    r.add(route("/api/classPlan/save", "Write a package's whole plan (its teacher)"), save);
    r.add(route("/api/classPlan/confirm", "Confirm a draft plan with the family (its teacher)"), confirm);
    r.add(route("/api/classPlan/report", "The plan report: progress, attendance and what comes next"), report);
}

fn package_of(row: &PackageRow) -> ClassPlanPackage {
    ClassPlanPackage {
        package_id: row.package_id,
        code: row.code.clone(),
        name: row.name.clone(),
        subject: row.subject,
        student_id: row.student_id,
        student_code: row.student_code.clone(),
        student_name: row.student_name.clone(),
        grade: row.grade.clone(),
        teacher_id: row.teacher_id,
        teacher_name: row.teacher_name.clone(),
        total_lessons: row.buy_count + row.gift_lesson_num,
        used_lessons: row.used_lessons,
        bought_at: row.bought_at,
        plan_status: row.plan_status,
        plan_status_name: dict::name_of(&PLAN_STATUSES, row.plan_status).to_owned(),
        planned_items: row.planned_items,
        done_items: row.planned_items.min(row.used_lessons),
    }
}

async fn packages(state: web::Data<AppState>, caller: Caller, body: web::Json<ClassPlanPackagesRequest>) -> ApiResult<Reply<Vec<ClassPlanPackage>>> {
    if body.status != -1 && !PLAN_STATUSES.iter().any(|(c, _)| *c == body.status) {
        return Err(ApiError::bad_request("status 取值不正确"));
    }
    if body.keyword.chars().count() > 50 {
        return Err(ApiError::bad_request("关键词最多 50 字"));
    }
    let (mine, _) = mine(&state, &caller).await?;
    let rows = store::packages(&state.db, mine, &body.keyword, body.status).await?;
    Ok(Reply(rows.iter().map(package_of).collect()))
}

/// The plan of the package as stored, with its lessons.
async fn plan_of(state: &AppState, caller: &Caller, row: &PackageRow) -> ApiResult<ClassPlan> {
    let items = store::items(&state.db, row.package_id).await?;
    let lessons: Vec<ClassPlanLesson> = store::lessons(&state.db, row.package_id)
        .await?
        .into_iter()
        .map(|l| ClassPlanLesson {
            lesson_id: l.lesson_id,
            start_at: l.start_at,
            end_at: l.end_at,
            status: l.status,
            status_name: dict::name_of(&ATTENDANCE_STATUSES, l.status).to_owned(),
        })
        .collect();
    let node_ids: Vec<i64> = items.iter().flat_map(|i| i.point_list()).collect::<BTreeSet<_>>().into_iter().collect();
    let names: HashMap<i64, String> = storage::atlas::node_names(&state.db, &node_ids).await?.into_iter().collect();
    let mut attended = lessons.iter().filter(|l| ATTENDED.contains(&l.status));
    let items = items
        .iter()
        .map(|item| ClassPlanItem {
            position: item.position,
            title: item.title.clone(),
            points: item.point_list().into_iter().filter_map(|id| Some(AnalysisPoint { node_id: id, name: names.get(&id)?.clone() })).collect(),
            note: item.note.clone(),
            lesson: attended.next().cloned(),
        })
        .collect();
    Ok(ClassPlan {
        package: package_of(row),
        goal: row.goal.clone(),
        status: row.plan_status,
        status_name: dict::name_of(&PLAN_STATUSES, row.plan_status).to_owned(),
        items,
        lessons,
        can_edit: row.teacher_id == caller.user.id,
        updated_at: row.updated_at,
        confirmed_at: row.confirmed_at,
    })
}

async fn detail(state: web::Data<AppState>, caller: Caller, body: web::Json<ClassPlanRequest>) -> ApiResult<Reply<ClassPlan>> {
    let row = rule::package(&state, &caller, body.package_id, TaskNeed::Read).await?;
    Ok(Reply(plan_of(&state, &caller, &row).await?))
}

async fn reread(state: &AppState, caller: &Caller, package_id: i64) -> ApiResult<Reply<ClassPlan>> {
    let row = rule::package(state, caller, package_id, TaskNeed::Read).await?;
    Ok(Reply(plan_of(state, caller, &row).await?))
}

async fn save(state: web::Data<AppState>, caller: Caller, body: web::Json<SaveClassPlanRequest>) -> ApiResult<Reply<ClassPlan>> {
    let goal = body.goal.trim();
    if goal.chars().count() > MAX_PLAN_GOAL_CHARS {
        return Err(ApiError::bad_request(format!("课程目标最多 {MAX_PLAN_GOAL_CHARS} 字")));
    }
    if body.items.len() > MAX_PLAN_ITEMS {
        return Err(ApiError::bad_request(format!("课程计划最多 {MAX_PLAN_ITEMS} 次课")));
    }
    let mut items = Vec::with_capacity(body.items.len());
    for (i, item) in body.items.iter().enumerate() {
        let n = i + 1;
        let title = item.title.trim();
        if title.is_empty() {
            return Err(ApiError::bad_request(format!("第 {n} 次课的课程内容不能为空")));
        }
        if title.chars().count() > MAX_PLAN_TITLE_CHARS {
            return Err(ApiError::bad_request(format!("第 {n} 次课的课程内容最多 {MAX_PLAN_TITLE_CHARS} 字")));
        }
        let note = item.note.trim();
        if note.chars().count() > MAX_PLAN_NOTE_CHARS {
            return Err(ApiError::bad_request(format!("第 {n} 次课的备注最多 {MAX_PLAN_NOTE_CHARS} 字")));
        }
        if item.point_ids.len() > MAX_PLAN_ITEM_POINTS {
            return Err(ApiError::bad_request(format!("第 {n} 次课最多关联 {MAX_PLAN_ITEM_POINTS} 个知识点")));
        }
        if item.point_ids.iter().collect::<HashSet<_>>().len() != item.point_ids.len() {
            return Err(ApiError::bad_request(format!("第 {n} 次课的知识点不能重复")));
        }
        items.push((title, item.point_ids.as_slice(), note));
    }
    let row = rule::package(&state, &caller, body.package_id, TaskNeed::Write).await?;
    let total = row.buy_count + row.gift_lesson_num;
    if items.len() as i64 > total {
        return Err(ApiError::bad_request(format!("该课时包共 {total} 次课，计划不能超过课次数")));
    }
    let node_ids: Vec<i64> = items.iter().flat_map(|(_, p, _)| p.iter().copied()).collect::<BTreeSet<_>>().into_iter().collect();
    let known: HashSet<i64> = storage::atlas::node_names(&state.db, &node_ids).await?.into_iter().map(|(id, _)| id).collect();
    if let Some(missing) = node_ids.iter().find(|id| !known.contains(id)) {
        return Err(ApiError::bad_request(format!("知识点 {missing} 不存在")));
    }
    let new_items: Vec<NewItem> = items.iter().map(|(title, point_ids, note)| NewItem { title, point_ids, note }).collect();
    if !store::save(&state.db, row.package_id, caller.user.id, goal, &new_items, body.updated_at, now_ms()).await? {
        return Err(ApiError::Conflict("课程计划刚被另一处修改，请刷新后再保存".into()));
    }
    reread(&state, &caller, body.package_id).await
}

async fn confirm(state: web::Data<AppState>, caller: Caller, body: web::Json<ClassPlanRequest>) -> ApiResult<Reply<ClassPlan>> {
    let row = rule::package(&state, &caller, body.package_id, TaskNeed::Write).await?;
    match row.plan_status {
        PLAN_NONE => return Err(ApiError::bad_request("请先制定课程计划")),
        PLAN_CONFIRMED => return Err(ApiError::Conflict("课程计划已确认".into())),
        _ => {}
    }
    if row.goal.is_empty() || row.planned_items == 0 {
        return Err(ApiError::bad_request("确认前请填写课程目标，并至少安排一次课"));
    }
    if !store::confirm(&state.db, row.package_id, now_ms()).await? {
        return Err(ApiError::Conflict("课程计划已确认".into()));
    }
    reread(&state, &caller, body.package_id).await
}

async fn report(state: web::Data<AppState>, caller: Caller, body: web::Json<ClassPlanRequest>) -> ApiResult<Reply<ClassPlanReport>> {
    let row = rule::package(&state, &caller, body.package_id, TaskNeed::Read).await?;
    if row.plan_status == PLAN_NONE {
        return Err(ApiError::NotFound("该课时包还没有课程计划".into()));
    }
    let plan = plan_of(&state, &caller, &row).await?;
    let mut attendance = ClassPlanAttendance::default();
    for lesson in &plan.lessons {
        match lesson.status {
            dict::ATTEND_PRESENT => attendance.present += 1,
            dict::ATTEND_LATE => attendance.late += 1,
            dict::ATTEND_ABSENT => attendance.absent += 1,
            dict::ATTEND_LEAVE => attendance.leave += 1,
            _ => {}
        }
    }
    attendance.attendance_rate = percent(attendance.present + attendance.late, plan.lessons.len() as i64);
    let done = plan.items.iter().filter(|i| i.lesson.is_some()).count() as i64;
    let planned_points: BTreeSet<i64> = plan.items.iter().flat_map(|i| i.points.iter().map(|p| p.node_id)).collect();
    let covered_points: BTreeSet<i64> = plan.items.iter().filter(|i| i.lesson.is_some()).flat_map(|i| i.points.iter().map(|p| p.node_id)).collect();
    Ok(Reply(ClassPlanReport {
        attendance,
        remaining_lessons: (plan.package.total_lessons - plan.package.used_lessons).max(0),
        progress_rate: percent(done, plan.items.len() as i64),
        planned_points: planned_points.len() as i64,
        covered_points: covered_points.len() as i64,
        upcoming: plan.items.iter().filter(|i| i.lesson.is_none()).take(3).cloned().collect(),
        plan,
    }))
}
