//! User administration: only a tenant's admins manage its members; suspensions and
//! revoked grants stop tokens at once; a deleted user's token is a 401, never a 500;
//! invitations set a password once and sign in.

use crate::common;

use axum::http::{Method, StatusCode};
use common::{PASSWORD, Session, TestApp, assert_error, user_message};
use serde_json::{Value, json};
use waybill_store::backend_tests;

/// Makes alice an admin of t1 and signs her in.
async fn admin(app: &TestApp) -> Session {
    let alice = app.state.store.user_by_email("alice@t1.test").await.unwrap().unwrap();
    app.state.store.grant(&alice.id, "t1", &["f1", "f2"], true).await.unwrap();
    app.login("alice@t1.test").await
}

async fn member_id(app: &TestApp, admin: &Session, email: &str) -> String {
    let res = app.call(Method::GET, &format!("/api/admin/users?search={email}"), Some(admin), None).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text);
    res.body["members"][0]["id"].as_str().unwrap_or_else(|| panic!("{email} is listed: {}", res.text)).to_owned()
}

fn new_chat(id: &str) -> Value {
    json!({"id": id, "messages": [user_message(&format!("{id}-u1"), "what time is it")], "model": "waybill-offline"})
}

backend_tests! {
    async fn only_admins_of_the_tenant_manage_its_users(store) {
        let app = TestApp::new(store).await;
        let alice = admin(&app).await;
        let bob = app.login("bob@t1.test").await;
        let carol = app.login("carol@t2.test").await;
        for (method, path, body) in [
            (Method::GET, "/api/admin/users", None),
            (Method::GET, "/api/admin/facilities", None),
            (Method::POST, "/api/admin/users", Some(json!({"email": "x@t1.test", "facilities": ["f1"]}))),
        ] {
            assert_error(&app.call(method.clone(), path, Some(&bob), body.clone()).await, StatusCode::FORBIDDEN, "forbidden");
        }
        let bob_id = member_id(&app, &alice, "bob@t1.test").await;
        assert_error(&app.call(Method::PATCH, &format!("/api/admin/users/{bob_id}"), Some(&bob), Some(json!({"roles": ["admin"]}))).await, StatusCode::FORBIDDEN, "forbidden");
        // Carol's tenant has its own users: alice's admin role in t1 does not reach them.
        let listed = app.call(Method::GET, "/api/admin/users", Some(&alice), None).await;
        assert_eq!(listed.body["total"], 2, "{}", listed.text);
        assert!(!listed.text.contains("carol"));
        let carol_id = app.state.store.user_by_email("carol@t2.test").await.unwrap().unwrap().id;
        for (method, body) in [(Method::GET, None), (Method::PATCH, Some(json!({"status": "suspended"}))), (Method::DELETE, None)] {
            assert_error(&app.call(method, &format!("/api/admin/users/{carol_id}"), Some(&alice), body).await, StatusCode::NOT_FOUND, "not_found");
        }
        assert_eq!(app.call(Method::GET, "/api/auth/me", Some(&carol), None).await.status, StatusCode::OK, "carol is untouched");
        let facilities = app.call(Method::GET, "/api/admin/facilities", Some(&alice), None).await;
        assert_eq!(facilities.body, json!([{"id": "f1", "name": "Facility f1"}, {"id": "f2", "name": "Facility f2"}]));
    }

    async fn a_suspended_users_tokens_stop_at_once_and_return_on_reactivation(store) {
        let app = TestApp::new(store).await;
        let alice = admin(&app).await;
        let bob = app.login("bob@t1.test").await;
        assert_eq!(app.call(Method::POST, "/api/chat", Some(&bob), Some(new_chat("c-bob"))).await.status, StatusCode::OK);
        let bob_id = member_id(&app, &alice, "bob@t1.test").await;

        let res = app.call(Method::PATCH, &format!("/api/admin/users/{bob_id}"), Some(&alice), Some(json!({"status": "suspended"}))).await;
        assert_eq!((res.status, res.body["status"].as_str()), (StatusCode::OK, Some("suspended")), "{}", res.text);
        for (method, path, body) in [
            (Method::GET, "/api/chat-history", None),
            (Method::POST, "/api/chat", Some(new_chat("c-bob2"))),
            (Method::GET, "/api/auth/me", None),
        ] {
            assert_error(&app.call(method, path, Some(&bob), body).await, StatusCode::UNAUTHORIZED, "account_suspended");
        }
        let refreshed = app.call(Method::POST, "/api/auth/refresh", None, Some(json!({"refreshToken": bob.refresh}))).await;
        assert_error(&refreshed, StatusCode::UNAUTHORIZED, "account_suspended");
        let login = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": "bob@t1.test", "password": PASSWORD}))).await;
        assert_error(&login, StatusCode::FORBIDDEN, "forbidden");

        let res = app.call(Method::PATCH, &format!("/api/admin/users/{bob_id}"), Some(&alice), Some(json!({"status": "active"}))).await;
        assert_eq!(res.body["status"], "active");
        let bob = app.login("bob@t1.test").await;
        let chats = app.call(Method::GET, "/api/chat-history", Some(&bob), None).await;
        assert_eq!(chats.body[0]["id"], "c-bob", "his chats were kept");
    }

    async fn revoked_facilities_and_roles_take_effect_at_once(store) {
        let app = TestApp::new(store).await;
        let alice = admin(&app).await;
        let bob_id = member_id(&app, &alice, "bob@t1.test").await;
        let bob = app.login("bob@t1.test").await;
        let res = app.call(Method::PATCH, &format!("/api/admin/users/{bob_id}"), Some(&alice), Some(json!({"facilities": ["f2"], "roles": ["admin", "agent"]}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        assert_eq!((&res.body["facilities"], &res.body["roles"]), (&json!(["f2"]), &json!(["admin", "agent"])));
        assert_error(&app.call(Method::GET, "/api/chat-history", Some(&bob), None).await, StatusCode::FORBIDDEN, "forbidden");
        // The new facility and the admin role work with the token he already holds.
        let in_f2 = Session { facility: "f2".into(), ..bob.clone() };
        assert_eq!(app.call(Method::GET, "/api/chat-history", Some(&in_f2), None).await.status, StatusCode::OK);
        assert_eq!(app.call(Method::GET, "/api/admin/users", Some(&in_f2), None).await.status, StatusCode::OK);
        let me = app.call(Method::GET, "/api/auth/me", Some(&in_f2), None).await;
        assert_eq!(me.body["tenants"][0]["roles"], json!(["admin", "agent"]));
    }

    async fn a_deleted_users_token_is_401_on_every_kind_of_call(store) {
        let app = TestApp::new(store).await;
        let bob = app.login("bob@t1.test").await;
        let bob_id = app.state.store.user_by_email("bob@t1.test").await.unwrap().unwrap().id;
        assert!(app.state.store.delete_user(&bob_id).await.unwrap());
        for (method, path, body) in [
            (Method::GET, "/api/chat-history".to_owned(), None),
            (Method::POST, "/api/chat-history".to_owned(), Some(json!({"messages": [user_message("m1", "x")], "model": "m"}))),
            (Method::PUT, "/api/chat-history/c-new".to_owned(), Some(json!({"messages": [user_message("m1", "x")], "model": "m"}))),
            (Method::POST, "/api/chat".to_owned(), Some(new_chat("c-gone"))),
            (Method::GET, "/api/auth/me".to_owned(), None),
            (Method::POST, "/api/auth/logout".to_owned(), None),
        ] {
            let res = app.call(method.clone(), &path, Some(&bob), body).await;
            assert_error(&res, StatusCode::UNAUTHORIZED, "unauthorized");
        }
        let upload = common::upload(&app, &bob, "", "a.txt", "text/plain", b"hello").await;
        assert_error(&upload, StatusCode::UNAUTHORIZED, "unauthorized");
    }

    async fn members_are_added_with_a_password_or_by_invitation(store) {
        let app = TestApp::new(store).await;
        let alice = admin(&app).await;
        let res = app.call(Method::POST, "/api/admin/users", Some(&alice), Some(json!({"email": "Dan@T1.test", "password": "long enough pw", "firstName": "Dan", "roles": ["agent"], "facilities": ["f1", "f1"]}))).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text);
        assert_eq!(res.body["member"]["email"], "dan@t1.test");
        assert_eq!(res.body["member"]["status"], "active");
        assert_eq!(res.body["member"]["facilities"], json!(["f1"]));
        assert!(res.body.get("invitation").is_none());
        let login = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": "dan@t1.test", "password": "long enough pw"}))).await;
        assert_eq!(login.status, StatusCode::OK, "{}", login.text);
        assert_eq!(login.body["tenants"][0]["roles"], json!(["agent"]));

        let res = app.call(Method::POST, "/api/admin/users", Some(&alice), Some(json!({"email": "eve@t1.test", "facilities": ["f2"]}))).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text);
        assert_eq!(res.body["member"]["status"], "invited");
        let url = res.body["invitation"]["url"].as_str().unwrap().to_owned();
        let token = url.strip_prefix("/invite/").expect("a relative invitation link");
        let login = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": "eve@t1.test", "password": "anything at all"}))).await;
        assert_error(&login, StatusCode::UNAUTHORIZED, "invalid_credentials");

        let shown = app.call(Method::GET, &format!("/api/auth/invitations/{token}"), None, None).await;
        assert_eq!((shown.body["email"].as_str(), shown.body["tenantName"].as_str()), (Some("eve@t1.test"), Some("Tenant t1")), "{}", shown.text);
        let short = app.call(Method::POST, &format!("/api/auth/invitations/{token}"), None, Some(json!({"password": "short"}))).await;
        assert_error(&short, StatusCode::BAD_REQUEST, "invalid_body");
        let accepted = app.call(Method::POST, &format!("/api/auth/invitations/{token}"), None, Some(json!({"password": "eve's new password", "firstName": "Eve"}))).await;
        assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.text);
        assert_eq!(accepted.body["user"]["firstName"], "Eve");
        assert_eq!(accepted.body["tenants"][0]["facilities"][0]["id"], "f2");
        let again = app.call(Method::POST, &format!("/api/auth/invitations/{token}"), None, Some(json!({"password": "take it over now"}))).await;
        assert_error(&again, StatusCode::NOT_FOUND, "not_found");
        let login = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": "eve@t1.test", "password": "eve's new password"}))).await;
        assert_eq!(login.status, StatusCode::OK);
        let eve_id = member_id(&app, &alice, "eve@").await;
        let listed = app.call(Method::GET, &format!("/api/admin/users/{eve_id}"), Some(&alice), None).await;
        assert_eq!(listed.body["status"], "active");
        assert!(listed.body["lastLoginAt"].is_string());
        assert_error(&app.call(Method::POST, &format!("/api/admin/users/{eve_id}/invitation"), Some(&alice), None).await, StatusCode::CONFLICT, "conflict");
        assert_error(&app.call(Method::GET, "/api/auth/invitations/not-a-token", None, None).await, StatusCode::NOT_FOUND, "not_found");
    }

    async fn an_existing_account_of_another_tenant_joins_without_its_password_changing(store) {
        let app = TestApp::new(store).await;
        let alice = admin(&app).await;
        let res = app.call(Method::POST, "/api/admin/users", Some(&alice), Some(json!({"email": "carol@t2.test", "password": "an attacker's choice", "facilities": ["f1"]}))).await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text);
        assert_eq!(res.body["member"]["status"], "active");
        let login = app.call(Method::POST, "/api/auth/login", None, Some(json!({"email": "carol@t2.test", "password": "an attacker's choice"}))).await;
        assert_eq!(login.status, StatusCode::UNAUTHORIZED, "the password was not changed");
        let carol = app.login("carol@t2.test").await;
        assert_eq!(app.call(Method::GET, "/api/auth/me", Some(&carol), None).await.body["tenants"].as_array().unwrap().len(), 2);
        let again = app.call(Method::POST, "/api/admin/users", Some(&alice), Some(json!({"email": "carol@t2.test", "facilities": ["f1"]}))).await;
        assert_error(&again, StatusCode::CONFLICT, "conflict");
        // Taking her out of t1 leaves her account and t2 alone.
        let carol_id = member_id(&app, &alice, "carol").await;
        assert_eq!(app.call(Method::DELETE, &format!("/api/admin/users/{carol_id}"), Some(&alice), None).await.status, StatusCode::NO_CONTENT);
        let in_t1 = Session { tenant: "t1".into(), facility: "f1".into(), ..carol.clone() };
        assert_error(&app.call(Method::GET, "/api/chat-history", Some(&in_t1), None).await, StatusCode::FORBIDDEN, "forbidden");
        let in_t2 = Session { tenant: "t2".into(), facility: "f3".into(), ..carol };
        assert_eq!(app.call(Method::GET, "/api/chat-history", Some(&in_t2), None).await.status, StatusCode::OK);
    }

    async fn bad_admin_requests_get_clear_errors_and_change_nothing(store) {
        let app = TestApp::new(store).await;
        let alice = admin(&app).await;
        let alice_id = member_id(&app, &alice, "alice").await;
        let bob_id = member_id(&app, &alice, "bob").await;
        for (body, mentions) in [
            (json!({"email": "not-an-email", "facilities": ["f1"]}), "email"),
            (json!({"email": "a b@x.test", "facilities": ["f1"]}), "email"),
            (json!({"email": "x@t1.test", "facilities": []}), "facilities"),
            (json!({"email": "x@t1.test", "password": "short", "facilities": ["f1"]}), "password"),
            (json!({"email": "x@t1.test", "roles": ["owner"], "facilities": ["f1"]}), "roles"),
            (json!({"email": "x@t1.test", "facilities": ["f1"], "isRoot": true}), "isRoot"),
            (json!({"email": "x@t1.test", "firstName": "a".repeat(101), "facilities": ["f1"]}), "firstName"),
        ] {
            let res = app.call(Method::POST, "/api/admin/users", Some(&alice), Some(body.clone())).await;
            assert_error(&res, StatusCode::BAD_REQUEST, "invalid_body");
            assert!(res.body["message"].as_str().unwrap().contains(mentions), "{body}: {}", res.text);
        }
        let unknown = app.call(Method::POST, "/api/admin/users", Some(&alice), Some(json!({"email": "x@t1.test", "facilities": ["f3"]}))).await;
        assert_error(&unknown, StatusCode::NOT_FOUND, "not_found");
        assert!(unknown.body["message"].as_str().unwrap().contains("f3"), "{}", unknown.text);
        assert!(app.state.store.user_by_email("x@t1.test").await.unwrap().is_none(), "nothing was created");
        assert_error(&app.call(Method::PATCH, &format!("/api/admin/users/{bob_id}"), Some(&alice), Some(json!({"facilities": ["nope"]}))).await, StatusCode::NOT_FOUND, "not_found");
        for body in [json!({"status": "invited"}), json!({"facilities": []}), json!({"status": "gone"})] {
            let res = app.call(Method::PATCH, &format!("/api/admin/users/{bob_id}"), Some(&alice), Some(body.clone())).await;
            assert_error(&res, StatusCode::BAD_REQUEST, "invalid_body");
        }
        // An admin cannot lock themselves out, and the tenant keeps an admin.
        for body in [json!({"status": "suspended"}), json!({"roles": []})] {
            assert_error(&app.call(Method::PATCH, &format!("/api/admin/users/{alice_id}"), Some(&alice), Some(body)).await, StatusCode::CONFLICT, "conflict");
        }
        assert_error(&app.call(Method::DELETE, &format!("/api/admin/users/{alice_id}"), Some(&alice), None).await, StatusCode::CONFLICT, "conflict");
        for query in ["?limit=0", "?limit=500", "?offset=-1", "?status=everyone", "?limit=ten"] {
            assert_error(&app.call(Method::GET, &format!("/api/admin/users{query}"), Some(&alice), None).await, StatusCode::BAD_REQUEST, "bad_request");
        }
        let bob = app.call(Method::GET, &format!("/api/admin/users/{bob_id}"), Some(&alice), None).await;
        assert_eq!((bob.body["status"].as_str(), &bob.body["facilities"]), (Some("active"), &json!(["f1"])), "bob is as he was");
        assert_error(&app.call(Method::GET, "/api/admin/users/no-such-user", Some(&alice), None).await, StatusCode::NOT_FOUND, "not_found");
    }

    async fn the_last_admin_cannot_be_demoted_by_another_admin_race(store) {
        let app = TestApp::new(store).await;
        let alice = admin(&app).await;
        let bob_id = member_id(&app, &alice, "bob").await;
        let alice_id = member_id(&app, &alice, "alice").await;
        app.call(Method::PATCH, &format!("/api/admin/users/{bob_id}"), Some(&alice), Some(json!({"roles": ["admin"]}))).await;
        let bob = app.login("bob@t1.test").await;
        // Two admins: bob may demote alice; then bob is the last and alice is no admin.
        assert_eq!(app.call(Method::PATCH, &format!("/api/admin/users/{alice_id}"), Some(&bob), Some(json!({"roles": []}))).await.status, StatusCode::OK);
        assert_error(&app.call(Method::GET, "/api/admin/users", Some(&alice), None).await, StatusCode::FORBIDDEN, "forbidden");
        assert_error(&app.call(Method::PATCH, &format!("/api/admin/users/{bob_id}"), Some(&bob), Some(json!({"roles": []}))).await, StatusCode::CONFLICT, "conflict");
    }
}
