//! Teaching aids (`teaching-aid` area, 03 §7.1 "Library"): series by subject and stage in the
//! library's order, and the aids in them, each with a teaching-aid library paper (type 3) that
//! library editors write in the paper editor and teachers read once the aid is published.

use actix_web::http::Method;
use actix_web::web;
use hub::doc::content;
use protocol::dto::common::{IdRequest, Page};
use protocol::dto::paper::{PaperGlobalSettings, PaperHeaderInfo};
use protocol::dto::teaching_aid::{
    AidIdQuery, AidSeries, AidSeriesListRequest, AidSeriesSaveRequest, AidSeriesSortRequest, TeachingAid, TeachingAidListRequest, TeachingAidSaveRequest,
};
use storage::papers::{self, NewPaper};
use storage::teaching_aid::{self, AidFilter, AidRow, SeriesRow};

use super::question::check_scope;
use super::teaching_material::text;
use crate::access::library::{aid_for, library_editor, require_editor, PUBLISHED};
use crate::access::records;
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// The paper type of a teaching-aid library paper.
const AID_PAPER: i64 = 3;
const MAX_NAME_CHARS: usize = 50;
const MAX_TEXT_CHARS: usize = 500;
const MAX_SERIES_PER_SCOPE: usize = 200;

pub fn routes(r: &mut impl RouteSink) {
    let t = |method, path, summary| info(method, path, Access::Session, "teaching-aid", summary);
    r.add(t(Method::POST, "/api/teachingAuxiliary/addOrUpdate", "Create (with its paper) or change a teaching aid").spec(&["S274"]), save);
    r.add(t(Method::POST, "/api/teachingAuxiliary/queryList", "Teaching aids by series, subject, stage, keyword, status").spec(&["S275"]), list);
    r.add(t(Method::POST, "/api/teachingAuxiliary/queryListForPrepareLesson", "Published teaching aids").spec(&["S276"]), list_for_lessons);
    r.add(t(Method::POST, "/api/teachingAuxiliary/addOrUpdateSeries", "Create (last in order) or rename a series").spec(&["S277"]), save_series);
    r.add(t(Method::POST, "/api/teachingAuxiliary/updateSeriesSort", "Put a subject and stage's series in this order").spec(&["S278"]), sort_series);
    r.add(t(Method::POST, "/api/teachingAuxiliary/querySeriesListByPage", "Series by subject and stage, in order").spec(&["S279"]), series_page);
    r.add(t(Method::POST, "/api/teachingAuxiliary/deleteSeries", "Delete an empty series").spec(&["S280"]), delete_series);
    r.add(t(Method::GET, "/api/teachingAuxiliary/queryInfoById", "A teaching aid").spec(&["S281"]), info_by_id);
}

fn series_view(row: &SeriesRow) -> AidSeries {
    AidSeries {
        id: row.id,
        name: row.name.clone(),
        subject: row.subject,
        stage: row.stage,
        sort: row.sort,
        aid_count: row.aid_count,
        create_time: row.created_at,
    }
}

fn aid_view(row: &AidRow, caller: &Caller) -> TeachingAid {
    TeachingAid {
        id: row.id,
        series_id: row.series_id,
        series_name: row.series_name.clone(),
        title: row.title.clone(),
        subject: row.subject,
        stage: row.stage,
        description: row.description.clone(),
        status: row.status,
        paper_id: row.paper_id,
        can_edit: library_editor(caller),
        create_time: row.created_at,
        update_time: row.updated_at,
    }
}

async fn series_for(state: &AppState, id: i64) -> ApiResult<SeriesRow> {
    teaching_aid::series(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("教辅系列不存在".into()))
}

async fn save_series(state: web::Data<AppState>, caller: Caller, body: web::Json<AidSeriesSaveRequest>) -> ApiResult<Reply<AidSeries>> {
    require_editor(&caller)?;
    check_scope(body.subject, body.stage)?;
    let name = text(&body.name, "系列名称", MAX_NAME_CHARS, true)?;
    if let Some(id) = body.id {
        let series = series_for(&state, id).await?;
        if series.subject != body.subject || series.stage != body.stage {
            return Err(ApiError::bad_request("系列的学科与学段不能修改"));
        }
    } else {
        let (_, total) = teaching_aid::series_page(&state.db, Some(body.subject), Some(body.stage), 1, 1).await?;
        if total as usize >= MAX_SERIES_PER_SCOPE {
            return Err(ApiError::Conflict(format!("每个学科学段最多{MAX_SERIES_PER_SCOPE}个系列")));
        }
    }
    let id = teaching_aid::save_series(&state.db, body.id, &name, body.subject, body.stage, caller.user.id).await?;
    Ok(Reply(series_view(&series_for(&state, id).await?)))
}

async fn sort_series(state: web::Data<AppState>, caller: Caller, body: web::Json<AidSeriesSortRequest>) -> ApiResult<Reply<Vec<AidSeries>>> {
    require_editor(&caller)?;
    if body.ids.is_empty() || body.ids.len() > MAX_SERIES_PER_SCOPE {
        return Err(ApiError::bad_request(format!("ids 需包含1到{MAX_SERIES_PER_SCOPE}个系列")));
    }
    let rows = teaching_aid::sort_series(&state.db, &body.ids).await?;
    Ok(Reply(rows.iter().map(series_view).collect()))
}

async fn series_page(state: web::Data<AppState>, _: Caller, body: web::Json<AidSeriesListRequest>) -> ApiResult<Reply<Page<AidSeries>>> {
    let paging = Paging::new(body.page_no, body.page_size, 50)?;
    let (rows, total) = teaching_aid::series_page(&state.db, body.subject, body.stage, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows.iter().map(series_view).collect(), total)))
}

async fn delete_series(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<bool>> {
    require_editor(&caller)?;
    series_for(&state, body.id).await?;
    Ok(Reply(teaching_aid::delete_series(&state.db, body.id).await?))
}

async fn save(state: web::Data<AppState>, caller: Caller, body: web::Json<TeachingAidSaveRequest>) -> ApiResult<Reply<TeachingAid>> {
    require_editor(&caller)?;
    let series = series_for(&state, body.series_id).await?;
    let title = text(&body.title, "教辅名称", MAX_NAME_CHARS, true)?;
    let description = text(&body.description, "简介", MAX_TEXT_CHARS, false)?;
    let status = body.status.unwrap_or(0);
    if status != 0 && status != PUBLISHED {
        return Err(ApiError::bad_request("status 只能是0（草稿）或1（发布）"));
    }
    let id = match body.id {
        Some(id) => {
            let aid = aid_for(&state, &caller, id).await?;
            if aid.subject != series.subject || aid.stage != series.stage {
                return Err(ApiError::bad_request("只能移到同学科学段的系列"));
            }
            teaching_aid::update_aid(&state.db, id, series.id, &title, &description, status).await?;
            id
        }
        None => {
            let header = PaperHeaderInfo { title: title.clone(), teacher_name: caller.user.name.clone(), ..PaperHeaderInfo::default() };
            let paper = papers::create(
                &state.db,
                &NewPaper {
                    owner_id: caller.user.id,
                    paper_type: AID_PAPER,
                    title: &title,
                    subject: series.subject,
                    stage: series.stage,
                    school_id: caller.user.selected_school_id,
                    tree_id: 0,
                    parent_atlas_id: 0,
                    header_info: &serde_json::to_string(&header).unwrap_or_default(),
                    global_settings: &serde_json::to_string(&PaperGlobalSettings::default()).unwrap_or_default(),
                    copied_from: None,
                },
            )
            .await?;
            papers::log(&state.db, paper.id, caller.user.id, "create", "").await?;
            let heading = title.clone();
            state
                .hub
                .with_doc(&records::paper_key(paper.id), move |doc| {
                    content::write_paragraphs(doc, "handoutTitle", &[heading]);
                    Ok(())
                })
                .await?;
            teaching_aid::create_aid(&state.db, series.id, &title, &description, status, paper.id, caller.user.id).await?
        }
    };
    Ok(Reply(aid_view(&aid_for(&state, &caller, id).await?, &caller)))
}

async fn page(state: &AppState, caller: &Caller, body: &TeachingAidListRequest, published_only: bool) -> ApiResult<Reply<Page<TeachingAid>>> {
    let paging = Paging::new(body.page_no, body.page_size, 20)?;
    let keyword = body.keyword.as_deref().map(str::trim).filter(|k| !k.is_empty());
    if keyword.is_some_and(|k| k.chars().count() > MAX_NAME_CHARS) {
        return Err(ApiError::bad_request(format!("关键词不能超过{MAX_NAME_CHARS}个字")));
    }
    let status = if published_only || !library_editor(caller) { Some(PUBLISHED) } else { body.status };
    let filter = AidFilter { series_id: body.series_id, subject: body.subject, stage: body.stage, keyword: keyword.map(str::to_owned), status };
    let (rows, total) = teaching_aid::aids(&state.db, &filter, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows.iter().map(|r| aid_view(r, caller)).collect(), total)))
}

async fn list(state: web::Data<AppState>, caller: Caller, body: web::Json<TeachingAidListRequest>) -> ApiResult<Reply<Page<TeachingAid>>> {
    page(&state, &caller, &body, false).await
}

async fn list_for_lessons(state: web::Data<AppState>, caller: Caller, body: web::Json<TeachingAidListRequest>) -> ApiResult<Reply<Page<TeachingAid>>> {
    page(&state, &caller, &body, true).await
}

async fn info_by_id(state: web::Data<AppState>, caller: Caller, query: web::Query<AidIdQuery>) -> ApiResult<Reply<TeachingAid>> {
    Ok(Reply(aid_view(&aid_for(&state, &caller, query.id).await?, &caller)))
}
