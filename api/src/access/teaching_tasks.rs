//! Who may read and change lesson tasks and wrong questions (03 §7.5). A lesson's task is set and
//! marked by the lesson's teacher (or the class's); a practice task by the teacher who sent it or
//! the class's teacher;
//! a class's wrong questions are sent practice by its teacher. Reading follows the teaching
//! service: one's own lessons, classes and students, or records within one's data-centre scope.
//! What the caller may not read reads as absent.

use storage::lesson_task::{self, TaskLesson, TaskRow};
use storage::teaching::students;

use super::scope::mine;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// What a call needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskNeed {
    Read,
    Write,
}

/// The lesson, when the caller may read (or set, with `Write`) its task.
pub async fn lesson_for(state: &AppState, caller: &Caller, lesson_id: i64, need: TaskNeed) -> ApiResult<TaskLesson> {
    let missing = || ApiError::NotFound("课次不存在或无权查看".into());
    let lesson = lesson_task::lesson(&state.db, lesson_id).await?.ok_or_else(missing)?;
    let teaches = lesson.teacher_id == caller.user.id || lesson.class_teacher_id == caller.user.id;
    if teaches {
        return Ok(lesson);
    }
    let (mine, scope) = mine(state, caller).await?;
    match (lesson_task::lesson_readable(&state.db, mine, &scope, lesson_id).await?, need) {
        (false, _) => Err(missing()),
        (true, TaskNeed::Read) => Ok(lesson),
        (true, TaskNeed::Write) => Err(ApiError::NoPermission),
    }
}

/// The task, when the caller may read (or mark and change, with `Write`) it.
pub async fn task_for(state: &AppState, caller: &Caller, task_id: i64, need: TaskNeed) -> ApiResult<TaskRow> {
    let missing = || ApiError::NotFound("任务不存在或无权查看".into());
    let task = lesson_task::by_id(&state.db, task_id).await?.ok_or_else(missing)?;
    if teaches_task(state, caller, &task).await? {
        return Ok(task);
    }
    let (mine, scope) = mine(state, caller).await?;
    match (lesson_task::class_readable(&state.db, mine, &scope, task.class_id).await?, need) {
        (false, _) => Err(missing()),
        (true, TaskNeed::Read) => Ok(task),
        (true, TaskNeed::Write) => Err(ApiError::NoPermission),
    }
}

/// Whether the caller sets and marks the task: who set it, the lesson's teacher, or the class's
/// teacher as they are now (a class handed to another teacher goes with its tasks).
async fn teaches_task(state: &AppState, caller: &Caller, task: &TaskRow) -> ApiResult<bool> {
    let me = caller.user.id;
    if task.teacher_id == me {
        return Ok(true);
    }
    if let Some(lesson_id) = task.lesson_id {
        if let Some(lesson) = lesson_task::lesson(&state.db, lesson_id).await? {
            return Ok(lesson.teacher_id == me || lesson.class_teacher_id == me);
        }
    }
    Ok(lesson_task::class_facts(&state.db, task.class_id).await?.is_some_and(|(teacher, ..)| teacher == me))
}

/// A class's facts for tasks (teacher, type, name, subject), when the caller may read its wrong
/// questions (or send practice for them, with `Write`: its teacher).
pub async fn class_for(state: &AppState, caller: &Caller, class_id: i64, need: TaskNeed) -> ApiResult<(i64, i64, String, i64)> {
    let missing = || ApiError::NotFound("班级不存在或无权查看".into());
    let facts = lesson_task::class_facts(&state.db, class_id).await?.ok_or_else(missing)?;
    if facts.0 == caller.user.id {
        return Ok(facts);
    }
    let (mine, scope) = mine(state, caller).await?;
    match (lesson_task::class_readable(&state.db, mine, &scope, class_id).await?, need) {
        (false, _) => Err(missing()),
        (true, TaskNeed::Read) => Ok(facts),
        (true, TaskNeed::Write) => Err(ApiError::NoPermission),
    }
}

/// Which of these classes the caller may read (a student's records from other classes stay with
/// those classes' teachers).
pub async fn readable_classes(state: &AppState, caller: &Caller, class_ids: &[i64]) -> ApiResult<std::collections::HashSet<i64>> {
    let (mine, scope) = mine(state, caller).await?;
    let mut ids = class_ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let mut readable = std::collections::HashSet::new();
    for id in ids {
        let teaches = lesson_task::class_facts(&state.db, id).await?.is_some_and(|(teacher, ..)| teacher == caller.user.id);
        if teaches || lesson_task::class_readable(&state.db, mine, &scope, id).await? {
            readable.insert(id);
        }
    }
    Ok(readable)
}

/// Whether the caller may read the student's tasks and wrong questions.
pub async fn student_visible(state: &AppState, caller: &Caller, student_id: i64) -> ApiResult<()> {
    let (mine, scope) = mine(state, caller).await?;
    if students::visible(&state.db, mine, &scope, student_id).await? {
        Ok(())
    } else {
        Err(ApiError::NotFound("学生不存在或无权查看".into()))
    }
}
