//! The demo database outlives the process: data and changes survive a reopen. Tokens do
//! not: they are never stored in it, and a database that kept them loses them.

mod common;

use axum::http::{Method, StatusCode};
use common::*;
use serde_json::json;
use waybill_demo::{Anchor, Demo, DemoConfig, Scale, System, Token, Tokens};

#[tokio::test]
async fn changes_survive_a_reopen_and_tokens_are_drawn_afresh() {
    let dir = temp_dir("persistence");
    let path = dir.join("demo.db");
    let client = Client::with(Demo::open(&path, DemoConfig::default()).await.unwrap()).await;
    let tokens: Vec<String> = System::ALL.iter().map(|s| client.demo.token(*s).to_owned()).collect();
    let open = client.get(System::Wms, "/v1/orders?status=open&pageSize=1", Some(ONTARIO)).await["data"][0]["orderId"].as_str().unwrap().to_owned();
    client.write(System::Wms, Method::POST, &format!("/v1/orders/{open}/cancel"), ONTARIO, &json!(null), StatusCode::OK).await;
    let booking = json!({"kind": "outbound", "carrierId": "CAR-019", "windowStart": "2026-12-01T08:00:00-08:00", "windowEnd": "2026-12-01T09:00:00-08:00", "reference": "LD-1"});
    let appointment = client.write(System::Yms, Method::POST, "/v1/appointments", ONTARIO, &booking, StatusCode::CREATED).await;
    client.demo.close().await;
    drop(client);

    // Another seed, scale and anchor: the existing data wins.
    let config = DemoConfig { seed: 99, scale: Scale::Lines(30), anchor: Anchor::Today, tokens: None, callers: None };
    let client = Client::with(Demo::open(&path, config).await.unwrap()).await;
    let reopened: Vec<String> = System::ALL.iter().map(|s| client.demo.token(*s).to_owned()).collect();
    assert!(reopened.iter().zip(&tokens).all(|(new, old)| new != old), "every open draws new tokens");
    let (stored,): (i64,) = sqlx::query_as("SELECT count(*) FROM meta WHERE key LIKE 'token.%' OR value IN (?, ?, ?, ?)")
        .bind(&reopened[0])
        .bind(&reopened[1])
        .bind(&reopened[2])
        .bind(&reopened[3])
        .fetch_one(&client.demo.database())
        .await
        .unwrap();
    assert_eq!(stored, 0, "no token is in the demo database");
    assert_eq!(client.demo.anchor(), waybill_demo::DEFAULT_ANCHOR);
    assert_eq!(client.get(System::Wms, &format!("/v1/orders/{open}"), Some(ONTARIO)).await["status"], "cancelled");
    let id = appointment["id"].as_str().unwrap();
    assert_eq!(client.get(System::Yms, &format!("/v1/appointments/{id}"), Some(ONTARIO)).await["reference"], "LD-1");
    assert_eq!(client.get(System::Wms, "/v1/items?pageSize=1", None).await["totalCount"], 500);
    client.demo.close().await;
    drop(client);

    // Tokens named in the configuration are the ones required.
    let named = Tokens { wms: Token::new("w".repeat(40)), fms: Token::new("f".repeat(40)), yms: Token::new("y".repeat(40)), oms: Token::new("o".repeat(40)) };
    let demo = Demo::open(&path, DemoConfig { tokens: Some(named.clone()), ..DemoConfig::default() }).await.unwrap();
    assert_eq!(demo.token(System::Wms), "w".repeat(40));
    assert_eq!(format!("{:?}", named.wms), "***", "tokens never print");
    demo.close().await;
    std::fs::remove_dir_all(dir).ok();
}

/// What the pick events say about themselves: every picked line once, by an active picker
/// of the order's facility, after the order came in.
async fn picks_are_consistent(demo: &Demo) -> i64 {
    let db = demo.database();
    let (picks,): (i64,) = sqlx::query_as("SELECT count(*) FROM picks").fetch_one(&db).await.unwrap();
    let (picked,): (i64,) = sqlx::query_as("SELECT count(*) FROM order_lines WHERE picked_qty > 0").fetch_one(&db).await.unwrap();
    assert_eq!(picks, picked);
    let (odd,): (i64,) = sqlx::query_as(
        "SELECT count(*) FROM picks p JOIN orders o ON o.id = p.order_id JOIN users u ON u.id = p.user_id \
         WHERE u.facility_id <> p.facility_id OR o.facility_id <> p.facility_id OR u.job_code NOT IN ('PCK01', 'PCK02') \
            OR u.status <> 'active' OR p.picked_at <= o.created_at",
    )
    .fetch_one(&db)
    .await
    .unwrap();
    assert_eq!(odd, 0);
    picks
}

#[tokio::test]
async fn a_database_seeded_before_pick_events_gains_them_on_open() {
    let dir = temp_dir("picks");
    let path = dir.join("demo.db");
    let demo = Demo::open(&path, DemoConfig::default()).await.unwrap();
    let seeded = picks_are_consistent(&demo).await;
    assert!(seeded > 0);
    demo.close().await;
    // As the previous version left it: no picks table.
    let pool = sqlx::SqlitePool::connect_with(sqlx::sqlite::SqliteConnectOptions::new().filename(&path)).await.unwrap();
    sqlx::raw_sql("DROP TABLE picks; UPDATE meta SET value = '1' WHERE key = 'schema'").execute(&pool).await.unwrap();
    pool.close().await;

    let demo = Demo::open(&path, DemoConfig::default()).await.unwrap();
    assert_eq!(picks_are_consistent(&demo).await, seeded, "the same events as a fresh seed");
    let (schema,): (String,) = sqlx::query_as("SELECT value FROM meta WHERE key = 'schema'").fetch_one(&demo.database()).await.unwrap();
    assert_eq!(schema, "2");
    demo.close().await;
    std::fs::remove_dir_all(dir).ok();
}

#[tokio::test]
async fn a_database_that_kept_the_tokens_in_meta_loses_them_on_open() {
    let dir = temp_dir("tokens");
    let path = dir.join("demo.db");
    Demo::open(&path, DemoConfig::default()).await.unwrap().close().await;
    // As an earlier version left it: each system's token in `meta`.
    let pool = sqlx::SqlitePool::connect_with(sqlx::sqlite::SqliteConnectOptions::new().filename(&path)).await.unwrap();
    let old = "a".repeat(64);
    for system in System::ALL {
        sqlx::query("INSERT INTO meta (key, value) VALUES (?, ?)").bind(format!("token.{system}")).bind(&old).execute(&pool).await.unwrap();
    }
    pool.close().await;

    let client = Client::with(Demo::open(&path, DemoConfig::default()).await.unwrap()).await;
    let (left,): (i64,) = sqlx::query_as("SELECT count(*) FROM meta WHERE key LIKE 'token.%'").fetch_one(&client.demo.database()).await.unwrap();
    assert_eq!(left, 0, "the rows are gone");
    for system in System::ALL {
        assert_ne!(client.demo.token(system), old, "{system}: a token read from the database is dead");
    }
    let mut request = client.request(System::Wms, Method::GET, "/v1/orders?pageSize=1", Some(ONTARIO), None);
    request.headers_mut().insert(axum::http::header::AUTHORIZATION, format!("Bearer {old}").parse().unwrap());
    let (status, body) = client.send(request).await;
    assert_eq!((status, code(&body)), (StatusCode::UNAUTHORIZED, "unauthorized"));
    assert_eq!(client.get(System::Wms, "/v1/orders?pageSize=1", Some(ONTARIO)).await["pageSize"], 1, "the new token works");
    // The rest of meta is kept.
    let (schema,): (String,) = sqlx::query_as("SELECT value FROM meta WHERE key = 'schema'").fetch_one(&client.demo.database()).await.unwrap();
    assert_eq!(schema, "2");
    client.demo.close().await;
    std::fs::remove_dir_all(dir).ok();
}
