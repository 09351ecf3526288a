//! Signed, expiring capabilities (preview links, upload and download URLs): HMAC-SHA256 over a
//! purpose, a subject and the expiry, with the deployment's signing key.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use storage::now_ms;

use crate::error::ApiError;

type HmacSha256 = Hmac<Sha256>;

fn mac(key: &str, purpose: &str, subject: &str, expires: i64) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(key.as_bytes()).expect("HMAC takes any key length");
    mac.update(format!("{purpose}:{subject}:{expires}").as_bytes());
    mac
}

/// The signature of (`purpose`, `subject`, `expires`).
pub fn sign(key: &str, purpose: &str, subject: &str, expires: i64) -> String {
    URL_SAFE_NO_PAD.encode(mac(key, purpose, subject, expires).finalize().into_bytes())
}

/// Why a signed capability is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Signed by us, but its time is up: the client should ask for a new one.
    Expired,
    /// Not signed by us for this purpose and subject (forged or altered).
    Invalid,
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        match refusal {
            Refusal::Expired => ApiError::LinkExpired,
            Refusal::Invalid => ApiError::NoPermission,
        }
    }
}

/// Checks `signature` first, so that only a genuine capability is ever told it expired.
pub fn check(key: &str, purpose: &str, subject: &str, expires: i64, signature: &str) -> Result<(), Refusal> {
    let bytes = URL_SAFE_NO_PAD.decode(signature).map_err(|_| Refusal::Invalid)?;
    mac(key, purpose, subject, expires).verify_slice(&bytes).map_err(|_| Refusal::Invalid)?;
    if expires < now_ms() {
        return Err(Refusal::Expired);
    }
    Ok(())
}

/// True when `signature` is right and `expires` has not passed.
pub fn verify(key: &str, purpose: &str, subject: &str, expires: i64, signature: &str) -> bool {
    check(key, purpose, subject, expires, signature).is_ok()
}

/// `subject.expires.signature` as one token.
pub fn token(key: &str, purpose: &str, subject: &str, expires: i64) -> String {
    format!("{subject}.{expires}.{}", sign(key, purpose, subject, expires))
}

/// The subject of a valid, unexpired token, or why it is refused.
pub fn check_token(key: &str, purpose: &str, token: &str) -> Result<String, Refusal> {
    let mut parts = token.rsplitn(3, '.');
    let (Some(signature), Some(Ok(expires)), Some(subject)) = (parts.next(), parts.next().map(str::parse::<i64>), parts.next()) else {
        return Err(Refusal::Invalid);
    };
    check(key, purpose, subject, expires, signature).map(|()| subject.to_owned())
}

/// The subject of a valid, unexpired token.
pub fn verify_token(key: &str, purpose: &str, token: &str) -> Option<String> {
    check_token(key, purpose, token).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_signed_scoped_and_expire() {
        let future = now_ms() + 60_000;
        let t = token("k", "preview", "7", future);
        assert_eq!(verify_token("k", "preview", &t), Some("7".into()));
        assert_eq!(verify_token("other", "preview", &t), None);
        assert_eq!(verify_token("k", "upload", &t), None, "scoped to its purpose");
        assert_eq!(verify_token("k", "preview", &t.replacen("7.", "8.", 1)), None);
        assert_eq!(verify_token("k", "preview", &token("k", "preview", "7", now_ms() - 1)), None);
        assert_eq!(verify_token("k", "preview", "garbage"), None);
        assert_eq!(check_token("k", "preview", &token("k", "preview", "7", now_ms() - 1)), Err(Refusal::Expired));
        let forged_expired = format!("7.{}.{}", now_ms() - 1, sign("other", "preview", "7", now_ms() - 1));
        assert_eq!(check_token("k", "preview", &forged_expired), Err(Refusal::Invalid), "a forgery is never told it expired");
    }
}
