//! Service quality checks (`qc` area, 02 §7.6): punch records and their checks, quick
//! comments, QC teams, project teams, service types, tags, rules, the course range, periods and
//! the service statistics. The spec shows the calls' tails only; they are served under `/api`
//! with those tails.
//!
//! Reading punch records and statistics needs a session and applies the data scope; checking
//! and configuring needs an inspector's role (admin, operator), and managing teams a manager's
//! role too; resource rules (which punch, team, school) are in `access::qc`.

use actix_web::http::Method;
use actix_web::web;
use protocol::constants::{limits::DEFAULT_PAGE_SIZE, role};
use protocol::dictionary as dict;
use protocol::dto::common::{CodeName, IdQuery, IdRequest, IdsRequest, Page};
use protocol::dto::qc::*;
use storage::datacentre::{calendar, filter, Filter, Side};
use storage::now_ms;
use storage::qc::{self, comments, exam_grades, groups, precheck, punches, reviews, services, settings, stats, teams, PunchFilter, View};

use crate::access::qc::Reach;
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::extract::OptionalJson;
use crate::paging::Paging;
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

/// Who checks punch records and configures services and rules.
pub(crate) const INSPECTORS: &[&str] = &[role::ADMIN, role::OPERATOR];
/// Who manages QC and project teams and reads the QC list.
pub(crate) const MANAGERS: &[&str] = &[role::ADMIN, role::OPERATOR, role::SCHOOL_MANAGER, role::AREA_MANAGER];
/// The most ids a batch call takes.
const MAX_BATCH: usize = 500;

pub fn routes(r: &mut impl RouteSink) {
    let route = |method: Method, path: &'static str, access: Access, summary: &'static str, ids: &'static [&'static str]| {
        info(method, path, access, "qc", summary).spec(ids)
    };
    use Method as M;
    let session = Access::Session;
    let inspectors = Access::HoldsRole(INSPECTORS);
    let managers = Access::HoldsRole(MANAGERS);
    // Punch records and checks.
    r.add(route(M::POST, "/api/qc/service/punchRecord/delete", inspectors, "Deletes a punch record and its checks", &["S146"]), delete_punch);
    r.add(route(M::POST, "/api/qc/service/detail/list", session, "Service punch records within the caller's scope", &["S147"]), punch_list);
    r.add(route(M::GET, "/api/taskDetail/byPunchId", session, "The service task behind a punch: everything written, every check", &["S192"]), punch_detail);
    r.add(route(M::GET, "/api/qc/aiDetail", inspectors, "The automatic pre-check of a punch against the school's QC rule", &["S169"]), ai_detail);
    r.add(route(M::POST, "/api/qc/singleQc", inspectors, "Checks one punch record: qualified or not, classic case, comment", &["S170"]), single_qc);
    r.add(route(M::POST, "/api/qc/bathUpdateResultStatus", inspectors, "Sets the result of several punch records", &["S171"]), batch_result);
    r.add(route(M::POST, "/api/qcCheck/list", managers, "The QC list: staff in QC teams with their punches and checks in the period", &["S172"]), qc_list);
    // Quick comments.
    r.add(route(M::POST, "/api/fastComment/add", inspectors, "Adds a quick comment of the inspector's", &["S148"]), comment_add);
    r.add(route(M::GET, "/api/fastComment/list", inspectors, "The inspector's quick comments", &["S149"]), comment_list);
    r.add(route(M::POST, "/api/fastComment/batchDel", inspectors, "Deletes quick comments of the inspector's", &["S150"]), comment_delete);
    // QC teams.
    r.add(route(M::POST, "/api/qcGroupConfig/addOrUpdate", managers, "Creates or replaces a QC team", &["S151"]), group_save);
    r.add(route(M::POST, "/api/qcGroupConfig/list", managers, "QC teams with members and inspectors", &["S152"]), group_list);
    r.add(route(M::POST, "/api/qcGroupConfig/batchDel", managers, "Deletes QC teams", &["S153"]), group_delete);
    r.add(route(M::GET, "/api/qcGroupConfig/groupSimpleList", session, "QC teams by id and name (filters)", &["S154"]), group_simple_list);
    r.add(route(M::GET, "/api/qcGroupConfig/getTeacherInfo", managers, "A staff member: school, area, department, teams, roles", &["S155"]), teacher_info);
    r.add(
        route(M::GET, "/api/qcGroupConfig/getTeacherInfoByKeword", managers, "Staff whose name or e-mail holds a keyword (20 at most)", &["S156"]),
        teacher_search,
    );
    // Project teams.
    r.add(route(M::POST, "/api/tfGroup/addOrUpdate", managers, "Creates or renames a project team", &["S157"]), team_save);
    r.add(route(M::POST, "/api/tfGroup/batchChangeGroup", managers, "Moves staff into a project team", &["S158"]), team_batch_move);
    r.add(route(M::POST, "/api/tfGroup/batchDelGroup", managers, "Deletes project teams (their members belong to none)", &["S159"]), team_delete);
    r.add(route(M::GET, "/api/tfGroup/findGroupList", session, "Project teams (filters and pickers)", &["S160"]), team_find);
    r.add(route(M::GET, "/api/tfGroup/findGroupListV2", session, "Project teams by school", &["S161"]), team_find_v2);
    r.add(route(M::POST, "/api/tfGroup/list", managers, "A page of project teams with member counts", &["S162"]), team_list);
    r.add(route(M::POST, "/api/tfGroup/memberList", managers, "The members of a project team", &["S163"]), team_members);
    r.add(
        route(M::POST, "/api/tfGroup/memberListV2", managers, "Staff by school, department, project team (0 = none) and keyword", &["S164"]),
        team_members_v2,
    );
    r.add(route(M::POST, "/api/tfGroup/changeGroup", managers, "Moves one staff member into a project team (0 = none)", &["S165"]), team_move);
    r.add(route(M::POST, "/api/tfGroup/batchDel", managers, "Takes staff out of their project teams", &["S166"]), team_remove);
    r.add(route(M::GET, "/api/tfGroup/getSchoolDeptList", managers, "Schools with their departments", &["S167"]), school_depts);
    r.add(route(M::POST, "/api/tfGroup/emailList", managers, "Staff by a pasted list of e-mails: found and missing", &["S168"]), staff_by_emails);
    // Service types.
    r.add(route(M::POST, "/api/service/list", session, "A page of service types", &["S177"]), service_list);
    r.add(route(M::GET, "/api/service/iconList", session, "The icons a service type may show", &["S178"]), icon_list);
    r.add(route(M::POST, "/api/service/addOrUpdate", inspectors, "Creates or replaces a service type", &["S179"]), service_save);
    r.add(route(M::POST, "/api/service/del", inspectors, "Deletes a service type (hidden if it has punch records)", &["S180"]), service_delete);
    r.add(route(M::GET, "/api/service/detailById", session, "One service type", &["S181"]), service_detail);
    r.add(route(M::POST, "/api/service/listByCondition", session, "The enabled service types for a side and a role", &["S182"]), service_by_condition);
    r.add(route(M::GET, "/api/service/studentFollowForm", session, "The form staff fill to follow a student up with a service", &["S183"]), follow_form);
    // Tags, rules, course range, periods.
    r.add(route(M::GET, "/api/tag/list", session, "Submission tags with their use", &["S184"]), tag_list);
    r.add(route(M::POST, "/api/tag/del", inspectors, "Deletes a submission tag", &["S185"]), tag_delete);
    r.add(route(M::GET, "/api/rule/getRule", session, "A school's QC rule (or the group's it follows)", &["S186"]), rule_get);
    r.add(route(M::POST, "/api/rule/saveOrUpdate", inspectors, "Saves a school's or the group's QC rule", &["S187"]), rule_save);
    r.add(route(M::GET, "/api/courseRange/get", session, "The course range the service statistics count", &["S188"]), course_range_get);
    r.add(route(M::POST, "/api/courseRange/save", inspectors, "Saves the course range (for the whole group)", &["S189"]), course_range_save);
    r.add(route(M::GET, "/api/period/monthWeekList", session, "The fiscal weeks of a month", &["S190"]), month_weeks);
    r.add(route(M::GET, "/api/period/quarterMonthList", session, "The months of a fiscal quarter", &["S191"]), quarter_months);
    // Statistics.
    r.add(
        info(
            M::POST,
            "/api/qc/examGrades",
            session,
            "qc",
            "Students' school exam grades: a subject of an exam per row (the QC screen examGrades; the spec names no call)",
        ),
        exam_grades,
    );
    r.add(route(M::POST, "/api/serviceStatistics/class", session, "Service statistics of classes: by teacher or by class", &["S173"]), stat_class);
    r.add(route(M::POST, "/api/serviceStatistics/vip", session, "Service statistics of one-on-one teaching, by teacher", &["S174"]), stat_vip);
    r.add(route(M::POST, "/api/serviceStatistics/service", session, "Service statistics by service type", &["S175"]), stat_service);
    r.add(route(M::POST, "/api/serviceStatistics/student", session, "Service statistics by student", &["S176"]), stat_student);
}

// ---------------------------------------------------------------- search

/// A QC search checked once: reach, filter, QC narrowing.
struct Search {
    reach: Reach,
    filter: Filter,
    punches: PunchFilter,
    now: i64,
}

impl Search {
    async fn of(state: &AppState, caller: &Caller, search: &QcSearch, sortable: &[&str]) -> ApiResult<Search> {
        let reach = Reach::of(state, caller).await?;
        let filter = filter::parse(&search.base(), calendar::today(), sortable).map_err(ApiError::bad_request)?;
        crate::access::scope::check_school(state, caller, &reach.scope, filter.school_id).await?;
        let punches = qc::parse_punch_filter(search).map_err(ApiError::bad_request)?;
        Ok(Search { reach, filter, punches, now: now_ms() })
    }

    fn page<T>(&self, records: Vec<T>, total: i64) -> Page<T> {
        Page { records, total, page_no: self.filter.page_no, page_size: self.filter.page_size }
    }
}

fn props(pairs: &[(&'static str, &'static str)]) -> Vec<&'static str> {
    pairs.iter().map(|(prop, _)| *prop).collect()
}

/// Ids of a batch: 1 to [`MAX_BATCH`], positive, without repeats.
fn batch_ids(name: &str, ids: &[i64]) -> ApiResult<Vec<i64>> {
    if ids.is_empty() || ids.len() > MAX_BATCH {
        return Err(ApiError::bad_request(format!("{name} 需要 1 到 {MAX_BATCH} 个编号")));
    }
    if let Some(bad) = ids.iter().find(|id| **id <= 0) {
        return Err(ApiError::bad_request(format!("{name} 含无效编号：{bad}")));
    }
    let mut out = ids.to_vec();
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// A storage answer with its "not found" said in the caller's words.
fn found<T>(result: storage::Result<T>, missing: &str) -> ApiResult<T> {
    match result {
        Err(storage::StorageError::NotFound) => Err(ApiError::NotFound(missing.into())),
        other => Ok(other?),
    }
}

fn required_id(name: &str, id: Option<i64>) -> ApiResult<i64> {
    id.filter(|id| *id > 0).ok_or_else(|| ApiError::bad_request(format!("缺少参数 {name}")))
}

fn trimmed(name: &str, text: &str, max: usize, required: bool) -> ApiResult<String> {
    let t = text.trim();
    if required && t.is_empty() {
        return Err(ApiError::bad_request(format!("{name} 不能为空")));
    }
    if t.chars().count() > max {
        return Err(ApiError::bad_request(format!("{name} 最多 {max} 字")));
    }
    Ok(t.to_owned())
}

fn keyword(text: Option<&str>) -> ApiResult<Option<String>> {
    super::keyword(text, 100)
}

/// A school of a list's filter: absent / -1 = all.
fn school_filter(school_id: Option<i64>) -> Option<i64> {
    school_id.filter(|id| *id != -1)
}

// ---------------------------------------------------------------- punch records and checks

async fn punch_list(state: web::Data<AppState>, caller: Caller, body: OptionalJson<QcSearch>) -> ApiResult<Reply<Page<ServicePunchRow>>> {
    let s = Search::of(&state, &caller, &body.0, &props(punches::SORTABLE)).await?;
    // The count and the page read the same records: at once, on two connections.
    let (total, rows) = futures_util::try_join!(
        punches::count(&state.db, &s.reach.scope, &s.filter, &s.punches, s.now),
        punches::page(&state.db, &s.reach.scope, &s.filter, &s.punches, s.now, s.filter.offset(), s.filter.page_size)
    )?;
    Ok(Reply(s.page(rows, total)))
}

async fn exam_grades(
    state: web::Data<AppState>,
    caller: Caller,
    body: OptionalJson<protocol::dto::datacentre::DcSearch>,
) -> ApiResult<Reply<Page<ExamGradeRow>>> {
    let scope = crate::access::scope::data_scope(&state, &caller).await?;
    let f = filter::parse(&body.0, calendar::today(), &props(exam_grades::SORTABLE)).map_err(ApiError::bad_request)?;
    crate::access::scope::check_school(&state, &caller, &scope, f.school_id).await?;
    let now = now_ms();
    let (total, rows) =
        futures_util::try_join!(exam_grades::count(&state.db, &scope, &f, now), exam_grades::page(&state.db, &scope, &f, now, f.offset(), f.page_size))?;
    Ok(Reply(Page { records: rows, total, page_no: f.page_no, page_size: f.page_size }))
}

async fn form_of(state: &AppState, service_id: i64) -> ApiResult<Vec<FormField>> {
    // A deleted service type keeps its form in the table, hidden from `by_id`.
    Ok(match services::by_id(&state.db, service_id).await {
        Ok(s) => s.form_fields,
        Err(storage::StorageError::NotFound) => Vec::new(),
        Err(e) => return Err(e.into()),
    })
}

async fn punch_detail(state: web::Data<AppState>, caller: Caller, query: web::Query<PunchIdQuery>) -> ApiResult<Reply<PunchDetail>> {
    let id = required_id("punchId", query.punch_id)?;
    Reach::of(&state, &caller).await?.punch(&state, id).await?;
    let facts = punches::facts(&state.db, id).await?;
    let fields = form_of(&state, facts.service_id).await?;
    Ok(Reply(punches::detail(&state.db, facts, &fields).await?))
}

async fn ai_detail(state: web::Data<AppState>, caller: Caller, query: web::Query<PunchIdQuery>) -> ApiResult<Reply<AiDetail>> {
    let id = required_id("punchId", query.punch_id)?;
    Reach::of(&state, &caller).await?.punch(&state, id).await?;
    let facts = punches::facts(&state.db, id).await?;
    let rule = settings::rule(&state.db, facts.school_id).await?;
    let fields = form_of(&state, facts.service_id).await?;
    let neighbours = punches::neighbours(&state.db, &facts, precheck::window_ms(&rule.settings)).await?;
    Ok(Reply(precheck::precheck(&facts, &fields, &rule.settings, &neighbours)))
}

fn result_status(value: i64) -> ApiResult<i64> {
    if value == dict::QC_QUALIFIED || value == dict::QC_UNQUALIFIED {
        Ok(value)
    } else {
        Err(ApiError::bad_request(format!("resultStatus 只能是 1（合格）或 2（不合格）：{value}")))
    }
}

async fn single_qc(state: web::Data<AppState>, caller: Caller, body: web::Json<SingleQc>) -> ApiResult<Reply<ServicePunchRow>> {
    let result = result_status(body.result_status)?;
    let comment = trimmed("comment", &body.comment, 500, false)?;
    Reach::of(&state, &caller).await?.punch(&state, body.punch_id).await?;
    let facts = punches::facts(&state.db, body.punch_id).await?;
    let rule = settings::rule(&state.db, facts.school_id).await?;
    if result == dict::QC_UNQUALIFIED && rule.settings.comment_required_when_unqualified && comment.is_empty() {
        return Err(ApiError::bad_request("comment 不能为空：质检规则要求不合格时写明原因"));
    }
    reviews::check(&state.db, body.punch_id, caller.user.id, result, body.classic_case, &comment).await?;
    Ok(Reply(punches::row(&state.db, body.punch_id).await?))
}

async fn batch_result(state: web::Data<AppState>, caller: Caller, body: web::Json<BatchResultStatus>) -> ApiResult<Reply<Changed>> {
    let ids = batch_ids("punchIds", &body.punch_ids)?;
    let result = result_status(body.result_status)?;
    let comment = trimmed("comment", &body.comment, 500, false)?;
    let reach = Reach::of(&state, &caller).await?;
    // Each school's rule is read once, however many of its punches the batch holds.
    let mut comment_required: std::collections::HashMap<i64, bool> = std::collections::HashMap::new();
    for id in &ids {
        reach.punch(&state, *id).await?;
        if result == dict::QC_UNQUALIFIED && comment.is_empty() {
            let school = punches::facts(&state.db, *id).await?.school_id;
            let required = match comment_required.get(&school) {
                Some(required) => *required,
                None => {
                    let required = settings::rule(&state.db, school).await?.settings.comment_required_when_unqualified;
                    *comment_required.entry(school).or_insert(required)
                }
            };
            if required {
                return Err(ApiError::bad_request("comment 不能为空：质检规则要求不合格时写明原因"));
            }
        }
    }
    Ok(Reply(Changed { changed: reviews::batch(&state.db, &ids, caller.user.id, result, &comment).await? }))
}

async fn delete_punch(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<bool>> {
    Reach::of(&state, &caller).await?.punch(&state, body.id).await?;
    punches::delete(&state.db, body.id).await?;
    Ok(Reply(true))
}

async fn qc_list(state: web::Data<AppState>, caller: Caller, body: OptionalJson<QcSearch>) -> ApiResult<Reply<Page<QcEmployeeRow>>> {
    let s = Search::of(&state, &caller, &body.0, stats::EMPLOYEE_SORTABLE).await?;
    let mut rows = stats::employees(&state.db, &s.reach.scope, &s.filter, &s.punches, s.now, s.reach.schools()).await?;
    stats::sort_employees(&mut rows, s.filter.sort.as_ref());
    let total = rows.len() as i64;
    let mut page: Vec<QcEmployeeRow> = rows.into_iter().skip(s.filter.offset() as usize).take(s.filter.page_size as usize).collect();
    stats::name_last_operators(&state.db, &mut page).await?;
    Ok(Reply(s.page(page, total)))
}

// ---------------------------------------------------------------- quick comments

async fn comment_add(state: web::Data<AppState>, caller: Caller, body: web::Json<FastCommentAdd>) -> ApiResult<Reply<FastComment>> {
    let content = trimmed("content", &body.content, 200, true)?;
    if comments::count(&state.db, caller.user.id).await? >= comments::MAX_PER_OWNER {
        return Err(ApiError::bad_request(format!("快捷评语最多 {} 条，请先删除不用的", comments::MAX_PER_OWNER)));
    }
    Ok(Reply(comments::add(&state.db, caller.user.id, &content).await?))
}

async fn comment_list(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Vec<FastComment>>> {
    Ok(Reply(comments::list(&state.db, caller.user.id).await?))
}

async fn comment_delete(state: web::Data<AppState>, caller: Caller, body: web::Json<IdsRequest>) -> ApiResult<Reply<Changed>> {
    let ids = batch_ids("ids", &body.ids)?;
    Ok(Reply(Changed { changed: comments::delete(&state.db, caller.user.id, &ids).await? }))
}

// ---------------------------------------------------------------- QC teams

async fn group_save(state: web::Data<AppState>, caller: Caller, body: web::Json<QcGroupSave>) -> ApiResult<Reply<QcGroupRow>> {
    let name = trimmed("name", &body.name, 30, true)?;
    let remark = trimmed("remark", &body.remark, 200, false)?;
    let mut members = body.member_ids.clone();
    members.sort_unstable();
    members.dedup();
    let mut inspectors = body.responsible_ids.clone();
    inspectors.sort_unstable();
    inspectors.dedup();
    if members.len() > MAX_BATCH || inspectors.len() > 50 {
        return Err(ApiError::bad_request(format!("memberIds 最多 {MAX_BATCH} 人，responsibleIds 最多 50 人")));
    }
    let reach = Reach::of(&state, &caller).await?;
    reach.check_school(body.school_id)?;
    if let Some(id) = body.id {
        reach.qc_group(&state, id).await?;
    }
    reach.staff(&state, &members).await?;
    if groups::count_holding(&state.db, &inspectors, &[role::OPERATOR, role::ADMIN, role::SCHOOL_MANAGER]).await? != inspectors.len() as i64 {
        return Err(ApiError::bad_request("responsibleIds 只能是质检员、管理员或校长"));
    }
    let write = groups::GroupWrite { id: body.id, name: &name, school_id: body.school_id, remark: &remark, members: &members, inspectors: &inspectors };
    Ok(Reply(groups::save(&state.db, &write, caller.user.id).await?))
}

async fn group_list(state: web::Data<AppState>, caller: Caller, body: OptionalJson<TeamSearch>) -> ApiResult<Reply<Page<QcGroupRow>>> {
    let paging = Paging::new(body.0.page_no, body.0.page_size, DEFAULT_PAGE_SIZE)?;
    let reach = Reach::of(&state, &caller).await?;
    let keyword = keyword(body.0.keyword.as_deref())?;
    let (rows, total) = groups::page(
        &state.db,
        reach.schools(),
        school_filter(body.0.school_id),
        keyword.as_deref(),
        (paging.page_no - 1) * paging.page_size,
        paging.page_size,
    )
    .await?;
    Ok(Reply(paging.page(rows, total)))
}

async fn group_delete(state: web::Data<AppState>, caller: Caller, body: web::Json<IdsRequest>) -> ApiResult<Reply<Changed>> {
    let ids = batch_ids("ids", &body.ids)?;
    let reach = Reach::of(&state, &caller).await?;
    for id in &ids {
        reach.qc_group(&state, *id).await?;
    }
    Ok(Reply(Changed { changed: groups::delete(&state.db, &ids).await? }))
}

async fn group_simple_list(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Vec<CodeName>>> {
    let reach = Reach::of(&state, &caller).await?;
    Ok(Reply(groups::simple_list(&state.db, reach.schools()).await?))
}

async fn teacher_info(state: web::Data<AppState>, caller: Caller, query: web::Query<UserIdQuery>) -> ApiResult<Reply<StaffInfo>> {
    let id = required_id("userId", query.user_id)?;
    let reach = Reach::of(&state, &caller).await?;
    Ok(Reply(found(teams::staff(&state.db, id, reach.schools()).await, "员工不存在或不在你的管理范围内")?))
}

async fn teacher_search(state: web::Data<AppState>, caller: Caller, query: web::Query<StaffKeywordQuery>) -> ApiResult<Reply<Vec<StaffInfo>>> {
    let reach = Reach::of(&state, &caller).await?;
    if query.inspectors == Some(true) {
        let keyword = keyword(query.keyword.as_deref())?;
        return Ok(Reply(teams::inspector_candidates(&state.db, keyword.as_deref(), reach.schools(), 20).await?));
    }
    let q = teams::StaffQuery { school_id: school_filter(query.school_id), keyword: keyword(query.keyword.as_deref())?, ..Default::default() };
    Ok(Reply(teams::staff_page(&state.db, &q, reach.schools(), 0, 20).await?.0))
}

// ---------------------------------------------------------------- project teams

async fn team_save(state: web::Data<AppState>, caller: Caller, body: web::Json<ProjectTeamSave>) -> ApiResult<Reply<ProjectTeamRow>> {
    let name = trimmed("name", &body.name, 30, true)?;
    let remark = trimmed("remark", &body.remark, 200, false)?;
    let reach = Reach::of(&state, &caller).await?;
    reach.check_school(body.school_id)?;
    if let Some(id) = body.id {
        reach.team(&state, id).await?;
    }
    Ok(Reply(teams::save_team(&state.db, body.id, &name, body.school_id.max(0), &remark).await?))
}

async fn move_into(state: &AppState, caller: &Caller, user_ids: &[i64], group_id: i64) -> ApiResult<Changed> {
    if group_id < 0 {
        return Err(ApiError::bad_request(format!("groupId 无效：{group_id}")));
    }
    let reach = Reach::of(state, caller).await?;
    if group_id > 0 {
        reach.team(state, group_id).await?;
    }
    reach.staff(state, user_ids).await?;
    Ok(Changed { changed: teams::move_members(&state.db, user_ids, group_id).await? })
}

async fn team_batch_move(state: web::Data<AppState>, caller: Caller, body: web::Json<BatchChangeGroup>) -> ApiResult<Reply<Changed>> {
    let ids = batch_ids("userIds", &body.user_ids)?;
    Ok(Reply(move_into(&state, &caller, &ids, body.group_id).await?))
}

async fn team_move(state: web::Data<AppState>, caller: Caller, body: web::Json<ChangeGroup>) -> ApiResult<Reply<Changed>> {
    let ids = batch_ids("userId", &[body.user_id])?;
    Ok(Reply(move_into(&state, &caller, &ids, body.group_id).await?))
}

async fn team_remove(state: web::Data<AppState>, caller: Caller, body: web::Json<UserIdsRequest>) -> ApiResult<Reply<Changed>> {
    let ids = batch_ids("userIds", &body.user_ids)?;
    Ok(Reply(move_into(&state, &caller, &ids, 0).await?))
}

async fn team_delete(state: web::Data<AppState>, caller: Caller, body: web::Json<IdsRequest>) -> ApiResult<Reply<Changed>> {
    let ids = batch_ids("ids", &body.ids)?;
    let reach = Reach::of(&state, &caller).await?;
    for id in &ids {
        reach.team(&state, *id).await?;
    }
    Ok(Reply(Changed { changed: teams::delete_teams(&state.db, &ids).await? }))
}

async fn team_find(state: web::Data<AppState>, caller: Caller, query: web::Query<StaffKeywordQuery>) -> ApiResult<Reply<Vec<ProjectTeamRow>>> {
    let reach = Reach::of(&state, &caller).await?;
    let keyword = keyword(query.keyword.as_deref())?;
    Ok(Reply(teams::teams(&state.db, reach.schools(), school_filter(query.school_id), keyword.as_deref()).await?))
}

async fn team_find_v2(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Vec<SchoolTeams>>> {
    let reach = Reach::of(&state, &caller).await?;
    Ok(Reply(teams::teams_by_school(&state.db, reach.schools()).await?))
}

async fn team_list(state: web::Data<AppState>, caller: Caller, body: OptionalJson<TeamSearch>) -> ApiResult<Reply<Page<ProjectTeamRow>>> {
    let paging = Paging::new(body.0.page_no, body.0.page_size, DEFAULT_PAGE_SIZE)?;
    let reach = Reach::of(&state, &caller).await?;
    let keyword = keyword(body.0.keyword.as_deref())?;
    let (rows, total) = teams::teams_page(
        &state.db,
        reach.schools(),
        school_filter(body.0.school_id),
        keyword.as_deref(),
        (paging.page_no - 1) * paging.page_size,
        paging.page_size,
    )
    .await?;
    Ok(Reply(paging.page(rows, total)))
}

async fn members_page(state: &AppState, caller: &Caller, search: &TeamSearch, group_required: bool) -> ApiResult<Page<StaffInfo>> {
    let paging = Paging::new(search.page_no, search.page_size, DEFAULT_PAGE_SIZE)?;
    let group_id = match search.group_id {
        None | Some(-1) if group_required => return Err(ApiError::bad_request("缺少参数 groupId")),
        None | Some(-1) => None,
        Some(g) if g < 0 => return Err(ApiError::bad_request(format!("groupId 无效：{g}"))),
        Some(g) => Some(g),
    };
    let reach = Reach::of(state, caller).await?;
    if let Some(g) = group_id.filter(|g| *g > 0) {
        reach.team(state, g).await?;
    }
    let dept_name = match search.dept_name.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(d) => Some(trimmed("deptName", d, 50, false)?),
        None => None,
    };
    let q = teams::StaffQuery { school_id: school_filter(search.school_id), keyword: keyword(search.keyword.as_deref())?, group_id, dept_name };
    let (rows, total) = teams::staff_page(&state.db, &q, reach.schools(), (paging.page_no - 1) * paging.page_size, paging.page_size).await?;
    Ok(paging.page(rows, total))
}

async fn team_members(state: web::Data<AppState>, caller: Caller, body: web::Json<TeamSearch>) -> ApiResult<Reply<Page<StaffInfo>>> {
    Ok(Reply(members_page(&state, &caller, &body, true).await?))
}

async fn team_members_v2(state: web::Data<AppState>, caller: Caller, body: OptionalJson<TeamSearch>) -> ApiResult<Reply<Page<StaffInfo>>> {
    Ok(Reply(members_page(&state, &caller, &body.0, false).await?))
}

async fn school_depts(state: web::Data<AppState>, caller: Caller) -> ApiResult<Reply<Vec<SchoolDepts>>> {
    let reach = Reach::of(&state, &caller).await?;
    Ok(Reply(teams::school_depts(&state.db, reach.schools()).await?))
}

async fn staff_by_emails(state: web::Data<AppState>, caller: Caller, body: web::Json<EmailList>) -> ApiResult<Reply<EmailListResult>> {
    let mut emails: Vec<String> = body.emails.iter().map(|e| e.trim().to_owned()).filter(|e| !e.is_empty()).collect();
    emails.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    if emails.is_empty() || emails.len() > MAX_BATCH {
        return Err(ApiError::bad_request(format!("emails 需要 1 到 {MAX_BATCH} 个邮箱")));
    }
    if let Some(bad) = emails.iter().find(|e| e.len() > 254 || !e.contains('@')) {
        return Err(ApiError::bad_request(format!("emails 含无效邮箱：{bad}")));
    }
    let reach = Reach::of(&state, &caller).await?;
    let (found, missing) = teams::staff_by_emails(&state.db, &emails, reach.schools()).await?;
    Ok(Reply(EmailListResult { found, missing }))
}

// ---------------------------------------------------------------- service types

async fn service_list(state: web::Data<AppState>, body: OptionalJson<ServiceSearch>) -> ApiResult<Reply<Page<ServiceType>>> {
    let paging = Paging::new(body.0.page_no, body.0.page_size, DEFAULT_PAGE_SIZE)?;
    let enabled = match body.0.enabled {
        None | Some(-1) => None,
        Some(e @ (0 | 1)) => Some(e),
        Some(e) => return Err(ApiError::bad_request(format!("enabled 只能是 1、0 或 -1：{e}"))),
    };
    let keyword = keyword(body.0.keyword.as_deref())?;
    let (rows, total) = services::page(&state.db, keyword.as_deref(), enabled, (paging.page_no - 1) * paging.page_size, paging.page_size).await?;
    Ok(Reply(paging.page(rows, total)))
}

async fn icon_list() -> ApiResult<Reply<Vec<CodeName>>> {
    Ok(Reply(dict::SERVICE_ICONS.iter().map(|(code, name)| CodeName { code: (*code).into(), name: (*name).into() }).collect()))
}

/// Service types and tags are the whole group's (every school's punches and statistics use
/// them): only callers who see every school change them.
async fn service_save(state: web::Data<AppState>, caller: Caller, body: web::Json<ServiceSave>) -> ApiResult<Reply<ServiceType>> {
    services::check(&body).map_err(ApiError::bad_request)?;
    Reach::of(&state, &caller).await?.check_school(settings::GROUP)?;
    Ok(Reply(found(services::save(&state.db, &body, caller.user.id).await, "服务类型不存在")?))
}

async fn service_delete(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<bool>> {
    Reach::of(&state, &caller).await?.check_school(settings::GROUP)?;
    found(services::delete(&state.db, body.id, caller.user.id).await, "服务类型不存在")?;
    Ok(Reply(true))
}

async fn service_detail(state: web::Data<AppState>, query: web::Query<IdQuery>) -> ApiResult<Reply<ServiceType>> {
    let id = required_id("id", query.id)?;
    Ok(Reply(found(services::by_id(&state.db, id).await, "服务类型不存在")?))
}

async fn service_by_condition(state: web::Data<AppState>, body: OptionalJson<ServiceCondition>) -> ApiResult<Reply<Vec<ServiceType>>> {
    let side = match body.0.side {
        None | Some(-1) | Some(0) => None,
        Some(s @ (1 | 2)) => Some(s),
        Some(s) => return Err(ApiError::bad_request(format!("side 只能是 0、1 或 2：{s}"))),
    };
    let role_code = match body.0.role_code.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        Some(r) if role::ALL.contains(&r) => Some(r.to_owned()),
        Some(r) => return Err(ApiError::bad_request(format!("roleCode 未知：{r}"))),
        None => None,
    };
    Ok(Reply(services::by_condition(&state.db, side, role_code.as_deref()).await?))
}

async fn follow_form(state: web::Data<AppState>, query: web::Query<ServiceIdQuery>) -> ApiResult<Reply<FollowForm>> {
    let id = required_id("serviceId", query.service_id)?;
    match services::by_id(&state.db, id).await {
        Ok(s) if s.enabled => Ok(Reply(FollowForm { service_id: s.id, service_name: s.name, fields: s.form_fields })),
        Ok(_) | Err(storage::StorageError::NotFound) => Err(ApiError::NotFound("服务类型不存在或已停用".into())),
        Err(e) => Err(e.into()),
    }
}

// ---------------------------------------------------------------- tags, rules, course range, periods

async fn tag_list(state: web::Data<AppState>) -> ApiResult<Reply<Vec<TagRow>>> {
    Ok(Reply(punches::tags(&state.db).await?))
}

async fn tag_delete(state: web::Data<AppState>, caller: Caller, body: web::Json<IdRequest>) -> ApiResult<Reply<bool>> {
    Reach::of(&state, &caller).await?.check_school(settings::GROUP)?;
    found(punches::delete_tag(&state.db, body.id).await, "标签不存在")?;
    Ok(Reply(true))
}

async fn rule_get(state: web::Data<AppState>, query: web::Query<RuleQuery>) -> ApiResult<Reply<QcRule>> {
    let school = match query.school_id {
        None | Some(-1) => settings::GROUP,
        Some(id) if id > 0 => id,
        Some(id) => return Err(ApiError::bad_request(format!("schoolId 无效：{id}"))),
    };
    Ok(Reply(settings::rule(&state.db, school).await?))
}

async fn rule_save(state: web::Data<AppState>, caller: Caller, body: web::Json<QcRuleSave>) -> ApiResult<Reply<QcRule>> {
    let school = match body.school_id {
        -1 => settings::GROUP,
        id if id > 0 => id,
        id => return Err(ApiError::bad_request(format!("schoolId 无效：{id}"))),
    };
    let rule = QcRuleSettings {
        min_content_chars: body.min_content_chars,
        duplicate_window_hours: body.duplicate_window_hours,
        working_hour_from: body.working_hour_from,
        working_hour_to: body.working_hour_to,
        sample_rate_percent: body.sample_rate_percent,
        comment_required_when_unqualified: body.comment_required_when_unqualified,
    };
    settings::check_rule(&rule).map_err(ApiError::bad_request)?;
    Reach::of(&state, &caller).await?.check_school(school)?;
    Ok(Reply(settings::save_rule(&state.db, school, &rule, caller.user.id).await?))
}

async fn course_range_get(state: web::Data<AppState>) -> ApiResult<Reply<CourseRange>> {
    Ok(Reply(settings::course_range(&state.db).await?))
}

async fn course_range_save(state: web::Data<AppState>, caller: Caller, body: web::Json<CourseRangeSave>) -> ApiResult<Reply<CourseRange>> {
    let range = settings::check_course_range(&body).map_err(ApiError::bad_request)?;
    Reach::of(&state, &caller).await?.check_school(settings::GROUP)?;
    Ok(Reply(settings::save_course_range(&state.db, &range, caller.user.id).await?))
}

fn fiscal_year(value: Option<i64>) -> ApiResult<i32> {
    let current = i64::from(super::dict::fiscal_now().current_fiscal_year);
    match value {
        None => Ok(current as i32),
        Some(y) if (current - 5..=current + 1).contains(&y) => Ok(y as i32),
        Some(y) => Err(ApiError::bad_request(format!("fiscalYear 只能是 {} 到 {} 年：{y}", current - 5, current + 1))),
    }
}

async fn month_weeks(query: web::Query<PeriodQuery>) -> ApiResult<Reply<Vec<PeriodItem>>> {
    let year = fiscal_year(query.fiscal_year)?;
    let month = match query.month {
        Some(m @ 1..=12) => m as u8,
        other => return Err(ApiError::bad_request(format!("month 必须是 1 到 12：{}", other.map(|m| m.to_string()).unwrap_or_else(|| "缺失".into())))),
    };
    let last = |end: time::Date| calendar::format_day(end - time::Duration::days(1));
    Ok(Reply(
        calendar::fiscal_weeks_of_month(year, month)
            .into_iter()
            .map(|(week, start, end)| PeriodItem {
                id: week.into(), name: format!("第{week}周"), start_date: calendar::format_day(start), end_date: last(end)
            })
            .collect(),
    ))
}

async fn quarter_months(query: web::Query<PeriodQuery>) -> ApiResult<Reply<Vec<PeriodItem>>> {
    let year = fiscal_year(query.fiscal_year)?;
    let quarter = match query.quarter_code {
        Some(q @ 1..=4) => q as u8,
        other => return Err(ApiError::bad_request(format!("quarterCode 必须是 1 到 4：{}", other.map(|q| q.to_string()).unwrap_or_else(|| "缺失".into())))),
    };
    Ok(Reply(
        calendar::months_of_quarter(quarter)
            .into_iter()
            .map(|month| {
                let (start, end) = calendar::fiscal_month(year, month);
                PeriodItem {
                    id: month.into(),
                    name: format!("{month}月"),
                    start_date: calendar::format_day(start),
                    end_date: calendar::format_day(end - time::Duration::days(1)),
                }
            })
            .collect(),
    ))
}

// ---------------------------------------------------------------- statistics

async fn statistics(state: &AppState, caller: &Caller, search: &QcSearch, side: Option<Side>, views: &[View]) -> ApiResult<QcStatPage> {
    let view = View::parse(search.view.as_deref(), views[0]).map_err(ApiError::bad_request)?;
    if !views.contains(&view) {
        let names: Vec<&str> = views.iter().map(|v| v.name()).collect();
        return Err(ApiError::bad_request(format!("view 在这里只能是 {}：{}", names.join("、"), view.name())));
    }
    let s = Search::of(state, caller, search, stats::SORTABLE).await?;
    // Checks are counted, not filtered by, in the statistics.
    let punches = PunchFilter { check_status: None, result_status: None, classic_case: None, ..s.punches.clone() };
    let side_code = side.map(|side| if side == Side::Vip { 1 } else { 2 });
    let services: Vec<ServiceType> = services::by_condition(&state.db, side_code, None)
        .await?
        .into_iter()
        .filter(|sv| punches.service_ids.is_empty() || punches.service_ids.contains(&sv.id))
        .collect();
    let range = settings::course_range(&state.db).await?;
    let q = stats::StatQuery { scope: &s.reach.scope, filter: &s.filter, punches: &punches, side, range: &range, now: s.now };
    let (summary, mut rows) = stats::statistics(&state.db, &q, view, &services).await?;
    stats::sort(&mut rows, s.filter.sort.as_ref());
    let total = rows.len() as i64;
    let mut page: Vec<QcStatRow> = rows.into_iter().skip(s.filter.offset() as usize).take(s.filter.page_size as usize).collect();
    stats::name_rows(&state.db, view, &q, &mut page).await?;
    let rule = settings::rule(&state.db, s.filter.school_id.unwrap_or(settings::GROUP)).await?;
    Ok(QcStatPage {
        view: view.name().into(),
        columns: stats::columns(view, &services),
        summary: QcStatRow { name: "合计".into(), ..summary },
        sample_rate_percent: rule.settings.sample_rate_percent,
        records: page,
        total,
        page_no: s.filter.page_no,
        page_size: s.filter.page_size,
    })
}

async fn stat_class(state: web::Data<AppState>, caller: Caller, body: OptionalJson<QcSearch>) -> ApiResult<Reply<QcStatPage>> {
    Ok(Reply(statistics(&state, &caller, &body.0, Some(Side::Class), &[View::Teacher, View::Class]).await?))
}

async fn stat_vip(state: web::Data<AppState>, caller: Caller, body: OptionalJson<QcSearch>) -> ApiResult<Reply<QcStatPage>> {
    Ok(Reply(statistics(&state, &caller, &body.0, Some(Side::Vip), &[View::Teacher]).await?))
}

async fn stat_service(state: web::Data<AppState>, caller: Caller, body: OptionalJson<QcSearch>) -> ApiResult<Reply<QcStatPage>> {
    Ok(Reply(statistics(&state, &caller, &body.0, None, &[View::Service]).await?))
}

async fn stat_student(state: web::Data<AppState>, caller: Caller, body: OptionalJson<QcSearch>) -> ApiResult<Reply<QcStatPage>> {
    Ok(Reply(statistics(&state, &caller, &body.0, None, &[View::Student]).await?))
}
