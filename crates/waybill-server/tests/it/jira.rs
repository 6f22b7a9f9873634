//! A tenant's Jira site, end to end: an admin connects it (the token is sealed and never
//! shown again), the tracker tools then answer from Jira, a Jira 401 is a tool error that
//! leaves the Waybill session alone, and disconnecting returns to the built-in tracker.
//! A site on an internal address is refused; other tenants and non-admins see nothing.

use crate::common::{TestApp, user_message};

use axum::http::{Method, StatusCode};
use axum::routing::get;
use serde_json::{Value, json};
use waybill_server::config::Config;
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_tools::{Caller, ToolContext};

/// A Jira Cloud site that knows one project and refuses one issue's credentials; its
/// projects answer the requests `signed_in` accepts, and Jira's 401 to others.
pub fn jira_cloud(signed_in: impl Fn(&axum::http::HeaderMap) -> bool + Clone + Send + Sync + 'static) -> axum::Router {
    axum::Router::new()
        .route(
            "/rest/api/3/project/search",
            get(|headers: axum::http::HeaderMap| async move {
                if !signed_in(&headers) {
                    return (
                        StatusCode::UNAUTHORIZED,
                        axum::Json(json!({"errorMessages": ["Client must be authenticated to access this resource."], "errors": {}})),
                    );
                }
                (StatusCode::OK, axum::Json(json!({"isLast": true, "values": [{"id": "10000", "key": "SUP", "name": "Support"}]})))
            }),
        )
        .route(
            "/rest/api/3/user/assignable/search",
            get(|axum::extract::Query(q): axum::extract::Query<Vec<(String, String)>>| async move {
                let wanted = q.iter().find(|(k, _)| k == "query").map(|(_, v)| v.to_lowercase()).unwrap_or_default();
                let users = [
                    json!({"accountId": "5b10a2844c20165700ede21g", "displayName": "Maria Lopez", "active": true}),
                    json!({"accountId": "5b10ac8d82e05b22cc7d4ef5", "displayName": "Ken Ito", "emailAddress": "ken@example.com", "active": true}),
                ];
                axum::Json(users.into_iter().filter(|u| u["displayName"].as_str().unwrap().to_lowercase().contains(&wanted)).collect::<Vec<_>>())
            }),
        )
        .route(
            "/rest/api/3/issue/{key}/transitions",
            get(|| async { (StatusCode::UNAUTHORIZED, axum::Json(json!({"errorMessages": ["You are not authenticated."], "errors": {}}))) }),
        )
}

/// Serves `app` on a free local port; answers its base URL.
pub async fn serve(app: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    base
}

/// The site, signing in with Basic ops@example.com:jira-token.
async fn fake_jira() -> String {
    serve(jira_cloud(|headers| headers.get("authorization").and_then(|v| v.to_str().ok()) == Some("Basic b3BzQGV4YW1wbGUuY29tOmppcmEtdG9rZW4="))).await
}

fn allowing_loopback() -> Config {
    let mut config = Config::default();
    config.outbound.allow_hosts = vec!["127.0.0.1".into()];
    config
}

backend_tests! {
    async fn an_admin_connects_jira_and_the_tools_answer_from_it(store) {
        let app = TestApp::configured(store, allowing_loopback()).await;
        let alice_id = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
        app.state.store.grant(&alice_id, "t1", &["f1", "f2"], true).await.unwrap();
        let alice = app.login("alice@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        let site = fake_jira().await;

        assert_eq!(app.call(Method::GET, "/api/admin/jira", Some(&alice), None).await.body, json!({"connection": null, "oauthAvailable": false}));
        for (method, body) in [(Method::GET, None), (Method::PUT, Some(json!({"baseUrl": site, "flavour": "cloud", "auth": "apiToken", "email": "x@y.z", "secret": "t"}))), (Method::DELETE, None)] {
            assert_eq!(app.call(method, "/api/admin/jira", Some(&bob), body).await.status, StatusCode::FORBIDDEN);
        }

        // Bad settings: clear errors, nothing stored.
        for (body, code) in [
            (json!({"baseUrl": "not a url", "flavour": "cloud", "auth": "apiToken", "email": "ops@example.com", "secret": "t"}), "jira_invalid"),
            (json!({"baseUrl": site, "flavour": "cloud", "auth": "apiToken", "secret": "t"}), "jira_invalid"),
            (json!({"baseUrl": site, "flavour": "cloud", "auth": "apiToken", "email": "ops@example.com"}), "jira_invalid"),
            (json!({"baseUrl": "https://user:pw@example.atlassian.net", "flavour": "cloud", "auth": "apiToken", "email": "ops@example.com", "secret": "t"}), "jira_invalid"),
            (json!({"baseUrl": "http://169.254.169.254", "flavour": "cloud", "auth": "apiToken", "email": "ops@example.com", "secret": "t"}), "jira_refused"),
        ] {
            let res = app.call(Method::PUT, "/api/admin/jira", Some(&alice), Some(body.clone())).await;
            assert_eq!(res.body["code"], code, "{body}: {}", res.text);
        }
        assert_eq!(app.call(Method::GET, "/api/admin/jira", Some(&alice), None).await.body["connection"], Value::Null);

        // A wrong token: the test says so; the session is untouched.
        let body = json!({"baseUrl": format!("{site}/"), "flavour": "cloud", "auth": "apiToken", "email": "ops@example.com", "secret": "wrong"});
        assert_eq!(app.call(Method::PUT, "/api/admin/jira", Some(&alice), Some(body)).await.status, StatusCode::OK);
        let failed = app.call(Method::POST, "/api/admin/jira/test", Some(&alice), None).await;
        assert_eq!((failed.status, failed.body["code"].as_str()), (StatusCode::BAD_GATEWAY, Some("jira_failed")), "{}", failed.text);
        assert!(failed.body["message"].as_str().unwrap().contains("(401)"));
        assert_eq!(app.call(Method::GET, "/api/auth/me", Some(&alice), None).await.status, StatusCode::OK, "a Jira 401 does not sign anyone out");

        // The right token; kept when the settings change without one.
        let body = json!({"baseUrl": site, "flavour": "cloud", "auth": "apiToken", "email": "ops@example.com", "secret": "jira-token"});
        let connected = app.call(Method::PUT, "/api/admin/jira", Some(&alice), Some(body)).await;
        assert_eq!(connected.status, StatusCode::OK, "{}", connected.text);
        assert!(!connected.text.contains("jira-token"), "the token never comes back");
        assert_eq!((connected.body["hasSecret"].as_bool(), connected.body["baseUrl"].as_str()), (Some(true), Some(site.as_str())));
        let again = json!({"baseUrl": site, "flavour": "cloud", "auth": "apiToken", "email": "ops@example.com"});
        assert_eq!(app.call(Method::PUT, "/api/admin/jira", Some(&alice), Some(again)).await.status, StatusCode::OK);
        let tested = app.call(Method::POST, "/api/admin/jira/test", Some(&alice), None).await;
        assert_eq!(tested.body, json!({"projectCount": 1}), "{}", tested.text);
        let stored: (String,) = sqlx::query_as("SELECT sealed_secret FROM tracker_jira_connections WHERE tenant_id = 't1'").fetch_one(app.state.store.reads()).await.unwrap();
        assert!(!stored.0.contains("jira-token"), "sealed at rest");

        // The tools answer from Jira now; a Jira 401 is the tool's error only.
        let ctx = ToolContext::new(Caller { tenant_id: "t1".into(), facility_id: "f1".into(), user_id: alice_id.clone(), timezone: "UTC".into(), ..Caller::default() }, "c");
        let projects = app.state.tools.get("jiraGetProjects").unwrap().execute(json!({}), &ctx).await.unwrap();
        assert_eq!((projects["tracker"].as_str(), projects["projects"][0]["key"].as_str()), (Some("Jira"), Some("SUP")));
        let refused = app.state.tools.get("jiraGetTransitions").unwrap().execute(json!({"issueIdOrKey": "SUP-1"}), &ctx).await.unwrap_err();
        assert!(refused.to_string().contains("Jira refused the connection's credentials (401)"), "{refused}");
        let chat = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-jira", "model": "waybill-offline", "messages": [user_message("u1", "show the transitions of SUP-1")]}))).await;
        assert_eq!(chat.status, StatusCode::OK);
        assert_eq!(app.call(Method::GET, "/api/auth/me", Some(&alice), None).await.status, StatusCode::OK);

        // A form's assignee field offers Jira's assignable users, valued by account id.
        let assignees = app.call(Method::GET, "/api/options/jiraAssignableUserSelector?q=ken&dependsOn=SUP", Some(&bob), None).await;
        assert_eq!(assignees.status, StatusCode::OK, "{}", assignees.text);
        assert_eq!(assignees.body["options"], json!([{"value": "5b10ac8d82e05b22cc7d4ef5", "label": "Ken Ito", "description": "ken@example.com",
            "data": {"accountId": "5b10ac8d82e05b22cc7d4ef5", "name": null, "displayName": "Ken Ito", "emailAddress": "ken@example.com"}}]));

        // Tenant t2 sees no connection and keeps the built-in tracker.
        let carol_id = app.state.store.user_by_email("carol@t2.test").await.unwrap().unwrap().id;
        let theirs = ToolContext::new(Caller { tenant_id: "t2".into(), facility_id: "f3".into(), user_id: carol_id, timezone: "UTC".into(), ..Caller::default() }, "c");
        let builtin = app.state.tools.get("jiraGetProjects").unwrap().execute(json!({}), &theirs).await.unwrap();
        assert_eq!(builtin["tracker"], "Waybill Tracker");

        // Disconnected: back to the built-in tracker.
        assert_eq!(app.call(Method::DELETE, "/api/admin/jira", Some(&alice), None).await.status, StatusCode::NO_CONTENT);
        assert_eq!(app.call(Method::DELETE, "/api/admin/jira", Some(&alice), None).await.body["code"], "jira_not_connected");
        let back = app.state.tools.get("jiraGetProjects").unwrap().execute(json!({}), &ctx).await.unwrap();
        assert_eq!(back["tracker"], "Waybill Tracker");
    }

    async fn a_site_on_an_internal_address_is_refused_by_default(store) {
        let app = TestApp::new(store).await;
        let alice_id = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap().id;
        app.state.store.grant(&alice_id, "t1", &["f1", "f2"], true).await.unwrap();
        let alice = app.login("alice@t1.test").await;
        let site = fake_jira().await;
        for url in [site.clone(), "http://localhost:8080".into(), "http://10.0.0.5".into(), "http://[::1]:9000".into()] {
            let body = json!({"baseUrl": url, "flavour": "dataCenter", "auth": "personalAccessToken", "secret": "t"});
            let res = app.call(Method::PUT, "/api/admin/jira", Some(&alice), Some(body)).await;
            assert_eq!((res.status, res.body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("jira_refused")), "{url}: {}", res.text);
        }
    }
}
