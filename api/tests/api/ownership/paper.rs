//! Papers and handouts (讲义, 试卷): a teacher's own, shared only with the members they add (or,
//! once approved, the library's).

use futures_util::FutureExt;
use serde_json::{json, Value};

use super::{Kind, Probe, Stranger, Vars};
use crate::helpers::*;

pub fn kind() -> Kind {
    Kind {
        name: "paper",
        owner: TEACHER,
        stranger: Stranger::Teacher,
        fields: &["paperId"],
        not_probed: vec![],
        // A library-type paper (type 3, so that the library download takes it) assembled from the
        // atlas, with a version (restore, collection snapshot), a comment of the owner's on a block
        // (addOrUpdate names it), a bank question (similar questions: a bank question anyone may
        // read, so that the stranger meets the paper's rule, not the question's), and one of the
        // owner's students in their exam selection (publishing an exam needs one).
        create: |app, owner| {
            async move {
                let package = json!({"paperList": [{"atlasId": 111}], "subject": 54, "stage": 4, "paperType": 3, "treeId": 1});
                let id = owner.post_data("/api/paper/package", package).await["paperId"].clone();
                assert!(id.is_i64(), "a paper id: {id}");
                owner.post_data(&format!("/api/paper/createNewVersion?paperId={id}"), json!({})).await;
                let comment = json!({"paperId": id, "blockKey": "section:knowledgeReview", "content": "这一节再补两个例子"});
                let comment_id = owner.post_data("/api/feedback/blockCommentData/addOrUpdate", comment).await["commentId"].clone();
                super::fixtures::bank(app).await;
                let page = owner.post_data("/api/paper/search", json!({"subject": 54, "stage": 4, "pageNo": 1, "pageSize": 1})).await;
                let question_id = page["records"][0]["questionId"].clone();
                assert!(question_id.is_i64(), "a bank question: {page}");
                let students = owner.post_data("/api/exam/group/member/user/search", json!({"keyword": "S2000"})).await;
                let student = students[0]["studentId"].clone();
                assert!(student.is_i64(), "a student of the owner's school: {students}");
                owner.post_data("/api/exam/group/member/select/save", json!({"studentIds": [student]})).await;
                let start = storage::now_ms();
                Vars::from([
                    ("id".to_owned(), id),
                    ("commentId".to_owned(), comment_id),
                    ("questionId".to_owned(), question_id),
                    ("start".to_owned(), json!(start)),
                    ("end".to_owned(), json!(start + 7_200_000)),
                ])
            }
            .boxed_local()
        },
        read: |owner, vars| {
            async move {
                let id = &vars["id"];
                let detail = owner.post_data("/api/paper/detail", json!({"paperId": id})).await;
                let versions = owner.post_data("/api/paper/version/list", json!({"paperId": id})).await;
                let comments = owner.post_data("/api/feedback/blockCommentData/query", json!({"paperId": id})).await;
                let mine = owner.post_data("/api/paper/collection", json!({"mine": true, "pageSize": 200})).await;
                let listed = mine["records"].as_array().and_then(|rows| rows.iter().find(|r| r["paperId"] == *id)).cloned().unwrap_or(Value::Null);
                let audit = json!([listed["auditStatus"], listed["auditNote"], listed["auditInfoVisible"]]);
                json!({"detail": detail, "versions": versions, "comments": comments, "audit": audit})
            }
            .boxed_local()
        },
        probes: vec![
            Probe::new("POST /api/paper/detail", r#"{"paperId": "{{id}}"}"#),
            Probe::new("POST /api/paper/save", r#"{"paperId": "{{id}}", "paperTitle": "矩阵讲义", "sections": {"homework": ["作业一"]}}"#),
            Probe::new("POST /api/paper/copy", r#"{"paperId": "{{id}}"}"#),
            Probe::new("POST /api/paper/createNewVersion?paperId={{id}}", ""),
            Probe::new("GET /api/paper/latestPublishedCollectionId?paperId={{id}}", ""),
            Probe::new("POST /api/paper/version/list", r#"{"paperId": "{{id}}"}"#),
            Probe::new("POST /api/paper/restore", r#"{"paperId": "{{id}}", "versionNo": 1}"#),
            Probe::new("POST /api/paper/headerInfo", r#"{"paperId": "{{id}}"}"#),
            Probe::new(
                "POST /api/paper/headerInfoSave",
                r#"{"paperId": "{{id}}", "headerInfo": {"title": "矩阵专题", "subtitle": "第一讲", "teacherName": "张老师", "studentName": "", "className": "高二1班", "lessonDate": "2026-11-22", "showLogo": true}}"#,
            ),
            Probe::new("POST /api/paper/globalsetting/save", r#"{"paperId": "{{id}}", "fontFamily": "KaiTi", "fontSize": 16, "lineHeight": 1.8}"#),
            Probe::new("POST /api/paper/tree", r#"{"paperId": "{{id}}"}"#),
            Probe::new("POST /api/paper/audit/post", r#"{"paperId": "{{id}}"}"#),
            // Only admins judge audits (checked before the paper is looked up): the owner, a
            // teacher, is refused like the stranger.
            Probe::new("POST /api/paper/audit/judge", r#"{"paperId": "{{id}}", "approve": true}"#).owner_meets("A0300"),
            Probe::new("POST /api/paper/audit/updateAuditInfoInvisible", r#"{"paperId": "{{id}}"}"#),
            Probe::new("POST /api/paper/copySimilarQuestion", r#"{"questionId": "{{questionId}}", "count": 1, "excludeIds": [], "paperId": "{{id}}"}"#),
            Probe::new("POST /api/log/docPaperOperateLogList", r#"{"paperId": "{{id}}", "pageNo": 1, "pageSize": 20}"#),
            Probe::new("POST /api/xeasy-srv-item/collection/snapshot/latest", r#"{"paperId": "{{id}}"}"#),
            Probe::new("POST /api/download/paper/submit", r#"{"paperId": "{{id}}"}"#),
            Probe::new("POST /api/download/library/submit", r#"{"paperId": "{{id}}", "format": "docx"}"#),
            Probe::new("POST /api/library/saveToKnw", r#"{"paperId": "{{id}}"}"#),
            // Only library editors bind handouts to an outline's lessons (checked before the lesson
            // and the paper are looked up): the owner, a teacher, is refused like the stranger.
            Probe::new("POST /api/library/outline/paper/update", r#"{"lessonId": 1, "paperId": "{{id}}"}"#).owner_meets("A0300"),
            Probe::new("GET /api/feedback/preCheckContentIsEmpty?paperId={{id}}", ""),
            Probe::new("POST /api/feedback/blockCommentData/query", r#"{"paperId": "{{id}}", "blockKey": "section:knowledgeReview"}"#),
            Probe::new(
                "POST /api/feedback/blockCommentData/addOrUpdate",
                r#"{"commentId": "{{commentId}}", "paperId": "{{id}}", "blockKey": "section:knowledgeReview", "content": "改过的评论"}"#,
            ),
            Probe::new(
                "POST /api/exam/api/collections_suit/publish/gdk/pub",
                r#"{"examName": "矩阵考试", "paperId": "{{id}}", "startTime": "{{start}}", "endTime": "{{end}}", "fullScore": 100}"#,
            ),
        ],
    }
}
