//! Connecting a tenant's Jira Cloud site by signing in with Atlassian (OAuth 2.0 3LO),
//! against a fake Atlassian — its token endpoint (codes, rotating refresh tokens,
//! `invalid_grant`), its accessible resources and its API gateway in front of the fake
//! Jira of `jira.rs` — all answering in Atlassian's JSON.
//!
//! The state is single-use, expires, and belongs to the tenant, the administrator and the
//! browser that started; tokens are sealed and never shown; a token about to expire is
//! renewed first, a Jira 401 renews once and retries, concurrent calls share one renewal;
//! a grant Atlassian revoked is a clear error that signs nobody out of Waybill.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use axum::routing::{get, post};
use serde_json::{Value, json};
use waybill_server::config::Config;
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_tools::{Caller, ToolContext};

use crate::common::{Session, TestApp, json_request};
use crate::jira::{jira_cloud, serve};

const CLIENT_ID: &str = "waybill-client";
const CLIENT_SECRET: &str = "waybill-client-secret";
const PUBLIC_URL: &str = "https://waybill.example.com";
const CALLBACK: &str = "https://waybill.example.com/api/jira/oauth/callback";

/// What the fake Atlassian knows and saw.
#[derive(Default)]
struct Atlassian {
    /// Access tokens Jira takes.
    valid_access: HashSet<String>,
    /// The one refresh token that works (each use spends it).
    refresh: Option<String>,
    /// Tokens issued so far; the next are `at-{n+1}` and `rt-{n+1}`.
    issued: u32,
    /// Seconds a new access token lasts.
    expires_in: i64,
    /// Refresh-token grants asked for.
    refreshes: u32,
    /// Jira refuses every token (a site that revoked the app).
    jira_refuses: bool,
    /// `Authorization` headers of the Jira requests, with their paths.
    jira_calls: Vec<(String, String)>,
}

type Shared = Arc<Mutex<Atlassian>>;

impl Atlassian {
    fn issue(&mut self) -> Value {
        self.issued += 1;
        let (access, refresh) = (format!("at-{}", self.issued), format!("rt-{}", self.issued));
        self.valid_access.insert(access.clone());
        self.refresh = Some(refresh.clone());
        json!({"access_token": access, "refresh_token": refresh, "expires_in": self.expires_in,
               "scope": "read:jira-work write:jira-work read:jira-user offline_access", "token_type": "Bearer"})
    }
}

fn refused(error: &str, description: &str) -> (StatusCode, axum::Json<Value>) {
    (StatusCode::FORBIDDEN, axum::Json(json!({"error": error, "error_description": description})))
}

async fn token(State(atlassian): State<Shared>, axum::Json(body): axum::Json<Value>) -> (StatusCode, axum::Json<Value>) {
    if body["client_id"] != CLIENT_ID || body["client_secret"] != CLIENT_SECRET {
        return (StatusCode::UNAUTHORIZED, axum::Json(json!({"error": "access_denied", "error_description": "Unauthorized"})));
    }
    let mut a = atlassian.lock().unwrap();
    match body["grant_type"].as_str() {
        Some("authorization_code") if body["code"] == "good-code" && body["redirect_uri"] == CALLBACK => (StatusCode::OK, axum::Json(a.issue())),
        Some("authorization_code") => refused("invalid_grant", "Invalid authorization code"),
        Some("refresh_token") => {
            a.refreshes += 1;
            if body["refresh_token"].as_str().is_some() && body["refresh_token"].as_str() == a.refresh.as_deref() {
                (StatusCode::OK, axum::Json(a.issue()))
            } else {
                refused("invalid_grant", "Unknown or invalid refresh token.")
            }
        }
        _ => (StatusCode::BAD_REQUEST, axum::Json(json!({"error": "unsupported_grant_type", "error_description": "Unsupported grant type"}))),
    }
}

fn bearer(headers: &HeaderMap) -> String {
    headers.get("authorization").and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer ")).unwrap_or_default().to_owned()
}

async fn resources(State(atlassian): State<Shared>, headers: HeaderMap) -> (StatusCode, axum::Json<Value>) {
    if !atlassian.lock().unwrap().valid_access.contains(&bearer(&headers)) {
        return (StatusCode::UNAUTHORIZED, axum::Json(json!({"code": 401, "message": "Unauthorized"})));
    }
    let site = |id: &str, url: &str, name: &str| {
        json!({"id": id, "url": url, "name": name, "scopes": ["read:jira-work", "write:jira-work", "read:jira-user"],
               "avatarUrl": "https://site-admin-avatar-cdn.prod.public.atl-paas.net/avatars/240/rocket.png"})
    };
    (
        StatusCode::OK,
        axum::Json(json!([
            site("1324a887-45db-1bf4-1e99-ef0ff456d421", "https://acme.atlassian.net", "acme"),
            site("9f1b6c3e-0d2a-4e8b-a7c5-3b2f1e0d9c8a", "https://acme-eu.atlassian.net", "acme-eu"),
        ])),
    )
}

/// The fake Atlassian: auth server, accessible resources, and the API gateway in front of
/// the fake Jira for both sites. Answers its base URL and its state.
async fn fake_atlassian() -> (String, Shared) {
    let atlassian: Shared = Arc::new(Mutex::new(Atlassian { expires_in: 3600, ..Atlassian::default() }));
    let seen = atlassian.clone();
    let signed_in = move |headers: &HeaderMap| {
        let a = seen.lock().unwrap();
        !a.jira_refuses && a.valid_access.contains(&bearer(headers))
    };
    let recorder = atlassian.clone();
    let record = axum::middleware::from_fn(move |req: axum::extract::Request, next: axum::middleware::Next| {
        let recorder = recorder.clone();
        async move {
            let auth = req.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
            recorder.lock().unwrap().jira_calls.push((req.uri().path().to_owned(), auth));
            next.run(req).await
        }
    });
    let gateway = axum::Router::new()
        .nest("/ex/jira/1324a887-45db-1bf4-1e99-ef0ff456d421", jira_cloud(signed_in.clone()))
        .nest("/ex/jira/9f1b6c3e-0d2a-4e8b-a7c5-3b2f1e0d9c8a", jira_cloud(signed_in))
        .layer(record);
    let app = axum::Router::new()
        .route("/oauth/token", post(token))
        .route("/oauth/token/accessible-resources", get(resources))
        .with_state(atlassian.clone())
        .merge(gateway);
    (serve(app).await, atlassian)
}

fn configured(atlassian: &str, client_id: &str) -> Config {
    let mut config = Config::default();
    config.outbound.allow_hosts = vec!["127.0.0.1".into()];
    config.files.public_url = Some(PUBLIC_URL.into());
    config.tools.insert(
        "jira".into(),
        json!({
            "oauth_client_id": client_id,
            "oauth_client_secret": CLIENT_SECRET,
            "oauth_token_url": format!("{atlassian}/oauth/token"),
            "oauth_resources_url": format!("{atlassian}/oauth/token/accessible-resources"),
            "oauth_api_url": format!("{atlassian}/ex/jira"),
        }),
    );
    config
}

/// An app with t1's alice and t2's carol as administrators.
async fn app_with_admins(store: waybill_server::waybill_store::Store, config: Config) -> TestApp {
    let app = TestApp::configured(store, config).await;
    for (email, tenant, facilities) in [("alice@t1.test", "t1", &["f1", "f2"][..]), ("carol@t2.test", "t2", &["f3"][..])] {
        let id = app.state.store.user_by_email(email).await.unwrap().unwrap().id;
        app.state.store.grant(&id, tenant, facilities, true).await.unwrap();
    }
    app
}

struct Started {
    state: String,
    /// `waybill_jira_oauth=…`, as the browser sends it back.
    cookie: String,
    url: reqwest::Url,
}

async fn start(app: &TestApp, admin: &Session, body: Value) -> Started {
    let res = app.call(Method::POST, "/api/admin/jira/oauth/start", Some(admin), Some(body)).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    let set_cookie = res.headers.get(header::SET_COOKIE).unwrap().to_str().unwrap().to_owned();
    assert!(
        set_cookie.contains("HttpOnly")
            && set_cookie.contains("SameSite=Lax")
            && set_cookie.contains("Secure")
            && set_cookie.contains("Path=/api/jira/oauth/callback"),
        "{set_cookie}"
    );
    let url = reqwest::Url::parse(res.body["authorizeUrl"].as_str().unwrap()).unwrap();
    let state = url.query_pairs().find(|(k, _)| k == "state").unwrap().1.into_owned();
    Started { state, cookie: set_cookie.split(';').next().unwrap().to_owned(), url }
}

/// Atlassian sending the browser back; answers where the browser goes next.
async fn callback(app: &TestApp, query: &str, cookie: Option<&str>) -> String {
    let mut req = Request::builder().method(Method::GET).uri(format!("/api/jira/oauth/callback?{query}"));
    if let Some(cookie) = cookie {
        req = req.header(header::COOKIE, format!("theme=dark; {cookie}"));
    }
    let res = app.send(req.body(Body::empty()).unwrap()).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.text);
    assert!(res.headers.get(header::SET_COOKIE).unwrap().to_str().unwrap().contains("Max-Age=0"), "the browser's key is dropped");
    res.headers.get(header::LOCATION).unwrap().to_str().unwrap().to_owned()
}

fn tool_context(tenant: &str, facility: &str, user_id: &str) -> ToolContext {
    ToolContext::new(
        Caller { tenant_id: tenant.into(), facility_id: facility.into(), user_id: user_id.into(), timezone: "UTC".into(), ..Caller::default() },
        "c",
    )
}

async fn projects(app: &TestApp, ctx: &ToolContext) -> Result<Value, String> {
    app.state.tools.get("jiraGetProjects").unwrap().execute(json!({}), ctx).await.map_err(|e| e.to_string())
}

/// The stored refresh token, opened as the server opens it.
async fn stored_refresh(app: &TestApp, tenant: &str) -> String {
    let (sealed,): (String,) = sqlx::query_as("SELECT sealed_refresh_token FROM tracker_jira_connections WHERE tenant_id = $1")
        .bind(tenant)
        .fetch_one(app.state.store.reads())
        .await
        .unwrap();
    String::from_utf8(app.state.sealer.open(&sealed, &format!("jira-connection-refresh:{tenant}")).unwrap()).unwrap()
}

/// Makes t1's access token expire within the minute.
async fn expire_soon(app: &TestApp) {
    let soon = waybill_server::waybill_store::now_ms() + 20_000;
    sqlx::query("UPDATE tracker_jira_connections SET token_expires_at = $1 WHERE tenant_id = 't1'").bind(soon).execute(app.state.store.writes()).await.unwrap();
}

backend_tests! {
    async fn signing_in_with_atlassian_is_not_offered_without_a_client_id(store) {
        let (atlassian, _) = fake_atlassian().await;
        let app = app_with_admins(store, configured(&atlassian, "")).await;
        let alice = app.login("alice@t1.test").await;
        let shown = app.call(Method::GET, "/api/admin/jira", Some(&alice), None).await;
        assert_eq!(shown.body, json!({"connection": null, "oauthAvailable": false}));
        let refused = app.call(Method::POST, "/api/admin/jira/oauth/start", Some(&alice), Some(json!({}))).await;
        assert_eq!((refused.status, refused.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("jira_oauth_unavailable")), "{}", refused.text);
        assert!(refused.headers.get(header::SET_COOKIE).is_none());
    }

    async fn an_admin_connects_jira_by_signing_in_with_atlassian_and_the_tools_use_the_grant(store) {
        let (atlassian, fake) = fake_atlassian().await;
        let app = app_with_admins(store, configured(&atlassian, CLIENT_ID)).await;
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        let alice_id = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;

        assert_eq!(app.call(Method::GET, "/api/admin/jira", Some(&alice), None).await.body, json!({"connection": null, "oauthAvailable": true}));
        let not_admin = app.call(Method::POST, "/api/admin/jira/oauth/start", Some(&bob), Some(json!({}))).await;
        assert_eq!(not_admin.status, StatusCode::FORBIDDEN, "{}", not_admin.text);
        assert!(not_admin.headers.get(header::SET_COOKIE).is_none());
        let bad_hint = app.call(Method::POST, "/api/admin/jira/oauth/start", Some(&alice), Some(json!({"site": "https://"}))).await;
        assert_eq!(bad_hint.body["code"], "jira_invalid", "{}", bad_hint.text);

        // The consent page is asked for with Atlassian's parameters.
        let started = start(&app, &alice, json!({})).await;
        let query: Vec<(String, String)> = started.url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
        assert_eq!(started.url.as_str().split('?').next(), Some("https://auth.atlassian.com/authorize"));
        for (key, value) in [("audience", "api.atlassian.com"), ("client_id", CLIENT_ID), ("scope", "read:jira-work write:jira-work read:jira-user offline_access"),
            ("redirect_uri", CALLBACK), ("response_type", "code"), ("prompt", "consent")] {
            assert!(query.contains(&(key.to_owned(), value.to_owned())), "{key} in {query:?}");
        }
        assert!(started.state.len() >= 32, "the state is random");
        let (kept,): (String,) = sqlx::query_as("SELECT state_hash FROM tracker_jira_oauth_states").fetch_one(app.state.store.reads()).await.unwrap();
        assert_ne!(kept, started.state, "the state is kept hashed");

        // Atlassian sends the browser back with a code: the grant is stored.
        let to = callback(&app, &format!("code=good-code&state={}", started.state), Some(&started.cookie)).await;
        assert_eq!(to, "/admin/tracker?jira=connected");
        let shown = app.call(Method::GET, "/api/admin/jira", Some(&alice), None).await;
        let connection = &shown.body["connection"];
        assert_eq!((connection["auth"].as_str(), connection["flavour"].as_str(), connection["baseUrl"].as_str()), (Some("oAuth"), Some("cloud"), Some("https://acme.atlassian.net")));
        assert_eq!((connection["hasSecret"].as_bool(), connection["email"].as_str(), connection["updatedBy"].as_str()), (Some(true), None, Some("alice@t1.test")));
        let grant = &connection["grant"];
        assert_eq!((grant["cloudId"].as_str(), grant["siteName"].as_str(), grant["expired"].as_bool()), (Some("1324a887-45db-1bf4-1e99-ef0ff456d421"), Some("acme"), Some(false)));
        assert_eq!(grant["sites"].as_array().unwrap().len(), 2);
        assert!(grant["scopes"].as_array().unwrap().contains(&json!("offline_access")));
        assert!(!shown.text.contains("at-1") && !shown.text.contains("rt-1") && !shown.text.contains(CLIENT_SECRET), "no token ever comes back: {}", shown.text);
        let row: (String, String) = sqlx::query_as("SELECT sealed_secret, sealed_refresh_token FROM tracker_jira_connections WHERE tenant_id = 't1'").fetch_one(app.state.store.reads()).await.unwrap();
        assert!(!row.0.contains("at-1") && !row.1.contains("rt-1"), "sealed at rest");

        // The state was spent: a second callback with it is refused and changes nothing.
        let updated_at = connection["updatedAt"].clone();
        assert_eq!(callback(&app, &format!("code=good-code&state={}", started.state), Some(&started.cookie)).await, "/admin/tracker?jira=error&reason=state");
        assert_eq!(app.call(Method::GET, "/api/admin/jira", Some(&alice), None).await.body["connection"]["updatedAt"], updated_at);
        assert_eq!(fake.lock().unwrap().issued, 1);

        // The tools reach the site through Atlassian's gateway with the bearer token.
        let ctx = tool_context("t1", "f1", &alice_id);
        let listed = projects(&app, &ctx).await.unwrap();
        assert_eq!((listed["tracker"].as_str(), listed["projects"][0]["key"].as_str()), (Some("Jira"), Some("SUP")));
        assert_eq!(
            fake.lock().unwrap().jira_calls.last().cloned(),
            Some(("/ex/jira/1324a887-45db-1bf4-1e99-ef0ff456d421/rest/api/3/project/search".to_owned(), "Bearer at-1".to_owned()))
        );
        let tested = app.call(Method::POST, "/api/admin/jira/test", Some(&alice), None).await;
        assert_eq!(tested.body, json!({"projectCount": 1}), "{}", tested.text);
        assert_eq!(fake.lock().unwrap().refreshes, 0, "a fresh token is not renewed");

        // The Issues page names the site; a token form cannot keep a grant as its token.
        let status = app.call(Method::GET, "/api/tracker/status", Some(&bob), None).await;
        assert_eq!(status.body["jiraSite"], "https://acme.atlassian.net");
        let kept = app.call(Method::PUT, "/api/admin/jira", Some(&alice), Some(json!({"baseUrl": atlassian, "flavour": "cloud", "auth": "oAuth"}))).await;
        assert_eq!(kept.body["code"], "jira_invalid", "{}", kept.text);

        // Connecting again naming the other site picks it.
        let again = start(&app, &alice, json!({"site": "acme-eu.atlassian.net"})).await;
        assert_eq!(callback(&app, &format!("state={}&code=good-code", again.state), Some(&again.cookie)).await, "/admin/tracker?jira=connected");
        let shown = app.call(Method::GET, "/api/admin/jira", Some(&alice), None).await;
        assert_eq!(shown.body["connection"]["baseUrl"], "https://acme-eu.atlassian.net");
        assert_eq!(shown.body["connection"]["grant"]["cloudId"], "9f1b6c3e-0d2a-4e8b-a7c5-3b2f1e0d9c8a");
        projects(&app, &ctx).await.unwrap();
        assert_eq!(fake.lock().unwrap().jira_calls.last().unwrap().0, "/ex/jira/9f1b6c3e-0d2a-4e8b-a7c5-3b2f1e0d9c8a/rest/api/3/project/search");

        // Disconnected: the built-in tracker again.
        assert_eq!(app.call(Method::DELETE, "/api/admin/jira", Some(&alice), None).await.status, StatusCode::NO_CONTENT);
        assert_eq!(projects(&app, &ctx).await.unwrap()["tracker"], "Waybill Tracker");
    }

    async fn the_access_token_is_renewed_before_it_expires_and_once_when_jira_refuses_it(store) {
        let (atlassian, fake) = fake_atlassian().await;
        let app = app_with_admins(store, configured(&atlassian, CLIENT_ID)).await;
        let alice = app.login("alice@t1.test").await;
        let alice_id = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
        let started = start(&app, &alice, json!({})).await;
        assert_eq!(callback(&app, &format!("code=good-code&state={}", started.state), Some(&started.cookie)).await, "/admin/tracker?jira=connected");
        let ctx = tool_context("t1", "f1", &alice_id);

        // Expiring within the minute: renewed first, and the rotated refresh token stored.
        expire_soon(&app).await;
        projects(&app, &ctx).await.unwrap();
        {
            let a = fake.lock().unwrap();
            assert_eq!(a.refreshes, 1);
            assert_eq!(a.jira_calls.last().unwrap().1, "Bearer at-2", "the call went with the renewed token");
        }
        assert_eq!(stored_refresh(&app, "t1").await, "rt-2");
        projects(&app, &ctx).await.unwrap();
        assert_eq!(fake.lock().unwrap().refreshes, 1, "the renewed token serves until it nears its end");

        // Jira refuses a token it took before: one renewal, one retry.
        fake.lock().unwrap().valid_access.clear();
        let calls_before = fake.lock().unwrap().jira_calls.len();
        projects(&app, &ctx).await.unwrap();
        {
            let a = fake.lock().unwrap();
            assert_eq!(a.refreshes, 2);
            let tried: Vec<&str> = a.jira_calls[calls_before..].iter().map(|(_, auth)| auth.as_str()).collect();
            assert_eq!(tried, ["Bearer at-2", "Bearer at-3"]);
        }
        assert_eq!(stored_refresh(&app, "t1").await, "rt-3");

        // A site refusing every token: still one renewal and one retry, then Jira's 401 as the tool's error.
        fake.lock().unwrap().jira_refuses = true;
        let calls_before = fake.lock().unwrap().jira_calls.len();
        let refused = projects(&app, &ctx).await.unwrap_err();
        assert!(refused.contains("Jira refused the connection's credentials (401)"), "{refused}");
        {
            let a = fake.lock().unwrap();
            assert_eq!((a.refreshes, a.jira_calls.len() - calls_before), (3, 2));
        }
        fake.lock().unwrap().jira_refuses = false;

        // Concurrent calls with a token about to expire share one renewal.
        expire_soon(&app).await;
        let refreshes = fake.lock().unwrap().refreshes;
        let calls = (0..6).map(|_| projects(&app, &ctx));
        for answer in futures::future::join_all(calls).await {
            assert_eq!(answer.unwrap()["projects"][0]["key"], "SUP");
        }
        assert_eq!(fake.lock().unwrap().refreshes, refreshes + 1, "one renewal for all of them");
    }

    async fn a_revoked_grant_is_a_clear_error_that_signs_nobody_out(store) {
        let (atlassian, fake) = fake_atlassian().await;
        let app = app_with_admins(store, configured(&atlassian, CLIENT_ID)).await;
        let alice = app.login("alice@t1.test").await;
        let alice_id = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
        let started = start(&app, &alice, json!({})).await;
        assert_eq!(callback(&app, &format!("code=good-code&state={}", started.state), Some(&started.cookie)).await, "/admin/tracker?jira=connected");

        // The user revoked the app at Atlassian: the refresh token is refused (invalid_grant).
        fake.lock().unwrap().refresh = None;
        expire_soon(&app).await;
        let ctx = tool_context("t1", "f1", &alice_id);
        let expired = "The Jira connection's authorization has expired; an administrator must connect it again.";
        assert_eq!(projects(&app, &ctx).await.unwrap_err(), expired);
        let tested = app.call(Method::POST, "/api/admin/jira/test", Some(&alice), None).await;
        assert_eq!((tested.status, tested.body["code"].as_str(), tested.body["message"].as_str()), (StatusCode::BAD_GATEWAY, Some("jira_failed"), Some(expired)), "{}", tested.text);
        assert_eq!(fake.lock().unwrap().refreshes, 1, "a lost grant is not asked again");
        assert_eq!(app.call(Method::GET, "/api/auth/me", Some(&alice), None).await.status, StatusCode::OK, "the Waybill session stays");
        let chat = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-jira-oauth", "model": "waybill-offline",
            "messages": [crate::common::user_message("u1", "show the jira projects")]}))).await;
        assert_eq!(chat.status, StatusCode::OK);
        assert_eq!(app.call(Method::GET, "/api/auth/me", Some(&alice), None).await.status, StatusCode::OK);
        assert_eq!(app.call(Method::GET, "/api/admin/jira", Some(&alice), None).await.body["connection"]["grant"]["expired"], true);

        // Connecting again mends it.
        let again = start(&app, &alice, json!({})).await;
        assert_eq!(callback(&app, &format!("code=good-code&state={}", again.state), Some(&again.cookie)).await, "/admin/tracker?jira=connected");
        assert_eq!(app.call(Method::GET, "/api/admin/jira", Some(&alice), None).await.body["connection"]["grant"]["expired"], false);
        assert_eq!(projects(&app, &ctx).await.unwrap()["tracker"], "Jira");
    }

    async fn a_callback_that_does_not_prove_its_sign_in_stores_nothing(store) {
        let (atlassian, fake) = fake_atlassian().await;
        let app = app_with_admins(store, configured(&atlassian, CLIENT_ID)).await;
        let alice = app.login("alice@t1.test").await;
        let carol = app.login("carol@t2.test").await;

        // Forged, or no state at all.
        assert_eq!(callback(&app, "code=good-code&state=forged-state-forged-state-forged-state", None).await, "/admin/tracker?jira=error&reason=state");
        assert_eq!(callback(&app, "code=good-code", None).await, "/admin/tracker?jira=error&reason=state");

        // Declined at Atlassian: nothing stored, and the state is spent.
        let declined = start(&app, &alice, json!({})).await;
        let to = callback(&app, &format!("error=access_denied&error_description=User%20did%20not%20authorize%20the%20request&state={}", declined.state), Some(&declined.cookie)).await;
        assert_eq!(to, "/admin/tracker?jira=error&reason=denied");
        assert_eq!(callback(&app, &format!("code=good-code&state={}", declined.state), Some(&declined.cookie)).await, "/admin/tracker?jira=error&reason=state");

        // Expired.
        let late = start(&app, &alice, json!({})).await;
        sqlx::query("UPDATE tracker_jira_oauth_states SET expires_at = 1").execute(app.state.store.writes()).await.unwrap();
        assert_eq!(callback(&app, &format!("code=good-code&state={}", late.state), Some(&late.cookie)).await, "/admin/tracker?jira=error&reason=expired");

        // Another tenant's state, brought back to alice's browser; or to no browser at all.
        let theirs = start(&app, &carol, json!({})).await;
        let mine = start(&app, &alice, json!({})).await;
        assert_eq!(callback(&app, &format!("code=good-code&state={}", theirs.state), Some(&mine.cookie)).await, "/admin/tracker?jira=error&reason=browser");
        assert_eq!(callback(&app, &format!("code=good-code&state={}", mine.state), None).await, "/admin/tracker?jira=error&reason=browser");

        // Atlassian refusing the code.
        let refused = start(&app, &alice, json!({})).await;
        assert_eq!(callback(&app, &format!("code=stolen-code&state={}", refused.state), Some(&refused.cookie)).await, "/admin/tracker?jira=error&reason=token");

        // No longer an administrator when Atlassian sends the browser back.
        let demoted = start(&app, &alice, json!({})).await;
        let alice_id = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
        app.state.store.grant(&alice_id, "t1", &["f1", "f2"], false).await.unwrap();
        assert_eq!(callback(&app, &format!("code=good-code&state={}", demoted.state), Some(&demoted.cookie)).await, "/admin/tracker?jira=error&reason=forbidden");
        app.state.store.grant(&alice_id, "t1", &["f1", "f2"], true).await.unwrap();

        assert_eq!(app.call(Method::GET, "/api/admin/jira", Some(&alice), None).await.body["connection"], Value::Null);
        assert_eq!(app.call(Method::GET, "/api/admin/jira", Some(&carol), None).await.body["connection"], Value::Null);
        let (rows,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM tracker_jira_connections").fetch_one(app.state.store.reads()).await.unwrap();
        assert_eq!(rows, 0);
        assert_eq!(fake.lock().unwrap().issued, 0, "no code was ever traded");
    }

    async fn one_tenants_grant_is_never_another_tenants(store) {
        let (atlassian, fake) = fake_atlassian().await;
        let app = app_with_admins(store, configured(&atlassian, CLIENT_ID)).await;
        let alice = app.login("alice@t1.test").await;
        let carol = app.login("carol@t2.test").await;
        let carol_id = app.state.store.user_by_email("carol@t2.test").await.unwrap().unwrap().id;
        let started = start(&app, &alice, json!({})).await;
        assert_eq!(callback(&app, &format!("code=good-code&state={}", started.state), Some(&started.cookie)).await, "/admin/tracker?jira=connected");

        assert_eq!(app.call(Method::GET, "/api/admin/jira", Some(&carol), None).await.body["connection"], Value::Null);
        let theirs = tool_context("t2", "f3", &carol_id);
        assert_eq!(projects(&app, &theirs).await.unwrap()["tracker"], "Waybill Tracker");
        assert!(fake.lock().unwrap().jira_calls.is_empty(), "t2's call never went to t1's site");

        // t1's sealed tokens do not open as t2's.
        let (access, refresh): (String, String) = sqlx::query_as("SELECT sealed_secret, sealed_refresh_token FROM tracker_jira_connections WHERE tenant_id = 't1'")
            .fetch_one(app.state.store.reads()).await.unwrap();
        assert!(app.state.sealer.open(&access, "jira-connection:t2").is_err());
        assert!(app.state.sealer.open(&refresh, "jira-connection-refresh:t2").is_err());
        assert!(app.state.sealer.open(&refresh, "jira-connection:t1").is_err(), "a refresh token never opens as an access token");

        // t2 connects its own, and each keeps its own.
        let own = start(&app, &carol, json!({"site": "https://acme-eu.atlassian.net"})).await;
        assert_eq!(callback(&app, &format!("code=good-code&state={}", own.state), Some(&own.cookie)).await, "/admin/tracker?jira=connected");
        assert_eq!(app.call(Method::GET, "/api/admin/jira", Some(&alice), None).await.body["connection"]["baseUrl"], "https://acme.atlassian.net");
        assert_eq!(app.call(Method::GET, "/api/admin/jira", Some(&carol), None).await.body["connection"]["baseUrl"], "https://acme-eu.atlassian.net");
    }

    async fn without_a_public_url_the_callback_is_on_the_browsers_origin(store) {
        let (atlassian, _) = fake_atlassian().await;
        let mut config = configured(&atlassian, CLIENT_ID);
        config.files.public_url = None;
        let app = app_with_admins(store, config).await;
        let alice = app.login("alice@t1.test").await;
        let mut req = json_request(Method::POST, "/api/admin/jira/oauth/start", Some(&alice), Some(json!({})));
        req.headers_mut().insert(header::ORIGIN, "http://127.0.0.1:3000".parse().unwrap());
        let res = app.send(req).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let url = reqwest::Url::parse(res.body["authorizeUrl"].as_str().unwrap()).unwrap();
        assert_eq!(url.query_pairs().find(|(k, _)| k == "redirect_uri").unwrap().1, "http://127.0.0.1:3000/api/jira/oauth/callback");
        assert!(!res.headers.get(header::SET_COOKIE).unwrap().to_str().unwrap().contains("Secure"), "an http address keeps the cookie usable");

        // With neither, the server says what to set.
        let res = app.call(Method::POST, "/api/admin/jira/oauth/start", Some(&alice), Some(json!({}))).await;
        assert_eq!(res.body["code"], "jira_invalid", "{}", res.text);
        assert!(res.body["message"].as_str().unwrap().contains("public_url"));
    }
}
