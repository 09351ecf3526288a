//! Reading and writing document content the way the web editors store it, for REST calls:
//! a text section is a `Y.XmlFragment` of paragraphs (`<paragraph>` elements holding text, as
//! Tiptap/y-prosemirror write them); a structured list is a `Y.Array` of JSON values.
//!
//! Call these inside `Hub::with_doc` so that they run on the room's live document.

use serde_json::Value;
use yrs::types::text::{Diff, YChange};
use yrs::types::xml::{XmlElementPrelim, XmlFragment, XmlOut, XmlTextPrelim};
use yrs::{Any, Array, Doc, Out, Text, Transact};

/// The paragraphs of a text section, as plain text (formatting dropped).
pub fn read_paragraphs(doc: &Doc, section: &str) -> Vec<String> {
    let fragment = doc.get_or_insert_xml_fragment(section);
    let txn = doc.transact();
    let mut paragraphs = Vec::new();
    for child in fragment.children(&txn) {
        let mut text = String::new();
        match child {
            XmlOut::Text(t) => collect_text(&t, &txn, &mut text),
            XmlOut::Element(el) => {
                for node in el.successors(&txn) {
                    if let XmlOut::Text(t) = node {
                        collect_text(&t, &txn, &mut text);
                    }
                }
            }
            XmlOut::Fragment(_) => {}
        }
        paragraphs.push(text);
    }
    paragraphs
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
    fn lists_round_trip_as_json() {
        let doc = Doc::new();
        let items = vec![json!({"id": 1, "latex": "x^2"}), json!({"id": 2, "latex": "\\frac{1}{2}"})];
        write_list(&doc, "formulas", &items).unwrap();
        assert_eq!(read_list(&doc, "formulas"), items);
        write_list(&doc, "formulas", &[]).unwrap();
        assert!(read_list(&doc, "formulas").is_empty());
    }
}
