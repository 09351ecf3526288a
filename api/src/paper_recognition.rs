//! The recognition of AI paper tasks, a kind of job on the engine (`JobKind::AiPaperRecognize`):
//! the task's photo or PDF goes to the provider's vision model with an instruction to answer
//! the paper's questions as JSON; the answer is read leniently (a fenced block, stray text
//! around it), each question is checked, and the task's questions are replaced by those read.
//! Nothing is invented: a reply that holds no question fails the task with a clear message.
//! Progress and the end are pushed as `magic_ai_paper_task`.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use base64::Engine;
use futures_util::StreamExt;
use hub::jobs::{JobRunner, Progress};
use hub::Hub;
use protocol::dto::ai::{AiPaperTask, AI_TASK_MAX_FILE_BYTES, AI_TASK_MAX_QUESTIONS};
use protocol::dto::question::{OBJECTIVE_TYPES, QUESTION_TYPES};
use protocol::push::PushMessage;
use serde_json::{json, Value};
use storage::ai::paper::{self, NewItem, TaskRow};
use storage::jobs::{Job, Outcome};
use storage::objects::Objects;
use storage::push_log::NewPush;
use storage::Db;

use crate::ai::AiProvider;

/// How long the vision model may take over one paper.
const RECOGNITION_TIMEOUT: Duration = Duration::from_secs(180);

/// The instruction the vision model gets.
pub const INSTRUCTION: &str = "你是试卷录入助手。请识别图片或PDF中的全部题目，按原顺序输出 JSON，不要输出其他文字。格式：\
{\"questions\":[{\"type\":1,\"stem\":\"题干\",\"options\":[\"选项A内容\",\"选项B内容\"],\"answer\":\"A\",\"analysis\":\"解析\",\"difficulty\":3}]}。\
type：1单选题，2多选题，3填空题，4解答题；选择题的 options 为不带字母的选项内容，answer 为选项字母（多选按序如 AC）；\
填空题与解答题 options 为空数组，answer 为答案文字（卷面没有答案则为空字符串）；difficulty 为1到5的难度估计；公式用 LaTeX，以 $ 包围。";

/// A task as its user sees it.
pub fn view(row: &TaskRow) -> AiPaperTask {
    AiPaperTask {
        task_id: row.id,
        title: row.title.clone(),
        subject: row.subject,
        stage: row.stage,
        file_id: row.file_id.clone(),
        file_name: row.file_name.clone(),
        knowledge_ids: row.knowledge(),
        status: row.status,
        progress: row.progress,
        error: row.error.clone(),
        question_count: row.question_count,
        saved_count: row.saved_count,
        model: row.model.clone(),
        feedback: row.feedback,
        create_time: row.created_at,
        update_time: row.updated_at,
    }
}

/// A task as its user sees it, read afresh.
pub async fn current(db: &Db, id: i64) -> storage::Result<Option<AiPaperTask>> {
    Ok(paper::task(db, id).await?.as_ref().map(view))
}

/// Pushes a task as it stands to its user.
pub async fn push_task(db: &Db, hub: &Hub, user_id: i64, id: i64) {
    match current(db, id).await {
        Ok(Some(task)) => {
            if let Err(e) = hub.push(vec![NewPush::to(user_id, PushMessage::ai_paper_task(&task))]).await {
                tracing::warn!(error = %e, "pushing an AI paper task failed");
            }
        }
        Ok(None) => {}
        Err(e) => tracing::warn!(error = %e, "reading an AI paper task failed"),
    }
}

/// The questions read from the model's answer: the JSON object (or bare list) in it, each
/// question checked; the malformed are left out. `None` when the answer holds no JSON at all.
pub fn read_questions(answer: &str) -> Option<Vec<NewItem>> {
    let start = answer.find(['{', '['])?;
    let end = answer.rfind(['}', ']'])?;
    let json: Value = serde_json::from_str(answer.get(start..=end)?).ok()?;
    let list = json.get("questions").cloned().unwrap_or(json);
    let list = list.as_array()?;
    Some(list.iter().filter_map(read_question).take(AI_TASK_MAX_QUESTIONS).collect())
}

fn read_question(q: &Value) -> Option<NewItem> {
    let question_type = match &q["type"] {
        Value::Number(n) => n.as_i64()?,
        Value::String(s) => match s.as_str() {
            "单选题" | "single" => 1,
            "多选题" | "multiple" => 2,
            "填空题" | "blank" => 3,
            "解答题" | "answer" => 4,
            other => other.parse().ok()?,
        },
        _ => return None,
    };
    QUESTION_TYPES.iter().find(|(t, _)| *t == question_type)?;
    let text = |key: &str| q[key].as_str().map(str::trim).unwrap_or_default().to_owned();
    let stem = text("stem");
    if stem.is_empty() {
        return None;
    }
    let options: Vec<String> = q["options"].as_array().map(|o| o.iter().filter_map(|v| v.as_str()).map(|s| s.trim().to_owned()).collect()).unwrap_or_default();
    let objective = OBJECTIVE_TYPES.contains(&question_type);
    if objective && !(2..=6).contains(&options.len()) {
        return None;
    }
    let answer = if objective {
        let mut letters: Vec<char> =
            text("answer").to_uppercase().chars().filter(|c| c.is_ascii_uppercase() && ((*c as u8 - b'A') as usize) < options.len()).collect();
        letters.sort_unstable();
        letters.dedup();
        letters.into_iter().collect()
    } else {
        text("answer")
    };
    Some(NewItem {
        question_type,
        stem,
        options: if objective { options } else { Vec::new() },
        answer,
        analysis: text("analysis"),
        difficulty: q["difficulty"].as_i64().filter(|d| (1..=5).contains(d)).unwrap_or(3),
        knowledge_ids: Vec::new(),
        saved_question_id: None,
    })
}

/// The message content for a file: an image as a data URL, a PDF as a file part.
fn file_part(ext: &str, file_name: &str, bytes: &[u8]) -> Value {
    let data = base64::engine::general_purpose::STANDARD.encode(bytes);
    match ext {
        "pdf" => json!({"type": "file", "file": {"filename": file_name, "file_data": format!("data:application/pdf;base64,{data}")}}),
        "jpg" | "jpeg" => json!({"type": "image_url", "image_url": {"url": format!("data:image/jpeg;base64,{data}")}}),
        other => json!({"type": "image_url", "image_url": {"url": format!("data:image/{other};base64,{data}")}}),
    }
}

pub struct RecognizeRunner {
    hub: Hub,
    objects: Objects,
    provider: Option<Arc<dyn AiProvider>>,
}

impl RecognizeRunner {
    pub fn new(hub: Hub, objects: Objects, provider: Option<Arc<dyn AiProvider>>) -> RecognizeRunner {
        RecognizeRunner { hub, objects, provider }
    }

    async fn read_file(&self, key: &str) -> Result<Vec<u8>, String> {
        let (size, mut stream) = self.objects.get(key, None).await.map_err(|_| "试卷文件不存在，请重新上传".to_owned())?;
        if size as i64 > AI_TASK_MAX_FILE_BYTES {
            return Err("试卷文件超过20MB，请压缩后重新上传".into());
        }
        let mut bytes = Vec::with_capacity(size as usize);
        while let Some(chunk) = stream.next().await {
            bytes.extend_from_slice(&chunk.map_err(|_| "读取试卷文件失败".to_owned())?);
        }
        Ok(bytes)
    }

    async fn recognize(&self, job: &Job, progress: &Progress) -> Result<i64, String> {
        let db = self.hub.db();
        let provider = self.provider.clone().ok_or_else(|| crate::ai::NOT_CONFIGURED.to_owned())?;
        let task = paper::task(db, job.subject_id).await.map_err(|e| e.to_string())?.ok_or("任务不存在")?;
        let upload = storage::uploads::by_id(db, &task.file_id).await.map_err(|e| e.to_string())?.ok_or("试卷文件不存在，请重新上传")?;
        let bytes = self.read_file(&upload.object_key).await?;
        progress.report(1, 10).await;
        let model = provider.config().vision_model.clone();
        let _ = paper::set_model(db, task.id, &model).await;
        let messages = json!([
            {"role": "system", "content": INSTRUCTION},
            {"role": "user", "content": [
                {"type": "text", "text": format!("试卷：{}", task.title)},
                file_part(&upload.ext.to_lowercase(), &upload.file_name, &bytes),
            ]},
        ]);
        let call = storage::ai::begin_call(db, job.user_id, &model, "paper").await.map_err(|e| e.to_string())?;
        // A transcription, not a composition: as little sampling as the model allows.
        let answer = provider.answer(&model, messages, 0.0, RECOGNITION_TIMEOUT).await;
        let (ok, tokens) = match &answer {
            Ok((text, tokens)) => (true, tokens.unwrap_or(text.chars().count() as i64 + bytes.len() as i64 / 1000)),
            Err(_) => (false, 0),
        };
        if let Err(e) = storage::ai::end_call(db, call, ok, tokens).await {
            tracing::warn!(error = %e, "recording an AI call failed");
        }
        let (text, _) = answer.map_err(|e| e.to_string())?;
        progress.report(8, 10).await;
        let items = read_questions(&text).ok_or("AI 未能读出试卷内容，请换一张更清晰的图片后重试")?;
        if items.is_empty() {
            return Err("没有识别出题目，请确认文件是试卷后重试".into());
        }
        paper::replace_items(db, task.id, &items).await.map_err(|e| e.to_string())?;
        Ok(items.len() as i64)
    }
}

#[async_trait]
impl JobRunner for RecognizeRunner {
    async fn run(&self, job: &Job, progress: &Progress) -> Outcome {
        match self.recognize(job, progress).await {
            Ok(count) => Outcome::Items { count },
            Err(reason) => Outcome::Failed(reason),
        }
    }

    async fn abandon(&self, _job: &Job, _outcome: Option<&Outcome>) {
        // The questions are replaced whole by whichever attempt finishes: nothing to undo.
    }

    async fn notify(&self, user_id: i64, subject_id: i64) {
        push_task(self.hub.db(), &self.hub, user_id, subject_id).await;
    }

    async fn progress(&self, job: &Job, percent: u8) {
        if paper::set_progress(self.hub.db(), job.subject_id, i64::from(percent)).await.is_ok() {
            push_task(self.hub.db(), &self.hub, job.user_id, job.subject_id).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn questions_are_read_leniently_and_checked() {
        let answer = "好的，结果如下：\n```json\n{\"questions\":[\
            {\"type\":1,\"stem\":\"1+1=?\",\"options\":[\"1\",\"2\",\"3\",\"4\"],\"answer\":\"b\"},\
            {\"type\":\"多选题\",\"stem\":\"偶数有\",\"options\":[\"2\",\"3\",\"4\"],\"answer\":\"CA\",\"difficulty\":9},\
            {\"type\":1,\"stem\":\"只有一个选项\",\"options\":[\"x\"],\"answer\":\"A\"},\
            {\"type\":3,\"stem\":\"\",\"answer\":\"x\"},\
            {\"type\":4,\"stem\":\"证明勾股定理\",\"options\":[\"多余\"],\"answer\":\"\"}\
        ]}\n```";
        let items = read_questions(answer).unwrap();
        assert_eq!(items.len(), 3);
        assert_eq!((items[0].question_type, items[0].answer.as_str(), items[0].difficulty), (1, "B", 3));
        assert_eq!((items[1].question_type, items[1].answer.as_str(), items[1].difficulty), (2, "AC", 3));
        assert_eq!((items[2].question_type, items[2].options.len()), (4, 0));
        assert!(read_questions("无法识别").is_none());
        assert_eq!(read_questions("[]").unwrap().len(), 0);
    }
}
