//! Signing in with Atlassian (OAuth 2.0 three-legged, "3LO"): the authorisation URL an
//! administrator is sent to, the token endpoint (a code once, then rotating refresh
//! tokens), and the sites a grant reaches. Every request goes through the guarded
//! outbound client; the client secret and the tokens never reach a log.

use std::time::Duration;

use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use ts_rs::TS;
use waybill_tools::outbound::Outbound;

/// The most a token or resources answer may weigh.
const MAX_BODY: usize = 256 * 1024;

/// Waybill's OAuth 2.0 app in Atlassian's developer console, and where Atlassian answers.
#[derive(Clone)]
pub struct OAuthApp {
    pub client_id: String,
    pub client_secret: String,
    pub authorize_url: String,
    pub token_url: String,
    pub resources_url: String,
    /// Jira's API through Atlassian's gateway: `{api_url}/{cloudid}/rest/api/3/…`.
    pub api_url: String,
    pub scopes: Vec<String>,
}

impl std::fmt::Debug for OAuthApp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OAuthApp")
            .field("client_id", &self.client_id)
            .field("client_secret", &if self.client_secret.is_empty() { "" } else { "***" })
            .field("authorize_url", &self.authorize_url)
            .field("token_url", &self.token_url)
            .field("resources_url", &self.resources_url)
            .field("api_url", &self.api_url)
            .field("scopes", &self.scopes)
            .finish()
    }
}

/// A site a grant reaches, as Atlassian's accessible resources name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "tracker/")]
pub struct AtlassianSite {
    /// The cloud id.
    pub id: String,
    /// `https://example.atlassian.net`
    pub url: String,
    pub name: String,
}

/// Tokens from the token endpoint.
#[derive(Clone)]
pub struct Granted {
    pub access_token: String,
    /// Absent without the `offline_access` scope.
    pub refresh_token: Option<String>,
    /// Seconds the access token lasts.
    pub expires_in: i64,
    pub scopes: Vec<String>,
}

impl std::fmt::Debug for Granted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Granted(***, expires_in: {}, scopes: {:?})", self.expires_in, self.scopes)
    }
}

/// Why Atlassian gave no tokens or sites.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GrantError {
    /// The code or the refresh token is unknown, used, expired or revoked.
    #[error("Atlassian refused the grant (invalid_grant): {0}")]
    InvalidGrant(String),
    /// Another refusal: the client's id or secret, a redirect URI not registered, …
    #[error("Atlassian refused the request ({status}, {error}): {description}")]
    Refused { status: u16, error: String, description: String },
    #[error("Atlassian could not be reached: {0}")]
    Unreachable(String),
}

impl OAuthApp {
    /// Offered only with a client id and secret.
    pub fn available(&self) -> bool {
        !self.client_id.trim().is_empty() && !self.client_secret.trim().is_empty()
    }

    /// Where the administrator's browser goes to consent.
    pub fn authorize(&self, state: &str, redirect_uri: &str) -> Result<String, GrantError> {
        let mut url = reqwest::Url::parse(&self.authorize_url).map_err(|_| GrantError::Unreachable(format!("'{}' is not a URL", self.authorize_url)))?;
        url.query_pairs_mut()
            .append_pair("audience", "api.atlassian.com")
            .append_pair("client_id", self.client_id.trim())
            .append_pair("scope", &self.scopes.join(" "))
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("state", state)
            .append_pair("response_type", "code")
            .append_pair("prompt", "consent");
        Ok(url.into())
    }

    /// Where a site's REST API is reached with the grant's bearer token.
    pub fn api_base(&self, cloud_id: &str) -> String {
        format!("{}/{cloud_id}", self.api_url.trim_end_matches('/'))
    }

    /// Trades the code Atlassian sent back for tokens.
    pub async fn exchange(&self, outbound: &Outbound, code: &str, redirect_uri: &str) -> Result<Granted, GrantError> {
        self.token(outbound, json!({"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri})).await
    }

    /// A new access token and a new refresh token (the one sent is spent).
    pub async fn refresh(&self, outbound: &Outbound, refresh_token: &str) -> Result<Granted, GrantError> {
        self.token(outbound, json!({"grant_type": "refresh_token", "refresh_token": refresh_token})).await
    }

    async fn token(&self, outbound: &Outbound, mut body: Value) -> Result<Granted, GrantError> {
        body["client_id"] = json!(self.client_id.trim());
        body["client_secret"] = json!(self.client_secret.trim());
        let request = outbound
            .request(Method::POST, &self.token_url)
            .map_err(|e| GrantError::Unreachable(e.to_string()))?
            .header("Accept", "application/json")
            .timeout(Duration::from_secs(30))
            .json(&body);
        let (status, bytes) = outbound.fetch(request, MAX_BODY).await.map_err(|e| GrantError::Unreachable(e.to_string()))?;
        let answer: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        if !status.is_success() {
            return Err(refusal(status.as_u16(), &answer));
        }
        let access_token = answer["access_token"].as_str().filter(|t| !t.is_empty()).ok_or_else(|| malformed("the token answer has no access_token"))?;
        Ok(Granted {
            access_token: access_token.to_owned(),
            refresh_token: answer["refresh_token"].as_str().filter(|t| !t.is_empty()).map(str::to_owned),
            expires_in: answer["expires_in"].as_i64().unwrap_or(3600),
            scopes: answer["scope"].as_str().unwrap_or_default().split_whitespace().map(str::to_owned).collect(),
        })
    }

    /// The sites the access token reaches, each with its cloud id.
    pub async fn sites(&self, outbound: &Outbound, access_token: &str) -> Result<Vec<AtlassianSite>, GrantError> {
        let request = outbound
            .request(Method::GET, &self.resources_url)
            .map_err(|e| GrantError::Unreachable(e.to_string()))?
            .header("Accept", "application/json")
            .bearer_auth(access_token)
            .timeout(Duration::from_secs(30));
        let (status, bytes) = outbound.fetch(request, MAX_BODY).await.map_err(|e| GrantError::Unreachable(e.to_string()))?;
        let answer: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        if !status.is_success() {
            return Err(refusal(status.as_u16(), &answer));
        }
        let resources = answer.as_array().ok_or_else(|| malformed("the accessible resources are not a list"))?;
        Ok(resources
            .iter()
            .filter_map(|r| {
                let text = |key: &str| r[key].as_str().map(str::to_owned);
                Some(AtlassianSite { id: text("id")?, url: text("url")?.trim_end_matches('/').to_owned(), name: text("name").unwrap_or_default() })
            })
            .collect())
    }
}

fn malformed(what: &str) -> GrantError {
    GrantError::Refused { status: 200, error: "malformed".into(), description: what.into() }
}

/// The token endpoint's `{error, error_description}` (OAuth's shape), or its status alone.
fn refusal(status: u16, answer: &Value) -> GrantError {
    let error = answer["error"].as_str().unwrap_or_default();
    let description = answer["error_description"].as_str().or_else(|| answer["message"].as_str()).unwrap_or_default().to_owned();
    match error {
        "invalid_grant" => GrantError::InvalidGrant(description),
        "" if status >= 500 => GrantError::Unreachable(format!("it answered {status}")),
        "" => GrantError::Refused { status, error: "unknown".into(), description },
        other => GrantError::Refused { status, error: other.to_owned(), description },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app() -> OAuthApp {
        OAuthApp {
            client_id: "client-1".into(),
            client_secret: "shh-secret".into(),
            authorize_url: "https://auth.atlassian.com/authorize".into(),
            token_url: "https://auth.atlassian.com/oauth/token".into(),
            resources_url: "https://api.atlassian.com/oauth/token/accessible-resources".into(),
            api_url: "https://api.atlassian.com/ex/jira/".into(),
            scopes: vec!["read:jira-work".into(), "offline_access".into()],
        }
    }

    #[test]
    fn the_authorisation_url_carries_what_atlassian_asks_for() {
        let url = reqwest::Url::parse(&app().authorize("st@te", "https://waybill.example.com/api/jira/oauth/callback").unwrap()).unwrap();
        let pairs: Vec<(String, String)> = url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
        assert_eq!(
            pairs,
            [
                ("audience", "api.atlassian.com"),
                ("client_id", "client-1"),
                ("scope", "read:jira-work offline_access"),
                ("redirect_uri", "https://waybill.example.com/api/jira/oauth/callback"),
                ("state", "st@te"),
                ("response_type", "code"),
                ("prompt", "consent"),
            ]
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
        );
        assert_eq!(app().api_base("1324a887"), "https://api.atlassian.com/ex/jira/1324a887");
    }

    #[test]
    fn the_secret_never_prints_and_refusals_are_read() {
        assert!(!format!("{:?}", app()).contains("shh-secret"));
        let granted = Granted { access_token: "at-1".into(), refresh_token: Some("rt-1".into()), expires_in: 3600, scopes: vec![] };
        assert!(!format!("{granted:?}").contains("at-1") && !format!("{granted:?}").contains("rt-1"));
        assert_eq!(
            refusal(403, &json!({"error": "invalid_grant", "error_description": "Unknown or invalid refresh token."})),
            GrantError::InvalidGrant("Unknown or invalid refresh token.".into())
        );
        assert!(matches!(refusal(401, &json!({"error": "access_denied", "error_description": "Unauthorized"})), GrantError::Refused { status: 401, .. }));
        assert!(matches!(refusal(503, &Value::Null), GrantError::Unreachable(_)));
        let unset = OAuthApp { client_id: " ".into(), ..app() };
        assert!(app().available() && !unset.available());
    }
}
