//! Access tokens: short-lived HS256 JWTs carrying the user's grants, so that the tenant
//! and facility of every request are checked without a database round trip.

use std::path::Path;

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, errors::ErrorKind};
use serde::{Deserialize, Serialize};
use waybill_store::Grant;

use crate::config::Secret;
use crate::error::Error;

const KEY_FILE: &str = "jwt-signing.key";

/// One grant as it travels inside the token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenGrant {
    /// Tenant id.
    pub t: String,
    /// Facility ids.
    pub f: Vec<String>,
    /// Admin of the tenant.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub a: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    /// The refresh-token family this token was issued under (the sign-in session).
    pub sid: String,
    pub iat: u64,
    pub exp: u64,
    pub grants: Vec<TokenGrant>,
}

impl Claims {
    pub fn grant(&self, tenant_id: &str) -> Option<&TokenGrant> {
        self.grants.iter().find(|g| g.t == tenant_id)
    }
}

pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    pub access_ttl_secs: u64,
}

impl TokenKeys {
    pub fn from_secret(secret: &[u8], access_ttl_secs: u64) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), validation, access_ttl_secs }
    }

    /// The configured shared secret, else the key file in `data_dir`, created on first run.
    pub fn load_or_create(data_dir: &Path, configured: Option<&Secret>, access_ttl_secs: u64) -> anyhow::Result<Self> {
        if let Some(secret) = configured {
            anyhow::ensure!(secret.expose().len() >= 32, "auth.jwt_secret must be at least 32 characters");
            return Ok(Self::from_secret(secret.expose().as_bytes(), access_ttl_secs));
        }
        let path = data_dir.join(KEY_FILE);
        let key = waybill_tools::sealing::key_file(&path, 64)?;
        anyhow::ensure!(key.len() >= 32, "{} is too short", path.display());
        Ok(Self::from_secret(&key, access_ttl_secs))
    }

    pub fn issue(&self, user_id: &str, session_id: &str, grants: &[Grant]) -> anyhow::Result<String> {
        let now = jiff::Timestamp::now().as_second().max(0) as u64;
        let claims = Claims {
            sub: user_id.into(),
            sid: session_id.into(),
            iat: now,
            exp: now + self.access_ttl_secs,
            grants: grants
                .iter()
                .map(|g| TokenGrant { t: g.tenant.id.clone(), f: g.facilities.iter().map(|f| f.id.clone()).collect(), a: g.is_admin })
                .collect(),
        };
        Ok(jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    pub fn verify(&self, token: &str) -> Result<Claims, Error> {
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation).map(|data| data.claims).map_err(|e| match e.kind() {
            ErrorKind::ExpiredSignature => Error::TokenExpired,
            _ => Error::Unauthorized("The access token is invalid"),
        })
    }
}

pub use waybill_store::random_token;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_generated_once_and_reused() {
        let dir = std::env::temp_dir().join(format!("waybill-keys-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        let first = TokenKeys::load_or_create(&dir, None, 60).unwrap();
        let token = first.issue("u", "s", &[]).unwrap();
        let second = TokenKeys::load_or_create(&dir, None, 60).unwrap();
        assert_eq!(second.verify(&token).unwrap().sub, "u");
        let other_dir = dir.join("other");
        std::fs::create_dir_all(&other_dir).unwrap();
        let other = TokenKeys::load_or_create(&other_dir, None, 60).unwrap();
        assert!(other.verify(&token).is_err(), "each data dir has its own key");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.join(KEY_FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "the key file is private");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
