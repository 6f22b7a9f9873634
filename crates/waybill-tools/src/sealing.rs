//! Secrets at rest: credentials families store (a business system's token, an issue
//! tracker's password) are sealed with XChaCha20-Poly1305 under one key per deployment,
//! and opened only when a request needs them. The key is configured (every instance of a
//! cluster must share it) or generated on first run into the data folder, never a
//! constant. A sealed value names the key's fingerprint, so a wrong key is a clear error
//! rather than garbage.

use std::io::Write;
use std::path::Path;

use base64::Engine;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{Key, XChaCha20Poly1305, XNonce};
use rand::RngCore;
use sha2::{Digest, Sha256};

const KEY_FILE: &str = "sealing.key";
const PREFIX: &str = "v1";

#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum SealError {
    #[error("the sealed value is malformed")]
    Malformed,
    #[error("the sealed value was sealed with another key (fingerprint {0})")]
    OtherKey(String),
    #[error("the sealed value does not open with this key: it was altered")]
    Altered,
    #[error("the sealing key: {0}")]
    Key(String),
}

/// Seals and opens secrets. Cheap to share behind an `Arc`.
pub struct Sealer {
    cipher: XChaCha20Poly1305,
    fingerprint: String,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sealer").field("fingerprint", &self.fingerprint).finish()
    }
}

impl Sealer {
    /// A sealer over key material of at least 32 bytes (hashed to the cipher's key).
    pub fn from_secret(secret: &[u8]) -> Result<Self, SealError> {
        if secret.len() < 32 {
            return Err(SealError::Key("it must be at least 32 bytes".into()));
        }
        let key: [u8; 32] = Sha256::digest(secret).into();
        let fingerprint = hex8(&Sha256::digest(key));
        Ok(Self { cipher: XChaCha20Poly1305::new(&Key::from(key)), fingerprint })
    }

    /// The configured secret, else the key file in `data_dir`, created on first run.
    pub fn load_or_create(data_dir: &Path, configured: Option<&str>) -> Result<Self, SealError> {
        match configured {
            Some(secret) => Self::from_secret(secret.as_bytes()),
            None => Self::from_secret(&key_file(&data_dir.join(KEY_FILE), 32).map_err(|e| SealError::Key(e.to_string()))?),
        }
    }

    /// A random key, for tests and throwaway instances.
    pub fn ephemeral() -> Self {
        let mut key = [0u8; 32];
        rand::rng().fill_bytes(&mut key);
        Self::from_secret(&key).expect("32 bytes")
    }

    /// `plain` sealed, bound to `context` (say, the owning row's id), so a sealed value
    /// copied to another row does not open there.
    pub fn seal(&self, plain: &[u8], context: &str) -> String {
        let mut nonce = [0u8; 24];
        rand::rng().fill_bytes(&mut nonce);
        let sealed = self.cipher.encrypt(&XNonce::from(nonce), Payload { msg: plain, aad: context.as_bytes() }).expect("sealing cannot fail");
        let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        format!("{PREFIX}.{}.{}.{}", self.fingerprint, engine.encode(nonce), engine.encode(sealed))
    }

    pub fn open(&self, sealed: &str, context: &str) -> Result<Vec<u8>, SealError> {
        let mut parts = sealed.split('.');
        let (Some(PREFIX), Some(fingerprint), Some(nonce), Some(body), None) = (parts.next(), parts.next(), parts.next(), parts.next(), parts.next()) else {
            return Err(SealError::Malformed);
        };
        if fingerprint != self.fingerprint {
            return Err(SealError::OtherKey(fingerprint.into()));
        }
        let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let nonce: [u8; 24] = engine.decode(nonce).ok().and_then(|n| n.try_into().ok()).ok_or(SealError::Malformed)?;
        let body = engine.decode(body).map_err(|_| SealError::Malformed)?;
        self.cipher.decrypt(&XNonce::from(nonce), Payload { msg: &body, aad: context.as_bytes() }).map_err(|_| SealError::Altered)
    }
}

/// The key kept in the file at `path` (base64), or a new random one of `len` bytes written
/// there (readable by the owner only) on first use. When two processes start at once, the
/// one that loses the race reads the winner's key.
pub fn key_file(path: &Path, len: usize) -> std::io::Result<Vec<u8>> {
    let engine = base64::engine::general_purpose::STANDARD;
    let invalid = |e: base64::DecodeError| std::io::Error::new(std::io::ErrorKind::InvalidData, format!("{}: {e}", path.display()));
    if let Ok(text) = std::fs::read_to_string(path) {
        return engine.decode(text.trim()).map_err(invalid);
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut key = vec![0u8; len];
    rand::rng().fill_bytes(&mut key);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(mut file) => {
            file.write_all(engine.encode(&key).as_bytes())?;
            tracing::info!(path = %path.display(), "generated a new key");
            Ok(key)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => key_file(path, len),
        Err(e) => Err(e),
    }
}

fn hex8(bytes: &[u8]) -> String {
    bytes.iter().take(4).map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_secret_opens_only_with_its_key_and_context() {
        let sealer = Sealer::ephemeral();
        let sealed = sealer.seal(b"sk-live-123", "system-1");
        assert!(!sealed.contains("sk-live"), "{sealed}");
        assert_eq!(sealer.open(&sealed, "system-1").unwrap(), b"sk-live-123");
        assert_eq!(sealer.open(&sealed, "system-2"), Err(SealError::Altered), "bound to its row");
        assert_ne!(sealer.seal(b"sk-live-123", "system-1"), sealed, "a fresh nonce each time");
        assert!(matches!(Sealer::ephemeral().open(&sealed, "system-1"), Err(SealError::OtherKey(_))));
        let mut altered = sealed.clone();
        altered.pop();
        altered.push(if sealed.ends_with('A') { 'B' } else { 'A' });
        assert!(matches!(sealer.open(&altered, "system-1"), Err(SealError::Altered | SealError::Malformed)));
        assert_eq!(sealer.open("nonsense", "system-1"), Err(SealError::Malformed));
        assert!(Sealer::from_secret(b"short").is_err());
    }

    #[test]
    fn the_key_file_is_created_once_and_reused() {
        let dir = std::env::temp_dir().join(format!("waybill-sealing-{}", uuid_like()));
        std::fs::create_dir_all(&dir).unwrap();
        let sealed = Sealer::load_or_create(&dir, None).unwrap().seal(b"secret", "x");
        assert_eq!(Sealer::load_or_create(&dir, None).unwrap().open(&sealed, "x").unwrap(), b"secret");
        let configured = Sealer::load_or_create(&dir, Some("a configured secret of at least 32 bytes")).unwrap();
        assert!(configured.open(&sealed, "x").is_err(), "a configured key wins over the file");
        std::fs::remove_dir_all(&dir).ok();
    }

    fn uuid_like() -> String {
        let mut b = [0u8; 8];
        rand::rng().fill_bytes(&mut b);
        hex8(&b) + &hex8(&b[4..])
    }
}
