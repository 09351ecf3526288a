//! Learning analysis, stage reports and one-on-one course plans through HTTP: a class's task
//! answered by its four students, the student's analysis and the whole-paper analysis checked
//! against figures computed here from the stored answers; a wrong-question review report drafted,
//! edited, published and read by a colleague in scope; a package's plan written, carried out by
//! its attended lessons and reported; who may read and write each; bad input refused by name.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::{json, Value};
use storage::datacentre::calendar;
use storage::datacentre::generate::{generate, Options, Scale};

use crate::helpers::*;
use crate::on_both_databases;

const PRINCIPAL: &str = "principal@demo.eduhub";

on_both_databases!(a_students_learning_is_analysed_and_reported, a_packages_plan_is_written_carried_out_and_reported);

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn refused(res: &(u16, Value), status: u16) {
    assert_eq!(res.0, status, "{}", res.1);
    assert_ne!(res.1["code"].as_str(), Some("1"));
}

/// As the server rounds a percentage: one decimal, -1 without a base.
fn percent(n: i64, d: i64) -> f64 {
    if d <= 0 {
        -1.0
    } else {
        (n as f64 * 1000.0 / d as f64).round() / 10.0
    }
}

fn wrong_answer(q: &Value) -> String {
    match int(&q["questionType"]) {
        1 | 2 => if q["answer"].as_str().unwrap().contains('A') { "B" } else { "A" }.to_owned(),
        _ => "不会".to_owned(),
    }
}

/// A marked answer as stored: (student, question, correct, score, the question's points).
type Marked = (i64, i64, i64, i64, i64);

async fn a_students_learning_is_analysed_and_reported(app: &TestApp) {
    storage::question::generate::generate(&app.state.db, 7, 400).await.unwrap();
    let db = &app.state.db;
    let teacher_id = app.user_id(TEACHER).await;
    let teacher = app.login(TEACHER).await;
    let colleague = app.login(TEACHER2).await;
    let principal = app.login(PRINCIPAL).await;

    // The teacher's class of four and its first lesson; a task of 2 questions of each type.
    let class: i64 =
        sqlx::query_scalar("SELECT MIN(id) FROM classes WHERE teacher_id = $1 AND class_type = 3").bind(teacher_id).fetch_one(db.pool()).await.unwrap();
    let lesson: i64 = sqlx::query_scalar("SELECT MIN(id) FROM lessons WHERE class_id = $1").bind(class).fetch_one(db.pool()).await.unwrap();
    let mut picked = Vec::new();
    for t in 1..=4 {
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT q.id FROM questions q WHERE q.subject = 54 AND q.stage = 4 AND q.owner_id = 0 AND q.origin_id IS NULL AND q.question_type = $1 \
             AND EXISTS (SELECT 1 FROM question_points p WHERE p.question_id = q.id) ORDER BY q.id LIMIT 2",
        )
        .bind(t)
        .fetch_all(db.pool())
        .await
        .unwrap();
        picked.extend(ids);
    }
    let questions: Vec<Value> = picked.iter().enumerate().map(|(i, id)| json!({"questionId": id, "score": if i >= 6 { 10 } else { 5 }})).collect();
    let task = teacher.post_data("/api/task/submit", json!({"lessonId": lesson, "name": "导数单元练习", "questions": questions})).await;
    let task_id = int(&task["taskId"]);
    let qs = task["questions"].as_array().unwrap().clone();
    let students: Vec<i64> = sqlx::query_scalar("SELECT student_id FROM lesson_task_students WHERE task_id = $1 ORDER BY student_id")
        .bind(task_id)
        .fetch_all(db.pool())
        .await
        .unwrap();
    assert_eq!(students.len(), 4);
    // Student k answers the j-th objective question right when (j + k) % (k + 2) == 0; the first
    // two write the worked answers out (left to mark), the others skip them.
    for (k, student) in students.iter().enumerate() {
        let sheet: Vec<Value> = qs
            .iter()
            .enumerate()
            .filter(|(_, q)| k < 2 || int(&q["question"]["questionType"]) != 4)
            .map(|(j, q)| {
                let q = &q["question"];
                let answer = match int(&q["questionType"]) {
                    4 => "解：由导数为零得极值点。".to_owned(),
                    _ if (j + k) % (k + 2) == 0 => q["answer"].as_str().unwrap().to_owned(),
                    _ => wrong_answer(q),
                };
                json!({"questionId": q["questionId"], "answer": answer})
            })
            .collect();
        teacher.post_data("/api/task/answer/save", json!({"taskId": task_id, "studentId": student, "answers": sheet})).await;
    }
    let student = students[1];

    // The stored marks, and the figures computed here from them.
    let marked: Vec<Marked> = sqlx::query_as(
        "SELECT a.student_id, a.question_id, a.correct, COALESCE(a.score, 0), q.score FROM lesson_task_answers a \
         JOIN lesson_task_questions q ON q.task_id = a.task_id AND q.question_id = a.question_id WHERE a.task_id = $1 AND a.correct IS NOT NULL",
    )
    .bind(task_id)
    .fetch_all(db.pool())
    .await
    .unwrap();
    let answered: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM lesson_task_answers WHERE task_id = $1 AND student_id = $2")
        .bind(task_id)
        .bind(student)
        .fetch_one(db.pool())
        .await
        .unwrap();
    let mine: Vec<&Marked> = marked.iter().filter(|m| m.0 == student).collect();
    let right = mine.iter().filter(|m| m.2 == 1).count() as i64;
    let got: i64 = mine.iter().map(|m| m.3).sum();
    let possible: i64 = mine.iter().map(|m| m.4).sum();
    let class_got: i64 = marked.iter().map(|m| m.3).sum();
    let class_possible: i64 = marked.iter().map(|m| m.4).sum();
    let points: Vec<(i64, i64)> = sqlx::query_as(&format!(
        "SELECT question_id, node_id FROM question_points WHERE question_id IN ({})",
        picked.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
    ))
    .fetch_all(db.pool())
    .await
    .unwrap();
    let mut own_mastery: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    for m in &mine {
        for (_, node) in points.iter().filter(|(q, _)| *q == m.1) {
            let e = own_mastery.entry(*node).or_default();
            e.0 += 1;
            e.1 += m.2;
        }
    }

    // 学情分析: the totals, the task beside its class, the knowledge points weakest first.
    let analysis = teacher.post_data("/api/analysis/student", json!({"studentId": student})).await;
    let totals = &analysis["totals"];
    assert_eq!(
        (int(&totals["taskCount"]), int(&totals["answered"]), int(&totals["correct"]), int(&totals["wrong"]), int(&totals["toMark"])),
        (1, answered, right, mine.len() as i64 - right, answered - mine.len() as i64),
        "{analysis}"
    );
    assert_eq!(totals["correctRate"].as_f64(), Some(percent(right, mine.len() as i64)));
    assert_eq!(totals["scoreRate"].as_f64(), Some(percent(got, possible)));
    assert_eq!(int(&totals["wrongOpen"]), mine.len() as i64 - right, "every wrong answer is an open wrong question");
    let shown_task = &analysis["tasks"][0];
    assert_eq!((int(&shown_task["taskId"]), int(&shown_task["score"]), int(&shown_task["fullScore"])), (task_id, got, 50));
    assert_eq!(shown_task["classRate"].as_f64(), Some(percent(class_got, class_possible)));
    let shown: BTreeMap<i64, (i64, i64)> =
        analysis["points"].as_array().unwrap().iter().map(|p| (int(&p["nodeId"]), (int(&p["answered"]), int(&p["correct"])))).collect();
    assert_eq!(shown, own_mastery);
    let rates: Vec<f64> = analysis["points"].as_array().unwrap().iter().map(|p| p["rate"].as_f64().unwrap()).collect();
    assert!(rates.windows(2).all(|w| w[0] <= w[1]), "weakest first: {rates:?}");
    for p in analysis["points"].as_array().unwrap() {
        let rate = p["rate"].as_f64().unwrap();
        assert_eq!(
            int(&p["level"]),
            if rate >= 85.0 {
                3
            } else if rate >= 60.0 {
                2
            } else {
                1
            }
        );
    }
    // A subject with no tasks, and a period before the task: nothing.
    let physics = teacher.post_data("/api/analysis/student", json!({"studentId": student, "subject": 56})).await;
    assert_eq!((int(&physics["totals"]["taskCount"]), int(&physics["totals"]["wrongOpen"])), (0, 0), "the wrong questions follow the subject");
    let before = teacher.post_data("/api/analysis/student", json!({"studentId": student, "from": 0, "to": 1000})).await;
    assert_eq!(
        (int(&before["totals"]["taskCount"]), before["totals"]["correctRate"].as_f64(), int(&before["totals"]["wrongOpen"])),
        (0, Some(-1.0), 0),
        "and the period"
    );

    // Who reads it: the school's principal yes; another teacher no; bad periods refused.
    assert_eq!(int(&principal.post_data("/api/analysis/student", json!({"studentId": student})).await["totals"]["correct"]), right);
    refused(&colleague.post("/api/analysis/student", json!({"studentId": student})).await, 404);
    refused(&teacher.post("/api/analysis/student", json!({"studentId": 99_999_999})).await, 404);
    refused(&teacher.post("/api/analysis/student", json!({"studentId": student, "from": 10, "to": 5})).await, 400);
    refused(&teacher.post("/api/analysis/student", json!({"studentId": student, "from": 0, "to": 400 * 86_400_000i64})).await, 400);
    refused(&teacher.post("/api/analysis/student", json!({"studentId": student, "extra": 1})).await, 400);
    refused(&teacher.post("/api/analysis/report/create", json!({"studentId": student, "template": 1, "from": i64::MAX - 1, "to": i64::MAX})).await, 400);

    // 全卷分析: each question with the class's rate, the student's rank and the score bands.
    let paper = teacher.post_data("/api/analysis/paper", json!({"taskId": task_id, "studentId": student})).await;
    let mut by_student: HashMap<i64, i64> = HashMap::new();
    for m in &marked {
        *by_student.entry(m.0).or_default() += m.3;
    }
    let rank = 1 + by_student.values().filter(|s| **s > got).count() as i64;
    let mut bands = vec![0i64; 5];
    for s in by_student.values() {
        let share = *s as f64 * 100.0 / 50.0;
        bands[protocol::dictionary::score_band(share) as usize] += 1;
    }
    assert_eq!(int(&paper["subject"]), 54);
    assert_eq!(
        (int(&paper["score"]), int(&paper["fullScore"]), int(&paper["classSize"]), int(&paper["rank"]), int(&paper["classMax"])),
        (got, 50, by_student.len() as i64, rank, *by_student.values().max().unwrap()),
        "{paper}"
    );
    let average = (by_student.values().sum::<i64>() as f64 * 10.0 / by_student.len() as f64).round() / 10.0;
    assert_eq!(paper["classAverage"].as_f64(), Some(average));
    assert_eq!(paper["bands"].as_array().unwrap().iter().map(int).collect::<Vec<_>>(), bands);
    for q in paper["questions"].as_array().unwrap() {
        let id = int(&q["questionId"]);
        let on_it: Vec<&Marked> = marked.iter().filter(|m| m.1 == id).collect();
        let class_right = on_it.iter().filter(|m| m.2 == 1).count() as i64;
        assert_eq!(q["classCorrectRate"].as_f64(), Some(percent(class_right, on_it.len() as i64)), "question {id}");
        let own = mine.iter().find(|m| m.1 == id);
        assert_eq!(q["correct"].as_bool(), own.map(|m| m.2 == 1), "question {id}");
    }
    refused(&colleague.post("/api/analysis/paper", json!({"taskId": task_id, "studentId": student})).await, 404);
    let outsider: i64 = sqlx::query_scalar("SELECT MIN(id) FROM students WHERE id NOT IN (SELECT student_id FROM lesson_task_students WHERE task_id = $1)")
        .bind(task_id)
        .fetch_one(db.pool())
        .await
        .unwrap();
    refused(&app.login(ADMIN).await.post("/api/analysis/paper", json!({"taskId": task_id, "studentId": outsider})).await, 404);

    // 选择错题: the wrong questions, by state and knowledge point.
    let wrong = teacher.post_data("/api/analysis/wrongQuestions", json!({"studentId": student})).await;
    let wrong_ids: BTreeSet<i64> = wrong.as_array().unwrap().iter().map(|w| int(&w["questionId"])).collect();
    let own_wrong: BTreeSet<i64> = mine.iter().filter(|m| m.2 == 0).map(|m| m.1).collect();
    assert_eq!(wrong_ids, own_wrong);
    assert!(wrong.as_array().unwrap().iter().all(|w| w["statusName"] == "待巩固" && !w["lastAnswer"].as_str().unwrap().is_empty()));
    let node = points.iter().find(|(q, _)| own_wrong.contains(q)).unwrap().1;
    let on_node = teacher.post_data("/api/analysis/wrongQuestions", json!({"studentId": student, "nodeId": node})).await;
    let expected: BTreeSet<i64> = own_wrong.iter().copied().filter(|q| points.contains(&(*q, node))).collect();
    assert_eq!(on_node.as_array().unwrap().iter().map(|w| int(&w["questionId"])).collect::<BTreeSet<_>>(), expected);
    assert!(teacher.post_data("/api/analysis/wrongQuestions", json!({"studentId": student, "status": 3})).await.as_array().unwrap().is_empty());
    refused(&teacher.post("/api/analysis/wrongQuestions", json!({"studentId": student, "status": 9})).await, 400);

    // 模板分析 → a wrong-question review starts with the open wrong questions.
    let templates = teacher.data("/api/analysis/templates").await;
    assert_eq!(templates.as_array().unwrap().iter().map(|t| int(&t["id"])).collect::<Vec<_>>(), vec![1, 2, 3]);
    let now = storage::now_ms();
    let period = json!({"studentId": student, "from": now - 30 * 86_400_000i64, "to": now + 60_000});
    refused(&teacher.post("/api/analysis/report/create", with(&period, json!({"template": 9}))).await, 400);
    refused(&teacher.post("/api/analysis/report/create", with(&period, json!({"template": 3}))).await, 400);
    refused(&colleague.post("/api/analysis/report/create", with(&period, json!({"template": 2}))).await, 404);
    let report = teacher.post_data("/api/analysis/report/create", with(&period, json!({"template": 2}))).await;
    let id = int(&report["id"]);
    assert_eq!((int(&report["status"]), report["canEdit"].as_bool(), report["templateName"].as_str()), (1, Some(true), Some("错题复盘报告")));
    assert_eq!(report["questions"].as_array().unwrap().iter().map(|q| int(&q["questionId"])).collect::<BTreeSet<_>>(), own_wrong);
    assert_eq!(int(&report["analysis"]["totals"]["correct"]), right, "the period's analysis, computed");
    // A draft is its teacher's alone.
    refused(&principal.post("/api/analysis/report/detail", json!({"id": id})).await, 404);
    assert!(teacher.post_data("/api/analysis/report/list", json!({})).await.as_array().unwrap().iter().any(|r| int(&r["id"]) == id));
    assert!(principal.post_data("/api/analysis/report/list", json!({"studentId": student})).await.as_array().unwrap().is_empty());

    // 报告编辑: texts and questions saved; stale, foreign and bad input refused.
    let updated_at = int(&report["updatedAt"]);
    let right_question = mine.iter().find(|m| m.2 == 1).unwrap().1;
    let keep: Vec<Value> = own_wrong.iter().take(2).map(|q| json!({"questionId": q, "note": "注意符号"})).collect();
    let edit = json!({"id": id, "title": "王同学十一月错题复盘", "summary": "  本阶段导数计算较稳，应用题失分多。 ", "comment": "继续保持", "nextPlan": "",
        "questions": keep, "updatedAt": updated_at});
    refused(&teacher.post("/api/analysis/report/save", with(&edit, json!({"title": " "}))).await, 400);
    refused(&teacher.post("/api/analysis/report/save", with(&edit, json!({"summary": "长".repeat(2001)}))).await, 400);
    refused(&teacher.post("/api/analysis/report/save", with(&edit, json!({"questions": [{"questionId": outsider_question(app, &picked).await}]}))).await, 400);
    refused(
        &teacher.post("/api/analysis/report/save", with(&edit, json!({"questions": [{"questionId": right_question}, {"questionId": right_question}]}))).await,
        400,
    );
    refused(&principal.post("/api/analysis/report/save", edit.clone()).await, 404);
    let saved = teacher.post_data("/api/analysis/report/save", edit.clone()).await;
    assert_eq!(saved["summary"], "本阶段导数计算较稳，应用题失分多。");
    assert_eq!(saved["questions"].as_array().unwrap().len(), 2);
    assert_eq!(saved["questions"][0]["note"], "注意符号");
    assert_eq!(saved["questions"][0]["correct"].as_bool(), Some(false), "the student's answer in the period");
    refused(&teacher.post("/api/analysis/report/save", edit.clone()).await, 409);
    // 整页选题 adds a right one; those it has are skipped.
    let added = teacher.post_data("/api/analysis/report/addQuestions", json!({"id": id, "questionIds": [right_question, int(&keep[0]["questionId"])]})).await;
    assert_eq!(int(&added), 1);
    let detail = teacher.post_data("/api/analysis/report/detail", json!({"id": id})).await;
    assert_eq!(detail["questions"].as_array().unwrap().len(), 3);
    assert_eq!(int(&detail["questions"][2]["questionId"]), right_question);
    refused(&teacher.post("/api/analysis/report/addQuestions", json!({"id": id, "questionIds": []})).await, 400);

    // Publishing: the teacher's; then read-only, and readable by the student's principal.
    refused(&principal.post("/api/analysis/report/publish", json!({"id": id})).await, 404);
    let published = teacher.post_data("/api/analysis/report/publish", json!({"id": id})).await;
    assert_eq!((int(&published["status"]), published["canEdit"].as_bool()), (2, Some(false)));
    refused(&teacher.post("/api/analysis/report/publish", json!({"id": id})).await, 409);
    refused(&teacher.post("/api/analysis/report/save", with(&edit, json!({"updatedAt": int(&published["updatedAt"])}))).await, 409);
    let read = principal.post_data("/api/analysis/report/detail", json!({"id": id})).await;
    assert_eq!((read["title"].as_str(), read["canEdit"].as_bool()), (Some("王同学十一月错题复盘"), Some(false)));
    let listed = principal.post_data("/api/analysis/report/list", json!({"studentId": student})).await;
    assert_eq!((listed.as_array().unwrap().len(), listed[0]["mine"].as_bool()), (1, Some(false)));
    refused(&colleague.post("/api/analysis/report/detail", json!({"id": id})).await, 404);
    refused(&principal.post("/api/analysis/report/delete", json!({"id": id})).await, 403);

    // A single-paper report carries the paper's analysis; publishing it needs a text.
    let single = teacher.post_data("/api/analysis/report/create", with(&period, json!({"template": 3, "taskId": task_id, "title": "单元练习分析"}))).await;
    assert_eq!((int(&single["paper"]["score"]), single["title"].as_str()), (got, Some("单元练习分析")));
    refused(&teacher.post("/api/analysis/report/publish", json!({"id": int(&single["id"])})).await, 400);
    assert_eq!(teacher.post_data("/api/analysis/report/delete", json!({"id": int(&single["id"])})).await, true);
    refused(&teacher.post("/api/analysis/report/detail", json!({"id": int(&single["id"])})).await, 404);
}

/// A question of the bank the student was never set.
async fn outsider_question(app: &TestApp, picked: &[i64]) -> i64 {
    sqlx::query_scalar(&format!(
        "SELECT MIN(id) FROM questions WHERE id NOT IN ({}) AND owner_id = 0",
        picked.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
    ))
    .fetch_one(app.state.db.pool())
    .await
    .unwrap()
}

async fn a_packages_plan_is_written_carried_out_and_reported(app: &TestApp) {
    let db = &app.state.db;
    generate(db, &Options { scale: Scale::Small, seed: 11, until: calendar::today() }).await.unwrap();
    let teacher_id = app.user_id(TEACHER).await;
    let teacher = app.login(TEACHER).await;
    let colleague = app.login(TEACHER2).await;
    let principal = app.login(PRINCIPAL).await;

    // The teacher's package with the most attended lessons.
    let (package, total, school): (i64, i64, i64) = sqlx::query_as(
        "SELECT p.id, p.buy_count + p.gift_lesson_num, p.school_id FROM lesson_packages p WHERE p.teacher_id = $1 \
         ORDER BY (SELECT COUNT(*) FROM attendance a WHERE a.package_id = p.id AND a.status IN (1, 2)) DESC, p.id LIMIT 1",
    )
    .bind(teacher_id)
    .fetch_one(db.pool())
    .await
    .unwrap();
    let lessons: Vec<(i64, i64)> = sqlx::query_as("SELECT lesson_id, status FROM attendance WHERE package_id = $1 ORDER BY start_at, lesson_id")
        .bind(package)
        .fetch_all(db.pool())
        .await
        .unwrap();
    let attended: Vec<i64> = lessons.iter().filter(|(_, s)| *s == 1 || *s == 2).map(|(l, _)| *l).collect();
    assert!(attended.len() >= 2, "the generated year gives the package lessons: {lessons:?}");

    // The list: the teacher's packages, each once, with nothing planned yet.
    let own: BTreeSet<i64> =
        sqlx::query_scalar("SELECT id FROM lesson_packages WHERE teacher_id = $1").bind(teacher_id).fetch_all(db.pool()).await.unwrap().into_iter().collect();
    let listed = teacher.post_data("/api/classPlan/packages", json!({})).await;
    assert_eq!(listed.as_array().unwrap().iter().map(|p| int(&p["packageId"])).collect::<BTreeSet<_>>(), own);
    let row = listed.as_array().unwrap().iter().find(|p| int(&p["packageId"]) == package).unwrap();
    assert_eq!((int(&row["planStatus"]), int(&row["usedLessons"]), int(&row["totalLessons"])), (0, attended.len() as i64, total));
    let code = row["studentCode"].as_str().unwrap().to_owned();
    let found = teacher.post_data("/api/classPlan/packages", json!({"keyword": code})).await;
    assert!(found.as_array().unwrap().iter().all(|p| p["studentCode"] == code.as_str()) && !found.as_array().unwrap().is_empty());
    assert!(teacher.post_data("/api/classPlan/packages", json!({"keyword": "%"})).await.as_array().unwrap().is_empty(), "a wildcard is a character");
    assert!(teacher.post_data("/api/classPlan/packages", json!({"status": 2})).await.as_array().unwrap().is_empty());
    refused(&teacher.post("/api/classPlan/packages", json!({"status": 7})).await, 400);

    // Reading: the teacher, the school's principal; not another teacher.
    let empty = teacher.post_data("/api/classPlan/detail", json!({"packageId": package})).await;
    assert_eq!((int(&empty["status"]), empty["canEdit"].as_bool(), int(&empty["updatedAt"])), (0, Some(true), 0));
    assert_eq!(empty["lessons"].as_array().unwrap().iter().map(|l| int(&l["lessonId"])).collect::<Vec<_>>(), lessons.iter().map(|l| l.0).collect::<Vec<_>>());
    if school == 1001 {
        assert_eq!(principal.post_data("/api/classPlan/detail", json!({"packageId": package})).await["canEdit"], false);
    }
    refused(&colleague.post("/api/classPlan/detail", json!({"packageId": package})).await, 404);
    refused(&teacher.post("/api/classPlan/detail", json!({"packageId": 99_999_999})).await, 404);
    refused(&teacher.post("/api/classPlan/report", json!({"packageId": package})).await, 404);

    // Writing: three items on knowledge points; bad input refused by what is wrong.
    let nodes: Vec<i64> = sqlx::query_scalar("SELECT id FROM atlas_nodes ORDER BY id LIMIT 4").fetch_all(db.pool()).await.unwrap();
    let items = json!([
        {"title": "函数的单调性", "pointIds": [nodes[0], nodes[1]], "note": "先复习定义"},
        {"title": "导数的几何意义", "pointIds": [nodes[2]]},
        {"title": "综合练习", "pointIds": [nodes[1], nodes[3]]},
    ]);
    let plan = json!({"packageId": package, "goal": "  期末数学提高到 120 分 ", "items": items, "updatedAt": 0});
    refused(&teacher.post("/api/classPlan/save", with(&plan, json!({"items": [{"title": " "}]}))).await, 400);
    refused(&teacher.post("/api/classPlan/save", with(&plan, json!({"items": [{"title": "a", "pointIds": [99_999_999]}]}))).await, 400);
    refused(&teacher.post("/api/classPlan/save", with(&plan, json!({"items": [{"title": "a", "pointIds": [nodes[0], nodes[0]]}]}))).await, 400);
    let too_many: Vec<Value> = (0..=total).map(|i| json!({"title": format!("第{}课", i + 1)})).collect();
    refused(&teacher.post("/api/classPlan/save", with(&plan, json!({"items": too_many}))).await, 400);
    refused(&teacher.post("/api/classPlan/save", with(&plan, json!({"updatedAt": 5}))).await, 409);
    refused(&colleague.post("/api/classPlan/save", plan.clone()).await, 404);
    if school == 1001 {
        refused(&principal.post("/api/classPlan/save", plan.clone()).await, 403);
    }
    refused(&teacher.post("/api/classPlan/confirm", json!({"packageId": package})).await, 400);
    let saved = teacher.post_data("/api/classPlan/save", plan.clone()).await;
    assert_eq!((int(&saved["status"]), saved["goal"].as_str()), (1, Some("期末数学提高到 120 分")));
    let carried: Vec<Option<i64>> = saved["items"].as_array().unwrap().iter().map(|i| i["lesson"]["lessonId"].as_i64()).collect();
    let expected: Vec<Option<i64>> = (0..3).map(|n| attended.get(n).copied()).collect();
    assert_eq!(carried, expected, "the n-th attended lesson carries out the n-th item");
    assert_eq!(saved["items"][0]["points"].as_array().unwrap().len(), 2);
    refused(&teacher.post("/api/classPlan/save", plan.clone()).await, 409);

    // Confirmed, listed as such, and reported from the attendance.
    let confirmed = teacher.post_data("/api/classPlan/confirm", json!({"packageId": package})).await;
    assert_eq!((int(&confirmed["status"]), confirmed["confirmedAt"].is_i64()), (2, true));
    refused(&teacher.post("/api/classPlan/confirm", json!({"packageId": package})).await, 409);
    let listed = teacher.post_data("/api/classPlan/packages", json!({"status": 2})).await;
    assert_eq!(listed.as_array().unwrap().iter().map(|p| int(&p["packageId"])).collect::<Vec<_>>(), vec![package]);
    assert_eq!((int(&listed[0]["plannedItems"]), int(&listed[0]["doneItems"])), (3, attended.len().min(3) as i64));
    let report = teacher.post_data("/api/classPlan/report", json!({"packageId": package})).await;
    let count = |s: i64| lessons.iter().filter(|l| l.1 == s).count() as i64;
    let attendance = &report["attendance"];
    assert_eq!(
        (int(&attendance["present"]), int(&attendance["late"]), int(&attendance["absent"]), int(&attendance["leave"])),
        (count(1), count(2), count(3), count(4))
    );
    assert_eq!(attendance["attendanceRate"].as_f64(), Some(percent(attended.len() as i64, lessons.len() as i64)));
    let done = attended.len().min(3) as i64;
    assert_eq!(report["progressRate"].as_f64(), Some(percent(done, 3)));
    assert_eq!(int(&report["remainingLessons"]), (total - attended.len() as i64).max(0));
    let planned: BTreeSet<i64> = nodes.iter().copied().collect();
    assert_eq!(int(&report["plannedPoints"]), planned.len() as i64);
    let covered: BTreeSet<i64> = [vec![nodes[0], nodes[1]], vec![nodes[2]], vec![nodes[1], nodes[3]]].into_iter().take(done as usize).flatten().collect();
    assert_eq!(int(&report["coveredPoints"]), covered.len() as i64);
    assert_eq!(report["upcoming"].as_array().unwrap().len(), 3 - done as usize);

    // A confirmed plan saved again stays confirmed.
    let again = teacher.post_data("/api/classPlan/save", with(&plan, json!({"updatedAt": int(&confirmed["updatedAt"]), "goal": "提高到 125 分"}))).await;
    assert_eq!((int(&again["status"]), again["goal"].as_str()), (2, Some("提高到 125 分")));
}
