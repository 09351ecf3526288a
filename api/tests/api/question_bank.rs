//! The question bank, the basket and the knowledge atlas through HTTP: search with Chinese word
//! segmentation checked against the test's own reading of the stored questions, classification,
//! tags, teachers' own questions, re-edits and their audit, similar questions, assembling the
//! basket into the co-edited handout (formulas kept), and atlas trees — copy from the centre,
//! node edits and moves, editors and refusals, knowledge maps, the change log, dictionaries.

use std::collections::HashSet;

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(
    search_finds_words_and_filters,
    basket_assembles_a_handout,
    tags_own_questions_and_reedits,
    atlas_trees_nodes_and_rights,
    report_practices_come_from_the_bank,
    paper_audit_and_logs
);

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("a number: {v}"))
}

fn refused(res: &(u16, Value), status: u16) {
    assert_eq!(res.0, status, "{}", res.1);
    assert_ne!(res.1["code"].as_str(), Some("1"));
}

async fn bank(app: &TestApp, count: usize) {
    let stored = storage::question::generate::generate(&app.state.db, 7, count).await.unwrap();
    assert_eq!(stored, count);
}

/// The stored questions of a subject and stage a user may find: (id, type, text, owner, points).
async fn stored(app: &TestApp, viewer: i64, subject: i64, stage: i64) -> Vec<(i64, i64, String, i64, Vec<i64>)> {
    let rows: Vec<(i64, i64, String, String, String, i64)> = sqlx::query_as(
        "SELECT id, question_type, stem, options, analysis, owner_id FROM questions WHERE subject = $1 AND stage = $2 AND deleted_at IS NULL \
         AND origin_id IS NULL AND (owner_id = 0 OR owner_id = $3)",
    )
    .bind(subject)
    .bind(stage)
    .bind(viewer)
    .fetch_all(app.state.db.pool())
    .await
    .unwrap();
    let points: Vec<(i64, i64)> = sqlx::query_as("SELECT question_id, node_id FROM question_points").fetch_all(app.state.db.pool()).await.unwrap();
    rows.into_iter()
        .map(|(id, t, stem, options, analysis, owner)| {
            let p = points.iter().filter(|(q, _)| *q == id).map(|(_, n)| *n).collect();
            (id, t, format!("{stem}\n{options}\n{analysis}"), owner, p)
        })
        .collect()
}

fn search_body(extra: Value) -> Value {
    with(&json!({"subject": 54, "stage": 4, "pageNo": 1, "pageSize": 50}), extra)
}

/// Every page of a search, concatenated.
async fn all_pages(c: &Client, body: Value) -> (Vec<Value>, i64) {
    let mut out = Vec::new();
    let mut page = 1;
    loop {
        let data = c.post_data("/api/paper/search", with(&body, json!({"pageNo": page, "pageSize": 100}))).await;
        let records = data["records"].as_array().unwrap().clone();
        let total = int(&data["total"]);
        out.extend(records.clone());
        if records.is_empty() || out.len() as i64 >= total {
            return (out, total);
        }
        page += 1;
    }
}

fn ids(records: &[Value]) -> HashSet<i64> {
    records.iter().map(|r| int(&r["questionId"])).collect()
}

async fn own_question(c: &Client, stem: &str, question_type: i64, points: &[i64]) -> Value {
    let (options, answer) = if question_type == 1 { (json!(["$1$", "$2$", "$3$", "$4$"]), "B") } else { (json!([]), "$x=1$") };
    c.post_data(
        "/api/question/save",
        json!({"subject": 54, "stage": 4, "content": {"questionType": question_type, "stem": stem, "options": options, "answer": answer,
            "analysis": "略", "difficulty": 3, "knowledgeIds": points}}),
    )
    .await
}

/// Words are found where the stored texts hold them, every word of the keyword required, and the
/// filters narrow exactly as the stored rows say.
async fn search_finds_words_and_filters(app: &TestApp) {
    bank(app, 600).await;
    let teacher = app.login(TEACHER).await;
    let other = app.login(TEACHER2).await;
    let me = app.user_id(TEACHER).await;

    // A question of the teacher's own that says 二次函数 three times in a short stem ranks first.
    let mine = own_question(&teacher, "二次函数 $y=x^2$：二次函数的顶点与二次函数的对称轴", 4, &[112]).await;
    let mine_id = int(&mine["questionId"]);
    let theirs = own_question(&other, "另一位老师的二次函数题", 4, &[112]).await;

    let rows = stored(app, me, 54, 4).await;
    let expected: HashSet<i64> = rows.iter().filter(|r| r.2.contains("二次函数")).map(|r| r.0).collect();
    assert!(expected.len() > 20, "the bank has 二次函数 questions: {}", expected.len());
    let (found, total) = all_pages(&teacher, search_body(json!({"keyword": "二次函数"}))).await;
    assert_eq!(ids(&found), expected);
    assert_eq!(total, expected.len() as i64);
    assert_eq!(int(&found[0]["questionId"]), mine_id, "the densest match ranks first");
    assert!(!ids(&found).contains(&int(&theirs["questionId"])), "another teacher's own question stays theirs");
    let page = teacher.post_data("/api/paper/search", search_body(json!({"keyword": "二次函数的最小值", "pageSize": 5}))).await;
    assert_eq!(page["terms"], json!(["二次函数", "最小值"]));
    for r in page["records"].as_array().unwrap() {
        let text = format!("{}{}", r["stem"].as_str().unwrap(), r["analysis"].as_str().unwrap());
        assert!(text.contains("二次函数") && text.contains("最小值"), "every word is in the question: {text}");
    }
    // Every question holding both words, and only those (the rarest word drives the search).
    let (both, total) = all_pages(&teacher, search_body(json!({"keyword": "二次函数的最小值"}))).await;
    let expected_both: HashSet<i64> = rows.iter().filter(|r| r.2.contains("二次函数") && r.2.contains("最小值")).map(|r| r.0).collect();
    assert!(!expected_both.is_empty());
    assert_eq!((ids(&both), total), (expected_both.clone(), expected_both.len() as i64));

    // Filters, alone and with words, against the stored rows.
    let (singles, total) = all_pages(&teacher, search_body(json!({"keyword": "二次函数", "typeIds": [1]}))).await;
    let expected_singles: HashSet<i64> = rows.iter().filter(|r| r.1 == 1 && r.2.contains("二次函数")).map(|r| r.0).collect();
    assert_eq!((ids(&singles), total), (expected_singles.clone(), expected_singles.len() as i64));
    let chapter: HashSet<i64> = [111, 112, 113, 114].into();
    let (in_chapter, _) = all_pages(&teacher, search_body(json!({"knowledgeIds": [110]}))).await;
    let expected_chapter: HashSet<i64> = rows.iter().filter(|r| r.4.iter().any(|p| chapter.contains(p))).map(|r| r.0).collect();
    assert_eq!(ids(&in_chapter), expected_chapter);
    let (own, _) = all_pages(&teacher, search_body(json!({"source": 2}))).await;
    assert_eq!(ids(&own), HashSet::from([mine_id]));
    let everything = teacher.post_data("/api/paper/search", search_body(json!({"typeIds": [-1], "difficulties": [-1]}))).await;
    assert_eq!(int(&everything["total"]), rows.len() as i64);
    assert_eq!(everything["records"][0]["questionIndex"], 1);

    // The classification counts what the search finds.
    let classes = teacher.post_data("/api/paper/class/search", search_body(json!({"keyword": "二次函数"}))).await;
    assert_eq!(int(&classes["total"]), expected.len() as i64);
    for (facet, index) in [("types", 1usize), ("difficulties", 99)] {
        let sum: i64 = classes[facet].as_array().unwrap().iter().map(|f| int(&f["count"])).sum();
        assert_eq!(sum, expected.len() as i64, "{facet}");
        if index == 1 {
            let singles = classes[facet].as_array().unwrap().iter().find(|f| f["code"] == 1).map(|f| int(&f["count"])).unwrap_or(0);
            assert_eq!(singles, expected_singles.len() as i64);
        }
    }

    // Bad input is refused in the envelope.
    for bad in [
        json!({"subject": 99, "stage": 4}),
        search_body(json!({"typeIds": [9]})),
        search_body(json!({"difficulties": [0]})),
        search_body(json!({"pageSize": 0})),
        search_body(json!({"keyword": "长".repeat(101)})),
        search_body(json!({"knowledgeIds": [99999]})),
        search_body(json!({"knowledgeIds": [211]})),
        search_body(json!({"source": 7})),
    ] {
        let res = teacher.post("/api/paper/search", bad.clone()).await;
        assert!(res.0 == 400 || res.0 == 404, "{bad}: {res:?}");
        assert_ne!(res.1["code"], "1");
    }
}

/// The basket holds questions by type and assembles them, formulas and all, into a new handout.
async fn basket_assembles_a_handout(app: &TestApp) {
    bank(app, 200).await;
    let teacher = app.login(TEACHER).await;
    let other = app.login(TEACHER2).await;
    let page = teacher.post_data("/api/paper/search", search_body(json!({"keyword": "二次函数", "pageSize": 3}))).await;
    let picked: Vec<i64> = page["records"].as_array().unwrap().iter().map(|r| int(&r["questionId"])).collect();
    assert_eq!(picked.len(), 3);
    assert_eq!(int(&teacher.post_data("/api/basket/add", json!({"questionIds": picked})).await["total"]), 3);
    assert_eq!(int(&teacher.post_data("/api/basket/add", json!({"questionIds": [picked[0]]})).await["total"]), 3, "no duplicates");
    let listed = teacher.post_data("/api/basket/question/list", json!({})).await;
    assert_eq!(int(&listed["total"]), 3);
    let grouped: i64 = listed["groups"].as_array().unwrap().iter().map(|g| g["questions"].as_array().unwrap().len() as i64).sum();
    assert_eq!(grouped, 3);
    for g in listed["groups"].as_array().unwrap() {
        assert!(g["questions"].as_array().unwrap().iter().all(|q| q["questionType"] == g["questionType"] && q["inBasket"] == true));
    }
    let marked = teacher.post_data("/api/paper/search", search_body(json!({"keyword": "二次函数", "pageSize": 3}))).await;
    assert!(marked["records"].as_array().unwrap().iter().all(|r| r["inBasket"] == true));
    let enums = teacher.post_data("/api/basket/question/enums", json!({})).await;
    assert_eq!(enums["questionTypes"].as_array().unwrap().len(), 4);

    // Another teacher's own question cannot go in; another's basket is theirs.
    let theirs = own_question(&other, "别人的题 $a+b$", 3, &[112]).await;
    refused(&teacher.post("/api/basket/add", json!({"questionIds": [int(&theirs["questionId"])]})).await, 404);
    refused(&other.post("/api/basket/assemble", json!({"subject": 54, "stage": 4, "questionIds": [picked[0]]})).await, 400);
    assert_eq!(int(&other.post_data("/api/basket/question/list", json!({})).await["total"]), 0);
    refused(&teacher.post("/api/basket/remove/questionId", json!({"questionIds": []})).await, 400);

    // Assembled in the order asked: numbered questions, options, answers, formulas as written.
    let order = vec![picked[2], picked[0]];
    let made = teacher.post_data("/api/basket/assemble", json!({"subject": 54, "stage": 4, "title": "二次函数专项", "questionIds": order})).await;
    let paper_id = int(&made["paperId"]);
    let detail = teacher.post_data("/api/paper/detail", json!({"paperId": paper_id})).await;
    assert_eq!(detail["paperTitle"], "二次函数专项");
    let practice: Vec<String> = detail["sections"]["classPractice"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_owned()).collect();
    let first = teacher.post_data("/api/question/xueke/detail", json!({"questionId": picked[2]})).await;
    let second = teacher.post_data("/api/question/xueke/detail", json!({"questionId": picked[0]})).await;
    assert_eq!(practice[0], format!("1. {}", first["stem"].as_str().unwrap()));
    let second_at = practice.iter().position(|p| *p == format!("2. {}", second["stem"].as_str().unwrap())).expect("the second question follows");
    assert!(practice[..second_at].contains(&format!("【答案】{}", first["answer"].as_str().unwrap())));
    assert!(practice[0].contains('$'), "the formula comes back as LaTeX: {}", practice[0]);
    let review = detail["sections"]["knowledgeReview"].as_array().unwrap();
    assert!(review.iter().any(|p| p == "函数的单调性与最值"), "{review:?}");
    assert_eq!(int(&teacher.post_data("/api/basket/question/list", json!({})).await["total"]), 1, "assembled questions leave the basket");
    assert_eq!(int(&teacher.post_data("/api/basket/remove/questionId", json!({"all": true})).await["total"]), 0);
    refused(&teacher.post("/api/basket/assemble", json!({"subject": 54, "stage": 4})).await, 400);

    // A similar question: same type, sharing a point; with the paper, it is added to it.
    let similar = teacher.post_data("/api/paper/copySimilarQuestion", json!({"questionId": picked[2], "count": 2, "paperId": paper_id})).await;
    let similar = similar.as_array().unwrap();
    assert!(!similar.is_empty());
    let point_ids = |q: &Value| q["knowledgePoints"].as_array().unwrap().iter().map(|p| int(&p["id"])).collect::<HashSet<_>>();
    for s in similar {
        assert_eq!(s["questionType"], first["questionType"]);
        assert!(!point_ids(s).is_disjoint(&point_ids(&first)));
        assert_ne!(s["questionId"], first["questionId"]);
    }
    let after = teacher.post_data("/api/paper/detail", json!({"paperId": paper_id})).await;
    let practice: Vec<&str> = after["sections"]["classPractice"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    assert!(practice.contains(&format!("3. {}", similar[0]["stem"].as_str().unwrap()).as_str()), "{practice:?}");
    refused(&other.post("/api/paper/copySimilarQuestion", json!({"questionId": picked[2], "paperId": paper_id})).await, 404);
}

/// Tags are the teacher's own; own questions are edited directly, bank questions through a
/// re-edit an admin approves (then the bank question says the new thing) or refuses.
async fn tags_own_questions_and_reedits(app: &TestApp) {
    bank(app, 100).await;
    let teacher = app.login(TEACHER).await;
    let other = app.login(TEACHER2).await;
    let admin = app.login(ADMIN).await;
    let page = teacher.post_data("/api/paper/search", search_body(json!({"typeIds": [1], "pageSize": 2}))).await;
    let (a, b) = (int(&page["records"][0]["questionId"]), int(&page["records"][1]["questionId"]));

    let tags = teacher
        .post_data(
            "/api/question/tags/batch",
            json!({"operations": [
                {"questionId": a, "actions": [{"action": "add", "tag": "易错"}, {"action": "add", "tag": "期中"}]},
                {"questionId": b, "actions": [{"action": "add", "tag": "易错"}]}]}),
        )
        .await;
    assert_eq!(tags["tagList"], json!([{"tag": "易错", "count": 2}, {"tag": "期中", "count": 1}]));
    teacher.post_data("/api/question/tags/batch", json!({"operations": [{"questionId": a, "actions": [{"action": "remove", "tag": "期中"}]}]})).await;
    assert_eq!(teacher.data("/api/question/tags/list").await["tagList"], json!([{"tag": "易错", "count": 2}]));
    assert_eq!(other.data("/api/question/tags/list").await["tagList"], json!([]), "tags are the teacher's own");
    let (tagged, _) = all_pages(&teacher, search_body(json!({"tags": ["易错"]}))).await;
    assert_eq!(ids(&tagged), HashSet::from([a, b]));
    assert_eq!(teacher.post_data("/api/question/xueke/detail", json!({"questionId": a})).await["customBlockData"]["customTags"], json!(["易错"]));
    refused(&teacher.post("/api/question/tags/batch", json!({"operations": [{"questionId": a, "actions": [{"action": "paint", "tag": "x"}]}]})).await, 400);

    // Own questions: checked content, edited in place, searchable, deleted.
    for bad in [
        json!({"questionType": 1, "stem": "x", "options": ["a"], "answer": "A", "difficulty": 3, "knowledgeIds": [112]}),
        json!({"questionType": 1, "stem": "x", "options": ["a", "b"], "answer": "C", "difficulty": 3, "knowledgeIds": [112]}),
        json!({"questionType": 2, "stem": "x", "options": ["a", "b", "c"], "answer": "A", "difficulty": 3, "knowledgeIds": [112]}),
        json!({"questionType": 3, "stem": "x", "options": ["a"], "answer": "1", "difficulty": 3, "knowledgeIds": [112]}),
        json!({"questionType": 4, "stem": " ", "answer": "1", "difficulty": 3, "knowledgeIds": [112]}),
        json!({"questionType": 4, "stem": "x", "answer": "1", "difficulty": 6, "knowledgeIds": [112]}),
        json!({"questionType": 4, "stem": "x", "answer": "1", "difficulty": 3, "knowledgeIds": []}),
        json!({"questionType": 4, "stem": "x", "answer": "1", "difficulty": 3, "knowledgeIds": [211]}),
    ] {
        let res = teacher.post("/api/question/save", json!({"subject": 54, "stage": 4, "content": bad.clone()})).await;
        assert_eq!(res.0, 400, "{bad}: {res:?}");
    }
    let mine = own_question(&teacher, "求抛物线的焦点坐标", 1, &[112]).await;
    let mine_id = int(&mine["questionId"]);
    let edited = teacher
        .post_data(
            "/api/question/save",
            json!({"questionId": mine_id, "subject": 54, "stage": 4, "content": {"questionType": 2, "stem": "椭圆的离心率范围", "options": ["a", "b", "c"],
                "answer": "ac", "difficulty": 4, "knowledgeIds": [112, 113]}}),
        )
        .await;
    assert_eq!((edited["answer"].as_str(), edited["knowledgePoints"].as_array().unwrap().len()), (Some("AC"), 2));
    assert_eq!(int(&teacher.post_data("/api/paper/search", search_body(json!({"keyword": "抛物线", "source": 2}))).await["total"]), 0);
    assert_eq!(int(&teacher.post_data("/api/paper/search", search_body(json!({"keyword": "离心率", "source": 2}))).await["total"]), 1);
    refused(&other.post("/api/question/save", json!({"questionId": mine_id, "subject": 54, "stage": 4, "content": mine_content()})).await, 404);
    refused(&teacher.post("/api/question/save", json!({"questionId": a, "subject": 54, "stage": 4, "content": mine_content()})).await, 403);
    refused(&other.post("/api/question/delete", json!({"questionId": mine_id})).await, 404);
    assert_eq!(teacher.post_data("/api/question/delete", json!({"questionId": mine_id})).await, true);
    refused(&teacher.post("/api/question/xueke/detail", json!({"questionId": mine_id})).await, 404);

    // A re-edit waits for an admin; the bank question changes only when approved.
    let original = teacher.post_data("/api/question/xueke/detail", json!({"questionId": a})).await;
    let proposal = teacher
        .post_data("/api/question/reedit", json!({"questionId": a, "content": with(&mine_content(), json!({"stem": "纠错后的题干：等差数列求和"}))}))
        .await;
    assert_eq!(proposal["auditStatus"], 1);
    assert_eq!(proposal["original"]["stem"], original["stem"]);
    let reedit_id = int(&proposal["reeditId"]);
    assert_eq!(teacher.post_data("/api/question/xueke/detail", json!({"questionId": a})).await["stem"], original["stem"]);
    assert_eq!(int(&teacher.post_data("/api/paper/search", search_body(json!({"keyword": "等差数列"}))).await["total"]), 0, "a proposal is not in the bank");
    refused(&other.post("/api/question/reedit/audit", json!({"reeditId": reedit_id, "approve": true})).await, 403);
    assert_eq!(int(&other.post_data("/api/question/reedit/list", json!({})).await["total"]), 0, "others' re-edits stay theirs");
    let queue = admin.post_data("/api/question/reedit/list", json!({"status": 1})).await;
    assert_eq!(int(&queue["records"][0]["reeditId"]), reedit_id);
    let approved = admin.post_data("/api/question/reedit/audit", json!({"reeditId": reedit_id, "approve": true, "note": "已核实"})).await;
    assert_eq!((approved["auditStatus"].as_i64(), approved["auditNote"].as_str()), (Some(2), Some("已核实")));
    refused(&admin.post("/api/question/reedit/audit", json!({"reeditId": reedit_id, "approve": false})).await, 409);
    let now = teacher.post_data("/api/question/xueke/detail", json!({"questionId": a})).await;
    assert_eq!(now["stem"], "纠错后的题干：等差数列求和");
    let found = teacher.post_data("/api/paper/search", search_body(json!({"keyword": "等差数列"}))).await;
    assert_eq!(int(&found["records"][0]["questionId"]), a, "the approved text is what the bank finds");

    let refused_one = teacher.post_data("/api/question/reedit", json!({"questionId": b, "content": mine_content()})).await;
    let done = admin.post_data("/api/question/reedit/audit", json!({"reeditId": int(&refused_one["reeditId"]), "approve": false, "note": "原题无误"})).await;
    assert_eq!(done["auditStatus"], 3);
    assert_ne!(teacher.post_data("/api/question/xueke/detail", json!({"questionId": b})).await["stem"], mine_content()["stem"]);
}

fn mine_content() -> Value {
    json!({"questionType": 1, "stem": "改写的题干", "options": ["$1$", "$2$"], "answer": "A", "analysis": "", "difficulty": 2, "knowledgeIds": [112]})
}

async fn tree(c: &Client, id: i64) -> Value {
    c.post_data("/api/atlas/tree/queryByTreeId", json!({"treeId": id})).await
}

/// Node names of a tree, depth first, with their depth.
fn outline(nodes: &Value, depth: usize, out: &mut Vec<(usize, String)>) {
    for n in nodes.as_array().unwrap() {
        out.push((depth, n["name"].as_str().unwrap().to_owned()));
        outline(&n["children"], depth + 1, out);
    }
}

fn find(nodes: &Value, name: &str) -> Option<Value> {
    nodes.as_array().unwrap().iter().find_map(|n| if n["name"] == name { Some(n.clone()) } else { find(&n["children"], name) })
}

/// Centre trees are read by all and changed by admins; a teacher copies one and edits the copy,
/// grants an editor, and the copy finds the bank's questions as the centre tree does.
async fn atlas_trees_nodes_and_rights(app: &TestApp) {
    bank(app, 300).await;
    let teacher = app.login(TEACHER).await;
    let other = app.login(TEACHER2).await;
    let admin = app.login(ADMIN).await;
    let me = app.user_id(TEACHER).await;

    let trees = teacher.post_data("/api/atlas/tree/queryTreeList", json!({"subject": 54, "stage": 4})).await;
    let centre = trees.as_array().unwrap().iter().find(|t| t["treeId"] == 1).expect("the centre tree").clone();
    assert_eq!((centre["published"].as_bool(), centre["canEdit"].as_bool(), centre["ownerId"].as_i64()), (Some(true), Some(false), Some(0)));
    refused(&teacher.post("/api/atlas/node/add", json!({"treeId": 1, "parentId": 0, "name": "x"})).await, 403);
    refused(&teacher.post("/api/atlas/tree/del", json!({"treeId": 1})).await, 403);

    // Question counts per node are the stored links.
    let centre_detail = tree(&teacher, 1).await;
    let point = find(&centre_detail["nodes"], "函数的单调性与最值").unwrap();
    let on_point = stored(app, me, 54, 4).await.iter().filter(|r| r.4.contains(&int(&point["id"]))).count() as i64;
    assert_eq!(int(&point["questionCount"]), on_point);
    let resources = teacher.post_data("/api/atlas/tree/queryResource", json!({"treeId": 1})).await;
    let chapter = resources.as_array().unwrap().iter().find(|r| r["name"] == "函数").unwrap();
    let in_chapter = stored(app, me, 54, 4).await.iter().filter(|r| r.4.iter().any(|p| (111..=114).contains(p))).count() as i64;
    assert_eq!(int(&chapter["questionCount"]), in_chapter);

    // The copy is the teacher's, with the same outline, finding the same questions.
    let copy = teacher.post_data("/api/atlas/tree/copyFromCenter", json!({"treeId": 1})).await;
    let copy_id = int(&copy["treeId"]);
    assert_eq!((copy["ownerId"].as_i64(), copy["canManage"].as_bool(), copy["published"].as_bool()), (Some(me), Some(true), Some(false)));
    let copied = tree(&teacher, copy_id).await;
    let (mut a, mut b) = (Vec::new(), Vec::new());
    outline(&centre_detail["nodes"], 0, &mut a);
    outline(&copied["nodes"], 0, &mut b);
    assert_eq!(a, b);
    let copied_point = find(&copied["nodes"], "函数的单调性与最值").unwrap();
    assert_eq!(int(&copied_point["questionCount"]), on_point);
    let via_copy = teacher.post_data("/api/paper/search", search_body(json!({"knowledgeIds": [int(&copied_point["id"])]}))).await;
    assert_eq!(int(&via_copy["total"]), on_point);
    assert_eq!(teacher.post_data("/api/atlas/tree/exist", json!({"name": copy["name"], "subject": 54, "stage": 4})).await["exist"], true);
    let second = teacher.post_data("/api/atlas/tree/copyFromCenter", json!({"treeId": 1})).await;
    assert_ne!(second["name"], copy["name"], "a second copy gets a free name");

    // Edits: add, rename, move with the subtree (never into itself), order, delete.
    let functions = find(&copied["nodes"], "函数").unwrap();
    let derivatives = find(&copied["nodes"], "导数及其应用").unwrap();
    let added = teacher.post_data("/api/atlas/node/add", json!({"treeId": copy_id, "parentId": int(&functions["id"]), "name": "幂函数", "index": 0})).await;
    let added_id = int(&added["id"]);
    let child = teacher.post_data("/api/atlas/node/add", json!({"treeId": copy_id, "parentId": added_id, "name": "幂函数的图像"})).await;
    teacher.post_data("/api/atlas/node/rename", json!({"nodeId": added_id, "name": "幂函数与二次函数", "summary": "新说明"})).await;
    refused(&teacher.post("/api/atlas/node/move", json!({"nodeId": added_id, "parentId": int(&child["id"])})).await, 409);
    refused(&teacher.post("/api/atlas/node/move", json!({"nodeId": added_id, "parentId": 111})).await, 400);
    teacher.post_data("/api/atlas/node/move", json!({"nodeId": added_id, "parentId": int(&derivatives["id"]), "index": 1})).await;
    let moved = tree(&teacher, copy_id).await;
    let under = find(&moved["nodes"], "导数及其应用").unwrap();
    let names: Vec<&str> = under["children"].as_array().unwrap().iter().map(|n| n["name"].as_str().unwrap()).collect();
    assert_eq!(names[1], "幂函数与二次函数", "{names:?}");
    let moved_node = find(&moved["nodes"], "幂函数与二次函数").unwrap();
    assert_eq!((moved_node["depth"].as_i64(), moved_node["children"][0]["depth"].as_i64()), (Some(2), Some(3)));
    assert_eq!(moved_node["summary"], "新说明");
    assert_eq!(int(&teacher.post_data("/api/atlas/node/del", json!({"nodeId": added_id})).await), 2);
    assert!(find(&tree(&teacher, copy_id).await["nodes"], "幂函数的图像").is_none());
    for bad in [json!({"treeId": copy_id, "parentId": 0, "name": " "}), json!({"treeId": copy_id, "parentId": 0, "name": "长".repeat(51)})] {
        refused(&teacher.post("/api/atlas/node/add", bad).await, 400);
    }

    // Editors: granted, they edit but do not manage; others do not see the tree at all.
    refused(&other.post("/api/atlas/tree/queryByTreeId", json!({"treeId": copy_id})).await, 404);
    let other_id = app.user_id(TEACHER2).await;
    let permission = teacher.post_data("/api/atlas/permission/update", json!({"treeId": copy_id, "userIds": [other_id, me]})).await;
    assert_eq!(permission["editors"].as_array().unwrap().iter().map(|e| int(&e["userId"])).collect::<Vec<_>>(), vec![other_id]);
    other.post_data("/api/atlas/node/add", json!({"treeId": copy_id, "parentId": 0, "name": "协作者加的章"})).await;
    refused(&other.post("/api/atlas/permission/update", json!({"treeId": copy_id, "userIds": []})).await, 403);
    refused(&other.post("/api/atlas/tree/del", json!({"treeId": copy_id})).await, 403);
    let (status, body) = other.get(&format!("/api/atlas/permission/queryByTreeId?treeId={copy_id}")).await;
    assert_eq!((status, body["data"]["canManage"].as_bool()), (200, Some(false)));

    // Knowledge maps, type, publishing and the change log.
    let map = json!({"description": "单调性的判定", "keyPoints": ["定义法", " ", "导数法"], "commonMistakes": ["忽略定义域"], "difficulty": 3});
    let saved = teacher.post_data("/api/atlas/knowledgeMap/addOrUpdate", json!({"nodeId": int(&copied_point["id"]), "content": map})).await;
    assert_eq!(saved["map"]["keyPoints"], json!(["定义法", "导数法"]));
    assert_eq!(saved["path"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect::<Vec<_>>(), ["函数", "函数的单调性与最值"]);
    let counted: i64 = saved["questionCounts"].as_array().unwrap().iter().map(|c| int(&c["count"])).sum();
    assert_eq!(counted, on_point);
    let lesson = teacher.post_data("/api/atlas/knowledgeMap/queryInfoForPrepareLesson", json!({"nodeId": int(&copied_point["id"])})).await;
    let difficulties: Vec<i64> = lesson["sampleQuestions"].as_array().unwrap().iter().map(|q| int(&q["difficulty"])).collect();
    assert!(!difficulties.is_empty() && difficulties.windows(2).all(|w| w[0] < w[1]), "{difficulties:?}");
    refused(&teacher.post("/api/atlas/knowledgeMap/addOrUpdate", json!({"nodeId": 112, "content": map})).await, 403);
    teacher.post_data("/api/atlas/type", json!({"treeId": copy_id, "atlasType": 3})).await;
    refused(&teacher.post("/api/atlas/type", json!({"treeId": copy_id, "atlasType": 9})).await, 400);
    assert_eq!(teacher.post_data("/api/atlas/publish", json!({"treeId": copy_id, "publish": true})).await["published"], true);
    let log = teacher.post_data("/api/log/nodeOperateLogList", json!({"treeId": copy_id, "pageSize": 50})).await;
    let actions: HashSet<&str> = log["records"].as_array().unwrap().iter().map(|l| l["action"].as_str().unwrap()).collect();
    for action in ["tree_copy", "node_add", "node_rename", "node_move", "node_del", "tree_editors", "map_save", "tree_type", "tree_publish"] {
        assert!(actions.contains(action), "{action} logged: {actions:?}");
    }

    // An admin's centre tree is hidden until published; then everyone reads it.
    let made = admin.post_data("/api/atlas/tree/add", json!({"name": "高中数学专题", "subject": 54, "stage": 4, "atlasType": 3, "centre": true})).await;
    let made_id = int(&made["treeId"]);
    refused(&teacher.post("/api/atlas/tree/add", json!({"name": "x", "subject": 54, "stage": 4, "centre": true})).await, 403);
    refused(&teacher.post("/api/atlas/tree/queryByTreeId", json!({"treeId": made_id})).await, 404);
    refused(&admin.post("/api/atlas/publish", json!({"treeId": made_id, "publish": true})).await, 400);
    admin.post_data("/api/atlas/node/add", json!({"treeId": made_id, "parentId": 0, "name": "函数综合"})).await;
    admin.post_data("/api/atlas/publish", json!({"treeId": made_id, "publish": true})).await;
    assert_eq!(tree(&teacher, made_id).await["tree"]["canEdit"], false);
    let types = teacher.post_data("/api/atlas/tree/queryPublishedAtlasType", json!({"subject": 54, "stage": 4})).await;
    assert_eq!(types.as_array().unwrap().iter().map(|t| t["code"].as_str().unwrap()).collect::<Vec<_>>(), ["1", "3"]);
    let (_, audited) = teacher.get("/api/atlas/tree/queryAuditedTree?subject=54&stage=4").await;
    assert_eq!(audited["data"].as_array().unwrap().len(), 2);

    // Dictionaries.
    let base = teacher.post_data("/api/dic/queryBaseDicInfo", json!({})).await;
    assert_eq!((base["questionTypes"].as_array().unwrap().len(), base["atlasTypes"].as_array().unwrap().len()), (4, 3));
    assert_eq!(teacher.post_data("/api/dict/atlas/config", json!({"subject": 54, "stage": 4})).await["defaultTreeId"], 1);
    let v2 = teacher.post_data("/api/pub/dict/k12/knowledge-tree/v2", json!({"subject": 56, "stage": 4})).await;
    assert_eq!(v2[0]["name"], "高中物理知识图谱");
    assert!(find(&v2[0]["nodes"], "牛顿第二定律").is_some());
    assert_eq!(teacher.data("/api/dic/school/all").await.as_array().unwrap().len(), 4);
    assert_eq!(teacher.data("/api/dic/knowledgeMap/queryBaseDict").await["publishStates"].as_array().unwrap().len(), 2);
    let listed = teacher.post_data("/api/dict/atlas/list", json!({"subject": 54, "stage": 4})).await;
    let listed: HashSet<i64> = listed.as_array().unwrap().iter().map(|t| int(&t["treeId"])).collect();
    assert!(listed.contains(&1) && listed.contains(&copy_id) && listed.contains(&made_id));

    assert_eq!(teacher.post_data("/api/atlas/tree/del", json!({"treeId": copy_id})).await, true);
    refused(&other.post("/api/atlas/tree/queryByTreeId", json!({"treeId": copy_id})).await, 404);
}

/// A report's practices are the bank's questions on its knowledge points, and an objective
/// answer sheet is marked against the stored answers, whatever the client claims.
async fn report_practices_come_from_the_bank(app: &TestApp) {
    bank(app, 300).await;
    let teacher = app.login(TEACHER).await;
    let r = |extra: Value| with(&json!({"reportId": 1}), extra);
    let points = ["函数的单调性与最值", "导数的运算", "指数函数", "不在图谱里的点"];
    teacher.post_data("/api/report/feedback/knwledages/update", r(json!({"items": points}))).await;
    let practices = teacher.post_data("/api/report/feedback/practice/refresh?reportId=1", json!({})).await;
    let practices = practices.as_array().unwrap();
    assert_eq!(practices.len(), 4);
    let mut questions = Vec::new();
    for (practice, point) in practices.iter().zip(points) {
        assert_eq!(practice["knowledge"], point);
        match practice["questionId"].as_str().unwrap().parse::<i64>() {
            Ok(id) => {
                let q = teacher.post_data("/api/question/xueke/detail", json!({"questionId": id})).await;
                assert!(q["knowledgePoints"].as_array().unwrap().iter().any(|p| p["name"] == point), "{point}: {q}");
                assert_eq!(practice["title"], q["stem"]);
                questions.push(q);
            }
            Err(_) => assert_eq!(point, "不在图谱里的点", "only a point the bank lacks keeps a teacher-marked practice"),
        }
    }
    assert_eq!(questions.len(), 3);
    let sheet = teacher.post_data("/api/dataCollector/task/1v1/create/draft/answerSheet", r(json!({}))).await;
    assert_eq!(sheet["items"].as_array().unwrap().len(), 4);

    // Right, wrong and right again, each claiming the opposite; the teacher marks the last one.
    let wrong = |answer: &str| if answer == "A" { "B".to_owned() } else { "A".to_owned() };
    let mut expected = Vec::new();
    for (i, q) in questions.iter().enumerate() {
        let stored = q["answer"].as_str().unwrap();
        let objective = q["questionType"] == 1 || q["questionType"] == 2;
        let answer = if i == 1 {
            if objective {
                wrong(stored)
            } else {
                "不对的答案".to_owned()
            }
        } else {
            stored.to_owned()
        };
        let claimed = i == 1;
        let done = teacher
            .post_data("/api/dataCollector/1v1/single/submit", r(json!({"questionId": q["questionId"].to_string(), "answer": answer, "correct": claimed})))
            .await;
        let item = done["items"].as_array().unwrap().iter().find(|it| it["questionId"].as_str() == Some(q["questionId"].to_string().as_str())).unwrap().clone();
        let right = if q["questionType"] == 4 { claimed } else { i != 1 };
        assert_eq!(item["correct"], right, "{q}");
        expected.push(right);
    }
    let done = teacher
        .post_data("/api/dataCollector/1v1/single/submit", r(json!({"questionId": practices[3]["questionId"], "answer": "口述", "correct": true})))
        .await;
    assert_eq!(done["status"], "submitted");
    expected.push(true);
    let right = expected.iter().filter(|r| **r).count() as f64;
    let model = teacher.data("/api/report/feedback/queryModelData?reportId=1").await;
    assert_eq!(model["accuracy"].as_f64(), Some((right * 1000.0 / expected.len() as f64).round() / 10.0), "{model}");
}

/// A paper goes through audit: posted by its author, judged by an admin (refused, posted again,
/// approved), then in the library for everyone; its changes are logged.
async fn paper_audit_and_logs(app: &TestApp) {
    bank(app, 50).await;
    let teacher = app.login(TEACHER).await;
    let other = app.login(TEACHER2).await;
    let admin = app.login(ADMIN).await;
    let page = teacher.post_data("/api/paper/search", search_body(json!({"pageSize": 2}))).await;
    let ids: Vec<i64> = page["records"].as_array().unwrap().iter().map(|r| int(&r["questionId"])).collect();
    teacher.post_data("/api/basket/add", json!({"questionIds": ids})).await;
    let paper_id = int(&teacher.post_data("/api/basket/assemble", json!({"subject": 54, "stage": 4, "title": "待审讲义"})).await["paperId"]);
    teacher.post_data("/api/paper/save", json!({"paperId": paper_id, "paperTitle": "待审讲义（改）"})).await;

    // The outline: the five sections, the assembled points as headings of 知识梳理.
    let tree = teacher.post_data("/api/paper/tree", json!({"paperId": paper_id})).await;
    assert_eq!(tree.as_array().unwrap().len(), 5);
    assert_eq!(tree[1]["title"], "知识梳理");
    assert!(!tree[1]["children"].as_array().unwrap().is_empty());

    refused(&other.post("/api/paper/detail", json!({"paperId": paper_id})).await, 404);
    refused(&other.post("/api/paper/audit/post", json!({"paperId": paper_id})).await, 404);
    refused(&teacher.post("/api/paper/audit/judge", json!({"paperId": paper_id, "approve": true})).await, 403);
    refused(&admin.post("/api/paper/audit/judge", json!({"paperId": paper_id, "approve": true})).await, 404);
    assert_eq!(teacher.post_data("/api/paper/audit/post", json!({"paperId": paper_id})).await["auditStatus"], 1);
    refused(&teacher.post("/api/paper/audit/post", json!({"paperId": paper_id})).await, 409);
    let queue = admin.post_data("/api/paper/collection", json!({"auditStatus": 1})).await;
    assert!(queue["records"].as_array().unwrap().iter().any(|p| int(&p["paperId"]) == paper_id));
    let refusal = admin.post_data("/api/paper/audit/judge", json!({"paperId": paper_id, "approve": false, "note": "例题太少"})).await;
    assert_eq!((refusal["auditStatus"].as_i64(), refusal["auditInfoVisible"].as_bool()), (Some(3), Some(true)));
    refused(&admin.post("/api/paper/audit/judge", json!({"paperId": paper_id, "approve": true})).await, 409);
    let mine = teacher.post_data("/api/paper/collection", json!({"mine": true})).await;
    let listed = mine["records"].as_array().unwrap().iter().find(|p| int(&p["paperId"]) == paper_id).unwrap().clone();
    assert_eq!((listed["auditNote"].as_str(), listed["paperTitle"].as_str()), (Some("例题太少"), Some("待审讲义（改）")));
    assert_eq!(teacher.post_data("/api/paper/audit/updateAuditInfoInvisible", json!({"paperId": paper_id})).await["auditInfoVisible"], false);
    teacher.post_data("/api/paper/audit/post", json!({"paperId": paper_id})).await;
    assert_eq!(admin.post_data("/api/paper/audit/judge", json!({"paperId": paper_id, "approve": true})).await["auditStatus"], 2);

    // Approved, it is in the library: others list and read it, and cannot change it.
    let theirs = other.post_data("/api/paper/collection", json!({"auditStatus": 2})).await;
    assert!(theirs["records"].as_array().unwrap().iter().any(|p| int(&p["paperId"]) == paper_id));
    assert_eq!(other.post_data("/api/paper/detail", json!({"paperId": paper_id})).await["canEdit"], false);
    refused(&other.post("/api/paper/save", json!({"paperId": paper_id, "paperTitle": "x"})).await, 403);
    refused(&other.post("/api/log/docPaperOperateLogList", json!({"paperId": paper_id})).await, 403);

    let logs = teacher.post_data("/api/log/docPaperOperateLogList", json!({"paperId": paper_id, "pageSize": 50})).await;
    let actions: Vec<&str> = logs["records"].as_array().unwrap().iter().map(|l| l["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["audit_approve", "audit_post", "audit_refuse", "audit_post", "save", "create"]);
    let refusal_log = logs["records"].as_array().unwrap().iter().find(|l| l["action"] == "audit_refuse").unwrap();
    let info = teacher.post_data("/api/log/docPaperOperateLogInfo", json!({"logId": refusal_log["id"]})).await;
    assert_eq!((info["detail"].as_str(), info["userName"].as_str()), (Some("例题太少"), Some("王管理")));
    refused(&other.post("/api/log/docPaperOperateLogInfo", json!({"logId": refusal_log["id"]})).await, 404);

    let config = teacher.data("/api/pdf/paper/config").await;
    assert_eq!((config["pageSize"].as_str(), config["fontFamilies"].as_array().unwrap().len()), (Some("A4"), 6));
    assert!(!teacher.data("/api/pdf/draw/config").await["colors"].as_array().unwrap().is_empty());
}
