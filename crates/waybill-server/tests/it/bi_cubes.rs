//! A tenant's own BI cubes, end to end: an admin checks and adds a cube file, the cube
//! tools and the engine use it at once (limited to each caller's facilities), it can be
//! replaced and removed; bad files (unreadable YAML, SQL in a description, a cycle of
//! joins, a shipped cube's name, a table or column the data lacks, the database's own
//! tables) are refused with the reason and change nothing; members who are not admins
//! and other tenants cannot see or touch them.

use crate::bi::bi_app;
use crate::common::{self, Session, TestApp};

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use waybill_server::waybill_store::{NewUser, backend_tests};
use waybill_server::waybill_tools::{Caller, FamilySet, ToolContext};

const LOCATIONS: &str = include_str!("../../../../docs/cubes/storage_locations.yaml");

/// A cube over the locations that joins `storage_locations`.
const AISLES: &str = "name: aisle_faces
title: Aisle faces
description: Locations by aisle, with the zone of each.
table: locations
facility_column: aisle_faces.facility_id
measures:
  - name: faces
    title: Faces
    aggregation: count
    sql: aisle_faces.id
dimensions:
  - name: aisle
    title: Aisle
    type: string
  - name: zone
    title: Zone
    type: string
    sql: storage_locations.zone
joins:
  - cube: storage_locations
    relationship: many_to_one
    on: aisle_faces.id = storage_locations.id
";

/// An admin of the demo tenant with every facility.
async fn admin(app: &TestApp) -> Session {
    let hash = waybill_server::auth::password::hash(common::PASSWORD).unwrap();
    let ada = app.state.store.create_user(NewUser { email: "ada@demo.test", password_hash: &hash, first_name: Some("Ada"), user_name: "ada" }).await.unwrap();
    let all: Vec<&str> = waybill_demo::FACILITIES.iter().map(|(id, _)| *id).collect();
    app.state.store.grant(&ada.id, waybill_demo::TENANT, &all, true).await.unwrap();
    app.login("ada@demo.test").await
}

async fn upload(app: &TestApp, who: &Session, body: Value) -> common::Response {
    app.call(Method::POST, "/api/admin/cubes", Some(who), Some(body)).await
}

fn names(list: &Value) -> Vec<(String, bool)> {
    list["cubes"].as_array().unwrap().iter().map(|c| (c["name"].as_str().unwrap().to_owned(), c["shipped"].as_bool().unwrap())).collect()
}

async fn count(app: &TestApp, sql: &str, facility_filter: Option<&str>) -> i64 {
    let demo = waybill_demo::Demo::open(&waybill_server::demo::database_path(&app.state.config), waybill_demo::DemoConfig::default()).await.unwrap();
    let sql = match facility_filter {
        Some(f) => format!("{sql} WHERE facility_id = '{f}'"),
        None => sql.to_owned(),
    };
    let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_one(&demo.database()).await.unwrap();
    n
}

backend_tests! {
    async fn an_admin_adds_a_cube_the_tools_use_at_once_and_can_remove_it(store) {
        let (app, _demo, dave, _erin) = bi_app(store).await;
        let ada = admin(&app).await;

        // The catalogue: the shipped cubes, read only.
        let list = app.call(Method::GET, "/api/admin/cubes", Some(&ada), None).await;
        assert_eq!(list.status, StatusCode::OK, "{}", list.text);
        assert_eq!(list.body["available"], true);
        let shipped = names(&list.body);
        assert_eq!(shipped.len(), 12);
        assert!(shipped.iter().all(|(_, s)| *s) && shipped.iter().any(|(n, _)| n == "labour"));
        let file = app.call(Method::GET, "/api/admin/cubes/dock_doors", Some(&ada), None).await;
        assert_eq!((file.body["fileName"].as_str(), file.body["shipped"].as_bool()), (Some("dock_doors.yaml"), Some(true)));
        assert!(file.body["yaml"].as_str().unwrap().starts_with("name: dock_doors"));

        // Checked and run once, not stored.
        let checked = upload(&app, &ada, json!({"fileName": "storage_locations.yaml", "yaml": LOCATIONS, "checkOnly": true})).await;
        assert_eq!(checked.status, StatusCode::OK, "{}", checked.text);
        assert_eq!((checked.body["saved"].as_bool(), checked.body["replaced"].as_bool()), (Some(false), Some(false)));
        assert_eq!(checked.body["rows"].as_i64(), Some(count(&app, "SELECT count(*) FROM locations", None).await));
        assert_eq!(names(&app.call(Method::GET, "/api/admin/cubes", Some(&ada), None).await.body).len(), 12);

        // Added: listed as the tenant's, by whom.
        let added = upload(&app, &ada, json!({"fileName": "storage_locations.yaml", "yaml": LOCATIONS})).await;
        assert_eq!(added.status, StatusCode::CREATED, "{}", added.text);
        assert_eq!(added.body["cube"]["name"], "storage_locations");
        assert_eq!(added.body["cube"]["measures"], json!(["location_count", "highest_level"]));
        let list = app.call(Method::GET, "/api/admin/cubes", Some(&ada), None).await.body;
        let mine = list["cubes"].as_array().unwrap().iter().find(|c| c["name"] == "storage_locations").expect("listed").clone();
        assert_eq!((mine["shipped"].as_bool(), mine["updatedBy"].as_str(), mine["fileName"].as_str()), (Some(false), Some("ada@demo.test"), Some("storage_locations.yaml")));
        assert!(mine["problem"].is_null());

        // The tools see it at once, and the engine limits it to the caller's facilities.
        let erin_id = app.state.store.user_by_email("erin@demo.test").await.unwrap().unwrap().id;
        let ctx = ToolContext::new(
            Caller { tenant_id: waybill_demo::TENANT.into(), facility_id: "dc-ontario".into(), user_id: erin_id, timezone: "UTC".into(), ..Caller::default() },
            "c",
        );
        let tool = |name: &str| app.state.tools.get(name).unwrap().clone();
        let cubes = tool("getCubeDescTool").execute(json!({}), &ctx).await.unwrap();
        assert!(cubes["cubes"].as_array().unwrap().iter().any(|c| c["name"] == "storage_locations"), "{cubes}");
        let schema = tool("getCubeSchemaInfoTool").execute(json!({"cubeName": "storage_locations"}), &ctx).await.unwrap();
        assert_eq!(schema["measures"][0]["usage"], "COUNT(location_count)");
        let hers = tool("testQuerySqlTool").execute(json!({"sql": "SELECT COUNT(location_count) AS n FROM storage_locations"}), &ctx).await.unwrap();
        assert_eq!(hers["rows"][0][0].as_i64(), Some(count(&app, "SELECT count(*) FROM locations", Some("dc-ontario")).await), "{hers}");
        let enums = tool("getCubeEnumValuesTool").execute(json!({"queryIds": ["storage_locations.facility_id"]}), &ctx).await.unwrap();
        assert_eq!(enums["fields"][0]["values"], json!(["dc-ontario"]));

        // Replaced under the same name; the one listed is the new one.
        let retitled = LOCATIONS.replace("title: Storage locations", "title: Bins and racks");
        let replaced = upload(&app, &ada, json!({"yaml": retitled})).await;
        assert_eq!((replaced.status, replaced.body["replaced"].as_bool()), (StatusCode::CREATED, Some(true)), "{}", replaced.text);
        let list = app.call(Method::GET, "/api/admin/cubes", Some(&ada), None).await.body;
        let ours: Vec<&Value> = list["cubes"].as_array().unwrap().iter().filter(|c| c["shipped"] == false).collect();
        assert_eq!(ours.len(), 1);
        assert_eq!((ours[0]["title"].as_str(), ours[0]["fileName"].as_str()), (Some("Bins and racks"), Some("storage_locations.yaml")));

        // Another instance (a fresh warehouse over the same database) reads the tenant's cubes.
        let other = waybill_bi::Bi::over(waybill_server::demo::database_path(&app.state.config), waybill_demo::TENANT);
        let (_, slices) = FamilySet::new().with(other).build(&Default::default(), &|_| None, &app.state.services()).unwrap();
        let theirs = slices.handle::<waybill_bi::BiService>().unwrap().warehouse().unwrap().catalogue().await.unwrap();
        assert_eq!(theirs.get("storage_locations").map(|c| c.title.as_str()), Some("Bins and racks"));

        // A cube joining it keeps it until that one goes.
        let joined = upload(&app, &ada, json!({"fileName": "aisles.yaml", "yaml": AISLES})).await;
        assert_eq!(joined.status, StatusCode::CREATED, "{}", joined.text);
        let in_use = app.call(Method::DELETE, "/api/admin/cubes/storage_locations", Some(&ada), None).await;
        assert_eq!((in_use.status, in_use.body["code"].as_str()), (StatusCode::CONFLICT, Some("cube_in_use")), "{}", in_use.text);
        assert!(in_use.body["message"].as_str().unwrap().contains("aisle_faces joins storage_locations"));
        assert_eq!(app.call(Method::DELETE, "/api/admin/cubes/aisle_faces", Some(&ada), None).await.status, StatusCode::NO_CONTENT);
        assert_eq!(app.call(Method::DELETE, "/api/admin/cubes/storage_locations", Some(&ada), None).await.status, StatusCode::NO_CONTENT);
        let gone = app.call(Method::DELETE, "/api/admin/cubes/storage_locations", Some(&ada), None).await;
        assert_eq!((gone.status, gone.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("cube_not_found")));
        let shipped = app.call(Method::DELETE, "/api/admin/cubes/outbound_orders", Some(&ada), None).await;
        assert_eq!((shipped.status, shipped.body["code"].as_str()), (StatusCode::CONFLICT, Some("cube_shipped")));
        let after = tool("testQuerySqlTool").execute(json!({"sql": "SELECT COUNT(location_count) AS n FROM storage_locations"}), &ctx).await.unwrap_err();
        assert!(after.to_string().contains("There is no cube named storage_locations"), "{after}");

        // Members who are not admins cannot see or change the catalogue.
        for (method, path, body) in [
            (Method::GET, "/api/admin/cubes", None),
            (Method::POST, "/api/admin/cubes", Some(json!({"yaml": LOCATIONS}))),
            (Method::GET, "/api/admin/cubes/dock_doors", None),
            (Method::DELETE, "/api/admin/cubes/dock_doors", None),
        ] {
            assert_eq!(app.call(method, path, Some(&dave), body).await.status, StatusCode::FORBIDDEN, "{path}");
        }
    }

    async fn bad_cube_files_are_refused_with_the_reason_and_change_nothing(store) {
        let (app, _demo, _dave, _erin) = bi_app(store).await;
        let ada = admin(&app).await;
        let with = |from: &str, to: &str| {
            assert!(LOCATIONS.contains(from), "{from}");
            LOCATIONS.replace(from, to)
        };
        let cycle_a = AISLES.to_owned();
        let cases: Vec<(String, StatusCode, &str, &str)> = vec![
            ("name: [unclosed".into(), StatusCode::UNPROCESSABLE_ENTITY, "cube_invalid", "cube.yaml: "),
            (with("title: Storage locations", "title: Storage locations'; DROP TABLE locations; --"), StatusCode::UNPROCESSABLE_ENTITY, "cube_invalid", "the title holds ';'"),
            (with("    sql: storage_locations.id", "    sql: (SELECT password_hash FROM users)"), StatusCode::UNPROCESSABLE_ENTITY, "cube_invalid", "uses 'select'"),
            (LOCATIONS.replace("storage_locations", "outbound_orders"), StatusCode::CONFLICT, "cube_shipped", "outbound_orders is a cube Waybill ships"),
            (with("table: locations", "table: warehouse_bins"), StatusCode::UNPROCESSABLE_ENTITY, "cube_invalid", "the table 'warehouse_bins' is not one of the operational tables a cube may read; those are accessorials,"),
            (with("table: locations", "table: meta"), StatusCode::UNPROCESSABLE_ENTITY, "cube_invalid", "the table 'meta' is not one of the operational tables"),
            (with("  - name: aisle\n", "  - name: aisle_no\n    sql: storage_locations.aisle_number\n"), StatusCode::UNPROCESSABLE_ENTITY, "cube_invalid", "does not run"),
            (cycle_a, StatusCode::UNPROCESSABLE_ENTITY, "cube_invalid", "joins storage_locations, which is no cube"),
            ("#".repeat(300 * 1024), StatusCode::UNPROCESSABLE_ENTITY, "cube_invalid", "at most"),
        ];
        for (yaml, status, code, why) in cases {
            let res = upload(&app, &ada, json!({"yaml": yaml})).await;
            assert_eq!((res.status, res.body["code"].as_str()), (status, Some(code)), "{why}: {}", res.text);
            assert!(res.body["message"].as_str().unwrap().contains(why), "{why}: {}", res.text);
        }
        // A cycle through the tenant's own cubes.
        assert_eq!(upload(&app, &ada, json!({"yaml": LOCATIONS})).await.status, StatusCode::CREATED);
        assert_eq!(upload(&app, &ada, json!({"yaml": AISLES})).await.status, StatusCode::CREATED);
        let back = format!("{LOCATIONS}joins:\n  - cube: aisle_faces\n    relationship: one_to_one\n    on: storage_locations.id = aisle_faces.id\n");
        let cycle = upload(&app, &ada, json!({"yaml": back})).await;
        assert_eq!((cycle.status, cycle.body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("cube_invalid")), "{}", cycle.text);
        assert!(cycle.body["message"].as_str().unwrap().contains("form a cycle"), "{}", cycle.text);
        // Shapes the API refuses before any cube is read.
        let odd = upload(&app, &ada, json!({"yaml": LOCATIONS, "sql": "DROP TABLE x"})).await;
        assert!(odd.status.is_client_error(), "{}", odd.text);
        let unknown = app.call(Method::GET, "/api/admin/cubes/no_such_cube", Some(&ada), None).await;
        assert_eq!((unknown.status, unknown.body["code"].as_str()), (StatusCode::NOT_FOUND, Some("cube_not_found")));
        // Nothing of the refused files was kept; the two good ones stand, unchanged.
        let list = app.call(Method::GET, "/api/admin/cubes", Some(&ada), None).await.body;
        let ours: Vec<(String, bool)> = names(&list).into_iter().filter(|(_, s)| !s).collect();
        assert_eq!(ours, [("aisle_faces".to_owned(), false), ("storage_locations".to_owned(), false)]);
        let stored = app.call(Method::GET, "/api/admin/cubes/storage_locations", Some(&ada), None).await;
        assert_eq!(stored.body["yaml"], LOCATIONS);
    }

    async fn another_tenant_has_no_cubes_to_add_and_cannot_reach_these(store) {
        let (app, _demo, _dave, _erin) = bi_app(store).await;
        let ada = admin(&app).await;
        assert_eq!(upload(&app, &ada, json!({"yaml": LOCATIONS})).await.status, StatusCode::CREATED);
        app.state.store.ensure_tenant("acme", "Acme").await.unwrap();
        app.state.store.ensure_facility("acme", "acme-1", "Acme One").await.unwrap();
        let hash = waybill_server::auth::password::hash(common::PASSWORD).unwrap();
        let olga = app.state.store.create_user(NewUser { email: "olga@acme.test", password_hash: &hash, first_name: None, user_name: "olga" }).await.unwrap();
        app.state.store.grant(&olga.id, "acme", &["acme-1"], true).await.unwrap();
        let olga = app.login("olga@acme.test").await;
        let list = app.call(Method::GET, "/api/admin/cubes", Some(&olga), None).await;
        assert_eq!(list.status, StatusCode::OK);
        assert_eq!(list.body, json!({"available": false, "cubes": []}));
        for (method, path, body) in [
            (Method::POST, "/api/admin/cubes", Some(json!({"yaml": LOCATIONS.replace("storage_locations", "acme_bins")}))),
            (Method::GET, "/api/admin/cubes/storage_locations", None),
            (Method::DELETE, "/api/admin/cubes/storage_locations", None),
        ] {
            let res = app.call(method, path, Some(&olga), body).await;
            assert_eq!((res.status, res.body["code"].as_str()), (StatusCode::CONFLICT, Some("bi_unavailable")), "{path}: {}", res.text);
        }
        let still = app.call(Method::GET, "/api/admin/cubes/storage_locations", Some(&ada), None).await;
        assert_eq!(still.status, StatusCode::OK);
    }
}
