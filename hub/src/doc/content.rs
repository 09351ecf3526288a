//! Reading and writing document content the way the web editors store it, for REST calls:
//! a text section is a `Y.XmlFragment` of paragraphs (`<paragraph>` elements holding text, as
//! Tiptap/y-prosemirror write them); a structured list is a `Y.Array` of JSON values.
//!
//! Call these inside `Hub::with_doc` so that they run on the room's live document.

use serde_json::Value;
use yrs::types::text::{Diff, YChange};
use yrs::types::xml::{XmlElementPrelim, XmlFragment, XmlOut, XmlTextPrelim};
use yrs::{Any, Array, Doc, Map, Out, Text, Transact, Xml};

/// The paragraphs of a text section, as plain text (formatting dropped).
pub fn read_paragraphs(doc: &Doc, section: &str) -> Vec<String> {
    let fragment = doc.get_or_insert_xml_fragment(section);
    let txn = doc.transact();
    let mut paragraphs = Vec::new();
    for child in fragment.children(&txn) {
        let mut text = String::new();
        match child {
            XmlOut::Text(t) => collect_text(&t, &txn, &mut text),
            XmlOut::Element(el) => collect_element(&el, &txn, &mut text),
            XmlOut::Fragment(_) => {}
        }
        paragraphs.push(text);
    }
    paragraphs
}

/// The blocks of a text section: each top-level node's name (`paragraph`, `heading`, …) with its
/// plain text.
pub fn read_blocks(doc: &Doc, section: &str) -> Vec<(String, String)> {
    let fragment = doc.get_or_insert_xml_fragment(section);
    let txn = doc.transact();
    let mut blocks = Vec::new();
    for child in fragment.children(&txn) {
        let mut text = String::new();
        let name = match child {
            XmlOut::Text(t) => {
                collect_text(&t, &txn, &mut text);
                "paragraph".to_owned()
            }
            XmlOut::Element(el) => {
                collect_element(&el, &txn, &mut text);
                el.tag().to_string()
            }
            XmlOut::Fragment(_) => continue,
        };
        blocks.push((name, text));
    }
    blocks
}

/// An element's text in document order; a formula (`inlineMath`) as `$latex$`.
fn collect_element<T: yrs::ReadTxn>(el: &yrs::XmlElementRef, txn: &T, out: &mut String) {
    for child in el.children(txn) {
        match child {
            XmlOut::Text(t) => collect_text(&t, txn, out),
            XmlOut::Element(inner) if inner.tag().as_ref() == MATH_NODE => {
                if let Some(Out::Any(Any::String(latex))) = inner.get_attribute(txn, MATH_LATEX) {
                    out.push('$');
                    out.push_str(&latex);
                    out.push('$');
                }
            }
            XmlOut::Element(inner) => collect_element(&inner, txn, out),
            XmlOut::Fragment(_) => {}
        }
    }
}

/// Tiptap's inline formula node (`@tiptap/extension-mathematics`) and its LaTeX attribute.
pub const MATH_NODE: &str = "inlineMath";
pub const MATH_LATEX: &str = "latex";

/// A piece of a paragraph: text, or a formula the editor renders with KaTeX.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inline {
    Text(String),
    Math(String),
}

/// Splits text holding `$…$` or `\(…\)` formulas into pieces (an unclosed delimiter stays text).
pub fn split_math(text: &str) -> Vec<Inline> {
    let mut pieces = Vec::new();
    let mut rest = text;
    let mut plain = String::new();
    loop {
        let dollar = rest.find('$').map(|i| (i, "$", "$"));
        let paren = rest.find("\\(").map(|i| (i, "\\(", "\\)"));
        let next = match (dollar, paren) {
            (Some(d), Some(p)) => Some(if d.0 <= p.0 { d } else { p }),
            (d, p) => d.or(p),
        };
        let Some((at, open, close)) = next else {
            plain.push_str(rest);
            break;
        };
        let after = &rest[at + open.len()..];
        match after.find(close) {
            Some(end) if end > 0 => {
                plain.push_str(&rest[..at]);
                if !plain.is_empty() {
                    pieces.push(Inline::Text(std::mem::take(&mut plain)));
                }
                pieces.push(Inline::Math(after[..end].to_owned()));
                rest = &after[end + close.len()..];
            }
            _ => {
                plain.push_str(&rest[..at + open.len()]);
                rest = after;
            }
        }
    }
    if !plain.is_empty() {
        pieces.push(Inline::Text(plain));
    }
    pieces
}

/// Appends paragraphs of text and formulas at the end of a section (what is there stays).
pub fn append_rich_paragraphs(doc: &Doc, section: &str, paragraphs: &[Vec<Inline>]) {
    let fragment = doc.get_or_insert_xml_fragment(section);
    let mut txn = doc.transact_mut();
    let start = fragment.len(&txn);
    for (at, pieces) in (start..).zip(paragraphs) {
        let paragraph = fragment.insert(&mut txn, at, XmlElementPrelim::empty("paragraph"));
        for (i, piece) in pieces.iter().enumerate() {
            match piece {
                Inline::Text(text) => {
                    paragraph.insert(&mut txn, i as u32, XmlTextPrelim::new(text.as_str()));
                }
                Inline::Math(latex) => {
                    let math = paragraph.insert(&mut txn, i as u32, XmlElementPrelim::empty(MATH_NODE));
                    math.insert_attribute(&mut txn, MATH_LATEX, Any::from(latex.as_str()));
                }
            }
        }
    }
}

fn collect_text<T: yrs::ReadTxn>(t: &yrs::XmlTextRef, txn: &T, out: &mut String) {
    for Diff { insert, .. } in t.diff(txn, YChange::identity) {
        if let Out::Any(Any::String(s)) = insert {
            out.push_str(&s);
        }
    }
}

/// A text section as one string, paragraphs separated by newlines.
pub fn read_text(doc: &Doc, section: &str) -> String {
    read_paragraphs(doc, section).join("\n")
}

/// Replaces a text section with these paragraphs.
pub fn write_paragraphs(doc: &Doc, section: &str, paragraphs: &[String]) {
    let fragment = doc.get_or_insert_xml_fragment(section);
    let mut txn = doc.transact_mut();
    let len = fragment.len(&txn);
    if len > 0 {
        fragment.remove_range(&mut txn, 0, len);
    }
    for (i, paragraph) in paragraphs.iter().enumerate() {
        let children = if paragraph.is_empty() { Vec::new() } else { vec![XmlTextPrelim::new(paragraph.as_str()).into()] };
        fragment.insert(&mut txn, i as u32, XmlElementPrelim::new("paragraph", children));
    }
}

/// Replaces a text section with `text`, one paragraph per line.
pub fn write_text(doc: &Doc, section: &str, text: &str) {
    let paragraphs: Vec<String> = text.split('\n').map(|l| l.trim_end_matches('\r').to_owned()).collect();
    write_paragraphs(doc, section, &paragraphs);
}

/// A structured list (a `Y.Array` of JSON values).
pub fn read_list(doc: &Doc, name: &str) -> Vec<Value> {
    let array = doc.get_or_insert_array(name);
    let txn = doc.transact();
    array
        .iter(&txn)
        .filter_map(|item| match item {
            Out::Any(any) => {
                let mut json = String::new();
                any.to_json(&mut json);
                serde_json::from_str(&json).ok()
            }
            _ => None,
        })
        .collect()
}

/// Replaces a structured list.
pub fn write_list(doc: &Doc, name: &str, items: &[Value]) -> Result<(), String> {
    let values: Vec<Any> = items.iter().map(|v| Any::from_json(&v.to_string()).map_err(|e| e.to_string())).collect::<Result<_, _>>()?;
    let array = doc.get_or_insert_array(name);
    let mut txn = doc.transact_mut();
    let len = array.len(&txn);
    if len > 0 {
        array.remove_range(&mut txn, 0, len);
    }
    array.insert_range(&mut txn, 0, values);
    Ok(())
}

/// A flat JSON object kept as a `Y.Map` (flags and figures of a document).
pub fn read_meta(doc: &Doc, name: &str) -> serde_json::Map<String, Value> {
    let map = doc.get_or_insert_map(name);
    let txn = doc.transact();
    map.iter(&txn)
        .filter_map(|(key, value)| match value {
            Out::Any(any) => {
                let mut json = String::new();
                any.to_json(&mut json);
                serde_json::from_str(&json).ok().map(|v| (key.to_owned(), v))
            }
            _ => None,
        })
        .collect()
}

/// Sets one entry of a `Y.Map` to a JSON value.
pub fn write_meta(doc: &Doc, name: &str, key: &str, value: &Value) -> Result<(), String> {
    let any = Any::from_json(&value.to_string()).map_err(|e| e.to_string())?;
    let map = doc.get_or_insert_map(name);
    let mut txn = doc.transact_mut();
    map.insert(&mut txn, key, any);
    Ok(())
}

/// Replaces a text section with headed blocks: each a `<heading level=3>` and, when not empty, a
/// paragraph under it (as Tiptap's heading and paragraph nodes are stored).
pub fn write_outline(doc: &Doc, section: &str, blocks: &[(String, String)]) {
    let fragment = doc.get_or_insert_xml_fragment(section);
    let mut txn = doc.transact_mut();
    let len = fragment.len(&txn);
    if len > 0 {
        fragment.remove_range(&mut txn, 0, len);
    }
    let mut at = 0;
    for (heading, paragraph) in blocks {
        let element = fragment.insert(&mut txn, at, XmlElementPrelim::new("heading", [XmlTextPrelim::new(heading.as_str()).into()]));
        element.insert_attribute(&mut txn, "level", Any::Number(yrs::Number::Int(3)));
        at += 1;
        if !paragraph.is_empty() {
            fragment.insert(&mut txn, at, XmlElementPrelim::new("paragraph", [XmlTextPrelim::new(paragraph.as_str()).into()]));
            at += 1;
        }
    }
}

/// Replaces each named section of `to` with a copy of the same section of `from`: elements,
/// attributes and formatted text, so an old version comes back exactly, as a new edit.
pub fn copy_sections(from: &Doc, to: &Doc, sections: &[&str]) {
    // Root types are fetched before the transactions: fetching takes the document's lock.
    let pairs: Vec<_> = sections.iter().map(|s| (from.get_or_insert_xml_fragment(*s), to.get_or_insert_xml_fragment(*s))).collect();
    let source_txn = from.transact();
    let mut txn = to.transact_mut();
    for (source, target) in pairs {
        let len = target.len(&txn);
        if len > 0 {
            target.remove_range(&mut txn, 0, len);
        }
        for (i, child) in source.children(&source_txn).enumerate() {
            copy_node(&source_txn, &mut txn, &child, &target, i as u32);
        }
    }
}

fn copy_node<P: XmlFragment>(source_txn: &yrs::Transaction, txn: &mut yrs::TransactionMut, node: &XmlOut, parent: &P, index: u32) {
    match node {
        XmlOut::Element(element) => {
            let copy = parent.insert(txn, index, XmlElementPrelim::empty(element.tag().as_ref()));
            for (name, value) in element.attributes(source_txn) {
                if let Out::Any(any) = value {
                    copy.insert_attribute(txn, name, any);
                }
            }
            for (i, child) in element.children(source_txn).enumerate() {
                copy_node(source_txn, txn, &child, &copy, i as u32);
            }
        }
        XmlOut::Text(text) => {
            let copy = parent.insert(txn, index, XmlTextPrelim::new(""));
            for chunk in text.diff(source_txn, YChange::identity) {
                let attributes = chunk.attributes.map(|a| *a).unwrap_or_default();
                let end = copy.len(txn);
                match chunk.insert {
                    Out::Any(Any::String(s)) => copy.insert_with_attributes(txn, end, &s, attributes),
                    Out::Any(embed) => {
                        copy.insert_embed_with_attributes(txn, end, embed, attributes);
                    }
                    _ => {}
                }
            }
        }
        XmlOut::Fragment(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn formulas_are_split_written_as_math_nodes_and_read_back_as_latex() {
        assert_eq!(
            split_math(r"已知 $y=x^2$ 与 \(\frac{1}{2}\)，价格 $5"),
            vec![
                Inline::Text("已知 ".into()),
                Inline::Math("y=x^2".into()),
                Inline::Text(" 与 ".into()),
                Inline::Math(r"\frac{1}{2}".into()),
                Inline::Text("，价格 $5".into()),
            ]
        );
        let doc = Doc::new();
        write_text(&doc, "classPractice", "已有");
        append_rich_paragraphs(&doc, "classPractice", &[split_math("1. 求 $y=x^2-2x$ 的最小值")]);
        assert_eq!(read_paragraphs(&doc, "classPractice"), vec!["已有", "1. 求 $y=x^2-2x$ 的最小值"]);
        let xml = {
            use yrs::GetString;
            doc.get_or_insert_xml_fragment("classPractice").get_string(&doc.transact())
        };
        assert!(xml.contains(r#"<inlineMath latex="y=x^2-2x">"#), "{xml}");
    }

    #[test]
    fn text_sections_round_trip_as_paragraphs() {
        let doc = Doc::new();
        assert_eq!(read_text(&doc, "courseSummary"), "");
        write_text(&doc, "courseSummary", "第一段\n\n第三段");
        assert_eq!(read_paragraphs(&doc, "courseSummary"), vec!["第一段", "", "第三段"]);
        write_text(&doc, "courseSummary", "重写");
        assert_eq!(read_text(&doc, "courseSummary"), "重写");
        // The shape is what y-prosemirror writes: paragraphs of text.
        let xml = {
            use yrs::GetString;
            let f = doc.get_or_insert_xml_fragment("courseSummary");
            f.get_string(&doc.transact())
        };
        assert_eq!(xml, "<paragraph>重写</paragraph>");
    }

    #[test]
    fn sections_are_copied_with_structure_attributes_and_formatting() {
        use yrs::GetString;
        let old = Doc::new();
        write_outline(&old, "knowledgeReview", &[("函数".into(), "定义域与值域".into()), ("导数".into(), String::new())]);
        {
            let f = old.get_or_insert_xml_fragment("homework");
            let mut txn = old.transact_mut();
            let p = f.insert(&mut txn, 0, XmlElementPrelim::empty("paragraph"));
            let t = p.insert(&mut txn, 0, XmlTextPrelim::new(""));
            t.insert(&mut txn, 0, "plain ");
            let bold: yrs::types::Attrs = [(std::sync::Arc::from("bold"), Any::Bool(true))].into_iter().collect();
            t.insert_with_attributes(&mut txn, 6, "bold", bold);
        }
        let live = Doc::new();
        write_text(&live, "knowledgeReview", "将被替换");
        write_text(&live, "classPractice", "旧版本没有这一节");
        copy_sections(&old, &live, &["knowledgeReview", "homework", "classPractice"]);
        let xml = |doc: &Doc, s: &str| doc.get_or_insert_xml_fragment(s).get_string(&doc.transact());
        assert_eq!(xml(&live, "knowledgeReview"), xml(&old, "knowledgeReview"));
        assert!(xml(&live, "knowledgeReview").contains("level=\"3\""), "{}", xml(&live, "knowledgeReview"));
        assert_eq!(xml(&live, "homework"), xml(&old, "homework"));
        assert!(xml(&live, "homework").contains("<bold>bold</bold>"), "{}", xml(&live, "homework"));
        assert_eq!(xml(&live, "classPractice"), "");
        let blocks = read_blocks(&live, "knowledgeReview");
        assert_eq!(blocks, vec![("heading".to_owned(), "函数".to_owned()), ("paragraph".into(), "定义域与值域".into()), ("heading".into(), "导数".into())]);
    }

    #[test]
    fn meta_entries_round_trip_as_json() {
        let doc = Doc::new();
        assert!(read_meta(&doc, "meta").is_empty());
        write_meta(&doc, "meta", "accuracy", &json!(87.5)).unwrap();
        write_meta(&doc, "meta", "noRecycle", &json!(true)).unwrap();
        let meta = read_meta(&doc, "meta");
        assert_eq!((meta["accuracy"].as_f64(), meta["noRecycle"].as_bool()), (Some(87.5), Some(true)));
    }

    #[test]
    fn lists_round_trip_as_json() {
        let doc = Doc::new();
        let items = vec![json!({"id": 1, "latex": "x^2"}), json!({"id": 2, "latex": "\\frac{1}{2}"})];
        write_list(&doc, "formulas", &items).unwrap();
        assert_eq!(read_list(&doc, "formulas"), items);
        write_list(&doc, "formulas", &[]).unwrap();
        assert!(read_list(&doc, "formulas").is_empty());
    }
}
