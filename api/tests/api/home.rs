//! The home page's calls.

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

    teacher.data("/api/homePage/closeBanner").await;
    assert_eq!(teacher.data("/api/home/banner").await["userCloseBanner"], true);
    assert_eq!(app.login(TEACHER2).await.data("/api/home/banner").await["userCloseBanner"], false, "closing is per user");

    assert_eq!(teacher.data("/api/home/todoTaskCnt").await["count"], 3);
    assert_eq!(app.login(CONSULTANT).await.data("/api/home/todoTaskCnt").await["count"], 0);
    assert_eq!(teacher.data("/api/mainPage/increase/count").await["count"], 0);
    let admin = app.login(ADMIN).await;
    admin.post_data("/api/admin/notice/publish", json!({"title": "新", "content": "x", "type": 2, "emails": [TEACHER]})).await;
    assert_eq!(teacher.data("/api/mainPage/increase/count").await["count"], 1);
    let types = teacher.data("/api/mainPage/paper/paperTypes").await;
    assert_eq!(types.as_array().unwrap().iter().map(|t| t["code"].as_i64().unwrap()).collect::<Vec<_>>(), vec![2, 3, 4, 5]);
}
