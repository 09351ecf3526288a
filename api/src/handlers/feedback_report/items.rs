//! The rest of the lesson feedback report (03 §7.4) and the data-collector calls: pictures,
//! resources and labels, practices, answer sheets, checks, flags, history and the AI teacher
//! comment. Like the text sections, all of it lives in the report's document and is read and
//! written through its room, so editors see REST changes live.

use actix_web::http::Method;
use actix_web::web;
use hub::doc::content;
use protocol::dto::feedback_report::{
    AccuracyUpdateRequest, AiContent, AnswerSheet, AnswerSheetItem, BlockCheck, FeedbackPicture, FeedbackResource, FeedbackResourceRequest, FeedbackSection,
    HasItem, KnowledgeHistory, LearningPictureSaveRequest, LessonResourceSync, NoRecycle, NoRecycleSaveRequest, PictureSaveRequest, Practice, PracticeCheck,
    QuestionShowRequest, ReportIdQuery, ReportIdRequest, SelectedContent, SingleSubmitRequest,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use storage::documents::{self};
use storage::feedback::{self, ReportRow};
use storage::{now_ms, papers};
use yrs::Doc;

use super::{doc_error, MAX_SECTION_CHARS, PICTURES, RESOURCES};
use crate::access::records::{self, Need};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const PRACTICES: &str = "practices";
const ANSWER_SHEET: &str = "answerSheet";
const META: &str = "meta";
const MAX_PICTURES: usize = 100;
const MAX_RESOURCES: usize = 100;
/// The blocks a report needs before it is confirmed.
const REQUIRED_BLOCKS: [FeedbackSection; 4] =
    [FeedbackSection::CourseSummary, FeedbackSection::CoursePerformance, FeedbackSection::TeacherMessage, FeedbackSection::Homework];

pub fn routes(r: &mut impl RouteSink) {
    let f = |m: Method, path: &'static str, summary: &'static str| info(m, path, Access::Session, "feedback-report", summary);
    r.add(f(Method::POST, "/api/report/feedback/v2/accuracy/update", "Set the lesson's practice accuracy (percent)").spec(&["S301"]), accuracy_update);
    r.add(f(Method::POST, "/api/report/feedback/block/check", "Which required blocks are still empty").spec(&["S302"]), block_check);
    r.add(f(Method::POST, "/api/report/feedback/practice/check", "How far the answer sheet covers the shown practices").spec(&["S303"]), practice_check);
    r.add(
        f(Method::GET, "/api/report/feedback/practice/refresh", "Make the practices from the knowledge points (query reportId)").spec(&["S332"]),
        practice_refresh,
    );
    r.add(f(Method::POST, "/api/report/feedback/v2/question/show/set", "Show or hide a practice question").spec(&["S336"]), question_show);
    r.add(f(Method::POST, "/api/report/feedback/collection/hasItem/check", "Whether the report has resources").spec(&["S304"]), has_item);
    r.add(
        f(Method::POST, "/api/report/feedback/v2/selectContent/list", "Knowledge points and resources as knowledge-base ids").spec(&["S305"]),
        select_content,
    );
    r.add(f(Method::POST, "/api/report/feedback/v2/picture/list", "The report's pictures").spec(&["S317"]), picture_list);
    r.add(f(Method::POST, "/api/report/feedback/picture/save", "Change a picture").spec(&["S326"]), picture_save);
    r.add(f(Method::POST, "/api/report/feedback/learning/picture/save", "Add learning pictures").spec(&["S331"]), learning_picture_save);
    r.add(
        f(Method::GET, "/api/report/feedback/knowledge/history/record", "Knowledge points of the student's earlier reports (query reportId)").spec(&["S320"]),
        knowledge_history,
    );
    r.add(
        f(Method::GET, "/api/report/feedback/v2/noRecycle/check", "Whether the report is kept from recycling (query reportId)").spec(&["S328"]),
        no_recycle_check,
    );
    r.add(f(Method::POST, "/api/report/feedback/v2/noRecycle/save", "Keep the report from recycling, or not").spec(&["S329"]), no_recycle_save);
    r.add(f(Method::GET, "/api/report/feedback/queryModelData", "The report's figures for analysis (query reportId)").spec(&["S334"]), model_data);
    r.add(f(Method::GET, "/api/report/feedback/queryUploadGioData", "The report's usage-tracking fields (query reportId)").spec(&["S335"]), gio_data);
    r.add(f(Method::POST, "/api/report/feedback/v2/resource/add", "Attach one of the caller's drive resources").spec(&["S337"]), resource_add);
    r.add(f(Method::POST, "/api/report/feedback/v2/resource/label/change", "Label an attached resource").spec(&["S338"]), resource_label);
    r.add(f(Method::POST, "/api/report/feedback/v2/resource/remove", "Detach a resource").spec(&["S339"]), resource_remove);
    r.add(
        f(Method::POST, "/api/report/feedback/syncLessonResource", "Copy the resources to the teacher's other reports of the lesson").spec(&["S340"]),
        sync_lesson_resource,
    );
    r.add(
        f(Method::POST, "/api/report/feedback/v2/syncLessonResource", "Copy the resources to the teacher's other reports of the lesson").spec(&["S341"]),
        sync_lesson_resource,
    );
    r.add(f(Method::POST, "/api/report/feedback/ai/content", "The AI teacher comment (AI provider; written into the report)").spec(&["S316"]), ai_content);
    r.add(
        f(Method::POST, "/api/dataCollector/task/1v1/create/draft/answerSheet", "Draft the 1v1 answer sheet from the shown practices").spec(&["S343"]),
        draft_answer_sheet,
    );
    r.add(f(Method::POST, "/api/dataCollector/1v1/single/submit", "Submit one answer-sheet item").spec(&["S347"]), single_submit);
    r.add(
        f(Method::GET, "/api/dataCollector/1v1/card/getCorrectAnswerSheets", "The corrected answer-sheet items (query reportId)").spec(&["S345"]),
        corrected_sheets,
    );
    r.add(f(Method::POST, "/api/dataCollector/report/analyze/ai/teacher/comment", "The AI teacher comment (as ai/content)").spec(&["S344"]), ai_content);
}

/// Errors a document closure reports: `404:` not found, `400:` bad input, anything else internal.
fn closure_error(e: String) -> ApiError {
    if let Some(m) = e.strip_prefix("404:") {
        ApiError::NotFound(m.to_owned())
    } else if let Some(m) = e.strip_prefix("400:") {
        ApiError::BadRequest(m.to_owned())
    } else {
        doc_error(e)
    }
}

/// Runs `f` on the report's document and decodes its answer.
async fn on_doc<T: DeserializeOwned>(state: &AppState, report: &ReportRow, f: impl FnOnce(&Doc) -> Result<Value, String> + Send + 'static) -> ApiResult<T> {
    let value = state.hub.with_doc(&documents::doc_key("feedback", report.id), f).await.map_err(closure_error)?;
    serde_json::from_value(value).map_err(|e| ApiError::Internal(e.to_string()))
}

fn list<T: DeserializeOwned>(doc: &Doc, name: &str) -> Vec<T> {
    content::read_list(doc, name).into_iter().filter_map(|v| serde_json::from_value(v).ok()).collect()
}

fn put_list<T: Serialize>(doc: &Doc, name: &str, items: &[T]) -> Result<(), String> {
    let values: Vec<Value> = items.iter().map(|i| serde_json::to_value(i).unwrap_or(Value::Null)).collect();
    content::write_list(doc, name, &values)
}

async fn accuracy_update(state: web::Data<AppState>, caller: Caller, body: web::Json<AccuracyUpdateRequest>) -> ApiResult<Reply<f64>> {
    if !(0.0..=100.0).contains(&body.accuracy) {
        return Err(ApiError::bad_request("正确率需在0到100之间"));
    }
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let accuracy = (body.accuracy * 10.0).round() / 10.0;
    on_doc::<Value>(&state, &report, move |doc| content::write_meta(doc, META, "accuracy", &json!(accuracy)).map(|_| Value::Null)).await?;
    feedback::touch(&state.db, report.id).await?;
    Ok(Reply(accuracy))
}

async fn block_check(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<BlockCheck>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    let empty: Vec<String> = on_doc(&state, &report, |doc| {
        Ok(json!(REQUIRED_BLOCKS.iter().filter(|s| content::read_text(doc, s.key()).trim().is_empty()).map(|s| s.key()).collect::<Vec<_>>()))
    })
    .await?;
    Ok(Reply(BlockCheck { complete: empty.is_empty(), empty_blocks: empty }))
}

fn question_id(knowledge: &str) -> String {
    let digest = Sha256::digest(knowledge.as_bytes());
    format!("q{}", digest.iter().take(6).map(|b| format!("{b:02x}")).collect::<String>())
}

async fn practice_refresh(state: web::Data<AppState>, caller: Caller, query: web::Query<ReportIdQuery>) -> ApiResult<Reply<Vec<Practice>>> {
    let (report, _) = records::report_for(&state, &caller, query.report_id, Need::Edit).await?;
    let practices = on_doc(&state, &report, |doc| {
        let knowledge: Vec<String> =
            content::read_paragraphs(doc, FeedbackSection::KnowledgePoints.key()).into_iter().map(|k| k.trim().to_owned()).filter(|k| !k.is_empty()).collect();
        let old: Vec<Practice> = list(doc, PRACTICES);
        // One practice per knowledge point; a point that stays keeps its question (and whether it is shown).
        let practices: Vec<Practice> = knowledge
            .iter()
            .map(|k| {
                let id = question_id(k);
                old.iter().find(|p| p.question_id == id).cloned().unwrap_or(Practice {
                    question_id: id,
                    title: format!("{k}·巩固练习"),
                    knowledge: k.clone(),
                    show: true,
                })
            })
            .collect();
        put_list(doc, PRACTICES, &practices)?;
        Ok(json!(practices))
    })
    .await?;
    Ok(Reply(practices))
}

async fn question_show(state: web::Data<AppState>, caller: Caller, body: web::Json<QuestionShowRequest>) -> ApiResult<Reply<Practice>> {
    let body = body.into_inner();
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let practice = on_doc(&state, &report, move |doc| {
        let mut practices: Vec<Practice> = list(doc, PRACTICES);
        let practice = practices.iter_mut().find(|p| p.question_id == body.question_id).ok_or("404:题目不存在")?;
        practice.show = body.show;
        let changed = practice.clone();
        put_list(doc, PRACTICES, &practices)?;
        Ok(json!(changed))
    })
    .await?;
    Ok(Reply(practice))
}

async fn practice_check(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<PracticeCheck>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    let check = on_doc(&state, &report, |doc| {
        let shown: Vec<Practice> = list::<Practice>(doc, PRACTICES).into_iter().filter(|p| p.show).collect();
        let sheet: Vec<AnswerSheetItem> = list(doc, ANSWER_SHEET);
        let answered = |p: &Practice| sheet.iter().any(|i| i.question_id == p.question_id && !i.answer.trim().is_empty());
        let unanswered: Vec<String> = shown.iter().filter(|p| !answered(p)).map(|p| p.question_id.clone()).collect();
        Ok(json!(PracticeCheck { total: shown.len() as i64, answered: (shown.len() - unanswered.len()) as i64, unanswered }))
    })
    .await?;
    Ok(Reply(check))
}

async fn has_item(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<HasItem>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    let count: usize = on_doc(&state, &report, |doc| Ok(json!(content::read_list(doc, RESOURCES).len()))).await?;
    Ok(Reply(HasItem { has_item: count > 0 }))
}

async fn select_content(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<Vec<SelectedContent>>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    let (knowledge, resources): (Vec<String>, Vec<FeedbackResource>) = on_doc(&state, &report, |doc| {
        let knowledge: Vec<String> =
            content::read_paragraphs(doc, FeedbackSection::KnowledgePoints.key()).into_iter().filter(|k| !k.trim().is_empty()).collect();
        Ok(json!([knowledge, list::<FeedbackResource>(doc, RESOURCES)]))
    })
    .await?;
    // Knowledge points are matched to the atlas of the teacher's subject by name.
    let subject = caller.user.selected_subject;
    let atlas = [papers::atlas(&state.db, subject, 4).await?, papers::atlas(&state.db, subject, 3).await?].concat();
    let mut out: Vec<SelectedContent> = knowledge
        .into_iter()
        .map(|k| {
            let id = atlas.iter().find(|n| n.name == k.trim()).map(|n| n.id);
            SelectedContent { kind: "knowledge".into(), name: k, knowledge_base_id: id }
        })
        .collect();
    out.extend(resources.into_iter().map(|r| SelectedContent { kind: "resource".into(), name: r.name, knowledge_base_id: Some(r.resource_id) }));
    Ok(Reply(out))
}

async fn picture_list(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<Vec<FeedbackPicture>>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    Ok(Reply(on_doc(&state, &report, |doc| Ok(json!(list::<FeedbackPicture>(doc, PICTURES)))).await?))
}

/// A picture address: the server's own files or an http(s) URL.
fn valid_picture_url(url: &str) -> bool {
    (url.starts_with("https://") || url.starts_with("http://") || url.starts_with("/api/files/download/"))
        && url.len() <= 2048
        && !url.contains(char::is_whitespace)
}

async fn picture_save(state: web::Data<AppState>, caller: Caller, body: web::Json<PictureSaveRequest>) -> ApiResult<Reply<FeedbackPicture>> {
    let body = body.into_inner();
    if body.url.as_deref().is_some_and(|u| !valid_picture_url(u)) {
        return Err(ApiError::bad_request("图片地址无效"));
    }
    if body.name.as_deref().is_some_and(|n| n.trim().is_empty() || n.chars().count() > 100) || body.remark.as_deref().is_some_and(|r| r.chars().count() > 500) {
        return Err(ApiError::bad_request("图片名称需为1到100个字符，备注最多500字"));
    }
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let picture = on_doc(&state, &report, move |doc| {
        let mut pictures: Vec<FeedbackPicture> = list(doc, PICTURES);
        let picture = pictures.iter_mut().find(|p| p.id == body.id).ok_or("404:图片不存在")?;
        if let Some(name) = body.name {
            picture.name = name.trim().to_owned();
        }
        if let Some(remark) = body.remark {
            picture.remark = remark;
        }
        if let Some(url) = body.url {
            picture.url = url;
        }
        let changed = picture.clone();
        put_list(doc, PICTURES, &pictures)?;
        Ok(json!(changed))
    })
    .await?;
    Ok(Reply(picture))
}

async fn learning_picture_save(
    state: web::Data<AppState>,
    caller: Caller,
    body: web::Json<LearningPictureSaveRequest>,
) -> ApiResult<Reply<Vec<FeedbackPicture>>> {
    let body = body.into_inner();
    if body.pictures.is_empty() || body.pictures.iter().any(|p| !valid_picture_url(&p.url) || p.name.trim().is_empty() || p.name.chars().count() > 100) {
        return Err(ApiError::bad_request("请提供图片地址与名称（名称最多100个字符）"));
    }
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let stamp = now_ms();
    let pictures = on_doc(&state, &report, move |doc| {
        let mut pictures: Vec<FeedbackPicture> = list(doc, PICTURES);
        if pictures.len() + body.pictures.len() > MAX_PICTURES {
            return Err(format!("400:每份报告最多{MAX_PICTURES}张图片"));
        }
        for (i, p) in body.pictures.into_iter().enumerate() {
            pictures.push(FeedbackPicture {
                id: format!("p{stamp}-{i}"),
                url: p.url,
                name: p.name.trim().to_owned(),
                kind: "learning".into(),
                remark: String::new(),
            });
        }
        put_list(doc, PICTURES, &pictures)?;
        Ok(json!(pictures))
    })
    .await?;
    feedback::touch(&state.db, report.id).await?;
    Ok(Reply(pictures))
}

async fn knowledge_history(state: web::Data<AppState>, caller: Caller, query: web::Query<ReportIdQuery>) -> ApiResult<Reply<Vec<KnowledgeHistory>>> {
    let (report, _) = records::report_for(&state, &caller, query.report_id, Need::Read).await?;
    let mut history = Vec::new();
    for earlier in feedback::of_student_before(&state.db, report.student_id, report.lesson_start, 10).await? {
        // Only reports the caller may read.
        if !records::may_read_report(&state, &caller, earlier.id).await? {
            continue;
        }
        let points: Vec<String> = on_doc(&state, &earlier, |doc| {
            Ok(json!(content::read_paragraphs(doc, FeedbackSection::KnowledgePoints.key()).into_iter().filter(|k| !k.trim().is_empty()).collect::<Vec<_>>()))
        })
        .await?;
        history.push(KnowledgeHistory {
            report_id: earlier.id,
            lesson_title: earlier.lesson_title.clone(),
            lesson_start_time: earlier.lesson_start,
            knowledge_points: points,
        });
    }
    Ok(Reply(history))
}

async fn no_recycle_check(state: web::Data<AppState>, caller: Caller, query: web::Query<ReportIdQuery>) -> ApiResult<Reply<NoRecycle>> {
    let (report, _) = records::report_for(&state, &caller, query.report_id, Need::Read).await?;
    let meta: serde_json::Map<String, Value> = on_doc(&state, &report, |doc| Ok(Value::Object(content::read_meta(doc, META)))).await?;
    Ok(Reply(NoRecycle { no_recycle: meta.get("noRecycle").and_then(Value::as_bool).unwrap_or(false) }))
}

async fn no_recycle_save(state: web::Data<AppState>, caller: Caller, body: web::Json<NoRecycleSaveRequest>) -> ApiResult<Reply<NoRecycle>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let flag = body.no_recycle;
    on_doc::<Value>(&state, &report, move |doc| content::write_meta(doc, META, "noRecycle", &json!(flag)).map(|_| Value::Null)).await?;
    Ok(Reply(NoRecycle { no_recycle: flag }))
}

async fn model_data(state: web::Data<AppState>, caller: Caller, query: web::Query<ReportIdQuery>) -> ApiResult<Reply<Value>> {
    let (report, _) = records::report_for(&state, &caller, query.report_id, Need::Read).await?;
    let figures: Value = on_doc(&state, &report, |doc| {
        let practices: Vec<Practice> = list(doc, PRACTICES);
        let sheet: Vec<AnswerSheetItem> = list(doc, ANSWER_SHEET);
        let meta = content::read_meta(doc, META);
        Ok(json!({
            "knowledgePoints": content::read_paragraphs(doc, FeedbackSection::KnowledgePoints.key()).into_iter().filter(|k| !k.trim().is_empty()).collect::<Vec<_>>(),
            "practiceCount": practices.iter().filter(|p| p.show).count(),
            "answered": sheet.iter().filter(|i| !i.answer.trim().is_empty()).count(),
            "correct": sheet.iter().filter(|i| i.correct == Some(true)).count(),
            "accuracy": meta.get("accuracy").cloned().unwrap_or(Value::Null),
            "pictureCount": content::read_list(doc, PICTURES).len(),
            "resourceCount": content::read_list(doc, RESOURCES).len(),
        }))
    })
    .await?;
    let mut out = figures;
    out["reportId"] = json!(report.id);
    out["studentName"] = json!(report.student_name);
    out["lessonTitle"] = json!(report.lesson_title);
    out["status"] = json!(report.status);
    Ok(Reply(out))
}

async fn gio_data(state: web::Data<AppState>, caller: Caller, query: web::Query<ReportIdQuery>) -> ApiResult<Reply<Value>> {
    let (report, _) = records::report_for(&state, &caller, query.report_id, Need::Read).await?;
    Ok(Reply(json!({
        "reportId": report.id,
        "lessonId": report.lesson_id,
        "studentCode": report.student_code,
        "className": report.class_name,
        "teacherEmail": caller.user.email,
        "reportStatus": report.status,
        "syncCount": report.sync_count,
    })))
}

async fn resource_add(state: web::Data<AppState>, caller: Caller, body: web::Json<FeedbackResourceRequest>) -> ApiResult<Reply<Vec<FeedbackResource>>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    // Only the caller's own drive resources can be attached.
    let resource = records::own_resource(&state, &caller, body.resource_id, "资源").await?;
    let item = FeedbackResource { resource_id: resource.id, name: resource.name, ext: resource.ext, class: resource.class, label: String::new() };
    let resources = on_doc(&state, &report, move |doc| {
        let mut resources: Vec<FeedbackResource> = list(doc, RESOURCES);
        if !resources.iter().any(|r| r.resource_id == item.resource_id) {
            if resources.len() >= MAX_RESOURCES {
                return Err(format!("400:每份报告最多{MAX_RESOURCES}个资源"));
            }
            resources.push(item);
            put_list(doc, RESOURCES, &resources)?;
        }
        Ok(json!(resources))
    })
    .await?;
    feedback::touch(&state.db, report.id).await?;
    Ok(Reply(resources))
}

async fn resource_label(state: web::Data<AppState>, caller: Caller, body: web::Json<FeedbackResourceRequest>) -> ApiResult<Reply<FeedbackResource>> {
    let body = body.into_inner();
    let label = body.label.unwrap_or_default().trim().to_owned();
    if label.chars().count() > 20 {
        return Err(ApiError::bad_request("标签最多20个字符"));
    }
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let id = body.resource_id;
    let changed = on_doc(&state, &report, move |doc| {
        let mut resources: Vec<FeedbackResource> = list(doc, RESOURCES);
        let resource = resources.iter_mut().find(|r| r.resource_id == id).ok_or("404:资源不在报告中")?;
        resource.label = label;
        let changed = resource.clone();
        put_list(doc, RESOURCES, &resources)?;
        Ok(json!(changed))
    })
    .await?;
    Ok(Reply(changed))
}

async fn resource_remove(state: web::Data<AppState>, caller: Caller, body: web::Json<FeedbackResourceRequest>) -> ApiResult<Reply<Vec<FeedbackResource>>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let id = body.resource_id;
    let resources = on_doc(&state, &report, move |doc| {
        let resources: Vec<FeedbackResource> = list(doc, RESOURCES);
        let kept: Vec<FeedbackResource> = resources.iter().filter(|r| r.resource_id != id).cloned().collect();
        if kept.len() == resources.len() {
            return Err("404:资源不在报告中".into());
        }
        put_list(doc, RESOURCES, &kept)?;
        Ok(json!(kept))
    })
    .await?;
    Ok(Reply(resources))
}

async fn sync_lesson_resource(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<LessonResourceSync>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let resources: Vec<FeedbackResource> = on_doc(&state, &report, |doc| Ok(json!(list::<FeedbackResource>(doc, RESOURCES)))).await?;
    let mut reports = 0;
    for other in feedback::of_lesson(&state.db, report.lesson_id).await? {
        if other.id == report.id || !records::may_edit_report(&state, &caller, &other).await? {
            continue;
        }
        let copy = resources.clone();
        on_doc::<Value>(&state, &other, move |doc| {
            let mut theirs: Vec<FeedbackResource> = list(doc, RESOURCES);
            for r in copy {
                if !theirs.iter().any(|t| t.resource_id == r.resource_id) && theirs.len() < MAX_RESOURCES {
                    theirs.push(r);
                }
            }
            put_list(doc, RESOURCES, &theirs)?;
            Ok(Value::Null)
        })
        .await?;
        reports += 1;
    }
    let sync_count = feedback::bump_sync_count(&state.db, report.id).await?;
    Ok(Reply(LessonResourceSync { reports, sync_count }))
}

async fn draft_answer_sheet(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<AnswerSheet>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let sheet = on_doc(&state, &report, |doc| {
        let shown: Vec<Practice> = list::<Practice>(doc, PRACTICES).into_iter().filter(|p| p.show).collect();
        if shown.is_empty() {
            return Err("400:没有可作答的练习，请先刷新练习".into());
        }
        let old: Vec<AnswerSheetItem> = list(doc, ANSWER_SHEET);
        // Answers already given to questions that are still shown are kept.
        let items: Vec<AnswerSheetItem> = shown
            .iter()
            .map(|p| {
                old.iter().find(|i| i.question_id == p.question_id).cloned().unwrap_or(AnswerSheetItem {
                    question_id: p.question_id.clone(),
                    answer: String::new(),
                    correct: None,
                })
            })
            .collect();
        put_list(doc, ANSWER_SHEET, &items)?;
        content::write_meta(doc, META, "answerSheetStatus", &json!("draft"))?;
        Ok(json!(AnswerSheet { status: "draft".into(), items }))
    })
    .await?;
    Ok(Reply(sheet))
}

async fn single_submit(state: web::Data<AppState>, caller: Caller, body: web::Json<SingleSubmitRequest>) -> ApiResult<Reply<AnswerSheet>> {
    let body = body.into_inner();
    if body.answer.chars().count() > MAX_SECTION_CHARS {
        return Err(ApiError::bad_request(format!("答案不能超过 {MAX_SECTION_CHARS} 字")));
    }
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let sheet = on_doc(&state, &report, move |doc| {
        let mut items: Vec<AnswerSheetItem> = list(doc, ANSWER_SHEET);
        if items.is_empty() {
            return Err("400:请先生成答题卡".into());
        }
        let item = items.iter_mut().find(|i| i.question_id == body.question_id).ok_or("404:答题卡中没有该题")?;
        item.answer = body.answer;
        if body.correct.is_some() {
            item.correct = body.correct;
        }
        put_list(doc, ANSWER_SHEET, &items)?;
        let done = items.iter().all(|i| !i.answer.trim().is_empty());
        let status = if done { "submitted" } else { "draft" };
        content::write_meta(doc, META, "answerSheetStatus", &json!(status))?;
        // Once every item is corrected, the accuracy follows from the sheet.
        if items.iter().all(|i| i.correct.is_some()) {
            let correct = items.iter().filter(|i| i.correct == Some(true)).count() as f64;
            content::write_meta(doc, META, "accuracy", &json!((correct * 1000.0 / items.len() as f64).round() / 10.0))?;
        }
        Ok(json!(AnswerSheet { status: status.into(), items }))
    })
    .await?;
    feedback::touch(&state.db, report.id).await?;
    Ok(Reply(sheet))
}

async fn corrected_sheets(state: web::Data<AppState>, caller: Caller, query: web::Query<ReportIdQuery>) -> ApiResult<Reply<Vec<AnswerSheetItem>>> {
    let (report, _) = records::report_for(&state, &caller, query.report_id, Need::Read).await?;
    let items: Vec<AnswerSheetItem> = on_doc(&state, &report, |doc| Ok(json!(list::<AnswerSheetItem>(doc, ANSWER_SHEET)))).await?;
    Ok(Reply(items.into_iter().filter(|i| i.correct.is_some()).collect()))
}

const AI_SYSTEM: &str = "你是一名经验丰富的K12辅导老师。请根据课堂信息，用温和、具体、积极的语气给家长写一段课后老师评语，150字以内，只输出评语正文。";

async fn ai_content(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<AiContent>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let provider = state.ai.clone().ok_or_else(crate::ai::not_configured)?;
    let facts: Value = on_doc(&state, &report, |doc| {
        let text = |s: FeedbackSection| content::read_text(doc, s.key());
        Ok(json!({
            "summary": text(FeedbackSection::CourseSummary),
            "performance": text(FeedbackSection::CoursePerformance),
            "knowledge": text(FeedbackSection::KnowledgePoints),
            "homework": text(FeedbackSection::Homework),
            "accuracy": content::read_meta(doc, META).get("accuracy").cloned().unwrap_or(Value::Null),
        }))
    })
    .await?;
    let field = |k: &str| facts[k].as_str().filter(|s| !s.trim().is_empty()).unwrap_or("（未填写）").to_owned();
    let accuracy = facts["accuracy"].as_f64().map(|a| format!("{a}%")).unwrap_or_else(|| "（未记录）".into());
    let prompt = format!(
        "学生：{}\n课节：{}\n本节知识点：{}\n课堂内容：{}\n课堂表现：{}\n练习正确率：{}\n课后作业：{}",
        report.student_name,
        report.lesson_title,
        field("knowledge"),
        field("summary"),
        field("performance"),
        accuracy,
        field("homework")
    );
    let comment = provider.complete(AI_SYSTEM, &prompt).await?;
    let written = comment.clone();
    on_doc::<Value>(&state, &report, move |doc| {
        content::write_text(doc, FeedbackSection::AiTeacherComment.key(), &written);
        Ok(Value::Null)
    })
    .await?;
    feedback::touch(&state.db, report.id).await?;
    Ok(Reply(AiContent { content: comment }))
}
