//! The function whitelist (01 §6): if no function is listed everything is allowed; a listed
//! function is allowed only to the e-mails granted it.

use crate::{Db, Result};

/// Every function code under whitelist control.
pub async fn functions(db: &Db) -> Result<Vec<String>> {
    let load = async { Ok(sqlx::query_scalar("SELECT code FROM whitelist_functions ORDER BY code").fetch_all(db.pool()).await?) };
    db.accounts.read(&db.accounts.whitelist_functions, (), load).await
}

/// The function codes granted to `email`.
pub async fn grants(db: &Db, email: &str) -> Result<Vec<String>> {
    let email = email.trim().to_lowercase();
    let load = async { Ok(sqlx::query_scalar("SELECT code FROM whitelist_grants WHERE email = $1 ORDER BY code").bind(&email).fetch_all(db.pool()).await?) };
    db.accounts.read(&db.accounts.whitelist_grants, email.clone(), load).await
}

/// The whitelist rule for one function.
pub fn allows(functions: &[String], grants: &[String], code: &str) -> bool {
    functions.is_empty() || !functions.iter().any(|f| f == code) || grants.iter().any(|g| g == code)
}

pub async fn add_function(db: &Db, code: &str) -> Result<()> {
    sqlx::query("INSERT INTO whitelist_functions (code) VALUES ($1) ON CONFLICT (code) DO NOTHING").bind(code).execute(db.pool()).await?;
    db.accounts.changed_here();
    Ok(())
}

pub async fn grant(db: &Db, code: &str, email: &str) -> Result<()> {
    sqlx::query("INSERT INTO whitelist_grants (code, email) VALUES ($1, $2) ON CONFLICT (code, email) DO NOTHING")
        .bind(code)
        .bind(email.trim().to_lowercase())
        .execute(db.pool())
        .await?;
    db.accounts.changed_here();
    Ok(())
}

/// Frees a function from whitelist control (its grants go with it).
pub async fn remove_function(db: &Db, code: &str) -> Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query("DELETE FROM whitelist_grants WHERE code = $1").bind(code).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM whitelist_functions WHERE code = $1").bind(code).execute(&mut *tx).await?;
    tx.commit().await?;
    db.accounts.changed_here();
    Ok(())
}

pub async fn revoke(db: &Db, code: &str, email: &str) -> Result<()> {
    sqlx::query("DELETE FROM whitelist_grants WHERE code = $1 AND email = $2").bind(code).bind(email.trim().to_lowercase()).execute(db.pool()).await?;
    db.accounts.changed_here();
    Ok(())
}

/// Every (function, e-mail) grant.
pub async fn all_grants(db: &Db) -> Result<Vec<(String, String)>> {
    Ok(sqlx::query_as("SELECT code, email FROM whitelist_grants ORDER BY code, email").fetch_all(db.pool()).await?)
}

#[cfg(test)]
mod tests {
    use super::allows;

    #[test]
    fn whitelist_rule() {
        let none: Vec<String> = vec![];
        let listed = vec!["TEACHER_GROUP".to_string()];
        assert!(allows(&none, &none, "TEACHER_GROUP"));
        assert!(allows(&listed, &none, "OTHER"));
        assert!(!allows(&listed, &none, "TEACHER_GROUP"));
        assert!(allows(&listed, &listed, "TEACHER_GROUP"));
    }
}
