//! Exam groups (`exam-group` area, 03 §7.7): the teacher-group display flag; a teacher's groups
//! of students (`groups`: members, import from .xlsx, export through the download queue) and
//! the offline exams published to a selection of them (`exams`: selection, publish, members who
//! have not handed in, results, the revoke rule with its picture code, sharing with colleagues).
//! Managing groups and publishing need the teacher-group whitelist (the `showFlag` the web shows
//! the groups by); reading an exam needs being its publisher or a colleague it is shared with.

mod exams;
mod groups;

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::exam_group::{WhiteCheck, WhiteCheckRequest};
use storage::seed::TEACHER_GROUP_FUNCTION;
use storage::whitelist;

use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::POST, "/api/teacher/group/white/check", Access::Session, "exam-group", "Teacher-group display flag (showFlag)").spec(&["S418"]),
        white_check,
    );
    let groups = |method, path: &'static str, summary: &'static str, ids: &'static [&'static str]| {
        info(method, path, Access::Whitelist(TEACHER_GROUP_FUNCTION), "exam-group", summary).spec(ids)
    };
    let session =
        |method, path: &'static str, summary: &'static str, ids: &'static [&'static str]| info(method, path, Access::Session, "exam-group", summary).spec(ids);
    use Method as M;
    r.add(groups(M::POST, "/api/exam/group/save", "Create a group, or rename one (with id)", &["S402"]), groups::save);
    r.add(groups(M::POST, "/api/exam/group/list", "My groups with their member counts", &["S403"]), groups::list);
    r.add(groups(M::POST, "/api/exam/group/delete", "Delete a group (published exams keep their members)", &["S404"]), groups::delete);
    r.add(groups(M::POST, "/api/exam/group/member/user/search", "Students of my schools by name or code", &["S405"]), groups::search);
    r.add(groups(M::POST, "/api/exam/group/member/list", "A page of a group's members", &["S406"]), groups::members);
    r.add(groups(M::POST, "/api/exam/group/member/add", "Add students to a group", &["S407"]), groups::add);
    r.add(groups(M::POST, "/api/exam/group/member/remove", "Remove students from a group", &["S408"]), groups::remove);
    r.add(
        groups(M::POST, "/api/exam/group/import", "A group from an uploaded .xlsx (学号, 姓名): good rows added, bad rows listed", &["S414"]),
        groups::import,
    );
    r.add(groups(M::POST, "/api/exam/group/export", "Queue an .xlsx of a group's members in the download centre", &["S415"]), groups::export);
    r.add(groups(M::POST, "/api/exam/group/member/select/list", "My selection (the students the next exam goes to)", &["S409"]), exams::selection);
    r.add(groups(M::POST, "/api/exam/group/member/select/save", "Add students to my selection", &["S410"]), exams::select_students);
    r.add(groups(M::POST, "/api/exam/group/member/select/save/v2", "Add whole groups to my selection", &["S411"]), exams::select_groups);
    r.add(groups(M::POST, "/api/exam/group/member/select/remove", "Remove students (or all) from my selection", &["S412"]), exams::unselect);
    r.add(groups(M::POST, "/api/exam/api/collections_suit/publish/gdk/pub", "Publish an offline exam to my selection", &["S416"]), exams::publish);
    r.add(session(M::POST, "/api/exam/list", "A page of the exams I published", &[]), exams::list);
    r.add(session(M::POST, "/api/exam/share/list", "The exams colleagues shared with me", &["S421"]), exams::share_list);
    r.add(session(M::POST, "/api/exam/detail", "An exam with its members and results", &[]), exams::detail);
    r.add(session(M::POST, "/api/exam/group/member/select/noSubmit/list", "An exam's members who have not handed in", &["S413"]), exams::not_submitted);
    r.add(session(M::POST, "/api/exam/collections/member/gdk/add/userList", "Add students to a published exam", &["S417"]), exams::add_members);
    r.add(session(M::POST, "/api/exam/score/save", "Record members' results (a score marks the paper handed in)", &[]), exams::save_scores);
    r.add(session(M::POST, "/api/exam/share", "Share an exam with colleagues (replaces the list)", &[]), exams::share);
    r.add(
        session(M::POST, "/api/exam/api/collections_suit/checkIfCanRevoke", "Whether the exam can be withdrawn now, and why not", &["S419"]),
        exams::check_revoke,
    );
    r.add(
        session(M::GET, "/api/exam/achieveVerifyCode", "The picture code that confirms withdrawing an exam (PNG)", &["S009"]).raw("image/png"),
        exams::verify_code,
    );
    r.add(session(M::POST, "/api/exam/api/collections_suit/executeRevoke", "Withdraw the exam (with the picture code)", &["S420"]), exams::execute_revoke);
}

async fn white_check(state: web::Data<AppState>, caller: Caller, body: web::Json<WhiteCheckRequest>) -> ApiResult<Reply<WhiteCheck>> {
    // One user may only ask about themselves: the flag reveals group membership.
    if body.email.trim().to_lowercase() != caller.user.email {
        return Err(ApiError::NoPermission);
    }
    let functions = whitelist::functions(&state.db).await?;
    let grants = whitelist::grants(&state.db, &caller.user.email).await?;
    Ok(Reply(WhiteCheck { show_flag: whitelist::allows(&functions, &grants, TEACHER_GROUP_FUNCTION) }))
}

/// The schools whose students the caller may put in groups and exams.
async fn my_schools(state: &AppState, caller: &Caller) -> ApiResult<Vec<i64>> {
    Ok(storage::accounts::school_ids(&state.db, caller.user.id).await?)
}

/// A list of at most `max` student ids, each one of the caller's schools' students.
async fn check_students(state: &AppState, caller: &Caller, ids: &[i64], max: usize) -> ApiResult<Vec<i64>> {
    if ids.is_empty() || ids.len() > max {
        return Err(ApiError::bad_request(format!("每次1到{max}名学生")));
    }
    let mut unique = ids.to_vec();
    unique.sort_unstable();
    unique.dedup();
    let within = storage::exam_group::students_within(&state.db, &my_schools(state, caller).await?, &unique).await?;
    if let Some(stranger) = unique.iter().find(|id| !within.contains(id)) {
        return Err(ApiError::NotFound(format!("学生不存在：{stranger}")));
    }
    Ok(unique)
}
