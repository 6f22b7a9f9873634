//! Whom a call is made for: a statement the caller's platform signs for each call, which
//! the demo's routes check before any handler runs.
//!
//! A service token says which client calls, not for whom. Waybill checks every request
//! against the user's current grants before a tool runs; the statement carries the
//! result of that check to the demo: the tenant, the facility the user acts in (one they
//! hold), the user, the method and path of this one call, and a lifetime of a minute. It
//! travels in [`CALLER_HEADER`] as a compact JWS (`EdDSA`, Ed25519): Waybill holds the
//! signing key, the demo only the public key, so nothing the demo keeps or logs lets
//! anyone sign one. The demo answers 401 `caller_unverified` without a valid statement,
//! and 403 `facility_forbidden` when `X-Facility-Id` names another facility than the
//! statement; each statement is good for one call.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::{FACILITIES, System, TENANT};

/// The header a caller's statement travels in.
pub const CALLER_HEADER: &str = "x-caller-assertion";

/// How long a statement is good for, in seconds.
pub const LIFETIME_SECS: i64 = 60;

/// How far the two clocks may disagree, in seconds.
const LEEWAY_SECS: i64 = 5;

/// What the JWS header says.
const HEADER: &str = r#"{"alg":"EdDSA","typ":"caller+jwt"}"#;

/// The statement's claims.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Claims {
    /// Who signed: `waybill`.
    iss: String,
    /// Which system it is for: `demo-wms`.
    aud: String,
    /// The user, when a user makes the call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sub: Option<String>,
    tenant: String,
    /// The facility the user acts in, which they hold.
    facility: String,
    /// The call's method and its path with the query, as sent.
    htm: String,
    htu: String,
    iat: i64,
    exp: i64,
    /// Random: each statement is used once.
    jti: String,
}

/// The call a statement is signed for.
#[derive(Debug, Clone, Copy)]
pub struct Call<'a> {
    pub system: System,
    pub tenant: &'a str,
    pub facility: &'a str,
    pub user: Option<&'a str>,
    pub method: &'a str,
    /// The path and the query (`/demo/wms/v1/orders?page=2`).
    pub path_and_query: &'a str,
}

fn audience(system: System) -> String {
    format!("demo-{system}")
}

/// Signs statements: the caller's side.
pub struct CallerSigner {
    key: SigningKey,
}

impl fmt::Debug for CallerSigner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CallerSigner").field("public", &fingerprint(&self.key.verifying_key())).finish()
    }
}

impl CallerSigner {
    /// The signer whose key is derived from `secret` (at least 32 bytes of a deployment's
    /// key material): every instance given the same secret signs alike.
    pub fn from_secret(secret: &[u8]) -> Self {
        let mut hash = Sha256::new();
        hash.update(b"waybill demo caller statements v1\0");
        hash.update(secret);
        CallerSigner { key: SigningKey::from_bytes(&hash.finalize().into()) }
    }

    /// What the demo checks statements with.
    pub fn verifier(&self) -> CallerVerifier {
        CallerVerifier { key: self.key.verifying_key(), used: Arc::new(Mutex::new(HashMap::new())) }
    }

    /// The statement for `call`, made at `now` (seconds since the epoch).
    pub fn sign(&self, call: &Call<'_>, now: i64) -> String {
        let mut jti = [0u8; 16];
        rand::RngCore::fill_bytes(&mut rand::rng(), &mut jti);
        let claims = Claims {
            iss: "waybill".into(),
            aud: audience(call.system),
            sub: call.user.filter(|u| !u.is_empty()).map(str::to_owned),
            tenant: call.tenant.to_owned(),
            facility: call.facility.to_owned(),
            htm: call.method.to_ascii_uppercase(),
            htu: call.path_and_query.to_owned(),
            iat: now,
            exp: now + LIFETIME_SECS,
            jti: URL_SAFE_NO_PAD.encode(jti),
        };
        let payload = serde_json::to_vec(&claims).expect("claims serialize");
        let signed = format!("{}.{}", URL_SAFE_NO_PAD.encode(HEADER), URL_SAFE_NO_PAD.encode(payload));
        let signature = self.key.sign(signed.as_bytes());
        format!("{signed}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes()))
    }
}

/// Checks statements: the demo's side. Clones share what has been used.
#[derive(Clone)]
pub struct CallerVerifier {
    key: VerifyingKey,
    /// Statements already used, by id, with when they expire.
    used: Arc<Mutex<HashMap<String, i64>>>,
}

impl fmt::Debug for CallerVerifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CallerVerifier").field("public", &fingerprint(&self.key)).finish()
    }
}

impl PartialEq for CallerVerifier {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for CallerVerifier {}

fn fingerprint(key: &VerifyingKey) -> String {
    key.as_bytes().iter().take(4).map(|b| format!("{b:02x}")).collect()
}

/// Why a statement is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("An X-Caller-Assertion header signed for this call is required")]
    Missing,
    #[error("The X-Caller-Assertion header is not a valid statement for this call: {0}")]
    Invalid(&'static str),
}

impl CallerVerifier {
    /// The facility `statement` was signed for, if it is a valid statement for this call
    /// of `system` (`method` and `path_and_query` as received) at `now`, not used before.
    pub fn verify(&self, system: System, statement: Option<&str>, method: &str, path_and_query: &str, now: i64) -> Result<&'static str, Refusal> {
        let statement = statement.map(str::trim).filter(|s| !s.is_empty()).ok_or(Refusal::Missing)?;
        let mut parts = statement.split('.');
        let (Some(encoded_header), Some(payload), Some(signature), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
            return Err(Refusal::Invalid("not a compact JWS"));
        };
        let header: serde_json::Value =
            URL_SAFE_NO_PAD.decode(encoded_header).ok().and_then(|h| serde_json::from_slice(&h).ok()).ok_or(Refusal::Invalid("the header does not read"))?;
        if header["alg"] != "EdDSA" {
            return Err(Refusal::Invalid("only EdDSA is accepted"));
        }
        let signature: [u8; 64] =
            URL_SAFE_NO_PAD.decode(signature).ok().and_then(|s| s.try_into().ok()).ok_or(Refusal::Invalid("the signature does not read"))?;
        let signed_part = format!("{encoded_header}.{payload}");
        self.key.verify_strict(signed_part.as_bytes(), &Signature::from_bytes(&signature)).map_err(|_| Refusal::Invalid("the signature does not match"))?;
        let claims: Claims =
            URL_SAFE_NO_PAD.decode(payload).ok().and_then(|p| serde_json::from_slice(&p).ok()).ok_or(Refusal::Invalid("the claims do not read"))?;
        if claims.iss != "waybill" || claims.aud != audience(system) {
            return Err(Refusal::Invalid("it was signed for another system"));
        }
        if claims.exp < now - LEEWAY_SECS || claims.iat > now + LEEWAY_SECS || claims.exp - claims.iat > LIFETIME_SECS {
            return Err(Refusal::Invalid("it has expired"));
        }
        if !claims.htm.eq_ignore_ascii_case(method) || claims.htu != path_and_query {
            return Err(Refusal::Invalid("it was signed for another call"));
        }
        if claims.tenant != TENANT {
            return Err(Refusal::Invalid("it was signed for another tenant"));
        }
        let facility = FACILITIES.iter().map(|(id, _)| *id).find(|id| *id == claims.facility).ok_or(Refusal::Invalid("it names no facility of the tenant"))?;
        let mut used = self.used.lock().expect("the used-statements lock is never poisoned");
        used.retain(|_, exp| *exp >= now - LEEWAY_SECS);
        if used.insert(claims.jti, claims.exp).is_some() {
            return Err(Refusal::Invalid("it was used already"));
        }
        Ok(facility)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000;

    fn call(facility: &str) -> Call<'_> {
        Call { system: System::Wms, tenant: TENANT, facility, user: Some("u-1"), method: "POST", path_and_query: "/demo/wms/v1/orders/ORD-1/cancel" }
    }

    #[test]
    fn a_statement_holds_for_its_one_call_once() {
        let signer = CallerSigner::from_secret(&[7; 32]);
        let verifier = signer.verifier();
        let path = "/demo/wms/v1/orders/ORD-1/cancel";
        let good = signer.sign(&call("dc-ontario"), NOW);
        assert_eq!(verifier.verify(System::Wms, Some(&good), "POST", path, NOW + 10), Ok("dc-ontario"));
        assert_eq!(verifier.verify(System::Wms, Some(&good), "POST", path, NOW + 11), Err(Refusal::Invalid("it was used already")));

        let invalid = |statement: &str, system, method, path, now| verifier.verify(system, Some(statement), method, path, now).unwrap_err();
        let fresh = || signer.sign(&call("dc-ontario"), NOW);
        assert_eq!(invalid(&fresh(), System::Fms, "POST", path, NOW), Refusal::Invalid("it was signed for another system"));
        assert_eq!(invalid(&fresh(), System::Wms, "GET", path, NOW), Refusal::Invalid("it was signed for another call"));
        assert_eq!(invalid(&fresh(), System::Wms, "POST", "/demo/wms/v1/orders/ORD-2/cancel", NOW), Refusal::Invalid("it was signed for another call"));
        assert_eq!(invalid(&fresh(), System::Wms, "POST", path, NOW + LIFETIME_SECS + LEEWAY_SECS + 1), Refusal::Invalid("it has expired"));
        assert_eq!(invalid(&signer.sign(&call("elsewhere"), NOW), System::Wms, "POST", path, NOW), Refusal::Invalid("it names no facility of the tenant"));
        let other = CallerSigner::from_secret(&[8; 32]).sign(&call("dc-ontario"), NOW);
        assert_eq!(invalid(&other, System::Wms, "POST", path, NOW), Refusal::Invalid("the signature does not match"));

        // A changed claim breaks the signature.
        let statement = fresh();
        let parts: Vec<&str> = statement.split('.').collect();
        let claims = String::from_utf8(URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap().replace("dc-ontario", "yard-fontana");
        let forged = format!("{}.{}.{}", parts[0], URL_SAFE_NO_PAD.encode(claims), parts[2]);
        assert_eq!(invalid(&forged, System::Wms, "POST", path, NOW), Refusal::Invalid("the signature does not match"));
        let unsigned = format!("{}.{}.", URL_SAFE_NO_PAD.encode(r#"{"alg":"none"}"#), parts[1]);
        assert_eq!(invalid(&unsigned, System::Wms, "POST", path, NOW), Refusal::Invalid("only EdDSA is accepted"));
        assert_eq!(verifier.verify(System::Wms, None, "POST", path, NOW), Err(Refusal::Missing));
        assert_eq!(invalid("a.b", System::Wms, "POST", path, NOW), Refusal::Invalid("not a compact JWS"));
    }
}
