//! Learning camps (`camp` area, 03 §3, §4, §7.6, §7.8): the builder (`build`), publishing and the
//! camp's life (`publish`), the students' side reached through the signed join link (`student`)
//! and the statistics (`stats`). Only a camp's owner builds it and reads its figures
//! (`access::records::own_camp`); students act with a signed member token, never a session.

mod build;
mod publish;
mod stats;
mod student;

use actix_web::http::Method;
use protocol::dictionary as dict;
use protocol::dto::camp::{CampInfo, CampPhase, PhaseTask};
use protocol::push::{CampChange, PushMessage};
use storage::camp::structure::{TaskContent, TaskRow};
use storage::camp::{self, CampCounts, CampRow, SnapPhase};
use storage::push_log::NewPush;

use crate::access::Access;
use crate::error::{ApiError, ApiResult};
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    let session =
        |method, path: &'static str, summary: &'static str, ids: &'static [&'static str]| info(method, path, Access::Session, "camp", summary).spec(ids);
    use Method as M;
    r.add(session(M::POST, "/api/camp/create", "Create a camp (a draft)", &["S365"]), build::create);
    r.add(session(M::POST, "/api/camp/info", "A camp's settings, state and counts", &["S376"]), build::info);
    r.add(session(M::POST, "/api/camp/phase", "A camp's phases with their tasks, in order (the working copy)", &["S377"]), build::phases);
    r.add(session(M::POST, "/api/camp/rename", "Rename a camp (and change its description)", &["S370"]), build::rename);
    r.add(session(M::POST, "/api/camp/add-phase", "Add a phase at the end", &["S366"]), build::add_phase);
    r.add(session(M::POST, "/api/camp/delete-phase", "Delete a phase with its tasks", &["S368"]), build::delete_phase);
    r.add(session(M::POST, "/api/camp/update-phase-name", "Rename a phase", &["S373"]), build::rename_phase);
    r.add(session(M::POST, "/api/camp/update-phase-seqno", "Store the phases' order (every phase, in order)", &["S371"]), build::reorder_phases);
    r.add(
        session(M::POST, "/api/camp/add-phase-task", "Add tasks to a phase: files (addPhaseTask), question sets, flash cards", &["S367"]),
        build::add_phase_task,
    );
    r.add(session(M::POST, "/api/camp/delete-phase-task", "Delete a task", &["S369"]), build::delete_task);
    r.add(session(M::POST, "/api/camp/update-phase-task-name", "Rename a task (and change a question set's or cards' content)", &["S375"]), build::rename_task);
    r.add(
        session(M::POST, "/api/camp/update-phase-task-seqno", "Store a phase's task order (every task of the phase, in order)", &["S372"]),
        build::reorder_tasks,
    );
    r.add(session(M::POST, "/api/camp/update-task-bizId", "Point a task at a retried upload's file (updateTaskBizId)", &["S374"]), build::update_task_biz_id);
    r.add(session(M::POST, "/api/camp/rule", "Set how the camp opens its phases", &["S378"]), build::set_rule);
    r.add(session(M::POST, "/api/camp/staging-rule", "When or on what each phase opens under the rule", &["S379"]), build::staging_rule);
    r.add(session(M::GET, "/api/camp/dict/publish-rule", "The publish rules", &["S383"]), build::publish_rules);
    r.add(session(M::POST, "/api/camp/task/doc-info", "A document or image task's file and a signed link to it", &["S380"]), build::doc_info);
    r.add(session(M::POST, "/api/camp/task/media-info", "A media task's file and a signed link to play it", &["S381"]), build::media_info);
    r.add(session(M::POST, "/api/camp/task/permission/preview", "Whether the caller may preview a task, and why not", &["S382"]), build::preview_permission);
    r.add(
        info(
            M::GET,
            "/api/camp/files/{id}/{copy}",
            Access::Token("signed URL"),
            "camp",
            "A camp task's file, published or working copy (signed URL; Range supported)",
        )
        .raw("application/octet-stream"),
        build::file,
    );

    r.add(session(M::POST, "/api/camp/publish", "Publish the camp (a draft, or the edits of a published camp)", &["S384"]), publish::publish);
    r.add(session(M::POST, "/api/camp/revoke", "Withdraw the publication (only while no student has joined)", &["S385"]), publish::revoke);
    r.add(session(M::POST, "/api/camp/edit-revoke", "Drop the edits of a published camp (back to the published version)", &["S386"]), publish::revoke_edit);
    r.add(session(M::POST, "/api/camp/pause", "Pause a published camp: students cannot go on", &["S400"]), publish::pause);
    r.add(session(M::POST, "/api/camp/resume", "Resume a paused camp", &[]), publish::resume);
    r.add(session(M::POST, "/api/camp/shutdown", "Shut a camp down for good", &["S401"]), publish::shut_down);
    r.add(session(M::GET, "/api/camp/publish/qrCode/getQrCode", "The signed join link of a distribution point and its QR code", &["S387"]), publish::qr_code);
    r.add(
        session(M::GET, "/api/camp/publish/qrCode/getDpList", "The camp's distribution points (the general code and the owner's classes)", &["S388"]),
        publish::dp_list,
    );

    r.add(session(M::POST, "/api/camp/statistics/enums", "The statistics' code tables", &["S390"]), stats::enums);
    r.add(session(M::POST, "/api/camp/statistics/campListByCollectionId", "The caller's camps (of one collection, or all)", &["S391"]), stats::camp_list);
    r.add(session(M::POST, "/api/camp/statistics/overview", "A camp's figures and its days of activity", &["S394"]), stats::overview);
    r.add(session(M::POST, "/api/camp/statistics/phase/list", "Each phase's figures", &["S392"]), stats::phase_list);
    r.add(session(M::POST, "/api/camp/statistics/class/list", "Each distribution point's (class's) figures", &["S389"]), stats::class_list);
    r.add(session(M::POST, "/api/camp/statistics/student/detail/head", "A member's figures", &["S395"]), stats::member_head);
    r.add(session(M::POST, "/api/camp/statistics/student/detail/list", "A member's record of every task", &["S396"]), stats::member_tasks);
    r.add(session(M::POST, "/api/camp/statistics/task/student/detail/list", "A page of the members' records of one task", &["S397"]), stats::task_members);
    r.add(session(M::POST, "/api/camp/statistics/task/student/summary", "One task's figures (and each question's)", &["S398"]), stats::task_summary);
    r.add(
        session(M::POST, "/api/camp/statistics/condition/student/list", "A page of members by progress, class, inactivity and name", &["S399"]),
        stats::condition_members,
    );
    r.add(session(M::POST, "/api/camp/statistics/praise/poster", "A praise poster naming the member and what they achieved", &["S393"]), stats::praise_poster);

    let member = |path: &'static str, summary: &'static str| info(M::POST, path, Access::Token("camp member token"), "camp", summary);
    let join = |path: &'static str, summary: &'static str| info(M::POST, path, Access::Token("join link"), "camp", summary);
    r.add(join("/api/camp/student/join/info", "What a join link is for (camp, class, teacher)"), student::join_info);
    r.add(join("/api/camp/student/join", "Join a camp through its link as a student (code and name)"), student::join);
    r.add(member("/api/camp/student/view", "The published camp as the member follows it"), student::view);
    r.add(member("/api/camp/student/task/file", "A signed link to a task's file (marks the task opened)"), student::task_file);
    r.add(member("/api/camp/student/task/done", "Finish a document, media or flash-card task"), student::task_done);
    r.add(member("/api/camp/student/task/answer", "Answer a question set (scored once)"), student::task_answer);
}

const JOIN: &str = "camp-join";
const MEMBER: &str = "camp-member";
const FILE: &str = "camp-file";
/// A member token lasts half a year; a file link an hour.
const MEMBER_TTL_MS: i64 = 180 * 24 * 3600 * 1000;
const FILE_TTL_MS: i64 = 3600 * 1000;

fn camp_info(camp: &CampRow, counts: &CampCounts) -> CampInfo {
    CampInfo {
        camp_id: camp.id,
        camp_name: camp.name.clone(),
        description: camp.description.clone(),
        collection_id: camp.collection_id,
        status: camp.status,
        status_name: dict::name_of(&dict::CAMP_STATUSES, camp.status).to_owned(),
        publish_rule: camp.publish_rule,
        publish_rule_name: rule_name(camp.publish_rule).to_owned(),
        start_time: camp.start_at,
        interval_days: camp.interval_days,
        published_at: camp.published_at,
        published_version: camp.published_version,
        has_edits: camp.status == camp::EDITING || (camp.status == camp::PAUSED && camp.resume_status == camp::EDITING),
        phase_count: counts.phase_count,
        task_count: counts.task_count,
        member_count: counts.member_count,
        created_at: camp.created_at,
        updated_at: camp.updated_at,
    }
}

fn rule_name(code: i64) -> &'static str {
    dict::CAMP_PUBLISH_RULES.iter().find(|(c, _, _)| *c == code).map_or("", |(_, n, _)| n)
}

fn phase_task(t: TaskRow) -> PhaseTask {
    let content = TaskContent::parse(&t.content);
    PhaseTask {
        task_id: t.id,
        camp_id: t.camp_id,
        phase_id: t.phase_id,
        biz_id: t.biz_id,
        task_name: t.task_name,
        ext: t.ext,
        task_type: t.task_type,
        task_type_name: dict::name_of(&dict::CAMP_TASK_TYPES, t.task_type).to_owned(),
        seq_no: t.seq_no,
        questions: content.questions,
        cards: content.cards,
    }
}

fn camp_phase(p: SnapPhase) -> CampPhase {
    CampPhase { phase_id: p.id, phase_name: p.name, seq_no: p.seq_no, tasks: p.tasks.into_iter().map(phase_task).collect() }
}

/// A name of 1 to `max` characters, trimmed.
fn name(text: &str, what: &str, max: usize) -> ApiResult<String> {
    let t = text.trim();
    if t.is_empty() || t.chars().count() > max {
        return Err(ApiError::bad_request(format!("{what}需为1到{max}个字符")));
    }
    Ok(t.to_owned())
}

/// Tells the owner's open pages that the camp changed (a failed push only delays their refresh).
async fn changed(state: &AppState, owner_id: i64, change: CampChange) {
    if let Err(e) = state.hub.push(vec![NewPush::to(owner_id, PushMessage::camp_changed(&change))]).await {
        tracing::warn!(error = %e, "camp change push failed");
    }
}

async fn structure_changed(state: &AppState, camp: &CampRow, kind: &str) {
    changed(state, camp.owner_id, CampChange { camp_id: camp.id, kind: kind.into(), member_id: None, task_id: None }).await;
}
