//! Password hashing with argon2id (PHC strings).

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

use crate::{Result, StorageError};

pub fn hash(password: &str) -> Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| StorageError::Password(e.to_string()))
}

/// True when `password` matches the stored PHC string; a malformed stored hash never matches.
pub fn verify(password: &str, stored: &str) -> bool {
    match PasswordHash::new(stored) {
        Ok(parsed) => Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok(),
        Err(_) => false,
    }
}

/// A hash that no password matches, verified against when the e-mail is unknown so that
/// unknown and known e-mails take the same time.
pub fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash("no password matches this").expect("argon2 hashes"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn hash_and_verify() {
        let h = super::hash("eduhub-demo").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(super::verify("eduhub-demo", &h));
        assert!(!super::verify("wrong", &h));
        assert!(!super::verify("eduhub-demo", "not a hash"));
    }
}
