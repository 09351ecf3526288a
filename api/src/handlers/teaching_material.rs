//! Textbooks (`teaching-material` area, and the dictionary's book trees: 03 §7.1, §7.2): the
//! centre's textbooks, their chapters and sections bound to knowledge points (initialised from a
//! knowledge tree or written by hand), and the published ones teachers prepare lessons from.

use std::collections::HashMap;

use actix_web::http::Method;
use actix_web::web;
use protocol::constants;
use protocol::dto::atlas::AtlasNodeRef;
use protocol::dto::common::{CodeName, Empty, Page};
use protocol::dto::teaching_material::{
    BookTreeNode, ChapterIdRequest, ChapterInitRequest, ChapterSaveRequest, Textbook, TextbookChapter, TextbookChapters, TextbookIdQuery, TextbookIdRequest,
    TextbookListRequest, TextbookSaveRequest, CLASS_TYPES,
};
use storage::teaching_material::{self, ChapterRow, TextbookFields, TextbookFilter, TextbookRow};

use super::question::check_scope;
use crate::access::atlas::{node_for, tree_for, TreeNeed};
use crate::access::library::{library_editor, require_editor, textbook_for, PUBLISHED};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

const MAX_NAME_CHARS: usize = 50;
const MAX_TEXT_CHARS: usize = 500;
const MAX_POINTS: usize = 30;
const MAX_CHAPTERS: usize = 500;

pub fn routes(r: &mut impl RouteSink) {
    let t = |method, path, summary| info(method, path, Access::Session, "teaching-material", summary);
    r.add(t(Method::POST, "/api/teachingMaterial/addOrUpdate", "Create or change a textbook (library editors)").spec(&["S264"]), save);
    r.add(t(Method::POST, "/api/teachingMaterial/queryList", "Textbooks by subject, stage, name, status, class type").spec(&["S265"]), list);
    r.add(t(Method::POST, "/api/teachingMaterial/queryChapter", "A textbook with its chapters").spec(&["S266"]), query_chapters);
    r.add(t(Method::POST, "/api/teachingMaterial/chapter/init", "Chapters from a knowledge tree's top two levels").spec(&["S267"]), init_chapters);
    r.add(t(Method::POST, "/api/teachingMaterial/chapter/save", "Add or change a chapter or section with its knowledge points").spec(&["S268"]), save_chapter);
    r.add(t(Method::POST, "/api/teachingMaterial/chapter/query", "A chapter with its points and sections").spec(&["S269"]), query_chapter);
    r.add(t(Method::POST, "/api/teachingMaterial/chapter/delete", "Delete a chapter with its sections").spec(&["S270"]), delete_chapter);
    r.add(t(Method::POST, "/api/teachingMaterial/queryListForPrepareLesson", "Published textbooks to prepare lessons from").spec(&["S271"]), list_for_lessons);
    r.add(t(Method::GET, "/api/teachingMaterial/queryInfoById", "A textbook").spec(&["S272"]), info_by_id);
    r.add(t(Method::GET, "/api/teachingMaterial/queryConfigClassTypeList", "The class types a textbook serves").spec(&["S273"]), class_types);
    r.add(info(Method::POST, "/api/book/chapterTree", Access::Session, "dict", "A textbook's chapter tree").spec(&["S116"]), query_chapters);
    r.add(info(Method::POST, "/api/book/bookTree", Access::Session, "dict", "Published textbooks by stage and subject").spec(&["S117"]), book_tree);
}

fn view(row: &TextbookRow, caller: &Caller) -> Textbook {
    Textbook {
        id: row.id,
        name: row.name.clone(),
        subject: row.subject,
        stage: row.stage,
        edition: row.edition.clone(),
        grade: row.grade.clone(),
        class_types: row.class_type_list(),
        description: row.description.clone(),
        status: row.status,
        chapter_count: row.chapter_count,
        can_edit: library_editor(caller),
        create_time: row.created_at,
        update_time: row.updated_at,
    }
}

/// A trimmed text of at most `max` characters (and not empty when `required`), or a message
/// naming `what`.
pub(super) fn text(value: &str, what: &str, max: usize, required: bool) -> ApiResult<String> {
    let value = value.trim();
    if (required && value.is_empty()) || value.chars().count() > max {
        return Err(ApiError::bad_request(if required { format!("{what}需为1到{max}个字") } else { format!("{what}不能超过{max}个字") }));
    }
    Ok(value.to_owned())
}

fn check_status(status: i64) -> ApiResult<i64> {
    if status == 0 || status == PUBLISHED {
        Ok(status)
    } else {
        Err(ApiError::bad_request("status 只能是0（草稿）或1（发布）"))
    }
}

async fn save(state: web::Data<AppState>, caller: Caller, body: web::Json<TextbookSaveRequest>) -> ApiResult<Reply<Textbook>> {
    require_editor(&caller)?;
    check_scope(body.subject, body.stage)?;
    let name = text(&body.name, "教材名称", MAX_NAME_CHARS, true)?;
    let edition = text(&body.edition, "版本", MAX_NAME_CHARS, false)?;
    let grade = text(&body.grade, "年级", MAX_NAME_CHARS, false)?;
    let description = text(&body.description, "简介", MAX_TEXT_CHARS, false)?;
    let mut class_types = body.class_types.clone();
    class_types.sort_unstable();
    class_types.dedup();
    if class_types.iter().any(|c| !CLASS_TYPES.iter().any(|(code, _)| code == c)) {
        return Err(ApiError::bad_request("班型不存在"));
    }
    let status = check_status(body.status.unwrap_or(0))?;
    if let Some(id) = body.id {
        textbook_for(&state, &caller, id).await?;
    }
    let fields = TextbookFields {
        name: &name,
        subject: body.subject,
        stage: body.stage,
        edition: &edition,
        grade: &grade,
        class_types: &class_types,
        description: &description,
        status,
    };
    let id = teaching_material::save(&state.db, body.id, &fields, caller.user.id).await?;
    Ok(Reply(view(&textbook_for(&state, &caller, id).await?, &caller)))
}

async fn page(state: &AppState, caller: &Caller, body: &TextbookListRequest, published_only: bool) -> ApiResult<Reply<Page<Textbook>>> {
    let paging = Paging::new(body.page_no, body.page_size, 20)?;
    if let Some(s) = body.status {
        check_status(s)?;
    }
    let name = body.name.as_deref().map(str::trim).filter(|n| !n.is_empty());
    if name.is_some_and(|n| n.chars().count() > MAX_NAME_CHARS) {
        return Err(ApiError::bad_request(format!("名称不能超过{MAX_NAME_CHARS}个字")));
    }
    let status = if published_only || !library_editor(caller) { Some(PUBLISHED) } else { body.status };
    let filter = TextbookFilter { subject: body.subject, stage: body.stage, name: name.map(str::to_owned), status, class_type: body.class_type };
    let (rows, total) = teaching_material::list(&state.db, &filter, paging.page_no, paging.page_size).await?;
    Ok(Reply(paging.page(rows.iter().map(|r| view(r, caller)).collect(), total)))
}

async fn list(state: web::Data<AppState>, caller: Caller, body: web::Json<TextbookListRequest>) -> ApiResult<Reply<Page<Textbook>>> {
    page(&state, &caller, &body, false).await
}

async fn list_for_lessons(state: web::Data<AppState>, caller: Caller, body: web::Json<TextbookListRequest>) -> ApiResult<Reply<Page<Textbook>>> {
    page(&state, &caller, &body, true).await
}

async fn info_by_id(state: web::Data<AppState>, caller: Caller, query: web::Query<TextbookIdQuery>) -> ApiResult<Reply<Textbook>> {
    Ok(Reply(view(&textbook_for(&state, &caller, query.id).await?, &caller)))
}

async fn class_types(_: Caller) -> ApiResult<Reply<Vec<CodeName>>> {
    Ok(Reply(CLASS_TYPES.iter().map(|(code, name)| CodeName { code: code.to_string(), name: (*name).to_owned() }).collect()))
}

/// The chapters as a tree, with their points and the bank's questions on them.
async fn chapter_views(state: &AppState, caller: &Caller, rows: &[ChapterRow]) -> ApiResult<Vec<TextbookChapter>> {
    let ids: Vec<i64> = rows.iter().map(|c| c.id).collect();
    let mut points: HashMap<i64, Vec<AtlasNodeRef>> = HashMap::new();
    for (chapter, id, name) in teaching_material::chapter_points(&state.db, &ids).await? {
        points.entry(chapter).or_default().push(AtlasNodeRef { id, name });
    }
    let counts: HashMap<i64, i64> = teaching_material::chapter_question_counts(&state.db, &ids, caller.user.id).await?.into_iter().collect();
    fn build(parent: i64, rows: &[ChapterRow], points: &mut HashMap<i64, Vec<AtlasNodeRef>>, counts: &HashMap<i64, i64>) -> Vec<TextbookChapter> {
        rows.iter()
            .filter(|c| c.parent_id == parent)
            .map(|c| TextbookChapter {
                id: c.id,
                textbook_id: c.textbook_id,
                parent_id: c.parent_id,
                name: c.name.clone(),
                sort: c.sort,
                knowledge_points: points.remove(&c.id).unwrap_or_default(),
                question_count: counts.get(&c.id).copied().unwrap_or(0),
                children: if parent == 0 { build(c.id, rows, points, counts) } else { Vec::new() },
            })
            .collect()
    }
    Ok(build(0, rows, &mut points, &counts))
}

async fn with_chapters(state: &AppState, caller: &Caller, book: &TextbookRow) -> ApiResult<TextbookChapters> {
    let rows = teaching_material::chapters(&state.db, book.id).await?;
    Ok(TextbookChapters { textbook: view(book, caller), chapters: chapter_views(state, caller, &rows).await? })
}

async fn query_chapters(state: web::Data<AppState>, caller: Caller, body: web::Json<TextbookIdRequest>) -> ApiResult<Reply<TextbookChapters>> {
    let book = textbook_for(&state, &caller, body.textbook_id).await?;
    Ok(Reply(with_chapters(&state, &caller, &book).await?))
}

async fn init_chapters(state: web::Data<AppState>, caller: Caller, body: web::Json<ChapterInitRequest>) -> ApiResult<Reply<TextbookChapters>> {
    require_editor(&caller)?;
    let book = textbook_for(&state, &caller, body.textbook_id).await?;
    let (tree, _) = tree_for(&state, &caller, body.tree_id, TreeNeed::Read).await?;
    if tree.subject != book.subject || tree.stage != book.stage {
        return Err(ApiError::bad_request("知识图谱与教材的学科、学段不一致"));
    }
    let nodes = storage::atlas::nodes(&state.db, tree.id).await?;
    if nodes.iter().filter(|n| n.depth <= 2).count() > MAX_CHAPTERS {
        return Err(ApiError::bad_request(format!("章节最多{MAX_CHAPTERS}个")));
    }
    teaching_material::init_chapters(&state.db, book.id, &nodes).await?;
    let book = textbook_for(&state, &caller, book.id).await?;
    Ok(Reply(with_chapters(&state, &caller, &book).await?))
}

async fn save_chapter(state: web::Data<AppState>, caller: Caller, body: web::Json<ChapterSaveRequest>) -> ApiResult<Reply<TextbookChapter>> {
    require_editor(&caller)?;
    let book = textbook_for(&state, &caller, body.textbook_id).await?;
    let name = text(&body.name, "章节名称", MAX_NAME_CHARS, true)?;
    if body.knowledge_ids.len() > MAX_POINTS {
        return Err(ApiError::bad_request(format!("一个章节最多{MAX_POINTS}个知识点")));
    }
    if let Some(id) = body.chapter_id {
        let chapter =
            teaching_material::chapter(&state.db, id).await?.filter(|c| c.textbook_id == book.id).ok_or_else(|| ApiError::NotFound("章节不存在".into()))?;
        if chapter.parent_id != body.parent_id {
            return Err(ApiError::bad_request("章节不能改挂到别处"));
        }
    } else if book.chapter_count as usize >= MAX_CHAPTERS {
        return Err(ApiError::Conflict(format!("章节最多{MAX_CHAPTERS}个")));
    }
    if body.parent_id != 0 {
        let parent = teaching_material::chapter(&state.db, body.parent_id).await?;
        if !parent.is_some_and(|p| p.textbook_id == book.id && p.parent_id == 0) {
            return Err(ApiError::bad_request("上级章节不存在（小节只能挂在章下）"));
        }
    }
    let mut points = Vec::new();
    for id in &body.knowledge_ids {
        let (node, _, _) = node_for(&state, &caller, *id, TreeNeed::Read).await?;
        if node.subject != book.subject || node.stage != book.stage {
            return Err(ApiError::bad_request(format!("知识点{}不属于教材的学科与学段", node.name)));
        }
        if !points.contains(&node.bank_node()) {
            points.push(node.bank_node());
        }
    }
    let id = teaching_material::save_chapter(&state.db, book.id, body.chapter_id, body.parent_id, &name, body.sort, &points).await?;
    chapter_view(&state, &caller, id).await.map(Reply)
}

async fn chapter_view(state: &AppState, caller: &Caller, id: i64) -> ApiResult<TextbookChapter> {
    let chapter = teaching_material::chapter(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("章节不存在".into()))?;
    textbook_for(state, caller, chapter.textbook_id).await?;
    let rows: Vec<ChapterRow> = teaching_material::chapters(&state.db, chapter.textbook_id).await?;
    let family: Vec<ChapterRow> =
        rows.into_iter().filter(|c| c.id == id || c.parent_id == id).map(|c| ChapterRow { parent_id: if c.id == id { 0 } else { c.parent_id }, ..c }).collect();
    let mut views = chapter_views(state, caller, &family).await?;
    let mut view = views.pop().ok_or_else(|| ApiError::NotFound("章节不存在".into()))?;
    view.parent_id = chapter.parent_id;
    Ok(view)
}

async fn query_chapter(state: web::Data<AppState>, caller: Caller, body: web::Json<ChapterIdRequest>) -> ApiResult<Reply<TextbookChapter>> {
    chapter_view(&state, &caller, body.chapter_id).await.map(Reply)
}

async fn delete_chapter(state: web::Data<AppState>, caller: Caller, body: web::Json<ChapterIdRequest>) -> ApiResult<Reply<u64>> {
    require_editor(&caller)?;
    let chapter = teaching_material::chapter(&state.db, body.chapter_id).await?.ok_or_else(|| ApiError::NotFound("章节不存在".into()))?;
    Ok(Reply(teaching_material::delete_chapter(&state.db, &chapter).await?))
}

async fn book_tree(state: web::Data<AppState>, _: Caller, _: OptionalJson<Empty>) -> ApiResult<Reply<Vec<BookTreeNode>>> {
    let filter = TextbookFilter { status: Some(PUBLISHED), ..TextbookFilter::default() };
    let (rows, _) = teaching_material::list(&state.db, &filter, 1, 1000).await?;
    let mut stages: Vec<BookTreeNode> = Vec::new();
    for stage in [constants::STAGE_SENIOR, constants::STAGE_JUNIOR] {
        let mut subjects = Vec::new();
        for subject in constants::SUBJECTS.iter() {
            let books: Vec<BookTreeNode> = rows
                .iter()
                .filter(|b| b.stage == stage && b.subject == subject.code)
                .map(|b| BookTreeNode { key: format!("book-{}", b.id), name: b.name.clone(), textbook_id: Some(b.id), children: Vec::new() })
                .collect();
            if !books.is_empty() {
                subjects.push(BookTreeNode {
                    key: format!("subject-{stage}-{}", subject.code),
                    name: subject.name.to_owned(),
                    textbook_id: None,
                    children: books,
                });
            }
        }
        if !subjects.is_empty() {
            stages.push(BookTreeNode {
                key: format!("stage-{stage}"),
                name: constants::stage_name(stage).unwrap_or_default().to_owned(),
                textbook_id: None,
                children: subjects,
            });
        }
    }
    Ok(Reply(stages))
}
