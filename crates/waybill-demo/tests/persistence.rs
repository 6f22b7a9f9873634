//! The demo database outlives the process: data, changes and tokens survive a reopen.

mod common;

use axum::http::{Method, StatusCode};
use common::*;
use serde_json::json;
use waybill_demo::{Anchor, Demo, DemoConfig, Scale, System, Token, Tokens};

#[tokio::test]
async fn changes_and_tokens_survive_a_reopen() {
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
    let config = DemoConfig { seed: 99, scale: Scale::Lines(30), anchor: Anchor::Today, tokens: None };
    let client = Client::with(Demo::open(&path, config).await.unwrap()).await;
    let reopened: Vec<String> = System::ALL.iter().map(|s| client.demo.token(*s).to_owned()).collect();
    assert_eq!(reopened, tokens, "tokens are kept in the demo database");
    assert_eq!(client.demo.anchor(), waybill_demo::DEFAULT_ANCHOR);
    assert_eq!(client.get(System::Wms, &format!("/v1/orders/{open}"), Some(ONTARIO)).await["status"], "cancelled");
    let id = appointment["id"].as_str().unwrap();
    assert_eq!(client.get(System::Yms, &format!("/v1/appointments/{id}"), Some(ONTARIO)).await["reference"], "LD-1");
    assert_eq!(client.get(System::Wms, "/v1/items?pageSize=1", None).await["totalCount"], 500);
    client.demo.close().await;
    drop(client);

    // Tokens named in the configuration replace the stored ones.
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
