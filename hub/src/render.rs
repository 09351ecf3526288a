//! Papers rendered as Word documents (.docx, `docx-rs`): the paper's header, then each section's
//! blocks (headings bold), in the paper's font and spacing. Used by paper downloads and by
//! save-to-knowledge. The same content as PDF is in [`pdf`] (it needs a CJK font on the server;
//! the Word document uses the reader's fonts).

pub mod pdf;

use std::path::Path;

use docx_rs::{Docx, LineSpacing, Paragraph, Run, RunFonts};
use protocol::dto::paper::{PaperGlobalSettings, PaperHeaderInfo, HANDOUT_SECTIONS, HANDOUT_SECTION_TITLES};
use storage::{documents, papers};

use crate::doc::content;
use crate::Hub;

/// What goes into the document.
#[derive(Debug, Clone)]
pub struct PaperContent {
    pub title: String,
    pub subtitle: String,
    /// Teacher, student, class and date, as one line.
    pub info_line: String,
    /// Section title → blocks (node name, text).
    pub sections: Vec<(String, Vec<(String, String)>)>,
    pub settings: PaperGlobalSettings,
}

/// Reads a paper's fields and live content (through its room). `user_id` must still be able to
/// read it.
pub async fn paper_content(hub: &Hub, paper_id: i64, user_id: i64) -> Result<PaperContent, String> {
    let db = hub.db();
    let paper = papers::by_id(db, paper_id).await.map_err(|e| e.to_string())?.ok_or("讲义不存在")?;
    let key = documents::doc_key("handout", paper.id);
    if documents::access(db, &key, user_id).await.map_err(|e| e.to_string())?.is_none() {
        return Err("无权访问该讲义".into());
    }
    let blocks: Vec<Vec<(String, String)>> =
        hub.with_doc(&key, |doc| Ok(HANDOUT_SECTIONS.iter().map(|s| content::read_blocks(doc, s)).collect())).await.map_err(|e| e.to_string())?;
    let header: PaperHeaderInfo = serde_json::from_str(&paper.header_info).unwrap_or_default();
    let settings: PaperGlobalSettings = serde_json::from_str(&paper.global_settings).unwrap_or_default();
    let info: Vec<String> = [("教师", &header.teacher_name), ("学生", &header.student_name), ("班级", &header.class_name), ("日期", &header.lesson_date)]
        .iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| format!("{k}：{v}"))
        .collect();
    // The title section is the document's title, not a section of its own.
    let sections = HANDOUT_SECTION_TITLES.iter().zip(blocks).skip(1).map(|(title, blocks)| ((*title).to_owned(), blocks)).collect();
    Ok(PaperContent {
        title: if header.title.is_empty() { paper.title.clone() } else { header.title.clone() },
        subtitle: header.subtitle,
        info_line: info.join("    "),
        sections,
        settings,
    })
}

/// An outline as a document: its units as sections, each lesson a block with its hours, knowledge
/// points and handout. Answers `None` when the outline is gone.
pub async fn outline_content(hub: &Hub, outline_id: i64) -> Result<Option<PaperContent>, String> {
    let db = hub.db();
    let Some(row) = storage::outline::outline(db, outline_id).await.map_err(|e| e.to_string())? else { return Ok(None) };
    let lessons = storage::outline::lessons(db, row.id).await.map_err(|e| e.to_string())?;
    let node_ids: Vec<i64> = lessons.iter().flat_map(|l| l.knowledge_list()).collect();
    let names: std::collections::HashMap<i64, String> = storage::atlas::node_names(db, &node_ids).await.map_err(|e| e.to_string())?.into_iter().collect();
    let mut sections: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for unit in lessons.iter().filter(|l| l.parent_id == 0) {
        let mut blocks = Vec::new();
        for lesson in lessons.iter().filter(|l| l.parent_id == unit.id) {
            let points: Vec<&str> = lesson.knowledge_list().iter().filter_map(|id| names.get(id).map(String::as_str)).collect();
            let handout = match lesson.paper_id {
                Some(id) => papers::by_id(db, id).await.map_err(|e| e.to_string())?.map(|p| p.title),
                None => None,
            };
            let mut text = format!("{}课时", lesson.hours);
            if !points.is_empty() {
                text.push_str(&format!("；知识点：{}", points.join("、")));
            }
            if let Some(title) = handout {
                text.push_str(&format!("；讲义：{title}"));
            }
            blocks.push((lesson.title.clone(), text));
        }
        sections.push((unit.title.clone(), blocks));
    }
    let subject = protocol::constants::subject(row.subject).map(|s| s.name).unwrap_or_default();
    let stage = protocol::constants::stage_name(row.stage).unwrap_or_default();
    Ok(Some(PaperContent {
        title: row.name.clone(),
        subtitle: format!("{stage}{subject} · {}个单元 · {}节课 · {}课时", row.unit_count, row.lesson_count, row.total_hours),
        info_line: String::new(),
        sections,
        settings: PaperGlobalSettings::default(),
    }))
}

/// Writes the .docx (blocking: run it off the async threads); answers its size in bytes.
pub fn write_docx(content: &PaperContent, path: &Path) -> Result<u64, String> {
    let font = content.settings.font_family.clone();
    // Word sizes are half-points; spacing is in 240ths of a line.
    let size = (content.settings.font_size.clamp(10, 32) * 2) as usize;
    let spacing = LineSpacing::new().line((content.settings.line_height.clamp(1.0, 3.0) * 240.0) as i32);
    let run = |text: &str, size: usize| Run::new().add_text(text).size(size).fonts(RunFonts::new().east_asia(&font).ascii(&font).hi_ansi(&font));
    let mut docx = Docx::new().add_paragraph(Paragraph::new().add_run(run(&content.title, size + 12).bold()).align(docx_rs::AlignmentType::Center));
    if !content.subtitle.is_empty() {
        docx = docx.add_paragraph(Paragraph::new().add_run(run(&content.subtitle, size + 4)).align(docx_rs::AlignmentType::Center));
    }
    if !content.info_line.is_empty() {
        docx = docx.add_paragraph(Paragraph::new().add_run(run(&content.info_line, size - 2)).align(docx_rs::AlignmentType::Center));
    }
    for (title, blocks) in &content.sections {
        if blocks.iter().all(|(_, text)| text.trim().is_empty()) {
            continue;
        }
        docx = docx.add_paragraph(Paragraph::new().add_run(run(title, size + 6).bold()).line_spacing(spacing.clone()));
        for (node, text) in blocks {
            let body = if node == "heading" { run(text, size + 2).bold() } else { run(text, size) };
            docx = docx.add_paragraph(Paragraph::new().add_run(body).line_spacing(spacing.clone()));
        }
    }
    let file = std::fs::File::create(path).map_err(|e| format!("creating {}: {e}", path.display()))?;
    docx.pack(std::io::BufWriter::new(file)).map_err(|e| format!("writing the document: {e}"))?;
    Ok(std::fs::metadata(path).map_err(|e| e.to_string())?.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paper_becomes_a_word_document() {
        let dir = std::env::temp_dir().join(format!("eduhub-render-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.docx");
        let content = PaperContent {
            title: "导数讲义".into(),
            subtitle: "第一讲".into(),
            info_line: "教师：张老师".into(),
            sections: vec![
                ("知识梳理".into(), vec![("heading".into(), "导数的概念".into()), ("paragraph".into(), "切线的斜率".into())]),
                ("课后作业".into(), vec![]),
            ],
            settings: PaperGlobalSettings::default(),
        };
        let size = write_docx(&content, &path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(size as usize, bytes.len());
        assert_eq!(&bytes[..2], b"PK", "a zip package");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
