//! Random secrets and their stored digests: only the SHA-256 of a token is ever stored.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};
use sha2::{Digest, Sha256};

/// A fresh 256-bit secret, URL-safe base64 (43 characters).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the OS random source is available");
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The digest under which a token is stored and looked up.
pub fn digest(token: &str) -> String {
    let hash = Sha256::digest(token.as_bytes());
    URL_SAFE_NO_PAD.encode(hash)
}

#[cfg(test)]
mod tests {
    #[test]
    fn tokens_are_unique_and_digests_stable() {
        let a = super::new_token();
        let b = super::new_token();
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert_eq!(super::digest(&a), super::digest(&a));
        assert_ne!(super::digest(&a), super::digest(&b));
    }
}
