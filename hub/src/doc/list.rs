//! A structured list of a document (a `Y.Array` of JSON values) read as items of one type. Items
//! that do not decode as that type (written by a newer client, or by hand) are kept as they
//! are, in place, and fields an item has beyond the type are kept with it: a REST change
//! rewrites the list around them and never drops them.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use yrs::Doc;

use super::content;
use super::error::DocError;

#[derive(Debug, Clone, PartialEq)]
enum Entry<T> {
    /// A decoded item, with the fields it had beyond the type.
    Item(T, serde_json::Map<String, Value>),
    Kept(Value),
}

/// Decodes `value` as a `T`, keeping the fields the type does not have.
fn decode<T: Serialize + DeserializeOwned>(value: Value) -> Entry<T> {
    let Ok(item) = serde_json::from_value::<T>(value.clone()) else { return Entry::Kept(value) };
    let mut extra = match value {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    };
    if let Ok(Value::Object(known)) = serde_json::to_value(&item) {
        extra.retain(|k, _| !known.contains_key(k));
    }
    Entry::Item(item, extra)
}

/// The list `name` of a document, typed.
#[derive(Debug, Clone, PartialEq)]
pub struct DocList<T> {
    entries: Vec<Entry<T>>,
}

impl<T: Serialize + DeserializeOwned> DocList<T> {
    /// The list as the document holds it.
    pub fn read(doc: &Doc, name: &str) -> DocList<T> {
        DocList::from_values(content::read_list(doc, name))
    }

    pub fn from_values(values: Vec<Value>) -> DocList<T> {
        let entries = values.into_iter().map(decode).collect();
        DocList { entries }
    }

    /// Writes the list back: the typed items as they are now, the others untouched.
    pub fn write(&self, doc: &Doc, name: &str) -> Result<(), DocError> {
        content::write_list(doc, name, &self.values()?).map_err(DocError::Failed)
    }

    fn values(&self) -> Result<Vec<Value>, DocError> {
        self.entries
            .iter()
            .map(|e| match e {
                Entry::Item(item, extra) => {
                    let mut value = serde_json::to_value(item).map_err(|e| DocError::Failed(e.to_string()))?;
                    if let Value::Object(map) = &mut value {
                        for (k, v) in extra {
                            map.entry(k.clone()).or_insert_with(|| v.clone());
                        }
                    }
                    Ok(value)
                }
                Entry::Kept(value) => Ok(value.clone()),
            })
            .collect()
    }

    /// The items of the type, in order.
    pub fn items(&self) -> impl Iterator<Item = &T> {
        self.entries.iter().filter_map(|e| match e {
            Entry::Item(item, _) => Some(item),
            Entry::Kept(_) => None,
        })
    }

    pub fn items_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.entries.iter_mut().filter_map(|e| match e {
            Entry::Item(item, _) => Some(item),
            Entry::Kept(_) => None,
        })
    }

    /// The first item `f` picks.
    pub fn find_mut(&mut self, f: impl Fn(&T) -> bool) -> Option<&mut T> {
        self.items_mut().find(|item| f(item))
    }

    /// A copy of the items of the type.
    pub fn to_vec(&self) -> Vec<T>
    where
        T: Clone,
    {
        self.items().cloned().collect()
    }

    /// How many entries there are, kept ones included (limits count them too).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn push(&mut self, item: T) {
        self.entries.push(Entry::Item(item, serde_json::Map::new()));
    }

    /// Keeps the items `f` keeps; entries of another shape always stay.
    pub fn retain(&mut self, f: impl Fn(&T) -> bool) {
        self.entries.retain(|e| match e {
            Entry::Item(item, _) => f(item),
            Entry::Kept(_) => true,
        });
    }

    /// Replaces the typed items with `items` (in their order): an item whose `key` an old item
    /// had keeps that item's extra fields; entries of another shape stay, after them.
    pub fn replace_items<K: PartialEq>(&mut self, items: Vec<T>, key: impl Fn(&T) -> K) {
        let mut old_extras: Vec<(K, serde_json::Map<String, Value>)> = Vec::new();
        let mut kept = Vec::new();
        for entry in self.entries.drain(..) {
            match entry {
                Entry::Item(item, extra) => old_extras.push((key(&item), extra)),
                Entry::Kept(value) => kept.push(Entry::Kept(value)),
            }
        }
        self.entries = items
            .into_iter()
            .map(|item| {
                let k = key(&item);
                let extra = old_extras.iter().position(|(old, _)| *old == k).map(|i| old_extras.swap_remove(i).1).unwrap_or_default();
                Entry::Item(item, extra)
            })
            .chain(kept)
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Picture {
        id: String,
        name: String,
    }

    fn doc_with(values: Vec<Value>) -> Doc {
        let doc = Doc::new();
        content::write_list(&doc, "pictures", &values).unwrap();
        doc
    }

    #[test]
    fn items_of_another_shape_survive_a_change() {
        let unknown = json!({"kind": "sticker", "emoji": "🎉"});
        let doc = doc_with(vec![json!({"id": "a", "name": "甲"}), unknown.clone(), json!({"id": "b", "name": "乙"}), json!(42)]);
        let mut list: DocList<Picture> = DocList::read(&doc, "pictures");
        assert_eq!(list.items().map(|p| p.id.as_str()).collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(list.len(), 4);
        list.find_mut(|p| p.id == "b").unwrap().name = "乙改".into();
        list.retain(|p| p.id != "a");
        list.push(Picture { id: "c".into(), name: "丙".into() });
        list.write(&doc, "pictures").unwrap();
        assert_eq!(content::read_list(&doc, "pictures"), vec![unknown, json!({"id": "b", "name": "乙改"}), json!(42), json!({"id": "c", "name": "丙"})]);
    }

    #[test]
    fn fields_beyond_the_type_stay_with_their_item() {
        let doc = doc_with(vec![json!({"id": "a", "name": "甲", "rotation": 90})]);
        let mut list: DocList<Picture> = DocList::read(&doc, "pictures");
        list.find_mut(|p| p.id == "a").unwrap().name = "甲改".into();
        list.write(&doc, "pictures").unwrap();
        assert_eq!(content::read_list(&doc, "pictures"), vec![json!({"id": "a", "name": "甲改", "rotation": 90})]);
    }

    #[test]
    fn replacing_the_items_keeps_the_others() {
        let doc = doc_with(vec![json!({"id": "a", "name": "甲", "note": 1}), json!("legacy")]);
        let mut list: DocList<Picture> = DocList::read(&doc, "pictures");
        let a = list.to_vec().remove(0);
        list.replace_items(vec![Picture { id: "z".into(), name: "新".into() }, a], |p| p.id.clone());
        list.write(&doc, "pictures").unwrap();
        assert_eq!(content::read_list(&doc, "pictures"), vec![json!({"id": "z", "name": "新"}), json!({"id": "a", "name": "甲", "note": 1}), json!("legacy")]);
        let empty: DocList<Picture> = DocList::read(&Doc::new(), "pictures");
        assert!(empty.is_empty());
    }
}
