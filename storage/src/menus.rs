//! The server-driven menu (01 §2 "Left menu"): a tree of nodes, and per role the nodes it sees.

use protocol::dto::user::MenuItem;
use sqlx::FromRow;

use crate::{Db, Result};

#[derive(Debug, Clone, FromRow)]
pub struct MenuRow {
    pub code: String,
    pub parent_code: Option<String>,
    pub name: String,
    pub url: String,
    pub level: i64,
    pub sort: i64,
    /// Hidden by an administrator: the node and its subtree are shown to nobody.
    pub hidden: i64,
    pub badge: String,
}

pub async fn all(db: &Db) -> Result<Vec<MenuRow>> {
    Ok(sqlx::query_as("SELECT code, parent_code, name, url, level, sort, hidden, badge FROM menus ORDER BY level, sort, code").fetch_all(db.pool()).await?)
}

pub async fn granted_codes(db: &Db, role: &str) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar("SELECT menu_code FROM role_menus WHERE role = $1").bind(role).fetch_all(db.pool()).await?)
}

/// The menu tree `role` sees: a node is shown when it or an ancestor is granted, and the
/// ancestors of a shown node are shown with it.
pub async fn tree_for_role(db: &Db, role: &str) -> Result<Vec<MenuItem>> {
    let load = async {
        let rows = all(db).await?;
        let granted = granted_codes(db, role).await?;
        Ok(build_tree(&rows, &granted))
    };
    db.accounts.read(&db.accounts.menus, role.to_owned(), load).await
}

pub fn build_tree(rows: &[MenuRow], granted: &[String]) -> Vec<MenuItem> {
    fn ancestors<'a>(rows: &'a [MenuRow], code: &str) -> Vec<&'a str> {
        let mut out = Vec::new();
        let mut cur = rows.iter().find(|r| r.code == code).and_then(|r| r.parent_code.as_deref());
        while let Some(parent) = cur {
            out.push(parent);
            cur = rows.iter().find(|r| r.code == parent).and_then(|r| r.parent_code.as_deref());
        }
        out
    }
    let visible = |code: &str| -> bool {
        granted.iter().any(|g| g == code)
            || ancestors(rows, code).iter().any(|a| granted.iter().any(|g| g == a))
            || rows.iter().any(|r| granted.iter().any(|g| g == &r.code) && ancestors(rows, &r.code).contains(&code))
    };
    fn children(rows: &[MenuRow], parent: Option<&str>, visible: &dyn Fn(&str) -> bool) -> Vec<MenuItem> {
        let mut kids: Vec<&MenuRow> = rows.iter().filter(|r| r.parent_code.as_deref() == parent && r.hidden == 0 && visible(&r.code)).collect();
        kids.sort_by_key(|r| (r.sort, r.code.clone()));
        kids.into_iter()
            .map(|r| MenuItem {
                code: r.code.clone(),
                name: r.name.clone(),
                url: r.url.clone(),
                level: r.level,
                badge: Some(r.badge.clone()).filter(|b| !b.is_empty()),
                children: children(rows, Some(&r.code), visible),
            })
            .collect()
    }
    children(rows, None, &visible)
}

/// Adds a node unless its code exists; true when added.
pub async fn insert(db: &Db, row: &MenuRow) -> Result<bool> {
    let r = sqlx::query("INSERT INTO menus (code, parent_code, name, url, level, sort) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code) DO NOTHING")
        .bind(&row.code)
        .bind(&row.parent_code)
        .bind(&row.name)
        .bind(&row.url)
        .bind(row.level)
        .bind(row.sort)
        .execute(db.pool())
        .await?;
    db.accounts.changed_here();
    Ok(r.rows_affected() > 0)
}

/// Every (role, node) grant.
pub async fn grants(db: &Db) -> Result<Vec<(String, String)>> {
    Ok(sqlx::query_as("SELECT role, menu_code FROM role_menus ORDER BY role, menu_code").fetch_all(db.pool()).await?)
}

/// Changes a node's name, order, visibility and badge; false when there is no such node.
pub async fn update(db: &Db, code: &str, name: &str, sort: i64, hidden: bool, badge: &str) -> Result<bool> {
    let r = sqlx::query("UPDATE menus SET name = $1, sort = $2, hidden = $3, badge = $4 WHERE code = $5")
        .bind(name)
        .bind(sort)
        .bind(i64::from(hidden))
        .bind(badge)
        .bind(code)
        .execute(db.pool())
        .await?;
    db.accounts.changed_here();
    Ok(r.rows_affected() > 0)
}

pub async fn exists(db: &Db, code: &str) -> Result<bool> {
    Ok(sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM menus WHERE code = $1").bind(code).fetch_one(db.pool()).await? > 0)
}

/// Takes a node back from a role.
pub async fn revoke(db: &Db, role: &str, code: &str) -> Result<()> {
    sqlx::query("DELETE FROM role_menus WHERE role = $1 AND menu_code = $2").bind(role).bind(code).execute(db.pool()).await?;
    db.accounts.changed_here();
    Ok(())
}

pub async fn grant(db: &Db, role: &str, code: &str) -> Result<()> {
    sqlx::query("INSERT INTO role_menus (role, menu_code) VALUES ($1, $2) ON CONFLICT (role, menu_code) DO NOTHING")
        .bind(role)
        .bind(code)
        .execute(db.pool())
        .await?;
    db.accounts.changed_here();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(code: &str, parent: Option<&str>, sort: i64) -> MenuRow {
        MenuRow {
            code: code.into(),
            parent_code: parent.map(Into::into),
            name: code.into(),
            url: code.to_lowercase(),
            level: if parent.is_some() { 2 } else { 1 },
            sort,
            hidden: 0,
            badge: String::new(),
        }
    }

    #[test]
    fn tree_shows_granted_subtrees_and_ancestors() {
        let rows = vec![row("A", None, 1), row("A1", Some("A"), 1), row("A2", Some("A"), 2), row("B", None, 2), row("B1", Some("B"), 1), row("C", None, 3)];
        let tree = build_tree(&rows, &["A".into(), "B1".into()]);
        assert_eq!(tree.iter().map(|m| m.code.as_str()).collect::<Vec<_>>(), vec!["A", "B"]);
        assert_eq!(tree[0].children.len(), 2);
        assert_eq!(tree[1].children.iter().map(|m| m.code.as_str()).collect::<Vec<_>>(), vec!["B1"]);
        assert!(MenuItem::tree_contains(&tree, "B1"));
        assert!(!MenuItem::tree_contains(&tree, "C"));
    }
}
