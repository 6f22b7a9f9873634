//! How Waybill signs in to a business system: a bearer token, an API key header, basic
//! auth, or OAuth 2.0 client credentials. The settings (header name, user name, token
//! URL, client id) are stored as they are; the secret is sealed, never returned by the
//! API, never given to the model, never logged.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use base64::Engine;
use reqwest::RequestBuilder;
use serde::{Deserialize, Serialize};
use waybill_tools::outbound::Outbound;

use crate::errors::SystemError;

/// The part of a system's sign-in that is not secret.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema, ts_rs::TS, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export, export_to = "systems/")]
pub enum AuthSettings {
    /// No sign-in.
    None,
    /// `Authorization: Bearer <secret>`.
    Bearer,
    /// `<header>: <secret>`.
    ApiKey {
        /// A header name such as `X-Api-Key`.
        #[schema(min_length = 1, max_length = 100, pattern = r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")]
        header: String,
    },
    /// `Authorization: Basic` with this user name and the secret as password.
    Basic {
        /// Holds no ':' and is not blank.
        #[schema(min_length = 1, max_length = 200, pattern = r"^[^:]*[^:\s][^:]*$")]
        username: String,
    },
    /// OAuth 2.0 client credentials: a token from `token_url` for this client id, the
    /// secret being the client secret.
    #[serde(rename = "oauth2")]
    OAuth2 {
        /// The http(s) URL tokens are asked from.
        #[schema(min_length = 1, max_length = 2000, pattern = "^https?://")]
        token_url: String,
        #[schema(min_length = 1, max_length = 500, pattern = r"\S")]
        client_id: String,
        #[serde(default)]
        #[schema(max_items = 50)]
        scopes: Vec<String>,
    },
}

impl AuthSettings {
    pub fn kind(&self) -> &'static str {
        match self {
            AuthSettings::None => "none",
            AuthSettings::Bearer => "bearer",
            AuthSettings::ApiKey { .. } => "apiKey",
            AuthSettings::Basic { .. } => "basic",
            AuthSettings::OAuth2 { .. } => "oauth2",
        }
    }

    pub fn needs_secret(&self) -> bool {
        !matches!(self, AuthSettings::None)
    }

    /// The settings are usable: a header name that is a valid header, a token URL that is
    /// http(s).
    pub fn check(&self) -> Result<(), String> {
        match self {
            AuthSettings::ApiKey { header } if reqwest::header::HeaderName::from_bytes(header.trim().as_bytes()).is_err() || header.trim().is_empty() => {
                Err(format!("'{header}' is not a valid header name"))
            }
            AuthSettings::Basic { username } if username.trim().is_empty() || username.contains(':') => Err("The user name must be set and hold no ':'".into()),
            AuthSettings::OAuth2 { token_url, client_id, .. } => {
                let url = url::Url::parse(token_url).map_err(|_| format!("'{token_url}' is not a valid URL"))?;
                if !matches!(url.scheme(), "http" | "https") {
                    return Err(format!("'{token_url}' is not an http(s) URL"));
                }
                if client_id.trim().is_empty() {
                    return Err("The client id must be set".into());
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

/// Settings with their secret, opened for one request.
#[derive(Clone)]
pub struct Auth {
    pub settings: AuthSettings,
    pub secret: Option<String>,
}

impl std::fmt::Debug for Auth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Auth").field("settings", &self.settings).field("secret", &self.secret.as_ref().map(|_| "***")).finish()
    }
}

/// OAuth tokens already obtained, by system id, until shortly before they expire.
#[derive(Default)]
pub struct Tokens {
    cached: Mutex<HashMap<String, (String, Instant)>>,
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: String,
    #[serde(default)]
    expires_in: Option<u64>,
}

impl Tokens {
    /// `request` signed in as `auth` says, fetching an OAuth token when needed.
    pub async fn sign(&self, system_id: &str, auth: &Auth, outbound: &Outbound, request: RequestBuilder) -> Result<RequestBuilder, SystemError> {
        let secret = || auth.secret.clone().ok_or_else(|| SystemError::Credentials("no secret is stored".into()));
        Ok(match &auth.settings {
            AuthSettings::None => request,
            AuthSettings::Bearer => request.bearer_auth(secret()?),
            AuthSettings::ApiKey { header } => request.header(header.trim(), secret()?),
            AuthSettings::Basic { username } => request.basic_auth(username, Some(secret()?)),
            AuthSettings::OAuth2 { token_url, client_id, scopes } => {
                let token = self.token(system_id, token_url, client_id, scopes, &secret()?, outbound).await?;
                request.bearer_auth(token)
            }
        })
    }

    /// Forgets a system's token (its credentials changed, or the system refused it).
    pub fn forget(&self, system_id: &str) {
        self.cached.lock().expect("tokens lock").remove(system_id);
    }

    async fn token(
        &self,
        system_id: &str,
        token_url: &str,
        client_id: &str,
        scopes: &[String],
        secret: &str,
        outbound: &Outbound,
    ) -> Result<String, SystemError> {
        if let Some((token, until)) = self.cached.lock().expect("tokens lock").get(system_id)
            && *until > Instant::now()
        {
            return Ok(token.clone());
        }
        let mut form = vec![("grant_type", "client_credentials".to_owned())];
        if !scopes.is_empty() {
            form.push(("scope", scopes.join(" ")));
        }
        let basic = base64::engine::general_purpose::STANDARD.encode(format!("{client_id}:{secret}"));
        let request = outbound
            .request(reqwest::Method::POST, token_url)
            .map_err(|e| SystemError::Upstream(e.to_string()))?
            .header("Authorization", format!("Basic {basic}"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(url::form_urlencoded::Serializer::new(String::new()).extend_pairs(&form).finish());
        let (status, body) = outbound.fetch(request, 64 * 1024).await.map_err(|e| SystemError::Upstream(e.to_string()))?;
        if !status.is_success() {
            return Err(SystemError::Upstream(format!("The token endpoint answered {status}")));
        }
        let answer: TokenAnswer = serde_json::from_slice(&body).map_err(|_| SystemError::Upstream("The token endpoint's answer has no access_token".into()))?;
        let lifetime = Duration::from_secs(answer.expires_in.unwrap_or(300).saturating_sub(30).max(1));
        self.cached.lock().expect("tokens lock").insert(system_id.to_owned(), (answer.access_token.clone(), Instant::now() + lifetime));
        Ok(answer.access_token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_travel_as_tagged_json_and_are_checked() {
        let oauth: AuthSettings =
            serde_json::from_value(serde_json::json!({"type": "oauth2", "tokenUrl": "https://id.example.com/token", "clientId": "w"})).unwrap();
        assert_eq!(oauth.kind(), "oauth2");
        assert!(oauth.check().is_ok());
        assert!(AuthSettings::ApiKey { header: "bad header".into() }.check().is_err());
        assert!(AuthSettings::Basic { username: "a:b".into() }.check().is_err());
        assert!(AuthSettings::OAuth2 { token_url: "file:///etc/passwd".into(), client_id: "x".into(), scopes: vec![] }.check().is_err());
        let debug = format!("{:?}", Auth { settings: AuthSettings::Bearer, secret: Some("sk-secret".into()) });
        assert!(!debug.contains("sk-secret"), "{debug}");
    }
}
