//! Learning camps (`camp` area, 03 §4, §7.6): phase tasks made from the caller's uploads.

use actix_web::http::Method;
use actix_web::web;
use protocol::dto::camp::{AddPhaseTaskRequest, PhaseTask, UpdateTaskBizIdRequest};

use crate::access::records::{self};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    r.add(
        info(Method::POST, "/api/camp/add-phase-task", Access::Session, "camp", "Add uploaded files as tasks of a camp phase (addPhaseTask)").spec(&["S367"]),
        add_phase_task,
    );
    r.add(
        info(Method::POST, "/api/camp/update-task-bizId", Access::Session, "camp", "Point a task at a retried upload's file (updateTaskBizId)").spec(&["S374"]),
        update_task_biz_id,
    );
}

fn phase_task(t: storage::camp_tasks::PhaseTask) -> PhaseTask {
    PhaseTask { task_id: t.id, camp_id: t.camp_id, phase_id: t.phase_id, biz_id: t.biz_id, task_name: t.task_name, ext: t.ext, task_type: t.task_type }
}

async fn add_phase_task(state: web::Data<AppState>, caller: Caller, body: web::Json<AddPhaseTaskRequest>) -> ApiResult<Reply<Vec<PhaseTask>>> {
    let body = body.into_inner();
    // 01 §5: a document upload without a phase and camp id is not added as a task.
    let (Some(camp_id), Some(phase_id)) = (body.camp_id.filter(|c| *c > 0), body.phase_id.filter(|p| *p > 0)) else {
        return Err(ApiError::bad_request("缺少营地或阶段，文件未添加为任务"));
    };
    if body.task_list.is_empty() || body.task_list.len() > 50 {
        return Err(ApiError::bad_request("每次添加1到50个任务"));
    }
    for item in &body.task_list {
        if item.task_name.trim().is_empty() || item.task_name.chars().count() > 95 || item.ext.len() > 10 {
            return Err(ApiError::bad_request("任务名称需为1到95个字符"));
        }
        records::own_file(&state, &caller, &item.biz_id).await?;
    }
    let tasks: Vec<storage::camp_tasks::NewTask> = body
        .task_list
        .iter()
        .map(|i| storage::camp_tasks::NewTask { biz_id: &i.biz_id, task_name: i.task_name.trim(), ext: &i.ext, task_type: i.task_type })
        .collect();
    let added = storage::camp_tasks::add(&state.db, caller.user.id, camp_id, phase_id, &tasks).await?;
    Ok(Reply(added.into_iter().map(phase_task).collect()))
}

async fn update_task_biz_id(state: web::Data<AppState>, caller: Caller, body: web::Json<UpdateTaskBizIdRequest>) -> ApiResult<Reply<PhaseTask>> {
    let task = records::own_camp_task(&state, &caller, body.task_id).await?;
    records::own_file(&state, &caller, &body.biz_id).await?;
    storage::camp_tasks::set_biz_id(&state.db, task.id, &body.biz_id).await?;
    Ok(Reply(phase_task(storage::camp_tasks::PhaseTask { biz_id: body.biz_id.clone(), ..task })))
}
