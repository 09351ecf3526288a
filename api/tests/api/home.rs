//! The home page's calls.

use base64::Engine;
use serde_json::json;

use crate::helpers::*;
use crate::on_both_databases;

on_both_databases!(banners_counts_and_paper_types);

async fn banners_counts_and_paper_types(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let info = teacher.data("/api/home/banner").await;
    assert_eq!((info["homePageBannerClose"].as_bool(), info["userCloseBanner"].as_bool()), (Some(false), Some(false)));
    assert_eq!(info["rotationTime"], 5000);
    let banners = info["bannerList"].as_array().unwrap();
    assert_eq!(banners.len(), 2);
    let image_url = banners[0]["bannerImgUrl"].as_str().unwrap();
    let res = teacher.http.get(app.url(image_url)).bearer_auth(teacher.token.as_ref().unwrap()).send().await.unwrap();
    assert_eq!(res.headers()["content-type"], "image/svg+xml");
    assert!(res.text().await.unwrap().contains("讲义库全新上线"));
    assert_eq!(teacher.get("/api/home/banner/image/999").await.0, 404);
    assert_eq!(teacher.data("/api/homePage/queryBannerList").await.as_array().unwrap().len(), 2);

    teacher.post_data("/api/homePage/closeBanner", json!({})).await;
    assert_eq!(teacher.data("/api/home/banner").await["userCloseBanner"], true);
    assert_eq!(app.login(TEACHER2).await.data("/api/home/banner").await["userCloseBanner"], false, "closing is per user");

    // The to-do count is the reports due (checked against the records in `teaching`).
    assert_eq!(teacher.data("/api/mainPage/increase/count").await["count"], 0);
    let admin = app.login(ADMIN).await;
    admin.post_data("/api/admin/notice/publish", json!({"title": "新", "content": "x", "type": 2, "emails": [TEACHER]})).await;
    assert_eq!(teacher.data("/api/mainPage/increase/count").await["count"], 1);
    let types = teacher.data("/api/mainPage/paper/paperTypes").await;
    assert_eq!(types.as_array().unwrap().iter().map(|t| t["code"].as_i64().unwrap()).collect::<Vec<_>>(), vec![2, 3, 4, 5]);
}

on_both_databases!(teaching_calls_show_the_users_own_data);

async fn teaching_calls_show_the_users_own_data(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let today = teacher.post_data("/api/home/lesson/list", json!({})).await;
    let lessons = today.as_array().unwrap();
    assert_eq!(lessons.len(), 4, "four classes, one lesson each today");
    assert!(lessons.windows(2).all(|w| w[0]["startTime"].as_i64() <= w[1]["startTime"].as_i64()));
    let (status, _) = teacher.post_raw("/api/home/lesson/list", "application/json", Vec::new()).await;
    assert_eq!(status, 200, "an empty body means today");
    let week = teacher.post_data("/api/home/lesson/list", json!({"days": 7})).await;
    assert_eq!(week.as_array().unwrap().len(), 12, "today and the next two days");
    for bad in [json!({"days": 0}), json!({"date": "2026-13-40"}), json!({"days": "x"})] {
        let (status, body) = teacher.post("/api/home/lesson/list", bad.clone()).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{bad}");
    }
    let (status, _) = teacher.post_raw("/api/home/lesson/list", "application/json", b"{oops".to_vec()).await;
    assert_eq!(status, 400);

    let classes = teacher.data("/api/home/class/myClassList").await;
    assert_eq!(classes.as_array().unwrap().len(), 4);
    assert_eq!(classes[3]["studentCount"], 4);
    assert_eq!(classes[0]["subjectName"], "数学");
    assert_eq!(teacher.data("/api/home/class/myClassList?classType=1").await.as_array().unwrap().len(), 2);
    assert_eq!(teacher.get("/api/home/class/myClassList?classType=9").await.0, 400);

    let vip = teacher.post_data("/api/home/vip/studentList", json!({"pageNo": 1, "pageSize": 1})).await;
    assert_eq!((vip["total"].as_i64(), vip["records"].as_array().unwrap().len()), (Some(2), 1));
    let first = vip["records"][0]["name"].as_str().unwrap().to_owned();
    let found = teacher.data(&format!("/api/h5/search/student?keyword={first}")).await;
    assert_eq!(found[0]["name"], first.as_str());
    assert_eq!(teacher.data("/api/h5/search/student?keyword=%25").await, json!([]), "wildcards are literal");
    assert_eq!(teacher.get("/api/h5/search/student?keyword=").await.0, 400);
    // Another teacher's students are not found.
    let teacher2 = app.login(TEACHER2).await;
    assert_eq!(teacher2.data(&format!("/api/h5/search/student?keyword={first}")).await, json!([]));
    assert_eq!(app.login(CONSULTANT).await.data("/api/home/class/myClassList").await, json!([]));

    // Quality checks: for QC roles only, over their schools.
    assert_eq!(teacher.get("/api/home/qcCheck/getUnCheckCount").await.0, 403);
    // (The figures themselves: `qc::home_figures_count_the_punches`.)
}

on_both_databases!(shell_links_and_feedback_group_codes);

async fn shell_links_and_feedback_group_codes(app: &TestApp) {
    let teacher = app.login(TEACHER).await;
    let shell = teacher.data("/api/pub/config/shell").await;
    assert_eq!(shell["feedbackHeading"], "高中体验官群");
    let groups = shell["feedbackGroups"].as_array().unwrap();
    assert_eq!(groups.iter().map(|g| g["label"].as_str().unwrap()).collect::<Vec<_>>(), ["企业微信", "钉钉"]);
    let code = groups[0]["qrCode"].as_str().unwrap().strip_prefix("data:image/svg+xml;base64,").unwrap();
    let svg = String::from_utf8(base64::engine::general_purpose::STANDARD.decode(code).unwrap()).unwrap();
    assert!(svg.contains("<svg"), "a real QR image of the demo join link");

    let admin = app.login(ADMIN).await;
    let saved = json!({"feedbackGroups": [{"label": " 企业微信 ", "joinUrl": "https://example.org/join/1"}, {"label": "钉钉", "joinUrl": ""}],
        "helpLinks": {"demoVideo": "https://example.org/video", "featureIntro": "", "updateLog": ""}});
    assert_eq!(admin.post_data("/api/admin/config/shell/save", saved).await["feedbackGroups"][0]["label"], "企业微信");
    let shell = teacher.data("/api/pub/config/shell").await;
    assert_eq!(shell["helpLinks"]["demoVideo"], "https://example.org/video");
    assert_eq!(shell["feedbackGroups"][0]["joinUrl"], "https://example.org/join/1");
    assert!(shell["feedbackGroups"][1]["qrCode"].is_null(), "no link, no code");

    for bad in [
        json!({"feedbackGroups": [{"label": "", "joinUrl": ""}]}),
        json!({"feedbackGroups": [{"label": "x", "joinUrl": "javascript:alert(1)"}]}),
        json!({"feedbackGroups": [], "helpLinks": {"demoVideo": "ftp://x"}}),
        json!({"feedbackGroups": "x"}),
        json!({"feedbackGroups": [{"label": "x", "joinUrl": format!("https://example.org/{}", "群".repeat(1000))}]}),
    ] {
        let (status, body) = admin.post("/api/admin/config/shell/save", bad.clone()).await;
        assert_eq!((status, body["code"].as_str()), (400, Some("A0400")), "{bad}");
    }
    assert_eq!(teacher.data("/api/pub/config/shell").await["helpLinks"]["demoVideo"], "https://example.org/video", "a refused save changes nothing");
    let (status, body) = teacher.post("/api/admin/config/shell/save", json!({"feedbackGroups": []})).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("A0300")));

    let schools = admin.data("/api/pub/user/info").await["schoolList"].clone();
    let local: Vec<_> = schools.as_array().unwrap().iter().filter(|s| s["localEdition"] == true).map(|s| s["id"].as_i64().unwrap()).collect();
    assert_eq!(local, [2001], "the demo's local-edition school is flagged for the selector");
}
