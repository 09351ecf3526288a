//! Live lessons (`live-lesson` area): an online lesson as it happens (看课, 巡课) and its
//! recording (回放). The spec names the screens only; the calls are ours, under
//! `/api/liveLesson`.
//!
//! The classroom reports entries and exits (`presence`); every change — presence, a patrol, the
//! recording — is told to the lesson's teachers and whoever watches the lesson by the
//! `magic_live_lesson` signal, and their open pages read the lesson again: no page polls.
//! Watching (`watch`) lasts `LIVE_WATCH_MS`; an open page renews it.

use actix_web::http::Method;
use actix_web::web;
use protocol::dictionary as dict;
use protocol::dto::live_lesson::*;
use protocol::dto::resource::PlayRecord;
use protocol::push::PushMessage;
use storage::live_lesson::{self, NewPatrol, PresenceRefusal, TEACHER};
use storage::{now_ms, uploads};

use super::qc::INSPECTORS;
use crate::access::live_lesson::{self as rule, OpenLesson};
use crate::access::Access;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::reply::Reply;
use crate::routes::{info, RouteSink};
use crate::state::AppState;

pub fn routes(r: &mut impl RouteSink) {
    let route = |path: &'static str, access: Access, summary: &'static str| info(Method::POST, path, access, "live-lesson", summary);
    r.add(route("/api/liveLesson/detail", Access::Session, "An online lesson now: its state, the teacher's and the students' presence"), detail);
    r.add(route("/api/liveLesson/watch", Access::Session, "Be told of the lesson's changes (magic_live_lesson) for the next ten minutes"), watch);
    r.add(route("/api/liveLesson/presence", Access::Session, "The classroom reports an entry or exit of a student or the main teacher"), presence);
    r.add(route("/api/liveLesson/patrol/list", Access::Session, "The lesson's patrol records, newest first"), patrol_list);
    r.add(route("/api/liveLesson/patrol/save", Access::HoldsRole(INSPECTORS), "An inspector records a patrol of the lesson"), patrol_save);
    r.add(route("/api/liveLesson/recording/set", Access::Session, "The lesson's teacher attaches (or removes) its recording"), recording_set);
    r.add(
        route("/api/liveLesson/playback", Access::Session, "Where to stream the lesson's recording from, where the caller stopped, its knowledge points"),
        playback,
    );
    r.add(route("/api/liveLesson/playback/position", Access::Session, "Where the caller is in the lesson's recording"), playback_position);
}

/// The lesson as the caller sees it at `now`.
async fn read(state: &AppState, caller: &Caller, open: &OpenLesson, now: i64) -> ApiResult<LiveLessonDetail> {
    let lesson = &open.lesson;
    let end_at = lesson.end_at();
    let until = now.min(end_at);
    let mut stays = live_lesson::stays(&state.db, lesson.id).await?;
    let roster = live_lesson::roster(&state.db, &open.class, lesson).await?;
    let students: Vec<LiveStudent> = roster
        .into_iter()
        .map(|s| LiveStudent {
            presence: live_lesson::presence(stays.get(&s.id).map_or(&[][..], Vec::as_slice), until),
            student_id: s.id,
            student_name: s.name,
            student_code: s.code,
            group_name: s.group_name,
            on_leave: s.on_leave,
        })
        .collect();
    let teacher = live_lesson::presence(&stays.remove(&TEACHER).unwrap_or_default(), until);
    let recording = match lesson.recording_resource_id {
        Some(id) => uploads::resource(&state.db, id).await?.map(|r| LiveRecording { resource_id: r.id, file_name: r.name }),
        None => None,
    };
    let (state_code, state_desc) = lesson.state(now);
    let (class_code, class_name, subject_name, teacher_name) = live_lesson::class_heading(&open.class);
    Ok(LiveLessonDetail {
        lesson_id: lesson.id,
        class_id: lesson.class_id,
        class_code,
        class_name,
        lesson_no: lesson.lesson_no,
        lesson_name: lesson.name.clone(),
        subject_name,
        teacher_name,
        start_at: lesson.start_at,
        end_at,
        minutes: lesson.minutes,
        state: state_code,
        state_desc: state_desc.to_owned(),
        teacher,
        present: students.iter().filter(|s| s.presence.in_room).count() as i64,
        entered: students.iter().filter(|s| s.presence.entries > 0).count() as i64,
        students,
        recording,
        can_patrol: INSPECTORS.iter().any(|r| caller.holds(r)),
        can_report: rule::teaches(state, caller, open).await?,
        now,
    })
}

/// Tells the lesson's teachers and watchers that `what` changed.
async fn tell(state: &AppState, lesson: &live_lesson::Lesson, what: &str) -> ApiResult<()> {
    let audience = live_lesson::audience(&state.db, lesson.id, lesson.class_id, now_ms()).await?;
    let change = LiveLessonChange { lesson_id: lesson.id, what: what.to_owned() };
    state.hub.signal_users(audience, &PushMessage::live_lesson_changed(&change)).await;
    Ok(())
}

async fn detail(state: web::Data<AppState>, caller: Caller, body: web::Json<LiveLessonRequest>) -> ApiResult<Reply<LiveLessonDetail>> {
    let open = rule::open(&state, &caller, body.lesson_id).await?;
    Ok(Reply(read(&state, &caller, &open, now_ms()).await?))
}

async fn watch(state: web::Data<AppState>, caller: Caller, body: web::Json<LiveLessonRequest>) -> ApiResult<Reply<LiveWatch>> {
    let open = rule::open(&state, &caller, body.lesson_id).await?;
    let until = now_ms() + LIVE_WATCH_MS;
    live_lesson::watch(&state.db, open.lesson.id, caller.user.id, until).await?;
    Ok(Reply(LiveWatch { until }))
}

/// A report's time: now if absent; never ahead of the server's clock (a minute's skew is
/// allowed) and within the lesson's room hours.
fn report_time(at: Option<i64>, lesson: &live_lesson::Lesson, now: i64) -> ApiResult<i64> {
    let at = at.unwrap_or(now);
    if at > now + 60_000 {
        return Err(ApiError::bad_request("at 不能晚于现在"));
    }
    if at < lesson.start_at - LIVE_ROOM_MARGIN_MS || at > lesson.end_at() + LIVE_ROOM_MARGIN_MS {
        return Err(ApiError::bad_request("at 不在本课的上课时间内（课前、课后 30 分钟以内）"));
    }
    Ok(at)
}

async fn presence(state: web::Data<AppState>, caller: Caller, body: web::Json<LivePresenceReport>) -> ApiResult<Reply<LiveLessonDetail>> {
    let open = rule::taught(&state, &caller, body.lesson_id).await?;
    let now = now_ms();
    if open.lesson.status == dict::ONLINE_LESSON_CANCELLED {
        return Err(ApiError::Conflict("课次已取消".into()));
    }
    let at = report_time(body.at, &open.lesson, now)?;
    let person = match body.student_id {
        Some(id) if live_lesson::on_roster(&state.db, open.lesson.class_id, id).await? => id,
        Some(id) => return Err(ApiError::bad_request(format!("学员 {id} 不在本班"))),
        None => TEACHER,
    };
    let changed = match body.event.as_str() {
        "enter" => live_lesson::enter(&state.db, open.lesson.id, person, at).await?,
        "leave" => match live_lesson::leave(&state.db, open.lesson.id, person, at).await? {
            Ok(()) => true,
            Err(PresenceRefusal::NotInRoom) => return Err(ApiError::Conflict("不在教室，无法离开".into())),
            Err(PresenceRefusal::BeforeEntry) => return Err(ApiError::bad_request("离开时间早于进入时间")),
        },
        other => return Err(ApiError::bad_request(format!("event 只能是 enter 或 leave：{other}"))),
    };
    if changed {
        tell(&state, &open.lesson, "presence").await?;
    }
    Ok(Reply(read(&state, &caller, &open, now).await?))
}

async fn patrol_list(state: web::Data<AppState>, caller: Caller, body: web::Json<LiveLessonRequest>) -> ApiResult<Reply<Vec<LivePatrolRow>>> {
    let open = rule::open(&state, &caller, body.lesson_id).await?;
    Ok(Reply(live_lesson::patrols(&state.db, open.lesson.id, None).await?))
}

async fn patrol_save(state: web::Data<AppState>, caller: Caller, body: web::Json<LivePatrolSave>) -> ApiResult<Reply<LivePatrolRow>> {
    if !dict::PATROL_RESULTS.iter().any(|(c, _)| *c == body.result) {
        return Err(ApiError::bad_request(format!("result 只能是 1（正常）或 2（有问题）：{}", body.result)));
    }
    let remark = body.remark.as_deref().unwrap_or("").trim();
    if remark.chars().count() > MAX_PATROL_REMARK_CHARS {
        return Err(ApiError::bad_request(format!("remark 不能超过 {MAX_PATROL_REMARK_CHARS} 个字")));
    }
    if body.result == 2 && remark.is_empty() {
        return Err(ApiError::bad_request("有问题时 remark 必填：写明问题"));
    }
    let open = rule::open(&state, &caller, body.lesson_id).await?;
    let now = now_ms();
    // What the inspector saw: the lesson's state and the students in the room (all of them:
    // an inspector's scope holds the whole class).
    let seen = read(&state, &caller, &open, now).await?;
    let patrol = NewPatrol {
        lesson_id: open.lesson.id,
        inspector_id: caller.user.id,
        result: body.result,
        remark,
        lesson_state: seen.state,
        present: seen.present,
        at: now,
    };
    let id = live_lesson::add_patrol(&state.db, &patrol).await?;
    tell(&state, &open.lesson, "patrol").await?;
    live_lesson::patrols(&state.db, open.lesson.id, Some(id)).await?.pop().map(Reply).ok_or_else(|| ApiError::NotFound("巡课记录不存在".into()))
}

async fn recording_set(state: web::Data<AppState>, caller: Caller, body: web::Json<LiveRecordingSet>) -> ApiResult<Reply<LiveLessonDetail>> {
    let mut open = rule::taught(&state, &caller, body.lesson_id).await?;
    if let Some(id) = body.resource_id {
        let media = super::resource::own_media(&state, &caller, id).await?;
        if media.class == "image" {
            return Err(ApiError::bad_request("回放需要视频或音频文件"));
        }
    }
    live_lesson::set_recording(&state.db, open.lesson.id, body.resource_id).await?;
    open.lesson.recording_resource_id = body.resource_id;
    tell(&state, &open.lesson, "recording").await?;
    Ok(Reply(read(&state, &caller, &open, now_ms()).await?))
}

/// The lesson's recording, if it has one that still exists.
async fn recording(state: &AppState, open: &OpenLesson) -> ApiResult<uploads::ResourceRow> {
    let id = open.lesson.recording_resource_id.ok_or_else(|| ApiError::NotFound("本节课暂无回放".into()))?;
    uploads::resource(&state.db, id).await?.ok_or_else(|| ApiError::NotFound("回放文件已删除".into()))
}

async fn playback(state: web::Data<AppState>, caller: Caller, body: web::Json<LiveLessonRequest>) -> ApiResult<Reply<LivePlayback>> {
    let open = rule::open(&state, &caller, body.lesson_id).await?;
    let media = recording(&state, &open).await?;
    let play = super::knowledge_base::media_play_url(&state, caller.user.id, media).await?;
    let points = live_lesson::replay_points(&state.db, open.lesson.id).await?;
    Ok(Reply(LivePlayback { lesson_id: open.lesson.id, play, points }))
}

async fn playback_position(state: web::Data<AppState>, caller: Caller, body: web::Json<LivePlayPosition>) -> ApiResult<Reply<PlayRecord>> {
    super::resource::check_play_position(body.position, body.duration)?;
    let open = rule::open(&state, &caller, body.lesson_id).await?;
    let media = recording(&state, &open).await?;
    let row = uploads::record_play(&state.db, caller.user.id, media.id, body.position, body.duration).await?;
    Ok(Reply(PlayRecord { media_id: row.resource_id, position: row.position, duration: row.duration, play_count: row.play_count, updated_at: row.updated_at }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lesson() -> live_lesson::Lesson {
        live_lesson::Lesson { id: 1, class_id: 1, lesson_no: 1, name: String::new(), start_at: 10_000_000, minutes: 60, status: 0, recording_resource_id: None }
    }

    #[test]
    fn reports_are_timed_within_the_room_hours_and_not_ahead() {
        let l = lesson();
        assert_eq!(report_time(None, &l, 10_500_000).ok(), Some(10_500_000));
        assert!(report_time(Some(10_600_000), &l, 10_500_000).is_err(), "ahead of the clock");
        assert!(report_time(Some(10_000_000 - LIVE_ROOM_MARGIN_MS - 1), &l, 20_000_000).is_err());
        assert!(report_time(Some(l.end_at() + LIVE_ROOM_MARGIN_MS + 1), &l, 20_000_000).is_err());
        assert_eq!(report_time(Some(l.end_at() + LIVE_ROOM_MARGIN_MS), &l, 20_000_000).ok(), Some(l.end_at() + LIVE_ROOM_MARGIN_MS));
    }
}
