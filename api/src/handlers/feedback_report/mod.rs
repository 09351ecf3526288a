//! Lesson feedback reports (03 §7.4, under `/report/feedback`). The report's content is the
//! co-edited document `feedback/{id}`: every read and save here goes through its room
//! (`Hub::with_doc`), so REST saves and live editors never diverge.

pub mod items;

use std::collections::BTreeMap;

use actix_web::http::Method;
use actix_web::{web, HttpRequest};
use hub::doc::error::DocError;
use hub::doc::feedback::FeedbackDoc;
use protocol::dto::feedback_report::{
    ConfirmRequest, FeedbackConfig, FeedbackDetail, FeedbackInitRequest, FeedbackReportSummary, FeedbackSection, Formula, FormulaRequest, ItemsSaveRequest,
    LessonRequest, PreviewQrCode, PreviewQuery, ReportIdRequest, SectionConfig, SectionSaveRequest,
};
use storage::feedback::{self, ReportRow, STATUS_CONFIRMED, STATUS_SUBMITTED};
use storage::{now_ms, secrets};

use crate::access::records::{self, Need};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::signing;
use crate::state::AppState;

/// The longest text a section may hold.
pub const MAX_SECTION_CHARS: usize = 5000;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(
            Method::POST,
            "/api/teaching/plan/knw/tree",
            Access::Session,
            "feedback-report",
            "Course-outline knowledge points (the atlas of a subject and stage)",
        )
        .spec(&["S348"]),
        super::atlas::atlas_tree,
    );
    r.add(
        info(Method::POST, "/api/report/feedback/v2/init", Access::Session, "feedback-report", "Create (or find) the report of a lesson and student")
            .spec(&["S310"]),
        init,
    );
    r.add(
        info(Method::POST, "/api/report/feedback/v2/detail", Access::Session, "feedback-report", "A report: context, sections and lists").spec(&["S309"]),
        detail,
    );
    r.add(info(Method::POST, "/api/report/feedback/overview", Access::Session, "feedback-report", "The reports of a lesson").spec(&["S311"]), overview);
    r.add(
        info(
            Method::GET,
            "/api/report/feedback/v2/detail/preview",
            Access::Token("preview token"),
            "feedback-report",
            "A report, read-only, by signed preview token",
        )
        .spec(&["S312"]),
        preview,
    );
    r.add(
        info(Method::GET, "/api/report/feedback/v2/common/config", Access::Session, "feedback-report", "Report configuration: sections and limits")
            .spec(&["S318"]),
        config,
    );
    r.add(
        info(Method::POST, "/api/report/feedback/course/summary/save", Access::Session, "feedback-report", "Save the course summary").spec(&["S306"]),
        save_course_summary,
    );
    r.add(
        info(Method::POST, "/api/report/feedback/course/performance/save", Access::Session, "feedback-report", "Save the course performance").spec(&["S330"]),
        save_course_performance,
    );
    r.add(
        info(Method::POST, "/api/report/feedback/teacherMessage/save", Access::Session, "feedback-report", "Save the teacher message").spec(&["S342"]),
        save_teacher_message,
    );
    r.add(info(Method::POST, "/api/report/feedback/homework/save", Access::Session, "feedback-report", "Save the homework").spec(&["S321"]), save_homework);
    r.add(
        info(Method::POST, "/api/report/feedback/nextSectionPreview/save", Access::Session, "feedback-report", "Save the next-section preview").spec(&["S327"]),
        save_next_preview,
    );
    r.add(
        info(Method::POST, "/api/report/feedback/lastReview/save", Access::Session, "feedback-report", "Save the last-review to-do items").spec(&["S323"]),
        save_last_review,
    );
    r.add(
        info(Method::POST, "/api/report/feedback/lastReview/todoList", Access::Session, "feedback-report", "The last-review to-do items").spec(&["S324"]),
        last_review_list,
    );
    r.add(
        info(Method::POST, "/api/report/feedback/lastTime/todoList", Access::Session, "feedback-report", "The last-time to-do items").spec(&["S325"]),
        last_time_list,
    );
    r.add(
        info(Method::POST, "/api/report/feedback/knwledages/update", Access::Session, "feedback-report", "Replace the knowledge points").spec(&["S322"]),
        update_knowledge,
    );
    r.add(info(Method::POST, "/api/report/feedback/formula/list", Access::Session, "feedback-report", "The report's formulas").spec(&["S313"]), formula_list);
    r.add(
        info(Method::POST, "/api/report/feedback/formula/save", Access::Session, "feedback-report", "Add or replace a formula").spec(&["S315"]),
        formula_save,
    );
    r.add(info(Method::POST, "/api/report/feedback/formula/remove", Access::Session, "feedback-report", "Remove a formula").spec(&["S314"]), formula_remove);
    r.add(
        info(Method::POST, "/api/report/feedback/v2/expireTime/get", Access::Session, "feedback-report", "When the report's preview link expires")
            .spec(&["S307"]),
        expire_time,
    );
    r.add(
        info(Method::POST, "/api/report/feedback/v2/resource/syncCount", Access::Session, "feedback-report", "Count a resource sync and answer the count")
            .spec(&["S319"]),
        sync_count,
    );
    r.add(
        info(Method::POST, "/api/report/feedback/confirm", Access::Session, "feedback-report", "Confirm the report (fullSubmit: submit a confirmed one)")
            .spec(&["S308"]),
        confirm,
    );
    r.add(
        info(Method::POST, "/api/report/feedback/qrcode/generate", Access::Session, "feedback-report", "Signed read-only preview link and its QR code")
            .spec(&["S333"]),
        qrcode,
    );
    r.add(
        info(
            Method::POST,
            "/api/report/feedback/shareLink/revoke",
            Access::Session,
            "feedback-report",
            "End every preview link of the report given out so far",
        ),
        revoke_share_links,
    );
}

fn summary(r: &ReportRow) -> FeedbackReportSummary {
    FeedbackReportSummary {
        report_id: r.id,
        lesson_id: r.lesson_id,
        lesson_title: r.lesson_title.clone(),
        lesson_start_time: r.lesson_start,
        class_name: r.class_name.clone(),
        student_id: r.student_id,
        student_name: r.student_name.clone(),
        student_code: r.student_code.clone(),
        status: r.status,
        expire_time: r.expire_at,
        sync_count: r.sync_count,
        update_time: r.updated_at,
    }
}

/// Runs `f` on the report's document, in its room.
pub(crate) async fn on_doc<T, F>(state: &AppState, report: &ReportRow, f: F) -> ApiResult<T>
where
    T: Send + 'static,
    F: FnOnce(FeedbackDoc) -> Result<T, DocError> + Send + 'static,
{
    Ok(state.hub.with_doc(&records::report_key(report.id), move |doc| f(FeedbackDoc(doc))).await?)
}

async fn read_detail(state: &AppState, report: &ReportRow, can_edit: bool) -> ApiResult<FeedbackDetail> {
    let (sections, formulas, pictures, resources) = on_doc(state, report, |doc| {
        let sections: BTreeMap<String, String> = FeedbackSection::ALL.iter().map(|s| (s.key().to_owned(), doc.text(*s))).collect();
        Ok((sections, doc.formulas().to_vec(), doc.pictures().to_vec(), doc.resources().to_vec()))
    })
    .await?;
    Ok(FeedbackDetail { report: summary(report), sections, formulas, pictures, resources, can_edit })
}

async fn init(state: web::Data<AppState>, caller: Caller, body: web::Json<FeedbackInitRequest>) -> ApiResult<Reply<FeedbackReportSummary>> {
    let report = feedback::init(&state.db, caller.user.id, body.lesson_id, body.student_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("课节不存在或该学生不在此班".into()))?;
    Ok(Reply(summary(&report)))
}

async fn detail(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<FeedbackDetail>> {
    let (report, can_edit) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    Ok(Reply(read_detail(&state, &report, can_edit && report.status != STATUS_SUBMITTED).await?))
}

async fn overview(state: web::Data<AppState>, caller: Caller, body: web::Json<LessonRequest>) -> ApiResult<Reply<Vec<FeedbackReportSummary>>> {
    let reports = feedback::of_lesson(&state.db, body.lesson_id).await?;
    let mut visible = Vec::new();
    for r in reports {
        if records::may_read_report(&state, &caller, r.id).await? {
            visible.push(summary(&r));
        }
    }
    // A lesson the caller may not see, and none of whose reports is shared with them, reads as
    // absent.
    if visible.is_empty() {
        crate::access::teaching_tasks::lesson_for(&state, &caller, body.lesson_id, crate::access::teaching_tasks::TaskNeed::Read).await?;
    }
    Ok(Reply(visible))
}

async fn config(state: web::Data<AppState>) -> Reply<FeedbackConfig> {
    Reply(FeedbackConfig {
        sections: FeedbackSection::ALL.iter().map(|s| SectionConfig { key: s.key().into(), title: s.title().into() }).collect(),
        max_section_chars: MAX_SECTION_CHARS as i64,
        ai_configured: state.ai.is_some(),
    })
}

async fn save_section(state: &AppState, caller: &Caller, body: SectionSaveRequest, section: FeedbackSection) -> ApiResult<Reply<bool>> {
    if body.content.chars().count() > MAX_SECTION_CHARS {
        return Err(ApiError::bad_request(format!("内容不能超过 {MAX_SECTION_CHARS} 字")));
    }
    let (report, _) = records::report_for(state, caller, body.report_id, Need::Edit).await?;
    on_doc(state, &report, move |doc| {
        doc.set_text(section, &body.content);
        Ok(())
    })
    .await?;
    feedback::touch(&state.db, report.id).await?;
    Ok(Reply(true))
}

macro_rules! section_saver {
    ($name:ident, $section:expr) => {
        async fn $name(state: web::Data<AppState>, caller: Caller, body: web::Json<SectionSaveRequest>) -> ApiResult<Reply<bool>> {
            save_section(&state, &caller, body.into_inner(), $section).await
        }
    };
}

section_saver!(save_course_summary, FeedbackSection::CourseSummary);
section_saver!(save_course_performance, FeedbackSection::CoursePerformance);
section_saver!(save_teacher_message, FeedbackSection::TeacherMessage);
section_saver!(save_homework, FeedbackSection::Homework);
section_saver!(save_next_preview, FeedbackSection::NextSectionPreview);

async fn save_items(state: &AppState, caller: &Caller, body: ItemsSaveRequest, section: FeedbackSection) -> ApiResult<Reply<bool>> {
    if body.items.len() > 200 || body.items.iter().any(|i| i.chars().count() > 500 || i.contains('\n')) {
        return Err(ApiError::bad_request("最多 200 项，每项一行且不超过 500 字"));
    }
    let (report, _) = records::report_for(state, caller, body.report_id, Need::Edit).await?;
    on_doc(state, &report, move |doc| {
        doc.set_items(section, &body.items);
        Ok(())
    })
    .await?;
    feedback::touch(&state.db, report.id).await?;
    Ok(Reply(true))
}

async fn read_items(state: &AppState, caller: &Caller, report_id: i64, section: FeedbackSection) -> ApiResult<Reply<Vec<String>>> {
    let (report, _) = records::report_for(state, caller, report_id, Need::Read).await?;
    let items = on_doc(state, &report, move |doc| Ok(doc.items(section))).await?;
    Ok(Reply(items.into_iter().filter(|i| !i.trim().is_empty()).collect()))
}

async fn save_last_review(state: web::Data<AppState>, caller: Caller, body: web::Json<ItemsSaveRequest>) -> ApiResult<Reply<bool>> {
    save_items(&state, &caller, body.into_inner(), FeedbackSection::LastReviewTodo).await
}

async fn last_review_list(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<Vec<String>>> {
    read_items(&state, &caller, body.report_id, FeedbackSection::LastReviewTodo).await
}

async fn last_time_list(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<Vec<String>>> {
    read_items(&state, &caller, body.report_id, FeedbackSection::LastTimeTodo).await
}

async fn update_knowledge(state: web::Data<AppState>, caller: Caller, body: web::Json<ItemsSaveRequest>) -> ApiResult<Reply<bool>> {
    save_items(&state, &caller, body.into_inner(), FeedbackSection::KnowledgePoints).await
}

async fn formula_list(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<Vec<Formula>>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    // Items of another shape stay in the document untouched; the list shows the formulas.
    Ok(Reply(on_doc(&state, &report, |doc| Ok(doc.formulas().to_vec())).await?))
}

async fn formula_save(state: web::Data<AppState>, caller: Caller, body: web::Json<FormulaRequest>) -> ApiResult<Reply<Formula>> {
    let body = body.into_inner();
    let latex = body.latex.as_deref().map(str::trim).filter(|l| !l.is_empty()).ok_or_else(|| ApiError::bad_request("公式不能为空"))?.to_owned();
    if latex.chars().count() > 2000 {
        return Err(ApiError::bad_request("公式不能超过 2000 字"));
    }
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let id = body.id.filter(|i| !i.is_empty()).unwrap_or_else(|| format!("f{}", now_ms()));
    let saved = Formula { id, latex };
    let item = saved.clone();
    on_doc(&state, &report, move |doc| {
        let mut formulas = doc.formulas();
        match formulas.find_mut(|f| f.id == item.id) {
            Some(existing) => *existing = item,
            None => formulas.push(item),
        }
        formulas.write(doc.0, hub::doc::feedback::FORMULAS)
    })
    .await?;
    Ok(Reply(saved))
}

async fn formula_remove(state: web::Data<AppState>, caller: Caller, body: web::Json<FormulaRequest>) -> ApiResult<Reply<bool>> {
    let body = body.into_inner();
    let id = body.id.filter(|i| !i.is_empty()).ok_or_else(|| ApiError::bad_request("缺少公式 id"))?;
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    on_doc(&state, &report, move |doc| {
        let mut formulas = doc.formulas();
        if !formulas.items().any(|f| f.id == id) {
            return Err(DocError::NotFound("公式不存在".into()));
        }
        formulas.retain(|f| f.id != id);
        formulas.write(doc.0, hub::doc::feedback::FORMULAS)
    })
    .await?;
    Ok(Reply(true))
}

async fn expire_time(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<i64>> {
    Ok(Reply(records::report_for(&state, &caller, body.report_id, Need::Read).await?.0.expire_at))
}

async fn sync_count(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<i64>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    Ok(Reply(feedback::bump_sync_count(&state.db, report.id).await?))
}

async fn confirm(state: web::Data<AppState>, caller: Caller, body: web::Json<ConfirmRequest>) -> ApiResult<Reply<i64>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    records::report_teacher(&caller, &report)?;
    let to = if body.full_submit == Some(true) { STATUS_SUBMITTED } else { STATUS_CONFIRMED };
    let status = feedback::advance(&state.db, report.id, to).await?;
    if status == STATUS_SUBMITTED {
        // Submitted reports are read-only: open editors reconnect and continue as readers.
        state.hub.doc_access_changed(&records::report_key(report.id), None, protocol::push::close_code::ACCESS_CHANGED).await;
    }
    Ok(Reply(status))
}

const PREVIEW: &str = "feedback-preview";

async fn qrcode(state: web::Data<AppState>, caller: Caller, req: HttpRequest, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<PreviewQrCode>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    let key = secrets::signing_key(&state.db).await?;
    let token = signing::token(&key, PREVIEW, &preview_subject(report.id, report.preview_epoch), report.expire_at);
    let url = {
        let info = req.connection_info();
        format!("{}://{}/feedbackPreviewPc?token={token}", info.scheme(), info.host())
    };
    let qrcode = crate::qr::svg_data_url(&url)?;
    // Sharing the preview is the report's export (feedback statistics, 02 §7.7).
    storage::datacentre::feedback_stats::mark_exported(&state.db, report.id, storage::now_ms()).await?;
    Ok(Reply(PreviewQrCode { url, token, qrcode, expire_time: report.expire_at }))
}

/// What a preview link names: the report and its link generation (`id:epoch`; the first
/// generation's links name the report alone, as links given out before revocation existed did).
fn preview_subject(report_id: i64, epoch: i64) -> String {
    if epoch == 0 {
        report_id.to_string()
    } else {
        format!("{report_id}:{epoch}")
    }
}

/// The report and generation a signed preview subject names.
fn parse_preview_subject(subject: &str) -> Option<(i64, i64)> {
    match subject.split_once(':') {
        Some((id, epoch)) => Some((id.parse().ok()?, epoch.parse().ok()?)),
        None => Some((subject.parse().ok()?, 0)),
    }
}

async fn revoke_share_links(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<i64>> {
    // The report's teacher ends its links, also once it is submitted (when it is shared).
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    records::report_teacher(&caller, &report)?;
    Ok(Reply(feedback::revoke_previews(&state.db, report.id).await?))
}

async fn preview(state: web::Data<AppState>, query: web::Query<PreviewQuery>) -> ApiResult<Reply<FeedbackDetail>> {
    let key = secrets::signing_key(&state.db).await?;
    let (id, epoch) =
        query.token.as_deref().and_then(|t| signing::verify_token(&key, PREVIEW, t)).and_then(|s| parse_preview_subject(&s)).ok_or(ApiError::NoPermission)?;
    let report = feedback::by_id(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("报告不存在".into()))?;
    if report.preview_epoch != epoch {
        return Err(ApiError::Forbidden("该预览链接已被撤销，请向老师索取新的链接".into()));
    }
    let detail = read_detail(&state, &report, false).await?;
    // The family opening the shared link (its first time is kept for the feedback statistics;
    // a read receipt, not a change the reader makes).
    storage::datacentre::feedback_stats::mark_opened(&state.db, report.id, storage::now_ms()).await?;
    Ok(Reply(detail))
}
