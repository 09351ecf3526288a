//! The rest of the lesson feedback report (03 §7.4) and the data-collector calls: pictures,
//! resources and labels, practices, answer sheets, checks, flags, history and the AI teacher
//! comment. Like the text sections, all of it lives in the report's document and is read and
//! written through its room, so editors see REST changes live.

use actix_web::http::Method;
use actix_web::web;
use hub::doc::error::DocError;
use hub::doc::feedback::{self as doc};
use protocol::dto::feedback_report::{
    AccuracyUpdateRequest, AiContent, AnswerSheet, AnswerSheetItem, BlockCheck, FeedbackPicture, FeedbackResource, FeedbackResourceRequest, FeedbackSection,
    HasItem, KnowledgeHistory, LearningPictureSaveRequest, LessonResourceSync, NoRecycle, NoRecycleSaveRequest, PictureSaveRequest, Practice, PracticeCheck,
    QuestionShowRequest, ReportGioData, ReportIdQuery, ReportIdRequest, ReportModelData, SelectedContent, SingleSubmitRequest,
};
use storage::feedback::{self};
use storage::now_ms;

use super::{on_doc, MAX_SECTION_CHARS};
use crate::access::records::{self, Need};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    let f = |m: Method, path: &'static str, summary: &'static str| info(m, path, Access::Session, "feedback-report", summary);
    r.add(f(Method::POST, "/api/report/feedback/v2/accuracy/update", "Set the lesson's practice accuracy (percent)").spec(&["S301"]), accuracy_update);
    r.add(f(Method::POST, "/api/report/feedback/block/check", "Which required blocks are still empty").spec(&["S302"]), block_check);
    r.add(f(Method::POST, "/api/report/feedback/practice/check", "How far the answer sheet covers the shown practices").spec(&["S303"]), practice_check);
    r.add(
        f(Method::POST, "/api/report/feedback/practice/refresh", "Make the practices from the knowledge points (query reportId)").spec(&["S332"]),
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

async fn accuracy_update(state: web::Data<AppState>, caller: Caller, body: web::Json<AccuracyUpdateRequest>) -> ApiResult<Reply<f64>> {
    if !(0.0..=100.0).contains(&body.accuracy) {
        return Err(ApiError::bad_request("正确率需在0到100之间"));
    }
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let accuracy = (body.accuracy * 10.0).round() / 10.0;
    on_doc(&state, &report, move |doc| doc.set_meta("accuracy", accuracy.into())).await?;
    feedback::touch(&state.db, report.id).await?;
    Ok(Reply(accuracy))
}

async fn block_check(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<BlockCheck>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    let empty = on_doc(&state, &report, |doc| Ok(doc.empty_required_blocks())).await?;
    Ok(Reply(BlockCheck { complete: empty.is_empty(), empty_blocks: empty.iter().map(|s| s.key().to_owned()).collect() }))
}

async fn practice_refresh(state: web::Data<AppState>, caller: Caller, query: web::Query<ReportIdQuery>) -> ApiResult<Reply<Vec<Practice>>> {
    let (report, _) = records::report_for(&state, &caller, query.report_id, Need::Edit).await?;
    // Each point's question comes from the bank (by the point's name in the teacher's subject).
    let points = on_doc(&state, &report, |doc| Ok(doc.knowledge_points())).await?;
    let mut bank = std::collections::HashMap::new();
    for point in points {
        if let Some(q) = storage::question::for_point_named(&state.db, &point, caller.user.selected_subject).await? {
            bank.insert(point, (q.id.to_string(), q.stem));
        }
    }
    Ok(Reply(on_doc(&state, &report, move |doc| doc.refresh_practices(&bank)).await?))
}

async fn question_show(state: web::Data<AppState>, caller: Caller, body: web::Json<QuestionShowRequest>) -> ApiResult<Reply<Practice>> {
    let body = body.into_inner();
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let practice = on_doc(&state, &report, move |doc| {
        let mut practices = doc.practices();
        let practice = practices.find_mut(|p| p.question_id == body.question_id).ok_or_else(|| DocError::NotFound("题目不存在".into()))?;
        practice.show = body.show;
        let changed = practice.clone();
        practices.write(doc.0, doc::PRACTICES)?;
        Ok(changed)
    })
    .await?;
    Ok(Reply(practice))
}

async fn practice_check(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<PracticeCheck>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    let check = on_doc(&state, &report, |doc| {
        let sheet = doc.answer_sheet().to_vec();
        let answered = |p: &Practice| sheet.iter().any(|i| i.question_id == p.question_id && !i.answer.trim().is_empty());
        let shown: Vec<Practice> = doc.practices().items().filter(|p| p.show).cloned().collect();
        let unanswered: Vec<String> = shown.iter().filter(|p| !answered(p)).map(|p| p.question_id.clone()).collect();
        Ok(PracticeCheck { total: shown.len() as i64, answered: (shown.len() - unanswered.len()) as i64, unanswered })
    })
    .await?;
    Ok(Reply(check))
}

async fn has_item(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<HasItem>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    let count = on_doc(&state, &report, |doc| Ok(doc.resources().len())).await?;
    Ok(Reply(HasItem { has_item: count > 0 }))
}

async fn select_content(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<Vec<SelectedContent>>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    let (knowledge, resources) = on_doc(&state, &report, |doc| Ok((doc.knowledge_points(), doc.resources().to_vec()))).await?;
    // Knowledge points are matched to the atlas of the teacher's subject by name.
    let subject = caller.user.selected_subject;
    let atlas = [storage::atlas::published_nodes(&state.db, subject, 4).await?, storage::atlas::published_nodes(&state.db, subject, 3).await?].concat();
    let mut out: Vec<SelectedContent> = knowledge
        .into_iter()
        .map(|k| {
            let id = atlas.iter().find(|n| n.name == k).map(|n| n.id);
            SelectedContent { kind: "knowledge".into(), name: k, knowledge_base_id: id }
        })
        .collect();
    out.extend(resources.into_iter().map(|r| SelectedContent { kind: "resource".into(), name: r.name, knowledge_base_id: Some(r.resource_id) }));
    Ok(Reply(out))
}

async fn picture_list(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<Vec<FeedbackPicture>>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Read).await?;
    Ok(Reply(on_doc(&state, &report, |doc| Ok(doc.pictures().to_vec())).await?))
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
        let mut pictures = doc.pictures();
        let picture = pictures.find_mut(|p| p.id == body.id).ok_or_else(|| DocError::NotFound("图片不存在".into()))?;
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
        pictures.write(doc.0, doc::PICTURES)?;
        Ok(changed)
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
        let mut pictures = doc.pictures();
        if pictures.len() + body.pictures.len() > doc::MAX_PICTURES {
            return Err(DocError::Invalid(format!("每份报告最多{}张图片", doc::MAX_PICTURES)));
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
        pictures.write(doc.0, doc::PICTURES)?;
        Ok(pictures.to_vec())
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
        let points =
            on_doc(&state, &earlier, |doc| Ok(doc.items(FeedbackSection::KnowledgePoints).into_iter().filter(|k| !k.trim().is_empty()).collect())).await?;
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
    let flag = on_doc(&state, &report, |doc| Ok(doc.meta("noRecycle").and_then(|v| v.as_bool()).unwrap_or(false))).await?;
    Ok(Reply(NoRecycle { no_recycle: flag }))
}

async fn no_recycle_save(state: web::Data<AppState>, caller: Caller, body: web::Json<NoRecycleSaveRequest>) -> ApiResult<Reply<NoRecycle>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let flag = body.no_recycle;
    on_doc(&state, &report, move |doc| doc.set_meta("noRecycle", flag.into())).await?;
    Ok(Reply(NoRecycle { no_recycle: flag }))
}

async fn model_data(state: web::Data<AppState>, caller: Caller, query: web::Query<ReportIdQuery>) -> ApiResult<Reply<ReportModelData>> {
    let (report, _) = records::report_for(&state, &caller, query.report_id, Need::Read).await?;
    let (id, student_name, lesson_title, status) = (report.id, report.student_name.clone(), report.lesson_title.clone(), report.status);
    let figures = on_doc(&state, &report, move |doc| {
        let sheet = doc.answer_sheet().to_vec();
        Ok(ReportModelData {
            report_id: id,
            student_name,
            lesson_title,
            status,
            knowledge_points: doc.knowledge_points(),
            practice_count: doc.practices().items().filter(|p| p.show).count() as i64,
            answered: sheet.iter().filter(|i| !i.answer.trim().is_empty()).count() as i64,
            correct: sheet.iter().filter(|i| i.correct == Some(true)).count() as i64,
            accuracy: doc.meta("accuracy").and_then(|v| v.as_f64()),
            picture_count: doc.pictures().len() as i64,
            resource_count: doc.resources().len() as i64,
        })
    })
    .await?;
    Ok(Reply(figures))
}

async fn gio_data(state: web::Data<AppState>, caller: Caller, query: web::Query<ReportIdQuery>) -> ApiResult<Reply<ReportGioData>> {
    let (report, _) = records::report_for(&state, &caller, query.report_id, Need::Read).await?;
    Ok(Reply(ReportGioData {
        report_id: report.id,
        lesson_id: report.lesson_id,
        student_code: report.student_code,
        class_name: report.class_name,
        teacher_email: caller.user.email.clone(),
        report_status: report.status,
        sync_count: report.sync_count,
    }))
}

async fn resource_add(state: web::Data<AppState>, caller: Caller, body: web::Json<FeedbackResourceRequest>) -> ApiResult<Reply<Vec<FeedbackResource>>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    // Only the caller's own drive resources can be attached.
    let resource = records::readable_resource(&state, &caller, body.resource_id, "资源").await?;
    let item = FeedbackResource { resource_id: resource.id, name: resource.name, ext: resource.ext, class: resource.class, label: String::new() };
    let resources = on_doc(&state, &report, move |doc| {
        let mut resources = doc.resources();
        if !resources.items().any(|r| r.resource_id == item.resource_id) {
            if resources.len() >= doc::MAX_RESOURCES {
                return Err(DocError::Invalid(format!("每份报告最多{}个资源", doc::MAX_RESOURCES)));
            }
            resources.push(item);
            resources.write(doc.0, doc::RESOURCES)?;
        }
        Ok(resources.to_vec())
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
        let mut resources = doc.resources();
        let resource = resources.find_mut(|r| r.resource_id == id).ok_or_else(|| DocError::NotFound("资源不在报告中".into()))?;
        resource.label = label;
        let changed = resource.clone();
        resources.write(doc.0, doc::RESOURCES)?;
        Ok(changed)
    })
    .await?;
    Ok(Reply(changed))
}

async fn resource_remove(state: web::Data<AppState>, caller: Caller, body: web::Json<FeedbackResourceRequest>) -> ApiResult<Reply<Vec<FeedbackResource>>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let id = body.resource_id;
    let resources = on_doc(&state, &report, move |doc| {
        let mut resources = doc.resources();
        if !resources.items().any(|r| r.resource_id == id) {
            return Err(DocError::NotFound("资源不在报告中".into()));
        }
        resources.retain(|r| r.resource_id != id);
        resources.write(doc.0, doc::RESOURCES)?;
        Ok(resources.to_vec())
    })
    .await?;
    Ok(Reply(resources))
}

async fn sync_lesson_resource(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<LessonResourceSync>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let resources = on_doc(&state, &report, |doc| Ok(doc.resources().to_vec())).await?;
    let mut reports = 0;
    for other in feedback::of_lesson(&state.db, report.lesson_id).await? {
        if other.id == report.id || !records::may_edit_report(&state, &caller, &other).await? {
            continue;
        }
        let copy = resources.clone();
        on_doc(&state, &other, move |doc| {
            let mut theirs = doc.resources();
            for r in copy {
                if !theirs.items().any(|t| t.resource_id == r.resource_id) && theirs.len() < doc::MAX_RESOURCES {
                    theirs.push(r);
                }
            }
            theirs.write(doc.0, doc::RESOURCES)
        })
        .await?;
        reports += 1;
    }
    let sync_count = feedback::bump_sync_count(&state.db, report.id).await?;
    Ok(Reply(LessonResourceSync { reports, sync_count }))
}

async fn draft_answer_sheet(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<AnswerSheet>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let items = on_doc(&state, &report, |doc| doc.draft_answer_sheet()).await?;
    Ok(Reply(AnswerSheet { status: "draft".into(), items }))
}

async fn single_submit(state: web::Data<AppState>, caller: Caller, body: web::Json<SingleSubmitRequest>) -> ApiResult<Reply<AnswerSheet>> {
    let body = body.into_inner();
    if body.answer.chars().count() > MAX_SECTION_CHARS {
        return Err(ApiError::bad_request(format!("答案不能超过 {MAX_SECTION_CHARS} 字")));
    }
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    // A bank question's objective answer is marked against the stored one, whatever the client says.
    let marked = match body.question_id.parse::<i64>() {
        Ok(id) => storage::question::by_id(&state.db, id).await?.filter(|q| q.owner_id == 0).and_then(|q| storage::question::mark(&q, &body.answer)),
        Err(_) => None,
    };
    let correct = marked.or(body.correct);
    let (status, items) = on_doc(&state, &report, move |doc| doc.submit_answer(&body.question_id, body.answer, correct)).await?;
    feedback::touch(&state.db, report.id).await?;
    Ok(Reply(AnswerSheet { status, items }))
}

async fn corrected_sheets(state: web::Data<AppState>, caller: Caller, query: web::Query<ReportIdQuery>) -> ApiResult<Reply<Vec<AnswerSheetItem>>> {
    let (report, _) = records::report_for(&state, &caller, query.report_id, Need::Read).await?;
    let items = on_doc(&state, &report, |doc| Ok(doc.answer_sheet().to_vec())).await?;
    Ok(Reply(items.into_iter().filter(|i| i.correct.is_some()).collect()))
}

const AI_SYSTEM: &str = "你是一名经验丰富的K12辅导老师。请根据课堂信息，用温和、具体、积极的语气给家长写一段课后老师评语，150字以内，只输出评语正文。";

async fn ai_content(state: web::Data<AppState>, caller: Caller, body: web::Json<ReportIdRequest>) -> ApiResult<Reply<AiContent>> {
    let (report, _) = records::report_for(&state, &caller, body.report_id, Need::Edit).await?;
    let provider = state.ai.clone().ok_or_else(crate::ai::not_configured)?;
    let (texts, accuracy) = on_doc(&state, &report, |doc| {
        let texts = [FeedbackSection::KnowledgePoints, FeedbackSection::CourseSummary, FeedbackSection::CoursePerformance, FeedbackSection::Homework]
            .map(|s| doc.text(s));
        Ok((texts, doc.meta("accuracy").and_then(|v| v.as_f64())))
    })
    .await?;
    let field = |i: usize| if texts[i].trim().is_empty() { "（未填写）".to_owned() } else { texts[i].clone() };
    let accuracy = accuracy.map(|a| format!("{a}%")).unwrap_or_else(|| "（未记录）".into());
    let prompt = format!(
        "学生：{}\n课节：{}\n本节知识点：{}\n课堂内容：{}\n课堂表现：{}\n练习正确率：{}\n课后作业：{}",
        report.student_name,
        report.lesson_title,
        field(0),
        field(1),
        field(2),
        accuracy,
        field(3)
    );
    let answered = provider.complete(AI_SYSTEM, &prompt).await;
    // Every call counts in the usage per model (tokens estimated from the characters).
    let tokens = (AI_SYSTEM.chars().count() + prompt.chars().count() + answered.as_ref().map_or(0, |c| c.chars().count())) as i64;
    storage::ai::record_call(&state.db, caller.user.id, &provider.config().model, "teacherComment", answered.is_ok(), tokens).await?;
    let comment = answered?;
    let written = comment.clone();
    on_doc(&state, &report, move |doc| {
        doc.set_text(FeedbackSection::AiTeacherComment, &written);
        Ok(())
    })
    .await?;
    feedback::touch(&state.db, report.id).await?;
    Ok(Reply(AiContent { content: comment }))
}
