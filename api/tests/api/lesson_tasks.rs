//! Lesson report tasks and wrong questions through HTTP and the push socket: a lesson's task set
//! from the bank, answer sheets marked against the stored answers (the scores checked against the
//! test's own computation), worked answers marked by the teacher, the summaries and lists, the
//! wrong questions that follow, the batch send of similar practice as a job — a failure told as
//! an error-book notice and resent — and the refusals.

use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

use protocol::push::TypeCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(tasks_are_set_answered_and_marked, wrong_questions_get_similar_practice);

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn refused(res: &(u16, Value), status: u16) {
    assert_eq!(res.0, status, "{}", res.1);
    assert_ne!(res.1["code"].as_str(), Some("1"));
}

async fn scalar(db: &storage::Db, sql: &str, binds: &[i64]) -> i64 {
    let mut q = sqlx::query_scalar::<_, i64>(sql);
    for b in binds {
        q = q.bind(*b);
    }
    q.fetch_one(db.pool()).await.unwrap()
}

/// Waits for a push of `kind` whose content passes `wanted`, skipping others.
async fn expect(socket: &mut PushSocket, kind: TypeCode, wanted: impl Fn(&protocol::push::PushContent) -> bool) -> protocol::push::PushContent {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let push = socket.next_push(left).await.unwrap_or_else(|| panic!("no {kind:?} within 10 s"));
        if push.type_code == kind {
            let content = push.decode_content().unwrap();
            if wanted(&content) {
                return content;
            }
        }
    }
}

/// The teacher's first lesson of their small group (two students), and the class.
async fn small_group_lesson(app: &TestApp, teacher_id: i64) -> (i64, i64) {
    let db = &app.state.db;
    let class = scalar(db, "SELECT MIN(id) FROM classes WHERE teacher_id = $1 AND class_type = 2", &[teacher_id]).await;
    let lesson = scalar(db, "SELECT MIN(id) FROM lessons WHERE class_id = $1", &[class]).await;
    (lesson, class)
}

/// Bank questions of senior-high mathematics, `n` of each type 1–4, with points.
async fn pick_questions(app: &TestApp, n: i64) -> Vec<i64> {
    let mut out = Vec::new();
    for t in 1..=4 {
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT q.id FROM questions q WHERE q.subject = 54 AND q.stage = 4 AND q.owner_id = 0 AND q.origin_id IS NULL AND q.question_type = $1 \
             AND EXISTS (SELECT 1 FROM question_points p WHERE p.question_id = q.id) ORDER BY q.id LIMIT $2",
        )
        .bind(t)
        .bind(n)
        .fetch_all(app.state.db.pool())
        .await
        .unwrap();
        assert_eq!(ids.len() as i64, n, "type {t}");
        out.extend(ids);
    }
    out
}

/// A wrong answer to a question as the task shows it.
fn wrong_answer(q: &Value) -> String {
    match int(&q["questionType"]) {
        1 | 2 => if q["answer"].as_str().unwrap().contains('A') { "B" } else { "A" }.to_owned(),
        _ => "不会".to_owned(),
    }
}

async fn tasks_are_set_answered_and_marked(app: &TestApp) {
    storage::question::generate::generate(&app.state.db, 7, 400).await.unwrap();
    let db = &app.state.db;
    let teacher_id = app.user_id(TEACHER).await;
    let teacher = app.login(TEACHER).await;
    let colleague = app.login(TEACHER2).await;
    // A principal reads the school's records.
    let manager = app.login("principal@demo.eduhub").await;
    let (lesson, class) = small_group_lesson(app, teacher_id).await;

    // Before: no task; the teacher may set one; the default name names the class and lesson.
    let check = teacher.data(&format!("/api/task/check?lessonId={lesson}")).await;
    assert_eq!((check["exists"].as_bool(), check["canEdit"].as_bool(), int(&check["taskId"])), (Some(false), Some(true), 0));
    let name = teacher.post_data("/api/task/getTaskName", json!({"lessonId": lesson})).await;
    assert!(name["name"].as_str().unwrap().contains("高二数学提高小组") && name["name"].as_str().unwrap().contains("第1次课"), "{name}");
    let limit = teacher.post_data("/api/task/class/student/limit", json!({"classId": class})).await;
    assert_eq!((int(&limit["classType"]), int(&limit["limit"]), int(&limit["studentCount"])), (2, 12, 2));
    refused(&colleague.get(&format!("/api/task/check?lessonId={lesson}")).await, 404);
    refused(&teacher.get("/api/task/check?lessonId=999999").await, 404);

    // Setting it: 2 questions of each type, the worked ones worth 10.
    let picked = pick_questions(app, 2).await;
    let questions: Vec<Value> = picked.iter().enumerate().map(|(i, id)| json!({"questionId": id, "score": if i >= 6 { 10 } else { 5 }})).collect();
    let bad = [
        (json!({"lessonId": lesson, "name": " ", "questions": questions}), 400),
        (json!({"lessonId": lesson, "name": "作业", "questions": []}), 400),
        (json!({"lessonId": lesson, "name": "作业", "questions": [{"questionId": picked[0]}, {"questionId": picked[0]}]}), 400),
        (json!({"lessonId": lesson, "name": "作业", "questions": [{"questionId": picked[0], "score": 0}]}), 400),
        (json!({"lessonId": lesson, "name": "作业", "questions": [{"questionId": 99999999}]}), 404),
        (json!({"lessonId": lesson, "name": "作业", "questions": questions, "studentIds": [999999]}), 400),
        (json!({"lessonId": lesson, "name": "作业", "questions": questions, "textContent": "有问题打 13800001111"}), 400),
    ];
    for (body, status) in bad {
        refused(&teacher.post("/api/task/submit", body.clone()).await, status);
    }
    refused(&colleague.post("/api/task/submit", json!({"lessonId": lesson, "name": "作业", "questions": questions})).await, 404);
    // A school manager sees the lesson but does not set its task.
    refused(&manager.post("/api/task/submit", json!({"lessonId": lesson, "name": "作业", "questions": questions})).await, 403);
    let task = teacher.post_data("/api/task/submit", json!({"lessonId": lesson, "name": "导数课后练习", "questions": questions})).await;
    let task_id = int(&task["taskId"]);
    assert_eq!((int(&task["studentCount"]), int(&task["totalScore"]), task["questions"].as_array().unwrap().len()), (2, 6 * 5 + 2 * 10, 8));
    let shown: Vec<i64> = task["questions"].as_array().unwrap().iter().map(|q| int(&q["question"]["questionId"])).collect();
    assert_eq!(shown, picked, "in the order given");
    let check = teacher.data(&format!("/api/task/check?lessonId={lesson}")).await;
    assert_eq!((check["exists"].as_bool(), int(&check["taskId"]), int(&check["status"])), (Some(true), task_id, 1));
    assert_eq!(teacher.post_data("/api/task/getTaskName", json!({"lessonId": lesson})).await["name"], "导数课后练习");
    assert_eq!(int(&manager.post_data("/api/task/detail", json!({"taskId": task_id})).await["taskId"]), task_id);
    refused(&colleague.post("/api/task/detail", json!({"taskId": task_id})).await, 404);
    // The class's tasks, answered or not, for whoever reads the class (its school's manager too).
    for reader in [&teacher, &manager] {
        let page = reader.post_data("/api/task/class/list", json!({"classId": class})).await;
        assert_eq!((int(&page["total"]), int(&page["records"][0]["taskId"]), int(&page["records"][0]["answeredStudents"])), (1, task_id, 0));
        assert_eq!(page["records"][0]["accuracy"].as_f64(), Some(-1.0), "nothing marked yet");
    }
    refused(&colleague.post("/api/task/class/list", json!({"classId": class})).await, 404);
    refused(&teacher.post("/api/task/class/list", json!({"classId": class, "pageSize": 100000})).await, 400);

    // The message: checked, refused with contact details, saved when clean.
    let verdict = teacher.post_data("/api/task/checkTextContent", json!({"taskId": task_id, "textContent": "加微信 abc，或访问 www.x.cn"})).await;
    assert_eq!(verdict["pass"], false);
    assert_eq!(verdict["problems"].as_array().unwrap().len(), 2, "{verdict}");
    // Before a task is set, a message is checked on its own.
    assert_eq!(teacher.post_data("/api/task/checkTextContent", json!({"textContent": "请认真完成"})).await["pass"], true);
    refused(&colleague.post("/api/task/checkTextContent", json!({"taskId": task_id, "textContent": "好"})).await, 404);
    refused(&teacher.post("/api/task/updateTextContent", json!({"taskId": task_id, "textContent": "电话 13912345678"})).await, 400);
    refused(&manager.post("/api/task/updateTextContent", json!({"taskId": task_id, "textContent": "好"})).await, 403);
    teacher.post_data("/api/task/updateTextContent", json!({"taskId": task_id, "textContent": "  请在周五前完成。 "})).await;
    assert_eq!(teacher.post_data("/api/task/getTextContent", json!({"taskId": task_id})).await["textContent"], "请在周五前完成。");

    // Answer sheets. Student A: the first of each type right, the second wrong; the worked answers
    // written out. Student B: every objective answer wrong, no worked answers.
    let students: Vec<(i64,)> =
        sqlx::query_as("SELECT student_id FROM lesson_task_students WHERE task_id = $1 ORDER BY student_id").bind(task_id).fetch_all(db.pool()).await.unwrap();
    let (a, b) = (students[0].0, students[1].0);
    let qs = task["questions"].as_array().unwrap().clone();
    let sheet_a: Vec<Value> = qs
        .iter()
        .enumerate()
        .map(|(i, q)| {
            let q = &q["question"];
            let answer = match (int(&q["questionType"]), i % 2) {
                (4, _) => "解：由导数为零得极值点。".to_owned(),
                (_, 0) => q["answer"].as_str().unwrap().to_owned(),
                _ => wrong_answer(q),
            };
            json!({"questionId": q["questionId"], "answer": answer})
        })
        .collect();
    refused(&teacher.post("/api/task/answer/save", json!({"taskId": task_id, "studentId": 999999, "answers": sheet_a})).await, 400);
    refused(
        &teacher.post("/api/task/answer/save", json!({"taskId": task_id, "studentId": a, "answers": [{"questionId": 99999999, "answer": "A"}]})).await,
        400,
    );
    refused(&manager.post("/api/task/answer/save", json!({"taskId": task_id, "studentId": a, "answers": sheet_a})).await, 403);
    let saved = teacher.post_data("/api/task/answer/save", json!({"taskId": task_id, "studentId": a, "answers": sheet_a})).await;
    // The test's own marking from the stored answers: choices by letter, fill-ins by text.
    let stored: HashMap<i64, (i64, String)> = sqlx::query_as::<_, (i64, i64, String)>(&format!(
        "SELECT id, question_type, answer FROM questions WHERE id IN ({})",
        picked.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
    ))
    .fetch_all(db.pool())
    .await
    .unwrap()
    .into_iter()
    .map(|(id, t, answer)| (id, (t, answer)))
    .collect();
    let score_of: HashMap<i64, i64> = qs.iter().map(|q| (int(&q["question"]["questionId"]), int(&q["score"]))).collect();
    let own_mark = |sheet: &[Value]| -> (i64, i64, i64, i64) {
        let (mut right, mut wrong, mut to_mark, mut score) = (0, 0, 0, 0);
        for s in sheet {
            let id = int(&s["questionId"]);
            let (t, answer) = &stored[&id];
            let given = s["answer"].as_str().unwrap();
            let norm = |x: &str| x.chars().filter(|c| !c.is_whitespace() && *c != '$').collect::<String>().to_uppercase();
            match t {
                4 => to_mark += 1,
                _ if norm(given) == norm(answer) => {
                    right += 1;
                    score += score_of[&id];
                }
                _ => wrong += 1,
            }
        }
        (right, wrong, to_mark, score)
    };
    let summary = &saved["summary"];
    let expected_a = own_mark(&sheet_a);
    assert_eq!((int(&summary["right"]), int(&summary["wrong"]), int(&summary["toMark"]), int(&summary["score"])), expected_a, "{saved}");
    assert_eq!(expected_a, (3, 3, 2, 15), "one right and one wrong of each objective type");
    assert_eq!(int(&summary["answered"]), 8);
    let sheet_b: Vec<Value> = qs
        .iter()
        .filter(|q| int(&q["question"]["questionType"]) != 4)
        .map(|q| json!({"questionId": q["question"]["questionId"], "answer": wrong_answer(&q["question"])}))
        .collect();
    let saved_b = teacher.post_data("/api/task/answer/save", json!({"taskId": task_id, "studentId": b, "answers": sheet_b})).await;
    assert_eq!(int(&saved_b["summary"]["wrong"]), 6);

    // Groups: A waits for marking, B is marked; the list of tasks with answers says the same.
    let groups = teacher.post_data("/api/task/queryClassGroup", json!({"lessonId": lesson})).await;
    let members = |groups: &Value, code: &str| -> Vec<i64> {
        groups["groups"].as_array().unwrap().iter().find(|g| g["code"] == code).unwrap()["students"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| int(&s["studentId"]))
            .collect()
    };
    assert_eq!((members(&groups, "toMark"), members(&groups, "marked"), members(&groups, "unanswered")), (vec![a], vec![b], vec![]));
    let listed = teacher.post_data("/api/lesson/report/hasAnswer/list", json!({})).await;
    let mine = listed.as_array().unwrap().iter().find(|t| int(&t["taskId"]) == task_id).expect("the task is listed").clone();
    assert_eq!((int(&mine["answeredStudents"]), int(&mine["toMark"])), (2, 2));
    assert!((mine["accuracy"].as_f64().unwrap() - 3.0 / 12.0).abs() < 1e-9, "{mine}");
    let page = teacher.post_data("/api/lesson/report/hasAnswer/list/v2", json!({"toMark": true, "classId": class, "pageSize": 5})).await;
    assert_eq!((int(&page["total"]), int(&page["records"][0]["taskId"])), (1, task_id));
    refused(&teacher.post("/api/lesson/report/hasAnswer/list/v2", json!({"startTime": 10, "endTime": 5})).await, 400);
    assert!(colleague.post_data("/api/lesson/report/hasAnswer/list", json!({})).await.as_array().unwrap().iter().all(|t| int(&t["taskId"]) != task_id));

    // The teacher marks A's worked answers: one right with 7 of 10, one wrong.
    let worked: Vec<i64> = qs.iter().filter(|q| int(&q["question"]["questionType"]) == 4).map(|q| int(&q["question"]["questionId"])).collect();
    refused(
        &teacher.post("/api/task/answer/mark", json!({"taskId": task_id, "studentId": a, "questionId": worked[0], "correct": true, "score": 11})).await,
        400,
    );
    refused(&teacher.post("/api/task/answer/mark", json!({"taskId": task_id, "studentId": b, "questionId": worked[0], "correct": true})).await, 400);
    teacher
        .post_data(
            "/api/task/answer/mark",
            json!({"taskId": task_id, "studentId": a, "questionId": worked[0], "correct": true, "score": 7, "comment": "步骤完整"}),
        )
        .await;
    let marked = teacher.post_data("/api/task/answer/mark", json!({"taskId": task_id, "studentId": a, "questionId": worked[1], "correct": false})).await;
    assert_eq!((int(&marked["summary"]["right"]), int(&marked["summary"]["wrong"]), int(&marked["summary"]["score"])), (4, 4, 15 + 7));
    let first = marked["answers"].as_array().unwrap().iter().find(|x| int(&x["questionId"]) == worked[0]).unwrap().clone();
    assert_eq!((first["correct"].as_bool(), first["comment"].as_str()), (Some(true), Some("步骤完整")));
    // Saving the same sheet again keeps every mark, the teacher's included, and counts no wrong
    // answer twice; blanks are not recorded (not answered yet).
    let again = teacher.post_data("/api/task/answer/save", json!({"taskId": task_id, "studentId": a, "answers": sheet_a})).await;
    assert_eq!(again["summary"], marked["summary"]);
    assert_eq!(scalar(db, "SELECT wrong_count FROM wrong_questions WHERE student_id = $1 AND question_id = $2", &[a, worked[1]]).await, 1);
    refused(
        &teacher.post("/api/task/answer/save", json!({"taskId": task_id, "studentId": b, "answers": [{"questionId": worked[0], "answer": "  "}]})).await,
        400,
    );

    // The summary: every student's counts and the task's, against the test's own sums.
    let info = teacher.post_data("/api/task/studentSummaryInfo", json!({"taskId": task_id})).await;
    assert_eq!((int(&info["studentCount"]), int(&info["answeredStudents"]), int(&info["toMark"]), int(&info["totalScore"])), (2, 2, 0, 50));
    assert!((info["averageScore"].as_f64().unwrap() - (22.0 + 0.0) / 2.0).abs() < 1e-9, "{info}");
    assert!((info["accuracy"].as_f64().unwrap() - 4.0 / 14.0).abs() < 1e-9, "{info}");
    let groups = teacher.post_data("/api/task/queryClassGroup", json!({"lessonId": lesson})).await;
    assert_eq!(members(&groups, "marked"), vec![a, b]);

    // By knowledge point: each point's questions, points and the students' score rate, from the
    // stored answers and points.
    let points: Vec<(i64, i64, String)> = sqlx::query_as(&format!(
        "SELECT p.question_id, p.node_id, n.name FROM question_points p JOIN atlas_nodes n ON n.id = p.node_id WHERE p.question_id IN ({})",
        picked.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
    ))
    .fetch_all(db.pool())
    .await
    .unwrap();
    let answers: Vec<(i64, i64, Option<i64>, Option<i64>)> =
        sqlx::query_as("SELECT student_id, question_id, correct, score FROM lesson_task_answers WHERE task_id = $1")
            .bind(task_id)
            .fetch_all(db.pool())
            .await
            .unwrap();
    let analysis = teacher.post_data("/api/exam/analysis/paperByKnowledge", json!({"taskId": task_id})).await;
    assert_eq!(int(&analysis["totalScore"]), 50);
    let nodes: BTreeSet<i64> = points.iter().map(|(_, n, _)| *n).collect();
    assert_eq!(analysis["points"].as_array().unwrap().len(), nodes.len());
    let own_rate = |node: i64, student: Option<i64>| -> f64 {
        let on: Vec<i64> = points.iter().filter(|(_, n, _)| *n == node).map(|(q, _, _)| *q).collect();
        let (got, of) = answers
            .iter()
            .filter(|(s, q, c, _)| c.is_some() && on.contains(q) && student.is_none_or(|x| x == *s))
            .fold((0, 0), |(g, o), (_, q, _, sc)| (g + sc.unwrap_or(0), o + score_of[q]));
        if of == 0 {
            -1.0
        } else {
            got as f64 / of as f64
        }
    };
    for p in analysis["points"].as_array().unwrap() {
        let node = int(&p["nodeId"]);
        let on: Vec<i64> = points.iter().filter(|(_, n, _)| *n == node).map(|(q, _, _)| *q).collect();
        assert_eq!(int(&p["questionCount"]), on.len() as i64);
        assert_eq!(int(&p["totalScore"]), on.iter().map(|q| score_of[q]).sum::<i64>());
        assert!((p["scoreRate"].as_f64().unwrap() - own_rate(node, None)).abs() < 1e-9, "{p}");
        let wrong: BTreeSet<i64> = answers.iter().filter(|(_, q, c, _)| *c == Some(0) && on.contains(q)).map(|(s, _, _, _)| *s).collect();
        assert_eq!(int(&p["wrongStudents"]), wrong.len() as i64);
    }
    let heat = teacher.post_data("/api/exam/analysis/heatMapByKnowledge", json!({"taskId": task_id})).await;
    let columns: Vec<i64> = heat["points"].as_array().unwrap().iter().map(|p| int(&p["nodeId"])).collect();
    for row in heat["students"].as_array().unwrap() {
        let student = int(&row["studentId"]);
        for (i, rate) in row["rates"].as_array().unwrap().iter().enumerate() {
            assert!((rate.as_f64().unwrap() - own_rate(columns[i], Some(student))).abs() < 1e-9, "student {student} point {}", columns[i]);
        }
    }
    refused(&colleague.post("/api/exam/analysis/heatMapByKnowledge", json!({"taskId": task_id})).await, 404);
    let structure = teacher.data("/api/xpaper/question/structure-business?subject=54&stage=4").await;
    for t in structure.as_array().unwrap() {
        let count = scalar(db, "SELECT COUNT(*) FROM questions WHERE subject = 54 AND stage = 4 AND owner_id = 0 AND origin_id IS NULL AND deleted_at IS NULL AND question_type = $1", &[int(&t["questionType"])]).await;
        assert_eq!(int(&t["count"]), count);
    }
    refused(&teacher.get("/api/xpaper/question/structure-business?subject=1&stage=4").await, 400);

    // Changing the task once answers are in is refused; closing stops answers, not marking.
    refused(&teacher.post("/api/task/submit", json!({"lessonId": lesson, "name": "改", "questions": questions})).await, 409);
    teacher.post_data("/api/task/close", json!({"taskId": task_id})).await;
    refused(&teacher.post("/api/task/answer/save", json!({"taskId": task_id, "studentId": a, "answers": sheet_a})).await, 409);
    teacher.post_data("/api/task/answer/mark", json!({"taskId": task_id, "studentId": a, "questionId": worked[1], "correct": false, "score": 1})).await;

    // Wrong questions follow the marks: A 4 (3 objective + 1 worked), B 6, as stored.
    let open = scalar(db, "SELECT COUNT(*) FROM wrong_questions WHERE class_id = $1 AND status = 1", &[class]).await;
    assert_eq!(open, 10);
    let summaries = teacher.post_data("/api/wrongQuestion/task/studentSummaryInfo", json!({"classId": class})).await;
    let by_student: HashMap<i64, i64> = summaries.as_array().unwrap().iter().map(|s| (int(&s["studentId"]), int(&s["open"]))).collect();
    assert_eq!(by_student, HashMap::from([(a, 4), (b, 6)]));
    // B's code finds the task and B's progress in it.
    let code: String = sqlx::query_scalar("SELECT code FROM students WHERE id = $1").bind(b).fetch_one(db.pool()).await.unwrap();
    let resources = teacher.post_data("/api/lesson/studentcode/resource/query", json!({"studentCode": code})).await;
    assert_eq!(int(&resources["tasks"][0]["taskId"]), task_id);
    assert_eq!((int(&resources["tasks"][0]["answered"]), int(&resources["tasks"][0]["questionCount"])), (6, 8));
    refused(&colleague.post("/api/lesson/studentcode/resource/query", json!({"studentCode": code})).await, 404);
    refused(&teacher.post("/api/lesson/studentcode/resource/query", json!({"studentCode": "nobody"})).await, 404);
}

async fn wrong_questions_get_similar_practice(app: &TestApp) {
    storage::question::generate::generate(&app.state.db, 7, 400).await.unwrap();
    let db = &app.state.db;
    let teacher_id = app.user_id(TEACHER).await;
    let teacher = app.login(TEACHER).await;
    let colleague = app.login(TEACHER2).await;
    let (lesson, class) = small_group_lesson(app, teacher_id).await;
    let picked = pick_questions(app, 1).await;
    let questions: Vec<Value> = picked.iter().map(|id| json!({"questionId": id})).collect();
    let task = teacher.post_data("/api/task/submit", json!({"lessonId": lesson, "name": "练习", "questions": questions})).await;
    let task_id = int(&task["taskId"]);
    let qs = task["questions"].as_array().unwrap().clone();
    let students: Vec<i64> = sqlx::query_scalar("SELECT student_id FROM lesson_task_students WHERE task_id = $1 ORDER BY student_id")
        .bind(task_id)
        .fetch_all(db.pool())
        .await
        .unwrap();

    // Nothing wrong yet: nothing to send.
    let status = teacher.post_data("/api/wrongQuestion/exist/status", json!({"classId": class})).await;
    assert_eq!((status["exist"].as_bool(), int(&status["open"])), (Some(false), 0));
    refused(&teacher.post("/api/wrongQuestion/similar/batchSend", json!({"classId": class})).await, 400);

    // Both students answer the three objective questions wrong.
    for s in &students {
        let sheet: Vec<Value> = qs
            .iter()
            .filter(|q| int(&q["question"]["questionType"]) != 4)
            .map(|q| json!({"questionId": q["question"]["questionId"], "answer": wrong_answer(&q["question"])}))
            .collect();
        teacher.post_data("/api/task/answer/save", json!({"taskId": task_id, "studentId": s, "answers": sheet})).await;
    }
    let groups = teacher.post_data("/api/wrongQuestion/class/group/list", json!({})).await;
    let group = groups.as_array().unwrap().iter().find(|g| int(&g["classType"]) == 2).unwrap();
    let summary = group["classes"].as_array().unwrap().iter().find(|c| int(&c["classId"]) == class).unwrap();
    assert_eq!((int(&summary["open"]), int(&summary["studentsWithOpen"]), int(&summary["studentCount"])), (6, 2, 2));
    assert_eq!(group["typeName"], "小组课");
    let notebook = teacher.post_data("/api/wrongQuestion/student/list", json!({"studentId": students[0]})).await;
    let listed: BTreeSet<i64> = notebook.as_array().unwrap().iter().map(|w| int(&w["question"]["questionId"])).collect();
    let objective: BTreeSet<i64> = qs.iter().filter(|q| int(&q["question"]["questionType"]) != 4).map(|q| int(&q["question"]["questionId"])).collect();
    assert_eq!(listed, objective);
    assert!(notebook.as_array().unwrap().iter().all(|w| int(&w["status"]) == 1 && w["lastAnswer"] != "" && int(&w["wrongCount"]) == 1));
    refused(&colleague.post("/api/wrongQuestion/student/list", json!({"studentId": students[0]})).await, 404);
    refused(&teacher.post("/api/wrongQuestion/student/list", json!({"studentId": students[0], "status": 9})).await, 400);
    refused(&colleague.post("/api/wrongQuestion/exist/status", json!({"classId": class})).await, 404);

    // One wrong question loses its knowledge points: no similar question can be found for it.
    let lonely = *objective.iter().next().unwrap();
    let points: Vec<(i64, i64)> =
        sqlx::query_as("SELECT question_id, node_id FROM question_points WHERE question_id = $1").bind(lonely).fetch_all(db.pool()).await.unwrap();
    sqlx::query("DELETE FROM question_points WHERE question_id = $1").bind(lonely).execute(db.pool()).await.unwrap();

    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    refused(&colleague.post("/api/wrongQuestion/similar/batchSend", json!({"classId": class})).await, 404);
    let batch = teacher.post_data("/api/wrongQuestion/similar/batchSend", json!({"classId": class})).await;
    let batch_id = int(&batch["batchId"]);
    assert_eq!(int(&batch["total"]), 6);
    let ended = expect(&mut socket, TypeCode::SimilarBatchProgress, |c| c.value.as_ref().is_some_and(|v| v["status"].as_i64().unwrap() >= 3)).await;
    let value = ended.value.unwrap();
    assert_eq!((int(&value["status"]), int(&value["sent"]), int(&value["failed"])), (4, 4, 2), "{value}");
    assert!(value["failures"].as_array().unwrap().iter().all(|f| int(&f["questionId"]) == lonely && f["reason"] == "暂无可用的相似题"));
    let told = expect(&mut socket, TypeCode::SimilarItemsSendFailed, |_| true).await;
    assert_eq!((told.kind, told.value.as_ref().unwrap()["batchId"].as_i64()), (Some(4), Some(batch_id)));
    let notice = teacher.data(&format!("/api/exam/notice/errorBook/detail?id={}", told.id.unwrap())).await;
    assert_eq!((int(&notice["type"]), notice["title"].as_str()), (4, Some("相似题发送失败")));

    // What was sent: one practice task per student, one similar question per wrong one, not a
    // question the student had; those wrong questions are now "sent".
    for s in &students {
        let practice: Vec<(i64, i64, i64)> = sqlx::query_as(
            "SELECT q.question_id, q.practice_of, t.kind FROM lesson_task_questions q JOIN lesson_tasks t ON t.id = q.task_id \
             JOIN lesson_task_students ts ON ts.task_id = t.id WHERE ts.student_id = $1 AND t.kind = 2",
        )
        .bind(s)
        .fetch_all(db.pool())
        .await
        .unwrap();
        assert_eq!(practice.len(), 2, "student {s}");
        for (similar, of, _) in &practice {
            assert!(!picked.contains(similar) && objective.contains(of) && *of != lonely);
            let same_type = scalar(
                db,
                "SELECT COUNT(*) FROM questions a, questions b WHERE a.id = $1 AND b.id = $2 AND a.question_type = b.question_type",
                &[*similar, *of],
            )
            .await;
            assert_eq!(same_type, 1);
        }
    }
    let status = teacher.post_data("/api/wrongQuestion/exist/status", json!({"classId": class})).await;
    assert_eq!((int(&status["open"]), int(&status["sendingBatchId"])), (2, 0));

    // The bank gains the point back; the failed items are resent from the notice.
    for (q, n) in points {
        sqlx::query("INSERT INTO question_points (question_id, node_id) VALUES ($1, $2)").bind(q).bind(n).execute(db.pool()).await.unwrap();
    }
    refused(&colleague.post(&format!("/api/resendBatch/{batch_id}"), json!({})).await, 404);
    teacher.post_data(&format!("/api/resendBatch/{batch_id}"), json!({})).await;
    let ended = expect(&mut socket, TypeCode::SimilarBatchProgress, |c| c.value.as_ref().is_some_and(|v| v["status"].as_i64().unwrap() >= 3)).await;
    let value = ended.value.unwrap();
    assert_eq!((int(&value["status"]), int(&value["sent"]), int(&value["failed"])), (3, 6, 0), "{value}");
    refused(&teacher.post(&format!("/api/resendBatch/{batch_id}"), json!({})).await, 409);
    let summaries = teacher.post_data("/api/wrongQuestion/task/studentSummaryInfo", json!({"classId": class})).await;
    assert!(summaries.as_array().unwrap().iter().all(|s| (int(&s["open"]), int(&s["sent"])) == (0, 3)), "{summaries}");

    // A student answers a practice question right: the wrong question it practises is mastered.
    let s = students[0];
    let (practice_task, similar, of): (i64, i64, i64) = sqlx::query_as(
        "SELECT t.id, q.question_id, q.practice_of FROM lesson_task_questions q JOIN lesson_tasks t ON t.id = q.task_id \
         JOIN lesson_task_students ts ON ts.task_id = t.id WHERE ts.student_id = $1 AND t.kind = 2 ORDER BY t.id, q.position LIMIT 1",
    )
    .bind(s)
    .fetch_one(db.pool())
    .await
    .unwrap();
    let right: String = sqlx::query_scalar("SELECT answer FROM questions WHERE id = $1").bind(similar).fetch_one(db.pool()).await.unwrap();
    let sheet = teacher
        .post_data("/api/task/answer/save", json!({"taskId": practice_task, "studentId": s, "answers": [{"questionId": similar, "answer": right}]}))
        .await;
    assert_eq!(int(&sheet["summary"]["right"]), 1);
    let mastered = teacher.post_data("/api/wrongQuestion/student/list", json!({"studentId": s, "status": 3})).await;
    assert_eq!(mastered.as_array().unwrap().iter().map(|w| int(&w["question"]["questionId"])).collect::<Vec<_>>(), vec![of]);
}
