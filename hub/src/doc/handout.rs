//! The handout's document (03 §2, §3): its sections, each a fragment of paragraphs, and the
//! snapshots versions keep — without IO.

use std::collections::BTreeMap;

use protocol::dto::paper::HANDOUT_SECTIONS;
use yrs::{Doc, ReadTxn, StateVector, Transact};

use super::content;
use super::error::DocError;

/// Each section's paragraphs, by section key.
pub fn read_sections(doc: &Doc) -> BTreeMap<String, Vec<String>> {
    HANDOUT_SECTIONS.iter().map(|s| ((*s).to_owned(), content::read_paragraphs(doc, s))).collect()
}

/// Replaces the sections given (keys checked by the caller against `HANDOUT_SECTIONS`).
pub fn write_sections(doc: &Doc, sections: &BTreeMap<String, Vec<String>>) {
    for (key, paragraphs) in sections {
        content::write_paragraphs(doc, key, paragraphs);
    }
}

/// The whole state, V2-encoded (a version's snapshot).
pub fn snapshot(doc: &Doc) -> Vec<u8> {
    doc.transact().encode_state_as_update_v2(&StateVector::default())
}

/// A document rebuilt from a snapshot.
pub fn from_snapshot(state_v2: &[u8]) -> Result<Doc, DocError> {
    let doc = Doc::new();
    apply_snapshot(&doc, state_v2)?;
    Ok(doc)
}

/// Applies a snapshot to `doc` (a copy starts from its source's state).
pub fn apply_snapshot(doc: &Doc, state_v2: &[u8]) -> Result<(), DocError> {
    let update = super::guard::decode_update_v2(state_v2).map_err(|e| DocError::Failed(format!("snapshot: {e}")))?;
    doc.transact_mut().apply_update(update).map_err(|e| DocError::Failed(format!("snapshot: {e}")))
}

/// Brings a version's sections back into the live document as a new edit.
pub fn restore(doc: &Doc, state_v2: &[u8]) -> Result<(), DocError> {
    let old = from_snapshot(state_v2)?;
    content::copy_sections(&old, doc, &HANDOUT_SECTIONS);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_snapshots_and_restore() {
        let doc = Doc::new();
        write_sections(&doc, &BTreeMap::from([("handoutTitle".to_owned(), vec!["三角函数".to_owned()])]));
        let v1 = snapshot(&doc);
        write_sections(&doc, &BTreeMap::from([("handoutTitle".to_owned(), vec!["改了".to_owned()])]));
        assert_eq!(read_sections(&from_snapshot(&v1).unwrap())["handoutTitle"], ["三角函数"]);
        restore(&doc, &v1).unwrap();
        assert_eq!(read_sections(&doc)["handoutTitle"], ["三角函数"]);
        assert_eq!(read_sections(&doc).len(), HANDOUT_SECTIONS.len());
        assert!(matches!(from_snapshot(&[1, 2, 3]), Err(DocError::Failed(_))));
    }
}
