//! Paper, library and drive-resource downloads (real Word documents and files, pushed through
//! the queue) and save-to-knowledge (a job whose end is pushed as magic_002).

use std::io::Read;
use std::time::{Duration, Instant};

use protocol::push::TypeCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_every_store;

on_every_store!(papers_and_resources_download_as_real_files, save_to_knowledge_is_a_pushed_job);

/// The text of a .docx's main part.
fn docx_text(bytes: &[u8]) -> String {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a .docx is a zip package");
    let mut xml = String::new();
    archive.by_name("word/document.xml").expect("the main document part").read_to_string(&mut xml).unwrap();
    xml
}

async fn make_paper(client: &Client, atlas_id: i64, paper_type: i64) -> i64 {
    let body = json!({"paperList": [{"atlasId": atlas_id}], "subject": 54, "stage": 4, "paperType": paper_type, "treeId": 1});
    client.post_data("/api/paper/package", body).await["paperId"].as_i64().unwrap()
}

async fn papers_and_resources_download_as_real_files(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    let paper = make_paper(&teacher, 120, 5).await;
    teacher.post_data("/api/paper/save", json!({"paperId": paper, "sections": {"homework": ["完成练习册第12页"]}})).await;
    teacher.post_data("/api/paper/globalsetting/save", json!({"paperId": paper, "fontFamily": "KaiTi", "fontSize": 16, "lineHeight": 1.5})).await;

    let queued = teacher.post_data("/api/download/paper/submit", json!({"paperId": paper})).await;
    let task = queued["taskId"].as_i64().unwrap();
    let text = docx_text(&ready_file(app, &teacher, &mut socket, task).await);
    for expected in ["导数及其应用讲义", "知识梳理", "导数的概念", "切线的斜率", "课后作业", "完成练习册第12页", "KaiTi"] {
        assert!(text.contains(expected), "the document has {expected}");
    }
    assert!(!text.contains("例题精讲"), "empty sections are left out");
    let list = teacher.post_data("/api/download/downloadList", json!({"pageSize": 5, "pageNo": 1})).await;
    assert_eq!(list["records"][0]["fileName"], "导数及其应用讲义.docx");

    // The same paper as a PDF: the Chinese font embedded, more text on more pages.
    let task = teacher.post_data("/api/download/paper/submit", json!({"paperId": paper, "format": "pdf"})).await["taskId"].as_i64().unwrap();
    let pdf = ready_file(app, &teacher, &mut socket, task).await;
    assert!(pdf.starts_with(b"%PDF-") && String::from_utf8_lossy(&pdf[pdf.len() - 8..]).contains("%%EOF"), "a whole PDF");
    let raw = String::from_utf8_lossy(&pdf);
    assert!(raw.contains("/FontFile2") || raw.contains("/FontFile3"), "the font is embedded");
    assert!(raw.contains("/ToUnicode"), "its text can be copied out");
    let list = teacher.post_data("/api/download/downloadList", json!({"pageSize": 5, "pageNo": 1})).await;
    assert_eq!(list["records"][0]["fileName"], "导数及其应用讲义.pdf");
    let (status, body) = teacher.post("/api/download/paper/submit", json!({"paperId": paper, "format": "odt"})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{body}");

    // A library download needs a library paper.
    assert_eq!(teacher.post("/api/download/library/submit", json!({"paperId": paper})).await.0, 400);
    let library = make_paper(&teacher, 111, 3).await;
    let task = teacher.post_data("/api/download/library/submit", json!({"paperId": library})).await["taskId"].as_i64().unwrap();
    assert!(docx_text(&ready_file(app, &teacher, &mut socket, task).await).contains("函数的概念与表示"));

    // A drive resource comes back byte for byte.
    let bytes: Vec<u8> = (0..70_000u32).map(|i| (i % 251) as u8).collect();
    let url = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "课件.pptx"})).await;
    reqwest::Client::new().put(app.url(url["uploadUrl"].as_str().unwrap())).body(bytes.clone()).send().await.unwrap();
    let resource = teacher.post_data("/api/resource/save", json!({"fileId": url["fileId"]})).await["id"].as_i64().unwrap();
    let task = teacher.post_data("/api/download/teachingResource/submit", json!({"resourceId": resource})).await["taskId"].as_i64().unwrap();
    assert_eq!(ready_file(app, &teacher, &mut socket, task).await, bytes);

    // A desktop client asks for progress while the file streams; only its socket hears it.
    let mut desktop = teacher.desktop_socket().await;
    desktop.expect_connected().await;
    let res = teacher.http.get(app.url(&format!("/api/download/file/{task}?progress=1"))).bearer_auth(teacher.token.as_ref().unwrap()).send().await.unwrap();
    assert_eq!(res.bytes().await.unwrap().len(), bytes.len());
    let mut percents = Vec::new();
    while percents.last() != Some(&100) {
        let progress = next_of(&mut desktop, TypeCode::DesktopDownloadProgress).await;
        assert_eq!(progress.id, Some(task));
        let value = progress.value.unwrap();
        assert_eq!(value["total"].as_u64(), Some(bytes.len() as u64));
        percents.push(value["percent"].as_u64().unwrap());
    }
    assert!(percents.windows(2).all(|w| w[0] < w[1]), "progress only grows: {percents:?}");
    // The browser's socket passed over them and still follows on with what comes next.
    let again = teacher.post_data("/api/download/teachingResource/submit", json!({"resourceId": resource})).await["taskId"].as_i64().unwrap();
    let mut seen = Vec::new();
    loop {
        let push = socket.expect_push().await;
        seen.push(push.type_code);
        let content = push.decode_content().unwrap();
        if push.type_code == TypeCode::DownloadStatusChanged && content.id == Some(again) && content.file_status == Some(3) {
            break;
        }
    }
    assert!(!seen.contains(&TypeCode::DesktopDownloadProgress), "a browser tab gets no desktop progress: {seen:?}");
    // A browser tab resuming from before them replays without them too.
    let mut resumed = teacher.socket(Some(0)).await;
    resumed.expect_connected().await;
    let mut replayed = Vec::new();
    while let Some(push) = resumed.next_push(std::time::Duration::from_millis(500)).await {
        replayed.push(push.type_code);
    }
    assert!(replayed.contains(&TypeCode::DownloadStatusChanged) && !replayed.contains(&TypeCode::DesktopDownloadProgress), "{replayed:?}");

    // Nobody downloads what they may not read.
    let other = app.login(TEACHER2).await;
    for (path, body) in [
        ("/api/download/paper/submit", json!({"paperId": paper})),
        ("/api/download/library/submit", json!({"paperId": library})),
        ("/api/download/teachingResource/submit", json!({"resourceId": resource})),
    ] {
        let (status, body) = other.post(path, body).await;
        assert_eq!((status, body["code"].as_str()), (404, Some("A0404")), "{path}");
    }
    assert_eq!(other.post_data("/api/download/downloadList", json!({})).await["total"], 0, "and nothing was queued for them");
}

async fn save_to_knowledge_is_a_pushed_job(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let mut socket = teacher.socket(None).await;
    socket.expect_connected().await;
    let paper = make_paper(&teacher, 130, 5).await;
    let record = teacher.post_data("/api/library/saveToKnw", json!({"paperId": paper})).await.as_i64().unwrap();
    let done = next_of(&mut socket, TypeCode::SaveToKnowledgeEnded).await;
    assert_eq!((done.id, done.file_status), (Some(record), Some(2)), "{:?}", done.value);
    let pushed = done.value.unwrap();
    assert_eq!((pushed["copyStatus"].as_i64(), pushed["userView"].as_i64()), (Some(2), Some(0)));
    let resource_id = pushed["resourceId"].as_i64().unwrap();

    assert_eq!(teacher.post_data("/api/library/haveProcessingRecord", json!({})).await["haveProcessingRecord"], false);
    let records = teacher.post_data("/api/library/querySaveToKnwRecordList", json!({})).await;
    let list = records["recordList"].as_array().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!((list[0]["copyRecordId"].as_i64(), list[0]["paperTitle"].as_str()), (Some(record), Some("三角函数讲义")));

    // The copy is a Word document in the teacher's drive.
    let drive = teacher.post_data("/api/resource/list", json!({"pageNo": 1, "pageSize": 20})).await;
    let item: &Value = drive["records"].as_array().unwrap().iter().find(|r| r["id"].as_i64() == Some(resource_id)).expect("the copy is in the drive");
    assert_eq!((item["name"].as_str(), item["class"].as_str()), (Some("三角函数讲义.docx"), Some("document")));
    let link = teacher.post_data("/api/resource/getDownloadUrl", json!({"id": resource_id})).await;
    let bytes = reqwest::get(app.url(link["url"].as_str().unwrap())).await.unwrap().bytes().await.unwrap();
    assert!(docx_text(&bytes).contains("任意角与弧度制"));

    assert_eq!(teacher.post_data("/api/library/updateUserViewed", json!({"copyRecordIdList": [record]})).await, 1);
    assert!(
        teacher.post_data("/api/library/querySaveToKnwRecordList", json!({})).await["recordList"].as_array().unwrap().is_empty(),
        "viewed records are not announced again"
    );
    assert_eq!(teacher.post("/api/library/updateUserViewed", json!({"copyRecordIdList": []})).await.0, 400);

    // Another teacher can neither save this paper nor mark the teacher's records.
    let other = app.login(TEACHER2).await;
    assert_eq!(other.post("/api/library/saveToKnw", json!({"paperId": paper})).await.0, 404);
    assert_eq!(other.post_data("/api/library/updateUserViewed", json!({"copyRecordIdList": [record]})).await, 0);

    // A copy that cannot be made (here: a paper the teacher cannot read, as after losing access
    // to it while the job waited) ends in 3 with its reason, pushed and announced until viewed.
    let theirs = make_paper(&other, 130, 5).await;
    let failing = storage::knowledge_saves::create(&app.state.db, app.user_id(TEACHER).await, theirs, "别人的讲义", hub::jobs::MAX_WAITING_PER_USER)
        .await
        .unwrap()
        .unwrap();
    app.state.jobs.submitted(storage::jobs::JobKind::SaveToKnowledge, app.user_id(TEACHER).await, failing).await;
    let failed = next_of(&mut socket, TypeCode::SaveToKnowledgeEnded).await;
    assert_eq!((failed.id, failed.file_status), (Some(failing), Some(3)));
    let reason = failed.value.as_ref().unwrap()["errorMsg"].as_str().unwrap().to_owned();
    assert!(!reason.is_empty(), "{:?}", failed.value);
    let records = teacher.post_data("/api/library/querySaveToKnwRecordList", json!({})).await;
    let listed = &records["recordList"][0];
    assert_eq!((listed["copyRecordId"].as_i64(), listed["copyStatus"].as_i64(), listed["errorMsg"].as_str()), (Some(failing), Some(3), Some(reason.as_str())));
    assert_eq!(teacher.post_data("/api/library/updateUserViewed", json!({"copyRecordIdList": [failing]})).await, 1);
    assert!(
        !teacher.post_data("/api/resource/list", json!({"pageNo": 1, "pageSize": 20})).await["records"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["name"] == "别人的讲义.docx"),
        "nothing was copied"
    );
    socket.expect_silence(Duration::from_millis(200)).await;
}

#[actix_web::test]
async fn save_jobs_are_taken_over_only_from_dead_processes() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let teacher = app.login(TEACHER).await;
    let paper = make_paper(&teacher, 130, 5).await;
    let user = app.user_id(TEACHER).await;
    let port = app.port;
    let database = app.stop_keep_database().await;
    let db = storage::Db::connect(&database.url).await.unwrap();
    let now = storage::now_ms();
    let mut ids = Vec::new();
    // Held by a live process; left by a dead one; left by a dead one after its last attempt.
    for (attempts, lease_until) in [(1, now + 120_000), (1, now - 1), (storage::jobs::MAX_ATTEMPTS, now - 1)] {
        let id = storage::knowledge_saves::create(&db, user, paper, "三角函数讲义", hub::jobs::MAX_WAITING_PER_USER).await.unwrap().unwrap();
        job_left_running(&db, storage::jobs::JobKind::SaveToKnowledge, id, attempts, lease_until).await;
        ids.push(id);
    }
    db.close().await;
    let app = TestApp::spawn_on(database, SpawnOptions { port, ..Default::default() }).await;
    let status = |id| {
        let db = app.state.db.clone();
        async move { storage::knowledge_saves::by_id(&db, id).await.unwrap().unwrap().copy_status }
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    while status(ids[1]).await != storage::knowledge_saves::SUCCESS {
        assert!(Instant::now() < deadline, "the dead process's job runs again");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status(ids[2]).await, storage::knowledge_saves::FAILURE, "a job out of attempts fails");
    assert_eq!(status(ids[0]).await, storage::knowledge_saves::PROCESSING, "a live process's job is left alone");
    app.stop().await;
}
