//! The `business_systems` table on SQLite and PostgreSQL: tenant scoping, names unique per
//! tenant, the version caches follow, and catalogues loaded from it.

use waybill_store::{Store, backend_tests};
use waybill_systems::auth::AuthSettings;
use waybill_systems::catalogues::Catalogues;
use waybill_systems::records::{self, Kind, SystemRecord};
use waybill_systems::{SystemError, Systems};
use waybill_tools::Family;
use waybill_tools::sealing::Sealer;

const DOCUMENT: &str = r#"{"openapi": "3.1.0", "info": {"title": "Yard", "version": "2"}, "paths": {
  "/trailers": {"get": {"operationId": "listTrailers", "summary": "List trailers in the yard"}},
  "/trailers/{trailerId}/move": {"post": {"operationId": "moveTrailer", "summary": "Move a trailer to a door",
     "parameters": [{"name": "trailerId", "in": "path", "required": true, "schema": {"type": "string"}}]}}}}"#;

async fn migrated(store: &Store) {
    let m = Systems.migrations().expect("the family has tables");
    store.migrate_family("systems", m.sqlite, m.postgres).await.unwrap();
}

async fn record(tenant: &str, id: &str, name: &str, sealer: &Sealer) -> SystemRecord {
    let catalogue =
        waybill_openapi::import(waybill_openapi::Source { bytes: DOCUMENT.as_bytes().to_vec(), url: None }, &waybill_openapi::NoFetch, &Default::default())
            .await
            .unwrap();
    SystemRecord {
        id: id.into(),
        tenant_id: tenant.into(),
        name: name.into(),
        kind: Kind::Yms,
        base_url: "https://yard.example.com/api".into(),
        auth: AuthSettings::Bearer,
        sealed_secret: Some(sealer.seal(b"yard-token", id)),
        spec_url: None,
        operation_count: catalogue.operations.len() as i64,
        catalogue: serde_json::to_string(&catalogue).unwrap(),
        safe_operations: Vec::new(),
        built_in: false,
        created_at_ms: 1,
        updated_at_ms: 1,
    }
}

backend_tests! {
    async fn systems_are_scoped_to_their_tenant_and_named_once_per_tenant(store) {
        migrated(&store).await;
        let sealer = Sealer::ephemeral();
        let yard = record("t1", "s1", "Fontana YMS", &sealer).await;
        assert!(records::save(&store, &yard).await.unwrap());
        assert_eq!(records::list(&store, "t2").await.unwrap().len(), 0, "another tenant sees none");
        assert!(records::get(&store, "t2", "s1").await.unwrap().is_none());

        // Another tenant cannot take the row over by its id.
        let hijack = SystemRecord { base_url: "https://evil.example.com".into(), ..record("t2", "s1", "Mine", &sealer).await };
        assert!(!records::save(&store, &hijack).await.unwrap());
        assert_eq!(records::get(&store, "t1", "s1").await.unwrap().unwrap().base_url, "https://yard.example.com/api");

        let twin = record("t1", "s2", "Fontana YMS", &sealer).await;
        assert!(matches!(records::save(&store, &twin).await, Err(SystemError::NameTaken(_))));
        assert!(records::save(&store, &record("t2", "s3", "Fontana YMS", &sealer).await).await.unwrap(), "the name is free in another tenant");

        let stored = records::get(&store, "t1", "s1").await.unwrap().unwrap();
        assert_eq!(stored.auth(&sealer).unwrap().secret.as_deref(), Some("yard-token"));
        assert!(!stored.sealed_secret.as_deref().unwrap().contains("yard-token"));
        assert!(records::delete(&store, "t1", "s1").await.unwrap());
        assert!(!records::delete(&store, "t1", "s1").await.unwrap());
    }

    async fn the_catalogue_cache_follows_changes_and_marks_writes(store) {
        migrated(&store).await;
        let sealer = Sealer::ephemeral();
        let cache = Catalogues::default();
        assert!(cache.tenant(&store, "t1").await.unwrap().systems.is_empty());
        let mut yard = record("t1", "s1", "Fontana YMS", &sealer).await;
        records::save(&store, &yard).await.unwrap();
        let loaded = cache.tenant(&store, "t1").await.unwrap();
        let system = loaded.find("yms").expect("found by its kind");
        let moving = system.operation("moveTrailer").unwrap();
        assert!(system.writes(moving));
        assert!(!system.writes(system.operation("GET /trailers").unwrap()));
        assert_eq!(system.index.search("move trailer to door", 1)[0].operation, 1);

        yard.safe_operations = vec!["moveTrailer".into()];
        yard.updated_at_ms = 2;
        records::save(&store, &yard).await.unwrap();
        let reloaded = cache.tenant(&store, "t1").await.unwrap();
        let system = reloaded.find("Fontana YMS").unwrap();
        assert!(!system.writes(system.operation("moveTrailer").unwrap()), "marked safe by an admin");
        assert!(cache.tenant(&store, "t2").await.unwrap().find("yms").is_none());
    }
}
