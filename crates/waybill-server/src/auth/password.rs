//! Password hashing with argon2id, off the async threads.

use std::sync::OnceLock;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng};

pub fn hash(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| anyhow::anyhow!("hashing failed: {e}"))
}

/// Checks `password` against `stored`; with no stored hash it still spends the same work,
/// so timing does not reveal whether an account exists.
pub async fn verify(password: String, stored: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        // An account without a password (an open invitation) spends the same work too.
        let stored = stored.as_deref().filter(|s| !s.is_empty()).unwrap_or_else(|| dummy_hash());
        let Ok(parsed) = PasswordHash::new(stored) else { return false };
        Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok()
    })
    .await
    .unwrap_or(false)
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash("not a real password").expect("argon2 works"))
}

/// A random password for the first admin: 20 characters without look-alikes.
pub fn generate() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut rng = rand::rng();
    (0..20).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect()
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn hashes_are_argon2id_and_verify() {
        let h = super::hash("s3cret").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(super::verify("s3cret".into(), Some(h.clone())).await);
        assert!(!super::verify("wrong".into(), Some(h)).await);
        assert!(!super::verify("s3cret".into(), None).await);
        assert_ne!(super::generate(), super::generate());
    }
}
