//! Signed, expiring capabilities (preview links, upload and download URLs): HMAC-SHA256 over a
//! purpose, a subject and the expiry, with the deployment's signing key.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use storage::now_ms;

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

/// True when `signature` is right and `expires` has not passed.
pub fn verify(key: &str, purpose: &str, subject: &str, expires: i64, signature: &str) -> bool {
    if expires < now_ms() {
        return false;
    }
    let Ok(bytes) = URL_SAFE_NO_PAD.decode(signature) else { return false };
    mac(key, purpose, subject, expires).verify_slice(&bytes).is_ok()
}

/// `subject.expires.signature` as one token.
pub fn token(key: &str, purpose: &str, subject: &str, expires: i64) -> String {
    format!("{subject}.{expires}.{}", sign(key, purpose, subject, expires))
}

/// The subject of a valid, unexpired token.
pub fn verify_token(key: &str, purpose: &str, token: &str) -> Option<String> {
    let mut parts = token.rsplitn(3, '.');
    let (signature, expires, subject) = (parts.next()?, parts.next()?.parse::<i64>().ok()?, parts.next()?);
    verify(key, purpose, subject, expires, signature).then(|| subject.to_owned())
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
    }
}
