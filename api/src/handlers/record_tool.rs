//! Record tools (`record-tool` area): lesson visits (听课记录). The spec names the screens under
//! `/recordTool` only; the calls are ours, under `/api/recordTool`. Who reaches what is decided
//! in `access::record_tool`.

use actix_web::http::Method;
use actix_web::web;
use protocol::dictionary as dict;
use protocol::dto::common::Page;
use protocol::dto::record_tool::*;
use storage::datacentre::calendar::{day_start_ms, parse_day, DAY_MS};
use storage::record_tool::{self, Reach, VisitFilter};
use storage::{now_ms, secrets};

use super::qc::MANAGERS;
use super::teaching::day_span;
use crate::access::record_tool::{self as rule, OpenVisit};
use crate::access::scope::data_scope;
use crate::access::teaching_tasks::{lesson_for, TaskNeed};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::signing;
use crate::state::AppState;

/// The purpose a lesson's scan code is signed for.
const LESSON_CODE: &str = "lesson-visit";
const PAGE_SIZE: i64 = 20;
const MAX_LIST_DAYS: i64 = 366;

pub fn routes(r: &mut impl RouteSink) {
    let visitors = Access::HoldsRole(MANAGERS);
    let route = |path: &'static str, access: Access, summary: &'static str| info(Method::POST, path, access, "record-tool", summary);
    r.add(route("/api/recordTool/lessons", visitors, "The offline lessons of a day the caller may visit, with their visits"), lessons);
    r.add(route("/api/recordTool/visit/start", visitors, "Start visiting a lesson (or reopen the caller's unfinished visit of it)"), start);
    r.add(route("/api/recordTool/visit/detail", Access::Session, "A visit's record sheet, timeline and summary"), detail);
    r.add(route("/api/recordTool/visit/save", visitors, "Store a visit being recorded: scores, timeline, summary"), save);
    r.add(route("/api/recordTool/visit/finish", visitors, "Finish a visit: every dimension scored and a summary written"), finish);
    r.add(route("/api/recordTool/visit/delete", visitors, "Delete a visit (its visitor, or an administrator)"), delete);
    r.add(route("/api/recordTool/visit/students", Access::Session, "The visited lesson's students with attendance and the visitor's ratings"), students);
    r.add(route("/api/recordTool/visit/student/save", visitors, "Rate one student's attention in a visit being recorded"), rate_student);
    r.add(route("/api/recordTool/visits", Access::Session, "Visits: managers' in their schools, a teacher's finished visits of their lessons"), list);
    r.add(route("/api/recordTool/lesson/code", Access::Session, "A lesson's scan code, shown in the classroom, that opens its visit"), lesson_code);
    r.add(route("/api/recordTool/scan", visitors, "The lesson of a scanned code, with the caller's visit of it"), scan);
    r.add(info(Method::GET, "/api/recordTool/layout", Access::Session, "record-tool", "The record sheet: its dimensions in order"), layout);
    r.add(route("/api/recordTool/layout/save", Access::Admin, "Replace the record sheet (visits already started keep theirs)"), layout_save);
}

fn detail_of(open: OpenVisit) -> VisitDetail {
    let scores = open.visit.scores();
    let (total_score, max_total) = record_tool::totals(&scores);
    VisitDetail {
        id: open.visit.id,
        status: open.visit.status,
        status_name: dict::name_of(&dict::VISIT_STATUSES, open.visit.status).to_owned(),
        lesson: open.lesson.lesson,
        school_name: open.lesson.school_name,
        visitor_id: open.visit.visitor_id,
        visitor_name: open.visit.visitor_name.clone(),
        started_at: open.visit.started_at,
        finished_at: open.visit.finished_at,
        scores,
        total_score,
        max_total,
        notes: open.visit.notes(),
        summary: open.visit.summary.clone(),
        can_edit: open.can_edit,
    }
}

async fn reread(state: &AppState, caller: &Caller, id: i64) -> ApiResult<Reply<VisitDetail>> {
    Ok(Reply(detail_of(rule::readable(state, caller, id).await?)))
}

async fn lessons(state: web::Data<AppState>, caller: Caller, body: web::Json<VisitLessonsRequest>) -> ApiResult<Reply<Vec<VisitableLesson>>> {
    let day = parse_day(&body.day).ok_or_else(|| ApiError::bad_request("day 需要 YYYY-MM-DD 格式"))?;
    let reach = rule::visitor_reach(&state, &caller).await?;
    let from = day_start_ms(day);
    Ok(Reply(record_tool::visitable(&state.db, &reach, caller.user.id, from, from + DAY_MS).await?))
}

async fn start(state: web::Data<AppState>, caller: Caller, body: web::Json<VisitLessonRequest>) -> ApiResult<Reply<VisitDetail>> {
    let lesson = rule::visitable_lesson(&state, &caller, body.lesson_id).await?;
    if lesson.lesson.status == 2 {
        return Err(ApiError::Conflict("该课次已取消，不能听课".into()));
    }
    let sheet = record_tool::layout(&state.db).await?;
    let id = record_tool::start(&state.db, body.lesson_id, caller.user.id, &sheet, now_ms()).await?;
    reread(&state, &caller, id).await
}

async fn detail(state: web::Data<AppState>, caller: Caller, body: web::Json<VisitIdRequest>) -> ApiResult<Reply<VisitDetail>> {
    reread(&state, &caller, body.id).await
}

/// The visit's sheet with the scores given: every key one of the sheet's, each score within
/// its dimension's maximum.
fn scored(mut sheet: Vec<VisitScore>, given: &[VisitScoreInput]) -> ApiResult<Vec<VisitScore>> {
    for input in given {
        let dimension = sheet.iter_mut().find(|d| d.key == input.key).ok_or_else(|| ApiError::bad_request(format!("记录表没有维度 {}", input.key)))?;
        if let Some(score) = input.score {
            if !(0..=dimension.max_score).contains(&score) {
                return Err(ApiError::bad_request(format!("「{}」的得分需在 0 到 {} 之间", dimension.name, dimension.max_score)));
            }
        }
        dimension.score = input.score;
    }
    Ok(sheet)
}

fn checked_notes(notes: &[VisitNote]) -> ApiResult<Vec<VisitNote>> {
    if notes.len() > MAX_VISIT_NOTES {
        return Err(ApiError::bad_request(format!("过程记录最多 {MAX_VISIT_NOTES} 条")));
    }
    let mut out = Vec::with_capacity(notes.len());
    for note in notes {
        let text = note.text.trim();
        if text.is_empty() {
            return Err(ApiError::bad_request("过程记录不能为空"));
        }
        if text.chars().count() > MAX_VISIT_NOTE_CHARS {
            return Err(ApiError::bad_request(format!("每条过程记录最多 {MAX_VISIT_NOTE_CHARS} 字")));
        }
        if !(0..=24 * 60).contains(&note.minute) {
            return Err(ApiError::bad_request("过程记录的分钟数需在 0 到 1440 之间"));
        }
        out.push(VisitNote { minute: note.minute, text: text.to_owned() });
    }
    out.sort_by_key(|n| n.minute);
    Ok(out)
}

async fn save(state: web::Data<AppState>, caller: Caller, body: web::Json<VisitSaveRequest>) -> ApiResult<Reply<VisitDetail>> {
    let summary = body.summary.trim();
    if summary.chars().count() > MAX_VISIT_SUMMARY_CHARS {
        return Err(ApiError::bad_request(format!("总评最多 {MAX_VISIT_SUMMARY_CHARS} 字")));
    }
    let notes = checked_notes(&body.notes)?;
    let open = rule::editable(&state, &caller, body.id).await?;
    let scores = scored(open.visit.scores(), &body.scores)?;
    if !record_tool::save(&state.db, &open.visit, &scores, &notes, summary, now_ms()).await? {
        return Err(ApiError::Conflict("听课记录已完成，或刚被另一处修改，请刷新后再保存".into()));
    }
    reread(&state, &caller, body.id).await
}

async fn finish(state: web::Data<AppState>, caller: Caller, body: web::Json<VisitIdRequest>) -> ApiResult<Reply<VisitDetail>> {
    let open = rule::editable(&state, &caller, body.id).await?;
    let unscored: Vec<String> = open.visit.scores().into_iter().filter(|s| s.score.is_none()).map(|s| s.name).collect();
    if !unscored.is_empty() {
        return Err(ApiError::bad_request(format!("还有维度未评分：{}", unscored.join("、"))));
    }
    if open.visit.summary.trim().is_empty() {
        return Err(ApiError::bad_request("请先填写总评"));
    }
    if !record_tool::finish(&state.db, &open.visit, now_ms()).await? {
        return Err(ApiError::Conflict("听课记录已完成，或刚被另一处修改，请刷新后再完成".into()));
    }
    reread(&state, &caller, body.id).await
}

async fn delete(state: web::Data<AppState>, caller: Caller, body: web::Json<VisitIdRequest>) -> ApiResult<Reply<()>> {
    let open = rule::readable(&state, &caller, body.id).await?;
    if !rule::may_delete(&caller, open.visit.visitor_id) {
        return Err(ApiError::Forbidden("只有听课人或管理员可以删除听课记录".into()));
    }
    record_tool::delete(&state.db, body.id).await?;
    Ok(Reply(()))
}

async fn students(state: web::Data<AppState>, caller: Caller, body: web::Json<VisitIdRequest>) -> ApiResult<Reply<Vec<VisitStudent>>> {
    let open = rule::roster(&state, &caller, body.id).await?;
    Ok(Reply(record_tool::students(&state.db, &open.visit).await?))
}

async fn rate_student(state: web::Data<AppState>, caller: Caller, body: web::Json<VisitStudentSaveRequest>) -> ApiResult<Reply<VisitStudent>> {
    if body.attention != 0 && dict::VISIT_ATTENTION.iter().all(|(v, _)| *v != body.attention) {
        return Err(ApiError::bad_request("attention 只能是 0 到 5"));
    }
    let note = body.note.trim();
    if note.chars().count() > MAX_VISIT_STUDENT_NOTE_CHARS {
        return Err(ApiError::bad_request(format!("学生备注最多 {MAX_VISIT_STUDENT_NOTE_CHARS} 字")));
    }
    let open = rule::editable(&state, &caller, body.id).await?;
    let students = record_tool::students(&state.db, &open.visit).await?;
    let Some(mut student) = students.into_iter().find(|s| s.student_id == body.student_id) else {
        return Err(ApiError::NotFound("该学生不在本课次".into()));
    };
    if !record_tool::rate_student(&state.db, body.id, body.student_id, body.attention, note, now_ms()).await? {
        return Err(ApiError::Conflict("听课记录已完成，不能再修改".into()));
    }
    student.attention = body.attention;
    student.attention_name = if body.attention == 0 { String::new() } else { dict::name_of(&dict::VISIT_ATTENTION, body.attention).to_owned() };
    student.note = note.to_owned();
    Ok(Reply(student))
}

async fn list(state: web::Data<AppState>, caller: Caller, body: web::Json<VisitListRequest>) -> ApiResult<Reply<Page<VisitRow>>> {
    let paging = Paging::new(body.page_no, body.page_size, PAGE_SIZE)?;
    let (from, to) = day_span(&body.from, &body.to, MAX_LIST_DAYS)?;
    if let Some(status) = body.status {
        if dict::VISIT_STATUSES.iter().all(|(v, _)| *v != status) {
            return Err(ApiError::bad_request("status 只能是 0 或 1"));
        }
    }
    let keyword = super::keyword(body.keyword.as_deref(), 50)?;
    // A lesson the caller may not see reads as absent, not as one without visits.
    if let Some(lesson_id) = body.lesson_id {
        lesson_for(&state, &caller, lesson_id, TaskNeed::Read).await?;
    }
    let scope = data_scope(&state, &caller).await?;
    // Managers see the visits in their reach; anyone else the finished visits of their lessons.
    let within = storage::teaching::mine::reach(&scope, "cl");
    let reach = match &within {
        Some(condition) => Reach::Within(condition, caller.user.id),
        None => Reach::TeacherOf(caller.user.id),
    };
    let filter = VisitFilter {
        reach,
        from,
        to,
        status: body.status,
        visitor_id: body.mine.unwrap_or(false).then_some(caller.user.id),
        keyword: keyword.as_deref(),
        lesson_id: body.lesson_id,
    };
    let (rows, total) = record_tool::list(&state.db, &filter, |visitor| rule::may_delete(&caller, visitor), paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows, total)))
}

async fn lesson_code(state: web::Data<AppState>, caller: Caller, body: web::Json<VisitLessonRequest>) -> ApiResult<Reply<LessonCode>> {
    // The lesson's teacher shows it; a visitor in reach may print it.
    let lesson = match record_tool::lesson(&state.db, "", body.lesson_id).await? {
        Some(lesson) if lesson.teacher_id == caller.user.id => lesson,
        _ => rule::visitable_lesson(&state, &caller, body.lesson_id).await?,
    };
    let key = secrets::signing_key(&state.db).await?;
    let expire_time = now_ms() + LESSON_CODE_TTL_MS;
    let code = signing::token(&key, LESSON_CODE, &lesson.lesson.id.to_string(), expire_time);
    Ok(Reply(LessonCode { path: format!("/recordTool/recordScan?code={code}"), code, expire_time }))
}

async fn scan(state: web::Data<AppState>, caller: Caller, body: web::Json<ScanRequest>) -> ApiResult<Reply<VisitableLesson>> {
    let invalid = || ApiError::bad_request("二维码无效或已过期");
    let key = secrets::signing_key(&state.db).await?;
    let lesson_id: i64 = signing::verify_token(&key, LESSON_CODE, body.code.trim()).and_then(|id| id.parse().ok()).ok_or_else(invalid)?;
    let lesson = rule::visitable_lesson(&state, &caller, lesson_id).await?;
    let reach = rule::visitor_reach(&state, &caller).await?;
    let start = lesson.lesson.start_time;
    let found = record_tool::visitable(&state.db, &format!("{reach} AND l.id = {lesson_id}"), caller.user.id, start, start + 1).await?;
    found.into_iter().next().map(Reply).ok_or_else(|| ApiError::NotFound("课次不存在或不在您的校区".into()))
}

async fn layout(state: web::Data<AppState>) -> ApiResult<Reply<Vec<LayoutDimension>>> {
    Ok(Reply(record_tool::layout(&state.db).await?))
}

fn checked_layout(dimensions: &[LayoutDimension]) -> ApiResult<Vec<LayoutDimension>> {
    if dimensions.is_empty() || dimensions.len() > MAX_LAYOUT_DIMENSIONS {
        return Err(ApiError::bad_request(format!("记录表需要 1 到 {MAX_LAYOUT_DIMENSIONS} 个维度")));
    }
    let mut out: Vec<LayoutDimension> = Vec::with_capacity(dimensions.len());
    for d in dimensions {
        let key = d.key.trim();
        if key.is_empty() || key.len() > 32 || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(ApiError::bad_request(format!("维度标识「{key}」需为 1 到 32 个字母、数字或下划线")));
        }
        if out.iter().any(|o| o.key == key) {
            return Err(ApiError::bad_request(format!("维度标识「{key}」重复")));
        }
        let name = d.name.trim();
        if name.is_empty() || name.chars().count() > 20 {
            return Err(ApiError::bad_request("维度名称需为 1 到 20 字"));
        }
        let description = d.description.trim();
        if description.chars().count() > 100 {
            return Err(ApiError::bad_request("维度说明最多 100 字"));
        }
        if !(1..=MAX_DIMENSION_SCORE).contains(&d.max_score) {
            return Err(ApiError::bad_request(format!("满分需在 1 到 {MAX_DIMENSION_SCORE} 之间")));
        }
        out.push(LayoutDimension { key: key.to_owned(), name: name.to_owned(), description: description.to_owned(), max_score: d.max_score });
    }
    Ok(out)
}

async fn layout_save(state: web::Data<AppState>, body: web::Json<LayoutSaveRequest>) -> ApiResult<Reply<Vec<LayoutDimension>>> {
    let dimensions = checked_layout(&body.dimensions)?;
    record_tool::save_layout(&state.db, &dimensions).await?;
    Ok(Reply(record_tool::layout(&state.db).await?))
}
