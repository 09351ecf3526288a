//! The feedback report's document (03 §3, §7.4), without IO: where each part lives (text
//! sections as fragments, lists as arrays, flags and figures in a map) and the rules that change
//! them (practices from the knowledge points, the answer sheet, accuracy). REST handlers run
//! these inside the report's room; the web editors bind the same names.

use std::collections::HashMap;

use protocol::dto::feedback_report::{AnswerSheetItem, FeedbackPicture, FeedbackResource, FeedbackSection, Formula, Practice};
use serde_json::Value;
use sha2::{Digest, Sha256};
use yrs::Doc;

use super::content;
use super::error::DocError;
use super::list::DocList;

pub const PRACTICES: &str = "practices";
pub const ANSWER_SHEET: &str = "answerSheet";
pub const PICTURES: &str = "pictures";
pub const RESOURCES: &str = "resources";
pub const FORMULAS: &str = "formulas";
/// Flags and figures: `accuracy`, `noRecycle`, `answerSheetStatus`.
pub const META: &str = "meta";
pub const MAX_PICTURES: usize = 100;
pub const MAX_RESOURCES: usize = 100;
/// The blocks a report needs before it is confirmed.
pub const REQUIRED_BLOCKS: [FeedbackSection; 4] =
    [FeedbackSection::CourseSummary, FeedbackSection::CoursePerformance, FeedbackSection::TeacherMessage, FeedbackSection::Homework];

/// A report's document, read and changed by its parts.
pub struct FeedbackDoc<'a>(pub &'a Doc);

impl FeedbackDoc<'_> {
    pub fn text(&self, section: FeedbackSection) -> String {
        content::read_text(self.0, section.key())
    }

    pub fn set_text(&self, section: FeedbackSection, text: &str) {
        content::write_text(self.0, section.key(), text)
    }

    /// The items of a list-like section (to-do items, knowledge points), blank ones included.
    pub fn items(&self, section: FeedbackSection) -> Vec<String> {
        content::read_paragraphs(self.0, section.key())
    }

    pub fn set_items(&self, section: FeedbackSection, items: &[String]) {
        content::write_paragraphs(self.0, section.key(), items)
    }

    /// The knowledge points, trimmed, blank ones left out.
    pub fn knowledge_points(&self) -> Vec<String> {
        self.items(FeedbackSection::KnowledgePoints).into_iter().map(|k| k.trim().to_owned()).filter(|k| !k.is_empty()).collect()
    }

    /// The required blocks still empty.
    pub fn empty_required_blocks(&self) -> Vec<FeedbackSection> {
        REQUIRED_BLOCKS.into_iter().filter(|s| self.text(*s).trim().is_empty()).collect()
    }

    pub fn practices(&self) -> DocList<Practice> {
        DocList::read(self.0, PRACTICES)
    }

    pub fn answer_sheet(&self) -> DocList<AnswerSheetItem> {
        DocList::read(self.0, ANSWER_SHEET)
    }

    pub fn pictures(&self) -> DocList<FeedbackPicture> {
        DocList::read(self.0, PICTURES)
    }

    pub fn resources(&self) -> DocList<FeedbackResource> {
        DocList::read(self.0, RESOURCES)
    }

    pub fn formulas(&self) -> DocList<Formula> {
        DocList::read(self.0, FORMULAS)
    }

    pub fn meta(&self, key: &str) -> Option<Value> {
        content::read_meta(self.0, META).remove(key)
    }

    pub fn set_meta(&self, key: &str, value: Value) -> Result<(), DocError> {
        content::write_meta(self.0, META, key, &value).map_err(DocError::Failed)
    }

    /// One practice per knowledge point, in their order: the bank's question for the point
    /// (`bank`: point → question id and stem) or, for a point the bank has nothing on, a practice
    /// the teacher marks. A point that stays keeps its question (and whether it is shown). Written
    /// back and answered.
    pub fn refresh_practices(&self, bank: &HashMap<String, (String, String)>) -> Result<Vec<Practice>, DocError> {
        let mut list = self.practices();
        let old = list.to_vec();
        let practices: Vec<Practice> = self
            .knowledge_points()
            .iter()
            .map(|k| {
                old.iter().find(|p| p.knowledge == *k).cloned().unwrap_or_else(|| match bank.get(k) {
                    Some((id, stem)) => Practice { question_id: id.clone(), title: stem.clone(), knowledge: k.clone(), show: true },
                    None => Practice { question_id: question_id(k), title: format!("{k}·巩固练习"), knowledge: k.clone(), show: true },
                })
            })
            .collect();
        list.replace_items(practices.clone(), |p| p.question_id.clone());
        list.write(self.0, PRACTICES)?;
        Ok(practices)
    }

    /// The answer sheet of the shown practices; answers already given to questions still shown
    /// are kept. Refused while no practice is shown.
    pub fn draft_answer_sheet(&self) -> Result<Vec<AnswerSheetItem>, DocError> {
        let shown: Vec<Practice> = self.practices().items().filter(|p| p.show).cloned().collect();
        if shown.is_empty() {
            return Err(DocError::Invalid("没有可作答的练习，请先刷新练习".into()));
        }
        let mut sheet = self.answer_sheet();
        let old = sheet.to_vec();
        let items: Vec<AnswerSheetItem> = shown
            .iter()
            .map(|p| {
                old.iter().find(|i| i.question_id == p.question_id).cloned().unwrap_or(AnswerSheetItem {
                    question_id: p.question_id.clone(),
                    answer: String::new(),
                    correct: None,
                })
            })
            .collect();
        sheet.replace_items(items.clone(), |i| i.question_id.clone());
        sheet.write(self.0, ANSWER_SHEET)?;
        self.set_meta("answerSheetStatus", "draft".into())?;
        Ok(items)
    }

    /// Records one answer (and its correction); the sheet is `submitted` once every item is
    /// answered, and the accuracy follows once every item is corrected. Answers the status and
    /// the items.
    pub fn submit_answer(&self, question_id: &str, answer: String, correct: Option<bool>) -> Result<(String, Vec<AnswerSheetItem>), DocError> {
        let mut sheet = self.answer_sheet();
        if sheet.items().next().is_none() {
            return Err(DocError::Invalid("请先生成答题卡".into()));
        }
        let item = sheet.find_mut(|i| i.question_id == question_id).ok_or_else(|| DocError::NotFound("答题卡中没有该题".into()))?;
        item.answer = answer;
        if correct.is_some() {
            item.correct = correct;
        }
        sheet.write(self.0, ANSWER_SHEET)?;
        let items = sheet.to_vec();
        let status = if items.iter().all(|i| !i.answer.trim().is_empty()) { "submitted" } else { "draft" };
        self.set_meta("answerSheetStatus", status.into())?;
        if let Some(accuracy) = accuracy(&items) {
            self.set_meta("accuracy", accuracy.into())?;
        }
        Ok((status.to_owned(), items))
    }
}

/// A practice's question id: stable for its knowledge point.
pub fn question_id(knowledge: &str) -> String {
    let digest = Sha256::digest(knowledge.as_bytes());
    format!("q{}", digest.iter().take(6).map(|b| format!("{b:02x}")).collect::<String>())
}

/// The percentage of correct items (one decimal) once every item is corrected.
pub fn accuracy(items: &[AnswerSheetItem]) -> Option<f64> {
    if items.is_empty() || items.iter().any(|i| i.correct.is_none()) {
        return None;
    }
    let correct = items.iter().filter(|i| i.correct == Some(true)).count() as f64;
    Some((correct * 1000.0 / items.len() as f64).round() / 10.0)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn report(points: &[&str]) -> Doc {
        let doc = Doc::new();
        FeedbackDoc(&doc).set_items(FeedbackSection::KnowledgePoints, &points.iter().map(|p| p.to_string()).collect::<Vec<_>>());
        doc
    }

    #[test]
    fn practices_follow_the_knowledge_points_and_keep_their_state() {
        let doc = report(&["二次函数", " ", "三角函数"]);
        let r = FeedbackDoc(&doc);
        let first = r.refresh_practices(&HashMap::new()).unwrap();
        assert_eq!(first.iter().map(|p| p.knowledge.as_str()).collect::<Vec<_>>(), ["二次函数", "三角函数"]);
        let mut practices = r.practices();
        practices.find_mut(|p| p.knowledge == "三角函数").unwrap().show = false;
        practices.write(&doc, PRACTICES).unwrap();
        r.set_items(FeedbackSection::KnowledgePoints, &["三角函数".into(), "数列".into()]);
        let again = r.refresh_practices(&HashMap::new()).unwrap();
        assert_eq!(again.iter().map(|p| (p.knowledge.as_str(), p.show)).collect::<Vec<_>>(), [("三角函数", false), ("数列", true)]);
        assert_eq!(again[0].question_id, question_id("三角函数"));
    }

    #[test]
    fn the_answer_sheet_drafts_submits_and_scores() {
        let doc = report(&["甲", "乙"]);
        let r = FeedbackDoc(&doc);
        assert_eq!(r.draft_answer_sheet(), Err(DocError::Invalid("没有可作答的练习，请先刷新练习".into())));
        let practices = r.refresh_practices(&HashMap::new()).unwrap();
        assert!(matches!(r.submit_answer("q", "x".into(), None), Err(DocError::Invalid(_))));
        let sheet = r.draft_answer_sheet().unwrap();
        assert_eq!(sheet.len(), 2);
        assert_eq!(r.submit_answer("nope", "x".into(), None), Err(DocError::NotFound("答题卡中没有该题".into())));
        let (status, _) = r.submit_answer(&practices[0].question_id, "A".into(), Some(true)).unwrap();
        assert_eq!((status.as_str(), r.meta("accuracy")), ("draft", None));
        let (status, items) = r.submit_answer(&practices[1].question_id, "B".into(), Some(false)).unwrap();
        assert_eq!(status, "submitted");
        assert_eq!(accuracy(&items), Some(50.0));
        assert_eq!(r.meta("accuracy").and_then(|v| v.as_f64()), Some(50.0));
        assert_eq!(r.meta("answerSheetStatus"), Some(json!("submitted")));
        // A redraft keeps the answers of questions still shown.
        let redrafted = r.draft_answer_sheet().unwrap();
        assert_eq!(redrafted.iter().map(|i| i.answer.as_str()).collect::<Vec<_>>(), ["A", "B"]);
    }

    #[test]
    fn required_blocks_and_unknown_list_items() {
        let doc = Doc::new();
        let r = FeedbackDoc(&doc);
        assert_eq!(r.empty_required_blocks().len(), 4);
        r.set_text(FeedbackSection::CourseSummary, "讲了二次函数");
        assert!(!r.empty_required_blocks().contains(&FeedbackSection::CourseSummary));
        content::write_list(
            &doc,
            PICTURES,
            &[json!({"sticker": true}), json!({"id": "p1", "url": "/api/files/download/1", "name": "板书", "kind": "learning"})],
        )
        .unwrap();
        let mut pictures = r.pictures();
        assert_eq!(pictures.items().count(), 1);
        pictures.find_mut(|p| p.id == "p1").unwrap().remark = "好".into();
        pictures.write(&doc, PICTURES).unwrap();
        assert_eq!(content::read_list(&doc, PICTURES)[0], json!({"sticker": true}), "a picture of another shape is kept");
    }
}
