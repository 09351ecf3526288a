//! Papers and outlines rendered as PDF (`krilla`): A4 with Word's default margins (the layout
//! `pdf/paper/config` announces), the same blocks as the Word document, lines wrapped to the page
//! and pages added as the text runs on. Chinese text needs a CJK font on the server; it is found
//! once ([`cjk_font`]) and embedded as a subset of the glyphs used.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use krilla::geom::Point;
use krilla::page::PageSettings;
use krilla::text::{Font, TextDirection};
use krilla::Document;
use skrifa::instance::{LocationRef, Size};
use skrifa::MetadataProvider;

use super::PaperContent;

/// Where a CJK font is looked for when `EDUHUB_PDF_FONT` names none (Debian's packages).
const FONT_CANDIDATES: &[&str] = &[
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
];

/// Why there is no PDF, as the download centre shows it.
pub const NO_FONT: &str = "服务器未安装中文字体，暂不能生成 PDF（请安装 fonts-wqy-microhei 或设置 EDUHUB_PDF_FONT），可改为下载 Word 文档";

/// A4 in points, and Word's default margins (2.54 cm top and bottom, 3.18 cm left and right).
const PAGE_WIDTH: f32 = 595.28;
const PAGE_HEIGHT: f32 = 841.89;
const MARGIN_Y: f32 = 72.0;
const MARGIN_X: f32 = 90.14;

/// The font's bytes, read once per process: `EDUHUB_PDF_FONT`, else the first installed candidate.
pub fn cjk_font() -> Option<Arc<Vec<u8>>> {
    static FONT: OnceLock<Option<Arc<Vec<u8>>>> = OnceLock::new();
    FONT.get_or_init(|| {
        let named = std::env::var_os("EDUHUB_PDF_FONT").map(PathBuf::from);
        let candidates = named.into_iter().chain(FONT_CANDIDATES.iter().map(PathBuf::from));
        candidates.filter_map(|path| std::fs::read(&path).ok()).find(|bytes| skrifa::FontRef::from_index(bytes, 0).is_ok()).map(Arc::new)
    })
    .clone()
}

/// Measures text in one font (advance widths of its glyphs).
struct Measure<'a> {
    charmap: skrifa::charmap::Charmap<'a>,
    metrics: skrifa::metrics::GlyphMetrics<'a>,
    units_per_em: f32,
}

impl<'a> Measure<'a> {
    fn new(bytes: &'a [u8]) -> Result<Measure<'a>, String> {
        let font = skrifa::FontRef::from_index(bytes, 0).map_err(|e| format!("reading the font: {e}"))?;
        let units_per_em = font.metrics(Size::unscaled(), LocationRef::default()).units_per_em as f32;
        Ok(Measure { charmap: font.charmap(), metrics: font.glyph_metrics(Size::unscaled(), LocationRef::default()), units_per_em })
    }

    /// Width of `c` at `size` points.
    fn width(&self, c: char, size: f32) -> f32 {
        let glyph = self.charmap.map(c).unwrap_or_default();
        self.metrics.advance_width(glyph).unwrap_or(self.units_per_em / 2.0) / self.units_per_em * size
    }

    /// Splits `text` into lines no wider than `max` points: Chinese breaks between any two
    /// characters, Latin words stay whole unless one alone is wider than a line.
    fn wrap(&self, text: &str, size: f32, max: f32) -> Vec<String> {
        let mut lines = Vec::new();
        for paragraph in text.split('\n') {
            let mut line = String::new();
            let mut width = 0.0;
            for token in tokens(paragraph) {
                let token_width: f32 = token.chars().map(|c| self.width(c, size)).sum();
                if width + token_width > max && !line.is_empty() {
                    lines.push(std::mem::take(&mut line).trim_end().to_owned());
                    width = 0.0;
                    if token.trim().is_empty() {
                        continue;
                    }
                }
                if token_width > max {
                    // A word longer than a line is cut where the line ends.
                    for c in token.chars() {
                        let w = self.width(c, size);
                        if width + w > max && !line.is_empty() {
                            lines.push(std::mem::take(&mut line));
                            width = 0.0;
                        }
                        line.push(c);
                        width += w;
                    }
                } else {
                    line.push_str(token);
                    width += token_width;
                }
            }
            lines.push(line.trim_end().to_owned());
        }
        lines
    }
}

/// Runs of Latin letters and digits (kept together), or single other characters.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let word = c.is_ascii_alphanumeric() || matches!(c, '.' | ',' | '\'' | '-' | '(' | ')' | '^' | '_' | '{' | '}' | '\\' | '$');
        match (word, start) {
            (true, None) => start = Some(i),
            (true, Some(_)) => {}
            (false, Some(s)) => {
                out.push(&text[s..i]);
                start = None;
                out.push(&text[i..i + c.len_utf8()]);
            }
            (false, None) => out.push(&text[i..i + c.len_utf8()]),
        }
    }
    if let Some(s) = start {
        out.push(&text[s..]);
    }
    out
}

/// One line to draw.
struct Line {
    text: String,
    size: f32,
    bold: bool,
    centred: bool,
    /// Space above the line, in points.
    space_before: f32,
}

/// The document's lines, wrapped to the text width.
fn lines(content: &PaperContent, measure: &Measure) -> Vec<Line> {
    let size = content.settings.font_size.clamp(10, 32) as f32;
    let width = PAGE_WIDTH - 2.0 * MARGIN_X;
    let mut out = Vec::new();
    let mut push = |text: &str, size: f32, bold: bool, centred: bool, space_before: f32| {
        for (i, text) in measure.wrap(text, size, width).into_iter().enumerate() {
            out.push(Line { text, size, bold, centred, space_before: if i == 0 { space_before } else { 0.0 } });
        }
    };
    push(&content.title, size + 6.0, true, true, 0.0);
    if !content.subtitle.is_empty() {
        push(&content.subtitle, size + 2.0, false, true, 4.0);
    }
    if !content.info_line.is_empty() {
        push(&content.info_line, size - 1.0, false, true, 4.0);
    }
    for (title, blocks) in &content.sections {
        if blocks.iter().all(|(_, text)| text.trim().is_empty()) {
            continue;
        }
        push(title, size + 3.0, true, false, size);
        for (node, text) in blocks {
            let heading = node == "heading";
            push(text, if heading { size + 1.0 } else { size }, heading, false, size * 0.3);
        }
    }
    out
}

/// Writes the PDF (blocking: run it off the async threads); answers its size in bytes.
pub fn write_pdf(content: &PaperContent, path: &Path) -> Result<u64, String> {
    let bytes = cjk_font().ok_or(NO_FONT)?;
    let measure = Measure::new(&bytes)?;
    let font = Font::new(bytes.to_vec().into(), 0).ok_or("reading the font")?;
    let line_height = content.settings.line_height.clamp(1.0, 3.0) as f32;
    let mut document = Document::new();
    let mut pages: Vec<Vec<(Line, f32)>> = vec![Vec::new()];
    let mut y = MARGIN_Y;
    for line in lines(content, &measure) {
        let advance = line.space_before + line.size * line_height;
        if y + advance > PAGE_HEIGHT - MARGIN_Y && !pages.last().is_some_and(Vec::is_empty) {
            pages.push(Vec::new());
            y = MARGIN_Y;
        }
        // The baseline sits at about four fifths of the line's height.
        let baseline = y + (if pages.last().is_some_and(Vec::is_empty) { 0.0 } else { line.space_before }) + line.size * 0.85;
        y += advance;
        pages.last_mut().expect("a page").push((line, baseline));
    }
    for page_lines in pages {
        let mut page = document.start_page_with(PageSettings::from_wh(PAGE_WIDTH, PAGE_HEIGHT).ok_or("the page size")?);
        let mut surface = page.surface();
        for (line, baseline) in page_lines {
            let width: f32 = line.text.chars().map(|c| measure.width(c, line.size)).sum();
            let x = if line.centred { (PAGE_WIDTH - width) / 2.0 } else { MARGIN_X };
            surface.draw_text(Point::from_xy(x, baseline), font.clone(), line.size, &line.text, false, TextDirection::Auto);
            if line.bold {
                // The font has no bold face: the line drawn again a hair to the right reads as bold.
                surface.draw_text(Point::from_xy(x + line.size / 30.0, baseline), font.clone(), line.size, &line.text, false, TextDirection::Auto);
            }
        }
        surface.finish();
        page.finish();
    }
    let pdf = document.finish().map_err(|e| format!("writing the PDF: {e:?}"))?;
    std::fs::write(path, &pdf).map_err(|e| format!("writing {}: {e}", path.display()))?;
    Ok(pdf.len() as u64)
}

#[cfg(test)]
mod tests {
    use protocol::dto::paper::PaperGlobalSettings;

    use super::*;

    fn content(paragraphs: usize) -> PaperContent {
        let text = "已知二次函数 y=ax^2+bx+c 的图像经过点 (1, 2)，求它的对称轴与顶点坐标。".repeat(3);
        PaperContent {
            title: "二次函数讲义".into(),
            subtitle: "第一讲".into(),
            info_line: "教师：张老师".into(),
            sections: vec![("知识梳理".into(), (0..paragraphs).map(|_| ("paragraph".into(), text.clone())).collect())],
            settings: PaperGlobalSettings::default(),
        }
    }

    /// The machines that build EduHub install a CJK font (`scripts/fonts.sh`); without one this
    /// test fails rather than passing on nothing.
    #[test]
    fn a_paper_becomes_a_pdf_with_pages_as_its_text_needs() {
        assert!(cjk_font().is_some(), "{NO_FONT}");
        let dir = std::env::temp_dir().join(format!("eduhub-pdf-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pages = |paragraphs: usize| {
            let path = dir.join(format!("p{paragraphs}.pdf"));
            let size = write_pdf(&content(paragraphs), &path).unwrap();
            let bytes = std::fs::read(&path).unwrap();
            assert_eq!(size as usize, bytes.len());
            assert!(bytes.starts_with(b"%PDF-"));
            page_count(&bytes)
        };
        let short = pages(2);
        let long = pages(80);
        assert!(short >= 1);
        assert!(long > short, "80 paragraphs run over more pages ({long}) than 2 ({short})");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The page tree's count (`/Type /Pages … /Count n`), read from the uncompressed objects.
    fn page_count(pdf: &[u8]) -> usize {
        let text = String::from_utf8_lossy(pdf);
        let pages = text.find("/Pages").and_then(|i| text[i..].find("/Count").map(|j| i + j + "/Count".len())).expect("a page tree");
        text[pages..].trim_start().split(|c: char| !c.is_ascii_digit()).next().and_then(|n| n.parse().ok()).expect("a page count")
    }

    #[test]
    fn lines_wrap_within_the_text_width() {
        let Some(bytes) = cjk_font() else { panic!("{NO_FONT}") };
        let measure = Measure::new(&bytes).unwrap();
        let max = PAGE_WIDTH - 2.0 * MARGIN_X;
        let text = "二次函数的图像是一条抛物线".repeat(20) + " supercalifragilistic words stay whole";
        let lines = measure.wrap(&text, 14.0, max);
        assert!(lines.len() > 3);
        for line in &lines {
            let width: f32 = line.chars().map(|c| measure.width(c, 14.0)).sum();
            assert!(width <= max + 0.01, "{line} is {width} wide");
        }
        assert_eq!(lines.concat().replace(' ', ""), text.replace(' ', ""), "nothing lost in wrapping");
        assert!(lines.iter().any(|l| l.contains("supercalifragilistic")), "a Latin word is not cut");
    }
}
