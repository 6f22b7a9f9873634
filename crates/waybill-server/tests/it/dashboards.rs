//! BI dashboards end to end: the offline model builds one, the card's link serves its
//! page with no session, the page's data carries every tile's provenance and is limited
//! to its owner's facilities; an altered, revoked or deleted link, or one whose owner was
//! suspended, answers 404; only the owner lists, relinks, revokes and deletes it.

use crate::bi::{ask, bi_app, output_of};
use crate::common;

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use waybill_server::waybill_store::{MemberUpdate, backend_tests};
use waybill_server::waybill_tools::{Caller, ToolContext, golden};

/// A result as its golden sample: the saved dashboard's id and link fixed.
fn steady(result: &Value) -> Value {
    let mut sample = result.clone();
    let link = "/d/sample-link";
    sample["dashboardId"] = json!("0193a7e2-5c1d-7a40-9b1e-6f2d4c8a1b00");
    sample["url"] = json!(link);
    sample["artifact"]["id"] = json!("dashboard-0193a7e2-5c1d-7a40-9b1e-6f2d4c8a1b00");
    sample["artifact"]["props"]["src"] = json!(link);
    sample
}

/// The BI family's warehouse and dashboards, as its routes use them.
fn bi_of(app: &common::TestApp) -> std::sync::Arc<waybill_bi::BiService> {
    app.state.slices.handle().expect("the BI family is registered")
}

fn token_of(url: &str) -> &str {
    url.strip_prefix("/d/").unwrap_or_else(|| panic!("{url} is no dashboard link"))
}

backend_tests! {
    async fn a_dashboard_is_built_saved_and_served_by_its_link_with_provenance(store) {
        let (app, demo, dave, erin) = bi_app(store).await;
        let out = ask(&app, &dave, "c-dash", "make a dashboard of yard dwell time").await;
        let result = output_of(&out, "biDashboardTool");
        assert_eq!(result["dashboard_name"], "Yard dwell time");
        let kinds: Vec<&str> = result["tiles"].as_array().unwrap().iter().map(|t| t["kind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["kpi", "kpi", "kpi", "bar", "line", "stackedBar", "table"]);
        assert!(result["tiles"].as_array().unwrap().iter().all(|t| t["error"].is_null() && t["rowCount"].as_u64().unwrap() > 0), "{result}");
        let url = result["url"].as_str().unwrap().to_owned();
        assert_eq!(result["artifact"]["type"], "iframe");
        assert_eq!(result["artifact"]["props"]["src"], url.as_str());
        golden::write("biDashboardTool", &steady(result));

        // The page needs no session; its address is not sent on as a referrer.
        let page = app.call(Method::GET, &url, None, None).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.text);
        assert_eq!(page.headers["cache-control"], "no-store");
        assert_eq!(page.headers["referrer-policy"], "no-referrer");
        let embedded = page.text.split("id=\"dashboard-data\">").nth(1).and_then(|rest| rest.split("</script>").next()).expect("the page carries its data");
        let data: Value = serde_json::from_str(embedded).unwrap();
        assert_eq!((data["name"].as_str(), data["tiles"].as_array().map(Vec::len)), (Some("Yard dwell time"), Some(7)));
        assert!(!embedded.contains('<'), "no text in the data can end its element");

        // The page's data: every tile run now, with where its numbers come from.
        let saved = bi_of(&app).dashboards().unwrap().by_link(token_of(&url)).await.unwrap().expect("the link names the dashboard");
        assert_eq!((saved.name.as_str(), saved.chat_id.as_deref(), saved.tiles.len()), ("Yard dwell time", Some("c-dash"), 7));
        let rendered = bi_of(&app).warehouse().unwrap().render(&saved).await.unwrap().expect("the owner is a member");
        let by_carrier = &rendered.tiles[3];
        assert_eq!(by_carrier.columns, ["carrier_name", "avg_dwell_hours"]);
        assert_eq!(by_carrier.filters, ["departed_at IS NOT NULL"]);
        assert_eq!(by_carrier.facilities, ["dc-ontario", "xdock-savannah", "yard-fontana"]);
        assert!(by_carrier.sql.starts_with("WITH yard_trailers AS (") && by_carrier.data_as_of.as_deref().is_some_and(|t| t.ends_with('Z')));
        assert!(rendered.tiles.iter().all(|t| t.error.is_none() && !t.rows.is_empty()), "{:?}", rendered.tiles);
        let on_yard = rendered.tiles[1].rows[0][0].as_i64().unwrap();
        let (direct,): (i64,) = sqlx::query_as("SELECT count(*) FROM trailers WHERE status <> 'departed'").fetch_one(&demo.database()).await.unwrap();
        assert_eq!(on_yard, direct);

        // Erin's dashboard counts the Ontario DC's trailers only.
        let hers = ask(&app, &erin, "c-erin", "make a dashboard of yard dwell time").await;
        let her_url = output_of(&hers, "biDashboardTool")["url"].as_str().unwrap().to_owned();
        let her_saved = bi_of(&app).dashboards().unwrap().by_link(token_of(&her_url)).await.unwrap().unwrap();
        let her_page = bi_of(&app).warehouse().unwrap().render(&her_saved).await.unwrap().unwrap();
        let (ontario,): (i64,) = sqlx::query_as("SELECT count(*) FROM trailers WHERE status <> 'departed' AND facility_id = 'dc-ontario'")
            .fetch_one(&demo.database())
            .await
            .unwrap();
        assert_eq!(her_page.tiles[1].rows[0][0].as_i64(), Some(ontario));
        assert_eq!(her_page.tiles[1].facilities, ["dc-ontario"]);

        // Each owner lists their own.
        let list = app.call(Method::GET, "/api/dashboards", Some(&dave), None).await;
        assert_eq!(list.status, StatusCode::OK, "{}", list.text);
        let mine = list.body["dashboards"].as_array().unwrap();
        assert_eq!(mine.len(), 1);
        assert_eq!((mine[0]["name"].as_str(), mine[0]["tileCount"].as_u64(), mine[0]["link"].as_str()), (Some("Yard dwell time"), Some(7), Some(url.as_str())));
        let id = mine[0]["id"].as_str().unwrap().to_owned();

        // An altered link is no link.
        let token = token_of(&url);
        let flipped = format!("/d/{}{}", if token.starts_with('A') { 'B' } else { 'A' }, &token[1..]);
        for altered in [flipped, format!("{url}x"), "/d/'%20OR%201=1--".to_owned(), "/d/short".to_owned()] {
            assert_eq!(app.call(Method::GET, &altered, None, None).await.status, StatusCode::NOT_FOUND, "{altered}");
        }

        // Someone else cannot touch it: not even whether it exists.
        for (method, path) in [(Method::DELETE, format!("/api/dashboards/{id}/link")), (Method::POST, format!("/api/dashboards/{id}/link")), (Method::DELETE, format!("/api/dashboards/{id}"))] {
            assert_eq!(app.call(method, &path, Some(&erin), None).await.status, StatusCode::NOT_FOUND, "{path}");
        }
        let alice = app.login("alice@t1.test").await;
        assert_eq!(app.call(Method::DELETE, &format!("/api/dashboards/{id}"), Some(&alice), None).await.status, StatusCode::NOT_FOUND);
        assert_eq!(app.call(Method::GET, &url, None, None).await.status, StatusCode::OK);

        // Revoked: 404. A new link works; the old one stays dead.
        assert_eq!(app.call(Method::DELETE, &format!("/api/dashboards/{id}/link"), Some(&dave), None).await.status, StatusCode::NO_CONTENT);
        assert_eq!(app.call(Method::GET, &url, None, None).await.status, StatusCode::NOT_FOUND);
        let listed = app.call(Method::GET, "/api/dashboards", Some(&dave), None).await;
        assert!(listed.body["dashboards"][0]["link"].is_null(), "{}", listed.text);
        let relinked = app.call(Method::POST, &format!("/api/dashboards/{id}/link"), Some(&dave), None).await;
        assert_eq!(relinked.status, StatusCode::OK, "{}", relinked.text);
        let fresh = relinked.body["link"].as_str().unwrap().to_owned();
        assert_ne!(fresh, url);
        assert_eq!(app.call(Method::GET, &fresh, None, None).await.status, StatusCode::OK);
        assert_eq!(app.call(Method::GET, &url, None, None).await.status, StatusCode::NOT_FOUND);

        // An owner suspended from the tenant: the link leads nowhere.
        let erin_id = app.state.store.user_by_email("erin@demo.test").await.unwrap().unwrap().id;
        assert_eq!(app.call(Method::GET, &her_url, None, None).await.status, StatusCode::OK);
        app.state.store.update_member(waybill_demo::TENANT, &erin_id, &MemberUpdate { suspended: Some(true), ..MemberUpdate::default() }).await.unwrap();
        assert_eq!(app.call(Method::GET, &her_url, None, None).await.status, StatusCode::NOT_FOUND);

        // Deleted: gone from the list, the link 404.
        assert_eq!(app.call(Method::DELETE, &format!("/api/dashboards/{id}"), Some(&dave), None).await.status, StatusCode::NO_CONTENT);
        assert_eq!(app.call(Method::GET, &fresh, None, None).await.status, StatusCode::NOT_FOUND);
        assert_eq!(app.call(Method::GET, "/api/dashboards", Some(&dave), None).await.body["dashboards"], json!([]));
        assert_eq!(app.call(Method::DELETE, &format!("/api/dashboards/{id}"), Some(&dave), None).await.status, StatusCode::NOT_FOUND);
        demo.close().await;
    }

    async fn a_dashboard_whose_tile_is_no_cube_query_is_refused_and_nothing_is_saved(store) {
        let (app, demo, dave, _) = bi_app(store).await;
        let dave_id = app.state.store.user_by_email("dave@demo.test").await.unwrap().unwrap().id;
        let ctx = ToolContext::new(
            Caller { tenant_id: waybill_demo::TENANT.into(), facility_id: "dc-ontario".into(), user_id: dave_id, timezone: "UTC".into(), ..Caller::default() },
            "c-bad",
        );
        let tool = app.state.tools.get("biDashboardTool").unwrap();
        let kpi = json!({"title": "Orders", "kind": "kpi", "sql": "SELECT COUNT(order_id) AS n FROM outbound_orders"});
        let cases = [
            (json!({"title": "Wipe", "kind": "table", "sql": "DELETE FROM outbound_orders"}), "Tile 2 (Wipe)"),
            (json!({"title": "Users", "kind": "table", "sql": "SELECT * FROM users"}), "There is no cube named users"),
            (json!({"title": "Files", "kind": "table", "sql": "SELECT read_file('/etc/passwd') AS x FROM outbound_orders"}), "Tile 2 (Files)"),
            (json!({"title": "Stack", "kind": "stackedBar", "sql": "SELECT customer_name, COUNT(order_id) AS n FROM outbound_orders GROUP BY 1"}), "series"),
            (json!({"title": "Line", "kind": "line", "x": "week", "sql": "SELECT customer_name, COUNT(order_id) AS n FROM outbound_orders GROUP BY 1"}), "column week"),
        ];
        for (bad, says) in cases {
            let input = json!({"params": [{"dashboard_name": "Bad", "tiles": [kpi.clone(), bad]}]});
            let err = tool.execute(input, &ctx).await.unwrap_err().to_string();
            assert!(err.contains(says), "{err}");
        }
        let none = tool.execute(json!({"params": []}), &ctx).await.unwrap_err().to_string();
        assert!(none.contains("params"), "{none}");
        let list = app.call(Method::GET, "/api/dashboards", Some(&dave), None).await;
        assert_eq!(list.body["dashboards"], json!([]), "nothing saved");

        // No name: the default one.
        let unnamed = tool.execute(json!({"params": [{"tiles": [kpi]}]}), &ctx).await.unwrap();
        assert_eq!(unnamed["dashboard_name"], "BI Dashboard");
        let _ = common::PASSWORD;
        demo.close().await;
    }
}
