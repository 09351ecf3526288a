//! The batch send of similar practice for wrong questions (03 §7.5): for each student of the
//! batch, one similar question per open wrong question (same type and knowledge points, not set
//! for the student before), sent as one practice task. A wrong question with no similar question
//! left, or a student who left the class, fails on its own; the rest is sent. The batch's state
//! is pushed (`magic_similar_batch`); failures also become an error-book notice (type 4) pushed
//! as `magic_batch_send_error_similar_item`, from which the teacher may resend them.
//!
//! Items are recorded student by student as they are sent, so an attempt that is interrupted
//! leaves what it sent recorded, and the next attempt sends only the rest.

use std::collections::BTreeMap;

use async_trait::async_trait;
use protocol::dto::lesson_task::DEFAULT_QUESTION_SCORE;
use protocol::dto::wrong_question::{SimilarBatch, SimilarBatchFailure, BATCH_PARTLY_FAILED, SIMILAR_PER_WRONG};
use protocol::push::PushMessage;
use storage::jobs::{Job, Outcome};
use storage::push_log::NewPush;
use storage::wrong_question::{self, BatchRow, StudentSend};
use storage::{accounts, notices, question, Db};

use super::{JobRunner, Progress};
use crate::Hub;

/// The batch as its user sees it.
pub async fn wire(db: &Db, row: &BatchRow) -> storage::Result<SimilarBatch> {
    let failures = if row.failed > 0 { wrong_question::failures(db, row.id).await? } else { Vec::new() };
    Ok(SimilarBatch {
        batch_id: row.id,
        class_id: row.class_id,
        status: row.status,
        total: row.total,
        sent: row.sent,
        failed: row.failed,
        failures: failures
            .into_iter()
            .map(|(student_id, student_name, question_id, reason)| SimilarBatchFailure { student_id, student_name, question_id, reason })
            .collect(),
        create_time: row.created_at,
    })
}

pub struct SimilarSendRunner {
    hub: Hub,
}

impl SimilarSendRunner {
    pub fn new(hub: Hub) -> SimilarSendRunner {
        SimilarSendRunner { hub }
    }

    /// Sends one student's items; answers how many were sent.
    async fn send_student(&self, batch: &BatchRow, student_id: i64, wrongs: &[i64], task_name: &str) -> storage::Result<i64> {
        let db = self.hub.db();
        let mut sent = Vec::new();
        let mut failed = Vec::new();
        if !wrong_question::still_in_class(db, batch.class_id, student_id).await? {
            failed.extend(wrongs.iter().map(|w| (*w, "学生已不在班级".to_owned())));
        } else {
            let mut exclude = wrong_question::questions_set_for(db, student_id).await?;
            for wrong in wrongs {
                let Some(row) = question::by_id(db, *wrong).await? else {
                    failed.push((*wrong, "错题已被删除".to_owned()));
                    continue;
                };
                let points: Vec<i64> = question::points_of(db, &[row.id]).await?.into_iter().map(|(_, node, _)| node).collect();
                let similar = question::similar(db, &row, &points, batch.user_id, &exclude, SIMILAR_PER_WRONG).await?;
                match similar.first() {
                    Some(id) => {
                        exclude.push(*id);
                        sent.push((*wrong, *id, DEFAULT_QUESTION_SCORE));
                    }
                    None => failed.push((*wrong, "暂无可用的相似题".to_owned())),
                }
            }
        }
        let recorded = wrong_question::record_student_send(db, &StudentSend { batch, student_id, task_name, sent: &sent, failed: &failed }).await?;
        Ok(if recorded { sent.len() as i64 } else { 0 })
    }

    /// Tells the user of a batch's failures once: an error-book notice, pushed.
    async fn tell_failures(&self, row: &BatchRow) -> storage::Result<()> {
        let db = self.hub.db();
        if row.status != BATCH_PARTLY_FAILED || !wrong_question::claim_notice(db, row.id).await? {
            return Ok(());
        }
        let title = "相似题发送失败";
        let content = format!("错题相似题批量发送：{} 道中 {} 道未能发送，可在消息中查看原因并重新发送。", row.total, row.failed);
        let published = async {
            let account = accounts::by_id(db, row.user_id).await?;
            let notice = notices::publish(db, row.user_id, title, &content, 4, &[(row.user_id, account.current_role.clone())]).await?;
            wrong_question::set_notice(db, row.id, notice).await?;
            Ok::<_, storage::StorageError>((notice, account))
        }
        .await;
        let (notice, account) = match published {
            Ok(done) => done,
            Err(e) => {
                wrong_question::release_notice(db, row.id).await?;
                return Err(e);
            }
        };
        self.hub.push(vec![NewPush::to(row.user_id, PushMessage::similar_send_failed(notice, row.id, title, &account.current_role))]).await?;
        Ok(())
    }
}

#[async_trait]
impl JobRunner for SimilarSendRunner {
    async fn run(&self, job: &Job, progress: &Progress) -> Outcome {
        let db = self.hub.db();
        let batch = match wrong_question::batch(db, job.subject_id).await {
            Ok(Some(b)) => b,
            Ok(None) => return Outcome::Failed("发送批次不存在".into()),
            Err(e) => return Outcome::Failed(e.to_string()),
        };
        let items = match wrong_question::pending_items(db, batch.id).await {
            Ok(items) => items,
            Err(e) => return Outcome::Failed(e.to_string()),
        };
        let mut by_student: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
        for (student, wrong) in items {
            by_student.entry(student).or_default().push(wrong);
        }
        let task_name = format!("错题相似题练习 {}", &storage::reports::format_time(batch.created_at)[..10]);
        let students = by_student.len() as u64;
        let mut sent = 0;
        for (i, (student, wrongs)) in by_student.iter().enumerate() {
            match self.send_student(&batch, *student, wrongs, &task_name).await {
                Ok(n) => sent += n,
                Err(e) => return Outcome::Failed(format!("发送失败：{e}")),
            }
            progress.report(i as u64 + 1, students).await;
        }
        Outcome::Items { count: sent }
    }

    /// What was sent is recorded student by student and stays; a new attempt sends the rest.
    async fn abandon(&self, job: &Job, _outcome: Option<&Outcome>) {
        tracing::info!(batch = job.subject_id, "a similar-practice batch's claim was lost; what it sent stays recorded");
    }

    async fn notify(&self, user_id: i64, batch_id: i64) {
        let db = self.hub.db();
        let Ok(Some(row)) = wrong_question::batch(db, batch_id).await else { return };
        match wire(db, &row).await {
            Ok(value) => {
                if let Err(e) = self.hub.push(vec![NewPush::to(user_id, PushMessage::similar_batch(&value))]).await {
                    tracing::error!(error = %e, "pushing a batch send's state failed");
                }
            }
            Err(e) => tracing::warn!(error = %e, "reading a batch send failed"),
        }
        if let Err(e) = self.tell_failures(&row).await {
            tracing::error!(error = %e, batch = batch_id, "telling of a batch send's failures failed");
        }
    }

    async fn progress(&self, job: &Job, _percent: u8) {
        let db = self.hub.db();
        let Ok(Some(row)) = wrong_question::batch(db, job.subject_id).await else { return };
        if let Ok(value) = wire(db, &row).await {
            self.hub.signal_users(vec![job.user_id], &PushMessage::similar_batch(&value)).await;
        }
    }
}
