//! The cloud drive (`document` area, 03 §2, §3, §7.8): the items of personal and team spaces —
//! folders, files from uploads, web links — in one tree per space, the recycle bin, shares and
//! share links. (`documents` is something else: the co-edited documents' update log.)
//!
//! Rows live in `resources` (migration 0027): `parent_id` 0 is a space's root, `path` lists the
//! ids from the root (`/12/45/`), so a subtree is one range of paths; `trashed_at`/`trash_root`
//! mark a deleted item and the subtree that went to the bin with it. Rules of who may see what
//! are the access layer's (`api::access::document`); these functions do what they are told.

mod change;
mod copy;
pub mod job;
pub mod share;

pub(crate) use change::insert;
pub use change::{create, move_items, purge, purge_expired, rename, restore, trash, NewItem, PurgeSweep, Target};
pub use copy::{copy_items, subtree_size, CopyPlan};

use sqlx::{Any, FromRow, Transaction};

use crate::{id_list, Backend, Db, Result};

/// Drive resource types (01 §3).
pub const FOLDER: i64 = 0;
pub const DOCUMENT: i64 = 1;
pub const MEDIA: i64 = 2;
pub const IMAGE: i64 = 7;

/// Fixed nodes of the space tree.
pub const ROOT: i64 = 0;
pub const SHARED: i64 = -90;
pub const RECEIVED: i64 = -999;
pub const SENT: i64 = -998;
pub const RECYCLE: i64 = -99999;

/// Locations of the space tree (01 §3).
pub const LOCATION_PERSONAL: i64 = 1;
pub const LOCATION_TEAM: i64 = 2;
pub const LOCATION_SHARED: i64 = 3;
pub const LOCATION_SENT: i64 = 4;
pub const LOCATION_RECYCLE: i64 = 5;

/// Items stay this long in the recycle bin, then a purge job removes them.
pub const RECYCLE_KEEP_MS: i64 = 30 * 24 * 3600 * 1000;
/// Uploads never finished are removed (rows, slices and bytes) after this long.
pub const ABANDONED_UPLOAD_MS: i64 = 24 * 3600 * 1000;

/// The drive type of a file of an upload class.
pub fn type_of_class(class: &str) -> i64 {
    match class {
        "image" => IMAGE,
        "video" | "audio" => MEDIA,
        _ => DOCUMENT,
    }
}

/// A space: someone's personal space, or a team's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Space {
    Personal(i64),
    Team(i64),
}

impl Space {
    pub fn team_id(self) -> i64 {
        match self {
            Space::Personal(_) => 0,
            Space::Team(t) => t,
        }
    }

    /// The key of its advisory lock: tree changes of one space take turns.
    fn lock_key(self) -> i64 {
        match self {
            Space::Personal(u) => u * 2,
            Space::Team(t) => t * 2 + 1,
        }
    }

    /// `WHERE` terms selecting the space's items (`r.` the item), binding `$n`.
    fn terms(self, n: usize) -> String {
        match self {
            Space::Personal(_) => format!("r.team_id = 0 AND r.user_id = ${n}"),
            Space::Team(_) => format!("r.team_id = ${n}"),
        }
    }

    fn bind_value(self) -> i64 {
        match self {
            Space::Personal(u) => u,
            Space::Team(t) => t,
        }
    }
}

/// One item with its owner's name and, for folders, how many live items it holds.
#[derive(Debug, Clone, FromRow)]
pub struct ItemRow {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub ext: String,
    pub class: String,
    pub size: i64,
    pub object_key: String,
    pub created_at: i64,
    pub parent_id: i64,
    pub team_id: i64,
    pub type_code: i64,
    pub path: String,
    pub depth: i64,
    pub subject_id: Option<i64>,
    pub link_url: Option<String>,
    pub updated_at: i64,
    pub trashed_at: Option<i64>,
    pub trash_root: Option<i64>,
    pub owner_name: String,
    pub child_count: i64,
}

impl ItemRow {
    pub fn space(&self) -> Space {
        if self.team_id == 0 {
            Space::Personal(self.user_id)
        } else {
            Space::Team(self.team_id)
        }
    }

    pub fn is_folder(&self) -> bool {
        self.type_code == FOLDER
    }

    pub fn is_live(&self) -> bool {
        self.trashed_at.is_none()
    }

    /// The ids from the root down to its parent.
    pub fn ancestors(&self) -> Vec<i64> {
        let mut ids = path_ids(&self.path);
        ids.pop();
        ids
    }

    /// Whether `other` is this item or inside it.
    pub fn contains(&self, other: &ItemRow) -> bool {
        other.path.starts_with(&self.path)
    }
}

/// The ids a path lists.
pub fn path_ids(path: &str) -> Vec<i64> {
    path.split('/').filter_map(|p| p.parse().ok()).collect()
}

/// The first path after every path of the subtree at `path` ('0' follows '/').
pub(crate) fn subtree_end(path: &str) -> String {
    format!("{}0", &path[..path.len().saturating_sub(1)])
}

pub(crate) const ITEM_COLUMNS: &str = "r.id, r.user_id, r.name, r.ext, r.class, r.size, r.object_key, r.created_at, r.parent_id, r.team_id, r.type_code, \
     r.path, r.depth, r.subject_id, r.link_url, r.updated_at, r.trashed_at, r.trash_root, COALESCE(u.name, '') AS owner_name, 0 AS child_count";

/// Fills in how many live items the folders among `rows` hold, in one grouped query (a
/// correlated count in the listing would make PostgreSQL's planner expect a costly plan and
/// spend longer compiling it than running it).
async fn fill_child_counts<'a>(db: &Db, rows: impl Iterator<Item = &'a mut ItemRow>) -> Result<()> {
    let mut folders: Vec<&mut ItemRow> = rows.filter(|r| r.type_code == FOLDER).collect();
    if folders.is_empty() {
        return Ok(());
    }
    let ids: Vec<i64> = folders.iter().map(|r| r.id).collect();
    let counts: Vec<(i64, i64)> =
        sqlx::query_as(&format!("SELECT parent_id, COUNT(*) FROM resources WHERE parent_id IN ({}) AND trashed_at IS NULL GROUP BY parent_id", id_list(&ids)))
            .fetch_all(db.pool())
            .await?;
    for row in folders.iter_mut() {
        row.child_count = counts.iter().find(|(id, _)| *id == row.id).map_or(0, |(_, n)| *n);
    }
    Ok(())
}

fn select_items(tail: &str) -> String {
    format!("SELECT {ITEM_COLUMNS} FROM resources r LEFT JOIN users u ON u.id = r.user_id {tail}")
}

pub async fn item(db: &Db, id: i64) -> Result<Option<ItemRow>> {
    let mut row: Option<ItemRow> = sqlx::query_as(&select_items("WHERE r.id = $1")).bind(id).fetch_optional(db.pool()).await?;
    fill_child_counts(db, row.iter_mut()).await?;
    Ok(row)
}

pub async fn items(db: &Db, ids: &[i64]) -> Result<Vec<ItemRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let mut rows: Vec<ItemRow> = sqlx::query_as(&select_items(&format!("WHERE r.id IN ({list}) ORDER BY r.id"))).fetch_all(db.pool()).await?;
    fill_child_counts(db, rows.iter_mut()).await?;
    Ok(rows)
}

/// (id, name) of the given items, in path order (breadcrumbs).
pub async fn names(db: &Db, ids: &[i64]) -> Result<Vec<(i64, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let rows: Vec<(i64, String)> = sqlx::query_as(&format!("SELECT id, name FROM resources WHERE id IN ({list})")).fetch_all(db.pool()).await?;
    Ok(ids.iter().filter_map(|id| rows.iter().find(|(i, _)| i == id).cloned()).collect())
}

/// What a listing shows.
#[derive(Debug, Clone)]
pub enum Listing {
    /// The live items of a folder the caller may read.
    Folder(i64),
    /// The live items at the root of a space.
    Root(Space),
    /// Items shared with the user or one of their teams.
    Received { user_id: i64, team_ids: Vec<i64> },
    /// The user's shares (one row per share).
    Sent { user_id: i64 },
    /// Items deleted in the user's personal space and in the teams they write in.
    Recycle { user_id: i64, team_ids: Vec<i64> },
}

/// Filters and order of a listing (03 §3 document query).
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub like_name: Option<String>,
    pub subject_id: Option<i64>,
    /// Empty: every type.
    pub type_ids: Vec<i64>,
    /// 1 name, 2 time, 3 size, 4 type.
    pub order_type: i64,
    /// Some(true) ascending, Some(false) descending, None the order's natural direction.
    pub ascending: Option<bool>,
}

impl Filter {
    fn order(&self) -> String {
        let (column, natural_asc) = match self.order_type {
            1 => ("r.name", true),
            3 => ("r.size", false),
            4 => ("r.type_code", true),
            _ => ("r.created_at", false),
        };
        let dir = if self.ascending.unwrap_or(natural_asc) { "ASC" } else { "DESC" };
        format!(" ORDER BY CASE WHEN r.type_code = 0 THEN 0 ELSE 1 END, {column} {dir}, r.id {dir}")
    }
}

/// A page of a listing and the total, with each row's share (received and sent lists).
pub async fn list(db: &Db, listing: &Listing, filter: &Filter, page_no: i64, page_size: i64) -> Result<(Vec<(ItemRow, Option<share::ShareRow>)>, i64)> {
    let (mut terms, bind): (String, Option<i64>) = match listing {
        Listing::Folder(id) => ("r.parent_id = $1 AND r.trashed_at IS NULL".into(), Some(*id)),
        Listing::Root(space) => (format!("r.parent_id = 0 AND r.trashed_at IS NULL AND {}", space.terms(1)), Some(space.bind_value())),
        Listing::Received { user_id, team_ids } => (
            format!(
                "r.trashed_at IS NULL AND r.user_id <> $1 AND EXISTS (SELECT 1 FROM drive_shares s WHERE s.item_id = r.id \
                 AND (s.receiver_id = $1 OR s.receiver_team_id IN ({})) AND {SENDER_STILL_WRITES})",
                id_list(team_ids)
            ),
            Some(*user_id),
        ),
        Listing::Sent { user_id } => ("r.trashed_at IS NULL AND s.sender_id = $1".into(), Some(*user_id)),
        Listing::Recycle { user_id, team_ids } => {
            (format!("r.trash_root = r.id AND ((r.team_id = 0 AND r.user_id = $1) OR r.team_id IN ({}))", id_list(team_ids)), Some(*user_id))
        }
    };
    if filter.like_name.is_some() {
        terms.push_str(" AND LOWER(r.name) LIKE LOWER($2) ESCAPE '!'");
    }
    if let Some(subject) = filter.subject_id {
        terms.push_str(&format!(" AND r.subject_id = {subject}"));
    }
    if !filter.type_ids.is_empty() {
        terms.push_str(&format!(" AND r.type_code IN ({})", id_list(&filter.type_ids)));
    }
    let from = match listing {
        Listing::Sent { .. } => "FROM drive_shares s JOIN resources r ON r.id = s.item_id LEFT JOIN users u ON u.id = r.user_id",
        _ => "FROM resources r LEFT JOIN users u ON u.id = r.user_id",
    };
    let share_column = if matches!(listing, Listing::Sent { .. }) { ", s.id AS share_pick" } else { ", 0 AS share_pick" };
    let order = match listing {
        Listing::Recycle { .. } => " ORDER BY r.trashed_at DESC, r.id DESC".to_owned(),
        _ => filter.order(),
    };
    let sql = format!("SELECT {ITEM_COLUMNS}{share_column} {from} WHERE {terms}{order} LIMIT {page_size} OFFSET {}", (page_no - 1).max(0) * page_size);
    // The owner's name is not needed to count.
    let count_sql = format!("SELECT COUNT(*) {} WHERE {terms}", from.replace(" LEFT JOIN users u ON u.id = r.user_id", ""));
    let like = filter.like_name.as_ref().map(|l| format!("%{}%", crate::reports::like_escaped(l)));
    let mut rows_q = sqlx::query_as::<_, Picked>(&sql);
    let mut count_q = sqlx::query_scalar::<_, i64>(&count_sql);
    if let Some(b) = bind {
        rows_q = rows_q.bind(b);
        count_q = count_q.bind(b);
    }
    if let Some(l) = &like {
        rows_q = rows_q.bind(l.clone());
        count_q = count_q.bind(l.clone());
    }
    let mut rows = rows_q.fetch_all(db.pool()).await?;
    let total = count_q.fetch_one(db.pool()).await?;
    fill_child_counts(db, rows.iter_mut().map(|p| &mut p.item)).await?;
    let mut out = Vec::with_capacity(rows.len());
    for picked in rows {
        let share = match listing {
            Listing::Sent { .. } => share::by_id(db, picked.share_pick).await?,
            Listing::Received { user_id, team_ids } => share::first_for(db, picked.item.id, *user_id, team_ids).await?,
            _ => None,
        };
        out.push((picked.item, share));
    }
    Ok((out, total))
}

#[derive(FromRow)]
struct Picked {
    #[sqlx(flatten)]
    item: ItemRow,
    share_pick: i64,
}

/// Every live folder of a space: (id, name, parent_id, path), in path order.
pub async fn folders(db: &Db, space: Space) -> Result<Vec<(i64, String, i64, String)>> {
    Ok(sqlx::query_as(&format!(
        "SELECT r.id, r.name, r.parent_id, r.path FROM resources r WHERE r.type_code = 0 AND r.trashed_at IS NULL AND {} ORDER BY r.depth, r.name LIMIT 20000",
        space.terms(1)
    ))
    .bind(space.bind_value())
    .fetch_all(db.pool())
    .await?)
}

/// The live folders directly inside `parent` (0: the space's root), with whether they hold folders.
pub async fn child_folders(db: &Db, space: Space, parent: i64) -> Result<Vec<(i64, String, i64, String, bool)>> {
    let rows: Vec<(i64, String, i64, String, i64)> = sqlx::query_as(&format!(
        "SELECT r.id, r.name, r.parent_id, r.path, (SELECT COUNT(*) FROM resources c WHERE c.parent_id = r.id AND c.type_code = 0 AND c.trashed_at IS NULL) \
         FROM resources r WHERE r.type_code = 0 AND r.trashed_at IS NULL AND r.parent_id = $2 AND {} ORDER BY r.name LIMIT 5000",
        space.terms(1)
    ))
    .bind(space.bind_value())
    .bind(parent)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(|(id, name, p, path, n)| (id, name, p, path, n > 0)).collect())
}

/// A space's live items by type: (type code, count, bytes of files), by type code.
pub async fn type_counts(db: &Db, space: Space) -> Result<Vec<(i64, i64, i64)>> {
    Ok(sqlx::query_as(&format!(
        "SELECT r.type_code, COUNT(*), CAST(COALESCE(SUM(CASE WHEN r.type_code <> 0 THEN r.size ELSE 0 END), 0) AS BIGINT) FROM resources r \
         WHERE r.trashed_at IS NULL AND {} GROUP BY r.type_code ORDER BY r.type_code",
        space.terms(1)
    ))
    .bind(space.bind_value())
    .fetch_all(db.pool())
    .await?)
}

/// Bytes of stored files the user owns, the recycle bin included.
pub async fn used_bytes(db: &Db, user_id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT CAST(COALESCE(SUM(size), 0) AS BIGINT) FROM resources WHERE user_id = $1 AND type_code <> 0")
        .bind(user_id)
        .fetch_one(db.pool())
        .await?)
}

/// A share counts only while its sender may still write where the shared item is (`r.` the
/// item, `s.` the share): its personal space's owner, or an owner or editor of its team. A
/// member removed from a team, or an item moved out of the sender's reach, ends their shares.
const SENDER_STILL_WRITES: &str = "((r.team_id = 0 AND s.sender_id = r.user_id) OR (r.team_id <> 0 AND EXISTS \
     (SELECT 1 FROM team_members m WHERE m.team_id = r.team_id AND m.user_id = s.sender_id AND m.role IN (1, 2))))";

/// Whether a standing share to the user (or one of their teams) covers one of `ids` (an item and
/// its ancestors).
pub async fn shared_with(db: &Db, ids: &[i64], user_id: i64, team_ids: &[i64]) -> Result<bool> {
    let n: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM drive_shares s JOIN resources r ON r.id = s.item_id WHERE s.item_id IN ({}) \
         AND (s.receiver_id = $1 OR s.receiver_team_id IN ({})) AND {SENDER_STILL_WRITES}",
        id_list(ids),
        id_list(team_ids)
    ))
    .bind(user_id)
    .fetch_one(db.pool())
    .await?;
    Ok(n > 0)
}

/// The users a change in a folder concerns besides the space's own people: receivers of shares
/// covering it (people, and members of receiving teams).
pub async fn share_watchers(db: &Db, path_ids: &[i64]) -> Result<Vec<i64>> {
    if path_ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(sqlx::query_scalar(&format!(
        "SELECT receiver_id FROM drive_shares WHERE item_id IN ({0}) AND receiver_id <> 0 \
         UNION SELECT m.user_id FROM drive_shares s JOIN team_members m ON m.team_id = s.receiver_team_id WHERE s.item_id IN ({0})",
        id_list(path_ids)
    ))
    .fetch_all(db.pool())
    .await?)
}

/// Everyone a change of a folder of `space` concerns: the space's people (its owner, or the
/// team's members) and the receivers of shares covering the folder (`path_ids`: the folder and
/// its ancestors).
pub async fn watchers(db: &Db, space: Space, path_ids: &[i64]) -> Result<Vec<i64>> {
    let mut users = match space {
        Space::Personal(u) => vec![u],
        Space::Team(t) => crate::team::member_ids(db, t).await?,
    };
    users.extend(share_watchers(db, path_ids).await?);
    users.sort_unstable();
    users.dedup();
    Ok(users)
}

/// What a user may do with an item or in a space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Right {
    Read,
    Write,
}

/// The user's right over a space: their personal space, or a team by role.
pub async fn space_right(db: &Db, user_id: i64, space: Space) -> Result<Option<Right>> {
    Ok(match space {
        Space::Personal(u) => (u == user_id).then_some(Right::Write),
        Space::Team(t) => crate::team::membership(db, t, user_id).await?.map(|m| if crate::team::writes(m.role) { Right::Write } else { Right::Read }),
    })
}

/// The user's right over an item: their space's right, or read through a standing share of the
/// live item or an ancestor. The access layer (`api::access::document`) and the copy job both ask
/// here, so a queued copy is checked again when it runs.
pub async fn item_right(db: &Db, user_id: i64, item: &ItemRow) -> Result<Option<Right>> {
    if let Some(r) = space_right(db, user_id, item.space()).await? {
        return Ok(Some(r));
    }
    if !item.is_live() {
        return Ok(None);
    }
    let teams: Vec<i64> = crate::team::of_user(db, user_id).await?.iter().map(|t| t.id).collect();
    Ok(shared_with(db, &path_ids(&item.path), user_id, &teams).await?.then_some(Right::Read))
}

/// Takes the tree locks of the spaces a change touches (PostgreSQL: advisory locks held to the
/// end of the transaction; SQLite writers already take turns), so that two moves cannot each
/// pass the own-subtree check and make a cycle.
pub async fn lock_spaces(db: &Db, tx: &mut Transaction<'_, Any>, spaces: &[Space]) -> Result<()> {
    if db.backend() != Backend::Postgres {
        return Ok(());
    }
    let mut keys: Vec<i64> = spaces.iter().map(|s| s.lock_key()).collect();
    keys.sort_unstable();
    keys.dedup();
    for key in keys {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(key).execute(&mut **tx).await?;
    }
    Ok(())
}

/// A name for an item entering a folder: `wanted`, or the first free "stem (n).ext".
pub(crate) async fn free_name(tx: &mut Transaction<'_, Any>, space: Space, parent: i64, wanted: &str, is_folder: bool, except: i64) -> Result<String> {
    let (stem, ext) = match wanted.rsplit_once('.') {
        Some((s, e)) if !is_folder && !s.is_empty() => (s.to_owned(), format!(".{e}")),
        _ => (wanted.to_owned(), String::new()),
    };
    let pattern = format!("{} (%){}", crate::reports::like_escaped(&stem), crate::reports::like_escaped(&ext));
    let taken: Vec<String> = sqlx::query_scalar(&format!(
        "SELECT r.name FROM resources r WHERE r.parent_id = $2 AND r.trashed_at IS NULL AND r.id <> $3 AND {} \
         AND (r.name = $4 OR r.name LIKE $5 ESCAPE '!')",
        space.terms(1)
    ))
    .bind(space.bind_value())
    .bind(parent)
    .bind(except)
    .bind(wanted)
    .bind(pattern)
    .fetch_all(&mut **tx)
    .await?;
    if !taken.iter().any(|t| t == wanted) {
        return Ok(wanted.to_owned());
    }
    let mut n = 1;
    loop {
        let candidate = format!("{stem} ({n}){ext}");
        if !taken.contains(&candidate) {
            return Ok(candidate);
        }
        n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subtree_is_one_range_of_paths() {
        assert_eq!(subtree_end("/12/"), "/120");
        let inside = ["/12/", "/12/3/", "/12/999/4/"];
        let outside = ["/120/", "/13/", "/1/", "/11/12/"];
        for p in inside {
            assert!(p >= "/12/" && p < subtree_end("/12/").as_str(), "{p}");
        }
        for p in outside {
            assert!(!(p >= "/12/" && p < subtree_end("/12/").as_str()), "{p}");
        }
        assert_eq!(path_ids("/3/45/6/"), vec![3, 45, 6]);
    }
}
