//! Lessons (课节) of a teacher's classes: an offline lesson (its task, its feedback reports, its
//! visit code) is its teacher's, and opened within a manager's scope; an online lesson (看课,
//! 巡课, 回放) is its class's main and auxiliary teachers', and opened within a manager's
//! scope. Another school's teacher finds neither.

use futures_util::FutureExt;
use serde_json::{json, Value};

use super::fixtures::{bank, lesson_ahead, online_lesson, owner_class, Pick};
use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "lesson",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["lessonId"],
        not_probed: vec![
            ("POST /api/library/outline/content", "lessonId names a lesson of a library outline (outline_lessons), not a class's lesson"),
            ("POST /api/library/outline/paper/update", "lessonId names a lesson of a library outline (outline_lessons), not a class's lesson"),
            (
                "POST /api/liveLesson/patrol/save",
                "needs a role a teacher lacks (admin, operator): the managed lesson kind probes it (owner: an inspector of school 1001, \
                 stranger: an operator of school 2001)",
            ),
            (
                "POST /api/recordTool/visit/start",
                "needs a role a teacher lacks (admin, operator, school_manager, area_manager): the managed lesson kind probes it \
                 (owner: an inspector of school 1001, stranger: an operator of school 2001)",
            ),
        ],
        // Two lessons of the owner, made in storage (no call schedules lessons), both with the
        // same student of the owner's one-to-one class:
        // - an offline lesson of that class, two months ahead (out of every "coming days" list),
        //   as `id`, with a bank question of its subject for setting its task;
        // - an online lesson that began ten minutes ago (60 minutes long) of a new online class
        //   of school 1001 whose main teacher and group's auxiliary teacher is the owner, as
        //   `onlineLessonId`, with its recording attached through the API (one of the owner's
        //   videos), so that playback serves the owner.
        create: |app, owner| {
            async move {
                let pool = app.state.db.pool();
                let teacher = app.user_id(&owner.email).await;
                let (class, student) = owner_class(app, owner, storage::teaching::CLASS_ONE_TO_ONE, Pick::First).await;
                let lesson = lesson_ahead(app, owner, &class, 60, "矩阵课节").await;
                bank(app).await;
                let question: Option<i64> = sqlx::query_scalar("SELECT MIN(id) FROM questions WHERE subject = $1 AND owner_id = 0 AND origin_id IS NULL")
                    .bind(class.subject)
                    .fetch_one(pool)
                    .await
                    .unwrap();
                let question = question.expect("a bank question of the class's subject");

                let online_lesson = online_lesson(app, teacher, student).await;

                // Its recording: one of the owner's videos.
                let opened = owner.post_data("/api/roombox/media/create", json!({"fileName": "矩阵回放.mp4"})).await;
                let bytes: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
                let put = reqwest::Client::new().put(app.url(opened["uploadUrl"].as_str().unwrap())).body(bytes).send().await.unwrap();
                assert_eq!(put.status(), 200, "the upload of the recording");
                let media = owner.post_data("/api/roombox/media/uploadComplete", json!({"fileId": opened["fileId"]})).await["id"].clone();
                assert!(media.is_i64(), "a media id: {media}");
                owner.post_data("/api/liveLesson/recording/set", json!({"lessonId": online_lesson, "resourceId": media})).await;

                Vars::from([
                    ("id".to_owned(), json!(lesson)),
                    ("studentId".to_owned(), json!(student)),
                    ("questionId".to_owned(), json!(question)),
                    ("onlineLessonId".to_owned(), json!(online_lesson)),
                ])
            }
            .boxed_local()
        },
        // The offline lesson's page (its students with their reports), its task (set or not, its
        // name) and its reports; the online lesson as it is now (without the clock), its patrols
        // and its recording (without the signed link, which is new each time) with where the
        // owner stopped in it.
        read: |owner, vars| {
            async move {
                let id = &vars["id"];
                let lesson = owner.post_data("/api/teaching/lesson/detail", json!({"id": id})).await;
                let task = owner.data(&format!("/api/task/check?lessonId={id}")).await;
                let task_name = owner.post_data("/api/task/getTaskName", json!({"lessonId": id})).await;
                let reports = owner.post_data("/api/report/feedback/overview", json!({"lessonId": id})).await;
                let online = json!({"lessonId": vars["onlineLessonId"]});
                let mut live = owner.post_data("/api/liveLesson/detail", online.clone()).await;
                if let Some(fields) = live.as_object_mut() {
                    fields.remove("now");
                }
                let patrols = owner.post_data("/api/liveLesson/patrol/list", online.clone()).await;
                let playback = owner.post_data("/api/liveLesson/playback", online).await;
                let play: &Value = &playback["play"];
                json!({
                    "lesson": lesson,
                    "task": task,
                    "taskName": task_name,
                    "reports": reports,
                    "live": live,
                    "patrols": patrols,
                    "playback": {
                        "mediaId": play["mediaId"],
                        "fileName": play["fileName"],
                        "lastPosition": play["lastPosition"],
                        "duration": play["duration"],
                        "points": playback["points"],
                    },
                })
            }
            .boxed_local()
        },
        probes: vec![
            // The online lesson: watching it, its reads, the owner's place in its recording.
            Probe::new("POST /api/liveLesson/detail", r#"{"lessonId": "{{onlineLessonId}}"}"#),
            Probe::new("POST /api/liveLesson/watch", r#"{"lessonId": "{{onlineLessonId}}"}"#),
            Probe::new("POST /api/liveLesson/patrol/list", r#"{"lessonId": "{{onlineLessonId}}"}"#),
            Probe::new("POST /api/liveLesson/playback", r#"{"lessonId": "{{onlineLessonId}}"}"#),
            Probe::new("POST /api/liveLesson/playback/position", r#"{"lessonId": "{{onlineLessonId}}", "position": 12.5, "duration": 3600}"#),
            // Its teacher reports the student entering now (the lesson is on), and removes the
            // recording.
            Probe::new("POST /api/liveLesson/presence", r#"{"lessonId": "{{onlineLessonId}}", "studentId": "{{studentId}}", "event": "enter"}"#),
            Probe::new("POST /api/liveLesson/recording/set", r#"{"lessonId": "{{onlineLessonId}}"}"#),
            // The offline lesson: its visit code (shown by its teacher), a report of its student,
            // its task.
            Probe::new("POST /api/recordTool/lesson/code", r#"{"lessonId": "{{id}}"}"#),
            // Lists filtered by the lesson: one the caller may not see reads as absent.
            Probe::new("POST /api/recordTool/visits", r#"{"lessonId": "{{id}}", "from": "2026-01-01", "to": "2026-12-31"}"#),
            Probe::new("POST /api/report/feedback/overview", r#"{"lessonId": "{{id}}"}"#),
            Probe::new("POST /api/report/feedback/v2/init", r#"{"lessonId": "{{id}}", "studentId": "{{studentId}}"}"#),
            Probe::new("GET /api/task/check?lessonId={{id}}", ""),
            Probe::new("POST /api/task/getTaskName", r#"{"lessonId": "{{id}}"}"#),
            Probe::new("POST /api/task/queryClassGroup", r#"{"lessonId": "{{id}}"}"#),
            Probe::new(
                "POST /api/task/submit",
                r#"{"lessonId": "{{id}}", "name": "矩阵课后任务", "questions": [{"questionId": "{{questionId}}"}], "studentIds": ["{{studentId}}"]}"#,
            ),
        ],
    }
}
