//! Who reads learning analyses and stage reports, and who writes them. A student's analysis is
//! read by whoever may read the student (the teaching service's rule: their teachers and advisers,
//! managers within their scope), over the tasks of the classes the caller reads; a report is
//! written by its teacher while it is a draft, and once published read by whoever may read its
//! student. What the caller may not read reads as absent.

use std::collections::HashSet;

use protocol::dto::analysis::REPORT_PUBLISHED;
use storage::analysis::{self, ReportRow};

use super::teaching_tasks::{self, student_visible, TaskNeed};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The classes of these whose tasks the caller may read in the student's analysis.
pub async fn readable_classes(state: &AppState, caller: &Caller, class_ids: impl Iterator<Item = i64>) -> ApiResult<HashSet<i64>> {
    teaching_tasks::readable_classes(state, caller, &class_ids.collect::<Vec<_>>()).await
}

/// The student, when the caller may read them.
pub async fn student(state: &AppState, caller: &Caller, student_id: i64) -> ApiResult<()> {
    student_visible(state, caller, student_id).await
}

/// A task the caller may read that was set to the student.
pub async fn task_of_student(state: &AppState, caller: &Caller, task_id: i64, student_id: i64) -> ApiResult<()> {
    teaching_tasks::task_for(state, caller, task_id, TaskNeed::Read).await?;
    if storage::lesson_task::is_task_student(&state.db, task_id, student_id).await? {
        Ok(())
    } else {
        Err(ApiError::NotFound("该学生没有这次作业".into()))
    }
}

/// A report, when the caller may read it (or change it, with `Write`: its teacher, a draft).
pub async fn report(state: &AppState, caller: &Caller, id: i64, need: TaskNeed) -> ApiResult<ReportRow> {
    let missing = || ApiError::NotFound("报告不存在或无权查看".into());
    let row = analysis::by_id(&state.db, id).await?.ok_or_else(missing)?;
    if row.teacher_id == caller.user.id {
        return Ok(row);
    }
    if row.status != REPORT_PUBLISHED || student_visible(state, caller, row.student_id).await.is_err() {
        return Err(missing());
    }
    match need {
        TaskNeed::Read => Ok(row),
        TaskNeed::Write => Err(ApiError::NoPermission),
    }
}
