//! Uploads: sliced (any order, retries, checksums, verified assembly) and signed PUT, resources
//! and signed downloads; refusals are clear.

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::helpers::*;
use crate::{on_both_databases, on_every_store};

on_every_store!(sliced_upload_assembles_out_of_order_and_verifies, signed_put_urls_and_refusals);

fn hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

async fn put_slice(app: &TestApp, cert: &serde_json::Value, index: usize, bytes: &[u8], checksum: &str) -> (u16, serde_json::Value) {
    let url = format!("{}/{index}", cert["sliceUrl"].as_str().unwrap());
    let res = reqwest::Client::new()
        .put(app.url(&url))
        .header("x-upload-token", cert["sessionToken"].as_str().unwrap())
        .header("x-slice-sha256", checksum)
        .body(bytes.to_vec())
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or_default())
}

async fn sliced_upload_assembles_out_of_order_and_verifies(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let file: Vec<u8> = (0..12 * 1024 * 1024u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8).collect();
    let whole = hex(&file);
    let cert = teacher.data("/api/resource/getStorageCertificate?fileName=期中讲义.pdf").await;
    assert_eq!(cert["sliceSize"], 5_242_880);
    let slices: Vec<&[u8]> = file.chunks(5_242_880).collect();
    assert_eq!(slices.len(), 3);
    // Out of order, with a retried (duplicate) slice.
    for index in [2usize, 0, 1, 0] {
        let (status, body) = put_slice(app, &cert, index, slices[index], &hex(slices[index])).await;
        assert_eq!(status, 200, "slice {index}: {body}");
    }
    // A wrong checksum is refused and does not replace the good slice.
    let (status, body) = put_slice(app, &cert, 1, slices[0], &hex(slices[1])).await;
    assert_eq!((status, body["msg"].as_str()), (400, Some("分片校验失败，请重新上传该分片")));
    // A forged token is refused.
    let mut forged = cert.clone();
    forged["sessionToken"] = json!(format!("{}.99999999999999.AAAA", cert["fileId"].as_str().unwrap()));
    assert_eq!(put_slice(app, &forged, 0, slices[0], &hex(slices[0])).await.0, 403);

    let complete_url = format!("{}/complete", cert["sliceUrl"].as_str().unwrap());
    let complete = |sha: String, total: i64| {
        let cert = cert.clone();
        let url = app.url(&complete_url);
        let size = file.len();
        async move {
            let res = reqwest::Client::new()
                .post(url)
                .header("x-upload-token", cert["sessionToken"].as_str().unwrap())
                .json(&json!({"totalSlices": total, "size": size, "sha256": sha}))
                .send()
                .await
                .unwrap();
            let status = res.status().as_u16();
            (status, res.json::<serde_json::Value>().await.unwrap_or_default())
        }
    };
    let (status, body) = complete(whole.clone(), 4).await;
    assert_eq!(status, 400, "missing slices are named: {body}");
    let (status, body) = complete("0".repeat(64), 3).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{body}");
    assert!(body["msg"].as_str().unwrap().contains("校验失败"));
    let (status, body) = complete(whole.clone(), 3).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!((body["data"]["sha256"].as_str(), body["data"]["size"].as_i64()), (Some(whole.as_str()), Some(file.len() as i64)));
    assert_eq!(body["data"]["fileName"], "期中讲义.pdf");
    let (status, _) = complete(whole.clone(), 3).await;
    assert_eq!(status, 409, "an upload completes once");

    // It becomes a resource; the signed download URL streams the same bytes, and ranges work.
    let resource = teacher.post_data("/api/resource/save", json!({"fileId": cert["fileId"]})).await;
    assert_eq!((resource["class"].as_str(), resource["ext"].as_str()), (Some("document"), Some("pdf")));
    let list = teacher.post_data("/api/resource/list", json!({})).await;
    assert_eq!(list["total"], 1);
    let url = teacher.post_data("/api/resource/getDownloadUrl", json!({"id": resource["id"]})).await;
    let anyone = reqwest::Client::new();
    let res = anyone.get(app.url(url["url"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(hex(&res.bytes().await.unwrap()), whole);
    let part = anyone.get(app.url(url["url"].as_str().unwrap())).header("Range", "bytes=100-199").send().await.unwrap();
    assert_eq!(part.status(), 206);
    assert_eq!(part.bytes().await.unwrap().as_ref(), &file[100..200]);
    let forged_url = url["url"].as_str().unwrap().replace("sig=", "sig=x");
    assert_eq!(anyone.get(app.url(&forged_url)).send().await.unwrap().status(), 403);
    // Another user cannot make it theirs or sign its download.
    let teacher2 = app.login(TEACHER2).await;
    assert_eq!(teacher2.post("/api/resource/save", json!({"fileId": cert["fileId"]})).await.0, 404);
    assert_eq!(teacher2.post("/api/resource/getDownloadUrl", json!({"id": resource["id"]})).await.0, 404);
}

async fn signed_put_urls_and_refusals(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let url = teacher.post_data("/api/resource/getUploadUrl", json!({"appId": "web", "fileName": "课堂 照片(1).JPG"})).await;
    assert_eq!(url["fileName"], "课堂_照片_1_.JPG");
    let put = |target: String, body: Vec<u8>| async move {
        let res = reqwest::Client::new().put(target).body(body).send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json::<serde_json::Value>().await.unwrap_or_default())
    };
    let target = app.url(url["uploadUrl"].as_str().unwrap());
    let (status, body) = put(target.replace("sig=", "sig=AA"), vec![1, 2, 3]).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")));
    let expired = target.replace("expires=", "expires=1");
    assert_eq!(put(expired, vec![1, 2, 3]).await.0, 403, "a changed expiry breaks the signature");
    let bytes: Vec<u8> = (0..300_000u32).map(|i| i as u8).collect();
    let (status, body) = put(target.clone(), bytes.clone()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["sha256"].as_str().unwrap(), hex(&bytes));
    assert_eq!(put(target, bytes).await.0, 409);

    for (name, msg) in
        [("setup.exe", "不支持的文件类型"), ("../../etc/passwd.pdf", "文件名不能包含路径"), ("a\\b.pdf", "文件名不能包含路径"), ("", "文件名不能为空")]
    {
        let (status, body) = teacher.post("/api/resource/getUploadUrl", json!({"fileName": name})).await;
        assert_eq!(status, 400, "{name}");
        assert!(body["msg"].as_str().unwrap().starts_with(msg), "{name}: {body}");
    }
    let (status, _) = teacher.get("/api/resource/getStorageCertificate?fileName=virus.exe").await;
    assert_eq!(status, 400);
    let long = format!("{}.docx", "长".repeat(200));
    let cut = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": long})).await;
    assert_eq!(cut["fileName"].as_str().unwrap().chars().count(), 95);
}

on_every_store!(media_urls_and_knowledge_base_items);

async fn put_file(app: &TestApp, upload_url: &str, bytes: Vec<u8>) {
    let res = reqwest::Client::new().put(app.url(upload_url)).body(bytes).send().await.unwrap();
    assert_eq!(res.status(), 200);
}

async fn media_urls_and_knowledge_base_items(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    // Media URLs take media only, of the class asked for.
    let video = teacher.post_data("/api/resource/getMediaUploadUrl", json!({"fileName": "课堂.mp4", "fileType": "video"})).await;
    for (name, kind) in [("讲义.pdf", None), ("课堂.mp4", Some("audio"))] {
        let (status, body) = teacher.post("/api/resource/getMediaUploadUrl", json!({"fileName": name, "fileType": kind})).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{name}");
    }
    put_file(app, video["uploadUrl"].as_str().unwrap(), vec![1u8; 2048]).await;
    let doc = teacher.post_data("/api/resource/createUploadUrl", json!({"fileName": "教案.docx"})).await;
    put_file(app, doc["uploadUrl"].as_str().unwrap(), vec![2u8; 4096]).await;

    // Knowledge-base items keep to their kind.
    assert_eq!(teacher.post("/api/doc/create", json!({"fileId": video["fileId"]})).await.0, 400);
    assert_eq!(teacher.post("/api/media/create", json!({"fileId": doc["fileId"]})).await.0, 400);
    let media = teacher.post_data("/api/media/create", json!({"fileId": video["fileId"], "name": "第一课.mp4"})).await;
    assert_eq!((media["name"].as_str(), media["class"].as_str()), (Some("第一课.mp4"), Some("video")));
    let document = teacher.post_data("/api/doc/create", json!({"fileId": doc["fileId"]})).await;
    assert_eq!(document["class"], "document");

    // saveDocToResource checks the size it is told.
    let (status, body) = teacher.post("/api/resource/saveDocToResource", json!({"docKey": doc["fileId"], "fileSize": 1, "fileName": "教案.docx"})).await;
    assert_eq!(status, 400, "{body}");
    let saved = teacher
        .post_data("/api/resource/saveDocToResource", json!({"appId": "web", "docKey": doc["fileId"], "fileSize": 4096, "fileName": "教案（定稿）.docx"}))
        .await;
    assert_eq!(saved["size"], 4096);

    // The media download URL fetches the bytes; another user gets nothing.
    let link = teacher.post_data("/api/media/downloadUrl", json!({"fileId": media["id"]})).await;
    let bytes = reqwest::get(app.url(link["url"].as_str().unwrap())).await.unwrap().bytes().await.unwrap();
    assert_eq!(bytes.len(), 2048);
    let other = app.login(TEACHER2).await;
    assert_eq!(other.post("/api/media/downloadUrl", json!({"fileId": media["id"]})).await.0, 404);
    assert_eq!(other.post("/api/doc/create", json!({"fileId": doc["fileId"]})).await.0, 404);
}

on_both_databases!(camp_phase_tasks_from_uploads);

async fn camp_phase_tasks_from_uploads(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let camp = teacher.post_data("/api/camp/create", json!({"campName": "上传营"})).await;
    let camp_id = camp["campId"].as_i64().unwrap();
    let phase = teacher.post_data("/api/camp/add-phase", json!({"campId": camp_id, "phaseName": "第一阶段"})).await;
    let phase_id = phase["phaseId"].as_i64().unwrap();
    let first = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "第一讲.pdf"})).await;
    put_file(app, first["uploadUrl"].as_str().unwrap(), vec![3u8; 100]).await;
    let item = json!({"bizId": first["fileId"], "taskName": "第一讲", "ext": "pdf", "taskType": 1});
    // No camp or phase: nothing is added.
    for body in [json!({"taskList": [item]}), json!({"campId": camp_id, "taskList": [item]}), json!({"campId": camp_id, "phaseId": 0, "taskList": [item]})] {
        let (status, answer) = teacher.post("/api/camp/add-phase-task", body).await;
        assert_eq!((status, answer["code"].as_str()), (400, Some("A0400")));
    }
    // A camp nobody has, or a phase of another camp: refused.
    assert_eq!(teacher.post("/api/camp/add-phase-task", json!({"campId": camp_id + 1000, "phaseId": phase_id, "taskList": [item]})).await.0, 404);
    assert_eq!(teacher.post("/api/camp/add-phase-task", json!({"campId": camp_id, "phaseId": phase_id + 1000, "taskList": [item]})).await.0, 409);
    let added = teacher.post_data("/api/camp/add-phase-task", json!({"campId": camp_id, "phaseId": phase_id, "taskList": [item]})).await;
    let task_id = added[0]["taskId"].as_i64().unwrap();
    assert_eq!((added[0]["campId"].as_i64(), added[0]["phaseId"].as_i64(), added[0]["taskType"].as_i64()), (Some(camp_id), Some(phase_id), Some(1)));

    // A retried upload points the same task at its new file: still one task.
    let retry = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "第一讲.pdf"})).await;
    put_file(app, retry["uploadUrl"].as_str().unwrap(), vec![4u8; 100]).await;
    let updated = teacher.post_data("/api/camp/update-task-bizId", json!({"taskId": task_id, "bizId": retry["fileId"]})).await;
    assert_eq!((updated["taskId"].as_i64(), updated["bizId"].as_str()), (Some(task_id), retry["fileId"].as_str()));
    let phases = teacher.post_data("/api/camp/phase", json!({"campId": camp_id})).await;
    let tasks = phases[0]["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), 1);
    assert_eq!(tasks[0]["bizId"], retry["fileId"]);
    // The task's file is the new one.
    let info = teacher.post_data("/api/camp/task/doc-info", json!({"campId": camp_id, "taskId": task_id})).await;
    let bytes = reqwest::get(app.url(info["url"].as_str().unwrap())).await.unwrap().bytes().await.unwrap();
    assert_eq!(bytes.to_vec(), vec![4u8; 100]);

    // Only one's own files and tasks.
    let other = app.login(TEACHER2).await;
    assert_eq!(other.post("/api/camp/update-task-bizId", json!({"taskId": task_id, "bizId": retry["fileId"]})).await.0, 404);
    assert_eq!(other.post("/api/camp/add-phase-task", json!({"campId": camp_id, "phaseId": phase_id, "taskList": [item]})).await.0, 404);
    assert_eq!(other.post("/api/camp/phase", json!({"campId": camp_id})).await.0, 404);
    let unfinished = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "未完成.pdf"})).await;
    assert_eq!(
        teacher.post("/api/camp/update-task-bizId", json!({"taskId": task_id, "bizId": unfinished["fileId"]})).await.0,
        404,
        "an unfinished upload is no file yet"
    );
}

/// A genuine link whose time is up is refused as expired (the client fetches a new one); the
/// same link signed with a later expiry passes, so it is the expiry that is refused.
#[actix_web::test]
async fn expired_links_are_refused_as_expired() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let key = storage::secrets::signing_key(&app.state.db).await.unwrap();
    let past = storage::now_ms() - 1_000;
    let later = storage::now_ms() + 600_000;
    let anyone = reqwest::Client::new();
    let expired = |res: reqwest::Response| async move {
        let status = res.status().as_u16();
        let body: serde_json::Value = res.json().await.unwrap_or_default();
        assert_eq!((status, body["code"].as_str(), body["msg"].as_str()), (403, Some("A0300"), Some("链接已过期，请重新获取")), "{body}");
    };
    let teacher = app.login(TEACHER).await;

    // The signed PUT URL.
    let url = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "板书.png"})).await;
    let id = url["fileId"].as_str().unwrap();
    let signed = |expires: i64| app.url(&format!("/api/files/upload/{id}?expires={expires}&sig={}", api::signing::sign(&key, "upload", id, expires)));
    expired(anyone.put(signed(past)).body(vec![1u8, 2, 3]).send().await.unwrap()).await;
    assert_eq!(anyone.put(signed(later)).body(vec![1u8, 2, 3]).send().await.unwrap().status(), 200);

    // The sliced upload's credential; and slices that are not cut at the fixed size.
    let cert = teacher.data("/api/resource/getStorageCertificate?fileName=教案.docx").await;
    let file_id = cert["fileId"].as_str().unwrap();
    let mut stale = cert.clone();
    stale["sessionToken"] = json!(api::signing::token(&key, "slices", file_id, past));
    let slice = b"0123456789";
    expired(
        anyone
            .put(app.url(&format!("{}/0", cert["sliceUrl"].as_str().unwrap())))
            .header("x-upload-token", stale["sessionToken"].as_str().unwrap())
            .header("x-slice-sha256", hex(slice))
            .body(slice.to_vec())
            .send()
            .await
            .unwrap(),
    )
    .await;
    for index in [0, 1] {
        assert_eq!(put_slice(&app, &cert, index, slice, &hex(slice)).await.0, 200);
    }
    let res = anyone
        .post(app.url(&format!("{}/complete", cert["sliceUrl"].as_str().unwrap())))
        .header("x-upload-token", cert["sessionToken"].as_str().unwrap())
        .json(&json!({"totalSlices": 2, "size": 20, "sha256": hex(b"01234567890123456789")}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(body["msg"].as_str().unwrap().starts_with("分片 0 的大小无效"), "{body}");

    // The signed download URL of a resource.
    let resource = teacher.post_data("/api/resource/save", json!({"fileId": id})).await;
    let rid = resource["id"].as_i64().unwrap().to_string();
    let download = |expires: i64| app.url(&format!("/api/files/download/{rid}?expires={expires}&sig={}", api::signing::sign(&key, "download", &rid, expires)));
    expired(anyone.get(download(past)).send().await.unwrap()).await;
    assert_eq!(anyone.get(download(later)).send().await.unwrap().bytes().await.unwrap().as_ref(), &[1u8, 2, 3]);
    app.stop().await;
}

on_every_store!(cos_credential_and_one_request_upload);

async fn cos_credential_and_one_request_upload(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    // The gateway's credential call is a sliced-upload credential that works as one.
    let cert = teacher.data("/api/producer_api/cos/getCredential/v2?fileName=讲义.pdf").await;
    assert_eq!((cert["sliceSize"].as_i64(), cert["fileName"].as_str()), (Some(5_242_880), Some("讲义.pdf")));
    let pdf = b"%PDF-1.4 a small document".to_vec();
    assert_eq!(put_slice(app, &cert, 0, &pdf, &hex(&pdf)).await.0, 200);
    let res = reqwest::Client::new()
        .post(app.url(&format!("{}/complete", cert["sliceUrl"].as_str().unwrap())))
        .header("x-upload-token", cert["sessionToken"].as_str().unwrap())
        .json(&json!({"totalSlices": 1, "size": pdf.len(), "sha256": hex(&pdf)}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(teacher.get("/api/producer_api/cos/getCredential/v2?fileName=virus.exe").await.0, 400);

    // cos/upload: the bytes in one request, kept as a finished upload of the caller's.
    let png: Vec<u8> = (0..70_000u32).map(|i| (i % 251) as u8).collect();
    let (status, body) = teacher.post_raw("/api/cos/upload?fileName=板书.png", "application/octet-stream", png.clone()).await;
    assert_eq!(status, 200, "{body}");
    let file = &body["data"];
    assert_eq!(
        (file["size"].as_i64(), file["sha256"].as_str(), file["fileName"].as_str()),
        (Some(png.len() as i64), Some(hex(&png).as_str()), Some("板书.png"))
    );
    let resource = teacher.post_data("/api/resource/save", json!({"fileId": file["fileId"]})).await;
    assert_eq!(resource["class"], "image");
    let url = teacher.post_data("/api/resource/getDownloadUrl", json!({"id": resource["id"]})).await;
    let fetched = reqwest::Client::new().get(app.url(url["url"].as_str().unwrap())).send().await.unwrap().bytes().await.unwrap();
    assert_eq!(fetched.as_ref(), png.as_slice());
    // Another user cannot make it theirs; a bad name stores nothing.
    assert_eq!(app.login(TEACHER2).await.post("/api/resource/save", json!({"fileId": file["fileId"]})).await.0, 404);
    let (status, body) = teacher.post_raw("/api/cos/upload?fileName=run.exe", "application/octet-stream", png).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("A0400")));
}

on_both_databases!(roombox_media_plays_and_remembers_where_you_stopped);

async fn roombox_media_plays_and_remembers_where_you_stopped(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let opened = teacher.post_data("/api/roombox/media/create", json!({"fileName": "第二课.mp4"})).await;
    put_file(app, opened["uploadUrl"].as_str().unwrap(), (0..=255u8).cycle().take(4096).collect()).await;
    assert_eq!(teacher.post("/api/roombox/media/create", json!({"fileName": "讲义.pdf"})).await.0, 400, "media only");
    let media = teacher.post_data("/api/roombox/media/uploadComplete", json!({"fileId": opened["fileId"]})).await;
    let media_id = media["id"].as_i64().unwrap();
    assert_eq!(media["class"], "video");

    // Downloads and plays: a signed stream shown in place, one byte range at a time.
    let link = teacher.post_data("/api/roombox/media/getDownloadUrl", json!({"id": media_id})).await;
    assert_eq!(reqwest::get(app.url(link["url"].as_str().unwrap())).await.unwrap().bytes().await.unwrap().len(), 4096);
    let play = teacher.post_data("/api/roombox/media/getPlayUrl", json!({"id": media_id})).await;
    assert_eq!(play["lastPosition"], Value::Null);
    let part = reqwest::Client::new().get(app.url(play["url"].as_str().unwrap())).header("Range", "bytes=256-511").send().await.unwrap();
    assert_eq!(part.status(), 206);
    assert!(part.headers()["content-disposition"].to_str().unwrap().starts_with("inline"));
    assert_eq!(part.bytes().await.unwrap().to_vec(), (0..=255u8).collect::<Vec<_>>());
    let token = teacher.post_data("/api/roombox/media/getPlayToken", json!({"id": media_id})).await;
    let token = token["token"].as_str().unwrap();
    assert_eq!(reqwest::get(app.url(&format!("/api/media/play/{media_id}?token={token}"))).await.unwrap().status(), 200);
    assert_eq!(reqwest::get(app.url(&format!("/api/media/play/{}?token={token}", media_id + 1))).await.unwrap().status(), 403, "a token plays its own media");
    assert_eq!(reqwest::get(app.url(&format!("/api/media/play/{media_id}?token={token}x"))).await.unwrap().status(), 403);

    // Where the caller stopped is kept; starting over counts another play.
    let record = teacher.post_data("/api/media/play-record", json!({"mediaId": media_id, "position": 42.5, "duration": 600})).await;
    assert_eq!((record["position"].as_f64(), record["playCount"].as_i64()), (Some(42.5), Some(1)));
    let record = teacher.post_data("/api/media/play-record", json!({"mediaId": media_id, "position": 120})).await;
    assert_eq!((record["playCount"].as_i64(), record["duration"].as_f64()), (Some(1), Some(600.0)));
    let record = teacher.post_data("/api/media/play-record", json!({"mediaId": media_id, "position": 1})).await;
    assert_eq!(record["playCount"], 2);
    assert_eq!(teacher.post_data("/api/roombox/media/getPlayUrl", json!({"id": media_id})).await["lastPosition"], 1.0);
    for bad in [json!({"mediaId": media_id, "position": -1}), json!({"mediaId": media_id, "position": 700, "duration": 600})] {
        assert_eq!(teacher.post("/api/media/play-record", bad).await.0, 400);
    }

    // Only one's own media; a document is no media.
    let other = app.login(TEACHER2).await;
    for path in ["/api/roombox/media/getPlayUrl", "/api/roombox/media/getPlayToken", "/api/roombox/media/getDownloadUrl"] {
        assert_eq!(other.post(path, json!({"id": media_id})).await.0, 404, "{path}");
    }
    assert_eq!(other.post("/api/media/play-record", json!({"mediaId": media_id, "position": 1})).await.0, 404);
    let doc = teacher.post_data("/api/resource/getUploadUrl", json!({"fileName": "讲义.pdf"})).await;
    put_file(app, doc["uploadUrl"].as_str().unwrap(), vec![1u8; 10]).await;
    let saved = teacher.post_data("/api/resource/save", json!({"fileId": doc["fileId"]})).await;
    assert_eq!(teacher.post("/api/roombox/media/getPlayUrl", json!({"id": saved["id"]})).await.0, 400);
}
