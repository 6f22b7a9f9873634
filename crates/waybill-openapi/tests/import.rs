mod common;

use std::time::{Duration, Instant};

use common::{FMS_31_JSON, FakeFetch, WMS_30_YAML, YMS_31_YAML, op, standalone};
use serde_json::{Value, json};
use url::Url;
use waybill_openapi::{Catalogue, ImportError, Limits, Location, NoFetch, Source, import};

async fn try_import(text: &str) -> Result<Catalogue, ImportError> {
    import(Source { bytes: text.as_bytes().to_vec(), url: None }, &NoFetch, &Limits::default()).await
}

fn schema_of<'c>(catalogue: &'c Catalogue, key: &str, parameter: &str) -> &'c Value {
    &op(catalogue, key).parameters.iter().find(|p| p.name == parameter).unwrap_or_else(|| panic!("{key} has no parameter {parameter}")).schema
}

fn assert_no_refs(catalogue: &Catalogue) {
    let text = serde_json::to_string(catalogue).unwrap();
    assert!(!text.contains("$ref"), "a $ref was left in: {text}");
}

#[tokio::test]
async fn openapi_30_yaml_with_components_and_path_level_parameters() {
    let c = standalone(WMS_30_YAML).await;
    assert_eq!((c.title.as_str(), c.version.as_str(), c.openapi.as_str()), ("Northwind WMS", "2.4.1", "3.0.3"));
    assert_eq!(c.servers, ["https://acme.wms.example.com/api/v2", "/api/v2"]);
    let keys: Vec<&str> = c.operations.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "listInventory",
            "GET /items/{itemId}",
            "PATCH /items/{itemId}",
            "listInventoryByItem",
            "getLocationTree",
            "replaceLocationTree",
            "listOrders",
            "createOrder",
            "getOrder",
            "cancelOrder",
            "addOrderLine"
        ]
    );
    assert!(c.warnings.is_empty(), "{:?}", c.warnings);
    assert_no_refs(&c);

    // $ref'd parameters, the ignored Authorization header, a required header.
    let list = op(&c, "listInventory");
    let names: Vec<(&str, Location, bool)> = list.parameters.iter().map(|p| (p.name.as_str(), p.location, p.required)).collect();
    assert_eq!(
        names,
        [
            ("itemId", Location::Query, false),
            ("locationId", Location::Query, false),
            ("pageSize", Location::Query, false),
            ("pageToken", Location::Query, false),
            ("X-Facility-Id", Location::Header, true)
        ]
    );
    assert_eq!(list.parameters[2].description.as_deref(), Some("Records per page."));
    assert_eq!(list.parameters[2].schema, json!({"type": "integer", "minimum": 1, "maximum": 500, "default": 50}));
    assert_eq!(list.method, "GET");
    assert_eq!(list.tags, ["inventory"]);

    // Path-level parameters, overridden by name and location.
    let get = op(&c, "getOrder");
    assert_eq!(get.parameters.len(), 1);
    assert_eq!(get.parameters[0].description.as_deref(), Some("Order number, e.g. SO-10442."));
    assert_eq!(get.parameters[0].schema["pattern"], "^SO-[0-9]+$");
    let cancel = op(&c, "cancelOrder");
    assert!(cancel.deprecated);
    assert_eq!(cancel.parameters[0].description.as_deref(), Some("Order number (path level)."));
    let item = op(&c, "GET /items/{itemId}");
    assert_eq!(item.operation_id, None);
    assert_eq!(item.parameters[0].name, "itemId");
    assert!(item.parameters[0].required);

    // Schema refs inlined, 3.0 dialect converted.
    assert_eq!(schema_of(&c, "listOrders", "status"), &json!({"type": "string", "enum": ["open", "allocated", "picked", "shipped", "cancelled"]}));
    assert_eq!(schema_of(&c, "getLocationTree", "depth"), &json!({"type": "integer", "exclusiveMinimum": 0, "maximum": 10}));
    let patch = op(&c, "PATCH /items/{itemId}").body.as_ref().unwrap();
    assert_eq!(patch.content_type, "application/merge-patch+json");
    assert_eq!(patch.schema["properties"]["weightKg"]["type"], json!(["number", "null"]));

    // A $ref'd request body; JSON preferred over XML; read-only properties not required.
    let create = op(&c, "createOrder").body.as_ref().unwrap();
    assert!(create.required);
    assert_eq!(create.content_type, "application/json");
    assert_eq!(create.schema["required"], json!(["customerId", "lines"]));
    assert_eq!(create.schema["properties"]["lines"]["items"]["properties"]["quantity"], json!({"type": "integer", "minimum": 1}));
    assert_eq!(create.schema["properties"]["lines"]["items"]["properties"]["lot"]["type"], json!(["string", "null"]));
    assert_eq!(create.schema["properties"]["status"]["enum"][0], "open");
}

#[tokio::test]
async fn a_recursive_schema_is_cut_where_it_repeats() {
    let c = standalone(WMS_30_YAML).await;
    let tree = &op(&c, "replaceLocationTree").body.as_ref().unwrap().schema;
    assert_eq!(tree["properties"]["kind"]["enum"][4], "bin");
    assert_eq!(tree["properties"]["children"]["items"], json!({"type": "object", "description": "(recursive: LocationNode)"}));
}

#[tokio::test]
async fn openapi_31_json_with_duplicate_ids_and_3_1_schemas() {
    let c = standalone(FMS_31_JSON).await;
    assert_eq!((c.title.as_str(), c.openapi.as_str()), ("Freight Management", "3.1.0"));
    assert_no_refs(&c);
    let keys: Vec<&str> = c.operations.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(keys, ["quoteRates", "searchShipments", "createShipment", "getShipment", "GET /shipments/{shipmentId}/tracking-events", "getShipment_2"]);
    let second = op(&c, "getShipment_2");
    assert_eq!((second.operation_id.as_deref(), second.path.as_str()), (Some("getShipment"), "/v2/shipments/{shipmentId}"));

    // A description beside a parameter $ref wins over the referenced one's.
    assert_eq!(op(&c, "getShipment").parameters[0].description.as_deref(), Some("The shipment, e.g. SH-2291."));
    assert_eq!(op(&c, "getShipment_2").parameters[0].description.as_deref(), Some("Shipment id."));
    assert_eq!(op(&c, "GET /shipments/{shipmentId}/tracking-events").parameters.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["shipmentId", "limit"]);

    // A parameter described by `content` instead of `schema`.
    assert_eq!(schema_of(&c, "searchShipments", "filter")["properties"]["lane"]["type"], "string");
    assert_eq!(schema_of(&c, "searchShipments", "status")["items"]["enum"][2], "in_transit");

    let body = &op(&c, "createShipment").body.as_ref().unwrap().schema;
    // A $ref with annotations beside it: the annotations win.
    assert_eq!(
        body["properties"]["carrier"],
        json!({"type": "string", "minLength": 2, "maxLength": 4, "examples": ["DHL", "UPS"], "description": "Carrier code, e.g. DHL."})
    );
    // A $ref with keywords beside it (3.1): both apply.
    let destination = &body["properties"]["destination"];
    assert_eq!(destination["required"], json!(["street"]));
    assert_eq!(destination["allOf"][0]["required"], json!(["country", "postalCode"]));
}

#[tokio::test]
async fn openapi_31_yaml_without_operation_ids() {
    let c = standalone(YMS_31_YAML).await;
    assert_eq!((c.title.as_str(), c.version.as_str(), c.openapi.as_str()), ("Yard Management", "3", "3.1.1"));
    assert!(c.servers.is_empty());
    let keys: Vec<&str> = c.operations.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(keys, ["GET /appointments", "POST /appointments", "DELETE /appointments/{appointmentId}", "GET /trailers", "POST /trailers/{trailerId}/move"]);
    assert!(c.operations.iter().all(|o| o.operation_id.is_none()));
    assert_eq!(op(&c, "POST /appointments").body.as_ref().unwrap().content_type, "application/x-www-form-urlencoded");
    assert!(!op(&c, "POST /appointments").body.as_ref().unwrap().required);
}

#[tokio::test]
async fn json_and_yaml_of_one_description_import_alike() {
    let yaml = String::from_utf8(FMS_31_JSON.to_vec()).unwrap();
    // JSON is YAML; written as block YAML it must give the same catalogue.
    let value: Value = serde_json::from_str(&yaml).unwrap();
    let block = to_block_yaml(&value, 0);
    assert!(!block.trim_start().starts_with('{'));
    assert_eq!(standalone(block.as_bytes()).await, standalone(FMS_31_JSON).await);
}

/// A small YAML writer for the test above: block style, every string quoted.
fn to_block_yaml(value: &Value, indent: usize) -> String {
    let pad = " ".repeat(indent);
    match value {
        Value::Object(map) if !map.is_empty() => map
            .iter()
            .map(|(k, v)| match v {
                Value::Object(m) if !m.is_empty() => format!("{pad}{}:\n{}", json!(k), to_block_yaml(v, indent + 2)),
                Value::Array(a) if !a.is_empty() => format!("{pad}{}:\n{}", json!(k), to_block_yaml(v, indent + 2)),
                _ => format!("{pad}{}: {}\n", json!(k), v),
            })
            .collect(),
        Value::Array(items) if !items.is_empty() => items
            .iter()
            .map(|v| match v {
                Value::Object(m) if !m.is_empty() => format!("{pad}-\n{}", to_block_yaml(v, indent + 2)),
                Value::Array(a) if !a.is_empty() => format!("{pad}-\n{}", to_block_yaml(v, indent + 2)),
                _ => format!("{pad}- {v}\n"),
            })
            .collect(),
        other => format!("{pad}{other}\n"),
    }
}

#[tokio::test]
async fn a_catalogue_round_trips_through_json() {
    for fixture in [WMS_30_YAML, FMS_31_JSON, YMS_31_YAML] {
        let c = standalone(fixture).await;
        let back: Catalogue = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(back, c);
    }
}

const SPLIT_ROOT: &str = "https://wms.example.com/specs/root.yaml";

fn split_fetch() -> FakeFetch {
    FakeFetch::default()
        .with("https://wms.example.com/specs/common.yaml", include_bytes!("fixtures/split/common.yaml"))
        .with("https://wms.example.com/specs/paths/pallets.yaml", include_bytes!("fixtures/split/paths/pallets.yaml"))
        .with("https://units.example.org/units.json", include_bytes!("fixtures/split/units.json"))
}

fn split_source() -> Source {
    Source { bytes: include_bytes!("fixtures/split/root.yaml").to_vec(), url: Some(Url::parse(SPLIT_ROOT).unwrap()) }
}

#[tokio::test]
async fn cross_document_references_are_fetched_once_each_through_fetch() {
    let fetch = split_fetch();
    let c = import(split_source(), &fetch, &Limits::default()).await.unwrap();
    assert_no_refs(&c);
    assert_eq!(schema_of(&c, "listPallets", "site"), &json!({"type": "string", "enum": ["ams1", "rtm2"]}));
    let pallet = &op(&c, "createPallet").body.as_ref().unwrap().schema;
    assert_eq!(pallet["properties"]["sku"], json!({"type": "string", "minLength": 3}));
    assert_eq!(pallet["properties"]["quantity"], json!({"type": "integer", "minimum": 1, "description": "Units of the SKU."}));
    // A path item in another folder whose parameter refers back up with `../`.
    let get = op(&c, "getPallet");
    assert_eq!(get.path, "/pallets/{palletId}");
    assert_eq!(get.description.as_deref(), Some("One pallet."));
    assert_eq!(get.parameters[0].schema["pattern"], "^[0-9]{18}$");

    let mut calls = fetch.calls();
    calls.sort();
    assert_eq!(
        calls,
        ["https://units.example.org/units.json", "https://wms.example.com/specs/common.yaml", "https://wms.example.com/specs/paths/pallets.yaml"]
    );
}

#[tokio::test]
async fn a_refused_fetch_surfaces_in_the_error() {
    let fetch = split_fetch().failing("https://units.example.org/units.json", "refused: units.example.org resolves to a private address (10.0.0.5)");
    let error = import(split_source(), &fetch, &Limits::default()).await.unwrap_err();
    assert_eq!(
        error,
        ImportError::Fetch {
            url: "https://units.example.org/units.json".into(),
            message: "refused: units.example.org resolves to a private address (10.0.0.5)".into()
        }
    );
    assert!(error.to_string().contains("private address"), "{error}");
}

#[tokio::test]
async fn documents_are_counted() {
    let limits = Limits { max_documents: 3, ..Limits::default() };
    let error = import(split_source(), &split_fetch(), &limits).await.unwrap_err();
    assert_eq!(error, ImportError::TooManyDocuments { limit: 3 });
}

#[tokio::test]
async fn a_fetched_document_over_the_size_limit_is_refused() {
    let fetch = split_fetch().with("https://units.example.org/units.json", &vec![b' '; 2048]);
    let limits = Limits { max_bytes: 1024, ..Limits::default() };
    let source = Source { bytes: include_bytes!("fixtures/split/root.yaml").to_vec(), url: Some(Url::parse(SPLIT_ROOT).unwrap()) };
    let error = import(source, &fetch, &limits).await.unwrap_err();
    assert!(matches!(&error, ImportError::TooLarge { document, size: 2048, limit: 1024 } if document == "https://units.example.org/units.json"), "{error:?}");
}

const REF_TO: &str = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /x:\n    get:\n      parameters:\n        - name: p\n          in: query\n          schema:\n            $ref: 'TARGET'\n";

async fn import_ref(target: &str, url: Option<&str>, fetch: &FakeFetch) -> Result<Catalogue, ImportError> {
    let source = Source { bytes: REF_TO.replace("TARGET", target).into_bytes(), url: url.map(|u| Url::parse(u).unwrap()) };
    import(source, fetch, &Limits::default()).await
}

#[tokio::test]
async fn file_and_other_schemes_are_refused_without_fetching() {
    for (target, base, scheme) in [
        ("file:///etc/passwd#/x", None, "file"),
        ("file:///etc/passwd#/x", Some("https://wms.example.com/openapi.yaml"), "file"),
        ("common.yaml#/x", Some("file:///srv/specs/openapi.yaml"), "file"),
        ("ftp://files.example.com/common.yaml#/x", None, "ftp"),
        ("data:application/json,%7B%7D", None, "data"),
        ("C:\\specs\\common.yaml#/x", None, "c"),
    ] {
        let fetch = FakeFetch::default();
        let error = import_ref(target, base, &fetch).await.unwrap_err();
        match &error {
            ImportError::RefRefused { reference, reason, .. } => {
                assert_eq!(reference, target);
                assert!(reason.contains(&format!("not {scheme}:")), "{error}");
            }
            other => panic!("{target}: {other:?}"),
        }
        assert!(fetch.calls().is_empty());
    }
}

#[tokio::test]
async fn a_relative_reference_without_a_document_url_is_refused() {
    let fetch = FakeFetch::default();
    let error = import_ref("common.yaml#/components/schemas/Sku", None, &fetch).await.unwrap_err();
    assert!(matches!(&error, ImportError::RefRefused { reason, .. } if reason.contains("no URL")), "{error:?}");
    assert!(error.to_string().contains("common.yaml#/components/schemas/Sku"), "{error}");
    assert!(fetch.calls().is_empty());
}

#[tokio::test]
async fn a_reference_to_nothing_is_reported() {
    let error = import_ref("#/components/schemas/Missing", None, &FakeFetch::default()).await.unwrap_err();
    assert!(matches!(&error, ImportError::RefNotFound { reference, .. } if reference == "#/components/schemas/Missing"), "{error:?}");
    let error = import_ref("#Sku", None, &FakeFetch::default()).await.unwrap_err();
    assert!(error.to_string().contains("not a JSON pointer"), "{error}");
}

#[tokio::test]
async fn pointers_are_unescaped_and_percent_decoded() {
    let doc = r##"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
      "paths": {"/x": {"get": {"parameters": [
        {"name": "a", "in": "query", "schema": {"$ref": "#/components/schemas/a~1b"}},
        {"name": "b", "in": "query", "schema": {"$ref": "#/components/schemas/with%20space"}},
        {"name": "c", "in": "query", "schema": {"$ref": "#/components/schemas/tilde~0d"}},
        {"name": "d", "in": "query", "schema": {"$ref": "#/paths/~1x/get/parameters/0/schema"}}]}}},
      "components": {"schemas": {"a/b": {"type": "integer"}, "with space": {"type": "boolean"}, "tilde~d": {"type": "number"}}}}"##;
    let c = try_import(doc).await.unwrap();
    let types: Vec<&Value> = c.operations[0].parameters.iter().map(|p| &p.schema["type"]).collect();
    assert_eq!(types, [&json!("integer"), &json!("boolean"), &json!("number"), &json!("integer")]);
}

const CYCLES: &str = r##"{"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
  "paths": {"/x": {"post": {
    "parameters": [{"$ref": "#/components/parameters/P"}],
    "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/START"}}}}}}},
  "components": {
    "parameters": {"P": {"name": "p", "in": "query"}, "Q": {"$ref": "#/components/parameters/R"}, "R": {"$ref": "#/components/parameters/Q"}},
    "schemas": {
      "A": {"$ref": "#/components/schemas/B"},
      "B": {"$ref": "#/components/schemas/A", "description": "annotations do not break a cycle"},
      "Self": {"$ref": "#/components/schemas/Self"},
      "Ok": {"type": "string"},
      "Category": {"type": "object", "properties": {"parent": {"$ref": "#/components/schemas/Category", "description": "The parent."}, "path": {"type": "array", "items": {"$ref": "#/components/schemas/Category"}}}},
      "Ping": {"type": "object", "properties": {"pong": {"$ref": "#/components/schemas/Pong"}}},
      "Pong": {"type": "object", "properties": {"ping": {"$ref": "#/components/schemas/Ping"}}}
    }}}"##;

#[tokio::test]
async fn a_pure_reference_cycle_is_an_error() {
    let cycle = CYCLES.replace("START", "A");
    let error = try_import(&cycle).await.unwrap_err();
    assert_eq!(
        error,
        ImportError::CyclicRef { chain: vec!["#/components/schemas/A".into(), "#/components/schemas/B".into(), "#/components/schemas/A".into()] }
    );
    assert!(error.to_string().starts_with("cyclic $ref: #/components/schemas/A → #/components/schemas/B"), "{error}");

    let error = try_import(&CYCLES.replace("START", "Self")).await.unwrap_err();
    assert_eq!(error, ImportError::CyclicRef { chain: vec!["#/components/schemas/Self".into(), "#/components/schemas/Self".into()] });

    let error = try_import(&CYCLES.replace("START", "Ok").replace("parameters/P\"", "parameters/Q\"")).await.unwrap_err();
    assert!(matches!(error, ImportError::CyclicRef { .. }), "{error:?}");
}

#[tokio::test]
async fn recursive_schemas_are_finite_once_inlined() {
    let c = try_import(&CYCLES.replace("START", "Category")).await.unwrap();
    let category = &c.operations[0].body.as_ref().unwrap().schema;
    assert_eq!(category["properties"]["parent"], json!({"type": "object", "description": "The parent. (recursive: Category)"}));
    assert_eq!(category["properties"]["path"]["items"], json!({"type": "object", "description": "(recursive: Category)"}));

    let c = try_import(&CYCLES.replace("START", "Ping")).await.unwrap();
    let ping = &c.operations[0].body.as_ref().unwrap().schema;
    assert_eq!(ping["properties"]["pong"]["properties"]["ping"], json!({"type": "object", "description": "(recursive: Ping)"}));
}

fn deep_document(start: &str) -> String {
    let chain: Vec<String> = (0..70).map(|i| format!("\"S{i}\": {{\"$ref\": \"#/components/schemas/S{}\"}}", i + 1)).collect();
    let nested: Vec<String> = (0..70)
        .map(|i| format!("\"N{i}\": {{\"type\": \"object\", \"properties\": {{\"next\": {{\"$ref\": \"#/components/schemas/N{}\"}}}}}}", i + 1))
        .collect();
    format!(
        r##"{{"openapi": "3.0.3", "info": {{"title": "t", "version": "1"}}, "paths": {{"/x": {{"get": {{"parameters": [{{"name": "p", "in": "query", "schema": {{"$ref": "#/components/schemas/{start}"}}}}]}}}}}},
        "components": {{"schemas": {{{}, {}, "S70": {{"type": "string"}}, "N70": {{"type": "string"}}}}}}}}"##,
        chain.join(","),
        nested.join(",")
    )
}

#[tokio::test]
async fn reference_chains_are_bounded() {
    let doc = deep_document("S0");
    let error = try_import(&doc).await.unwrap_err();
    assert_eq!(error, ImportError::RefTooDeep { reference: "#/components/schemas/S64".into(), limit: 64 });
    let limits = Limits { max_ref_depth: 100, ..Limits::default() };
    let c = import(Source { bytes: doc.into_bytes(), url: None }, &NoFetch, &limits).await.unwrap();
    assert_eq!(c.operations[0].parameters[0].schema, json!({"type": "string"}));
}

#[tokio::test]
async fn deeply_nested_schemas_are_cut_so_a_stored_catalogue_reads_back() {
    let c = try_import(&deep_document("N0")).await.unwrap();
    assert!(c.warnings[0].contains("cut short"), "{:?}", c.warnings);
    let text = serde_json::to_string(&c).unwrap();
    assert!(text.contains("(nested too deeply to show)"));
    let back: Catalogue = serde_json::from_str(&text).expect("within serde_json's recursion limit");
    assert_eq!(back, c);

    let limits = Limits { max_ref_depth: 20, ..Limits::default() };
    let error = import(Source { bytes: deep_document("N0").into_bytes(), url: None }, &NoFetch, &limits).await.unwrap_err();
    assert!(matches!(error, ImportError::RefTooDeep { limit: 20, .. }), "{error:?}");
}

#[tokio::test]
async fn a_reference_graph_that_multiplies_is_cut_short_with_a_warning() {
    // Each level has ten properties referring to the next: 10^12 nodes if expanded.
    let levels: Vec<String> = (0..12)
        .map(|i| {
            let properties: Vec<String> = (0..10).map(|p| format!("\"p{p}\": {{\"$ref\": \"#/components/schemas/L{}\"}}", i + 1)).collect();
            format!("\"L{i}\": {{\"type\": \"object\", \"properties\": {{{}}}}}", properties.join(","))
        })
        .collect();
    let doc = format!(
        r##"{{"openapi": "3.0.3", "info": {{"title": "t", "version": "1"}}, "paths": {{"/x": {{"post": {{"requestBody": {{"content": {{"application/json": {{"schema": {{"$ref": "#/components/schemas/L0"}}}}}}}}}}}}}},
        "components": {{"schemas": {{{}, "L12": {{"type": "string"}}}}}}}}"##,
        levels.join(",")
    );
    let started = Instant::now();
    let c = try_import(&doc).await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    let text = serde_json::to_string(&c.operations[0].body).unwrap();
    assert!(text.contains("(not expanded: L"), "cut short");
    assert!(text.len() < 2_000_000, "{} bytes", text.len());
    assert_eq!(c.warnings.len(), 1, "{:?}", c.warnings);
    assert!(c.warnings[0].starts_with("POST /x request body: the schema was cut short"), "{:?}", c.warnings);

    let limits = Limits { max_total_nodes: 5_000, ..Limits::default() };
    let error = import(Source { bytes: doc.into_bytes(), url: None }, &NoFetch, &limits).await.unwrap_err();
    assert_eq!(error, ImportError::TooManyNodes { limit: 5_000 });
}

#[tokio::test]
async fn a_50_mb_document_is_refused_before_parsing() {
    let bytes = vec![b'{'; 50 * 1024 * 1024];
    let started = Instant::now();
    let error = import(Source { bytes, url: None }, &NoFetch, &Limits::default()).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_millis(200), "{:?}", started.elapsed());
    assert_eq!(error, ImportError::TooLarge { document: "the document".into(), size: 50 * 1024 * 1024, limit: 10 * 1024 * 1024 });
    assert_eq!(error.to_string(), "the document is 52428800 bytes, over the limit of 10485760 bytes");
}

#[tokio::test]
async fn versions_other_than_3_0_and_3_1_are_refused_by_name() {
    let cases: [(&str, ImportError, &str); 9] = [
        ("swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}\n", ImportError::Swagger { found: "2.0".into() }, "Swagger 2.0"),
        ("{\"swagger\": \"2.0\", \"paths\": {}}", ImportError::Swagger { found: "2.0".into() }, "Swagger 2.0"),
        ("openapi: 4.0\npaths: {}\n", ImportError::UnsupportedVersion { found: "4.0".into() }, "OpenAPI version 4.0 is not supported"),
        ("openapi: 3.2.0\npaths: {}\n", ImportError::UnsupportedVersion { found: "3.2.0".into() }, "3.2.0"),
        ("openapi: 3.10.0\npaths: {}\n", ImportError::UnsupportedVersion { found: "3.10.0".into() }, "3.10.0"),
        ("info: {title: t}\npaths: {}\n", ImportError::NoVersion, "no `openapi` version"),
        ("- openapi\n- 3.0.0\n", ImportError::NotAnObject { found: "a list".into() }, "top level is a list"),
        ("just some text", ImportError::NotAnObject { found: "a string".into() }, "a string"),
        ("openapi: 3.1.0\ninfo: {title: t, version: '1'}\nwebhooks: {}\n", ImportError::NoPaths, "no `paths`"),
    ];
    for (doc, expected, words) in cases {
        let error = try_import(doc).await.unwrap_err();
        assert_eq!(error, expected, "{doc}");
        assert!(error.to_string().contains(words), "{error}");
    }
    // YAML reads an unquoted 3.0 as a number; it is still 3.0.
    let c = try_import("openapi: 3.0\ninfo: {title: t, version: 1.10}\npaths: {}\n").await.unwrap();
    assert_eq!((c.openapi.as_str(), c.version.as_str()), ("3.0", "1.1"));
}

#[tokio::test]
async fn broken_text_is_a_syntax_error() {
    for doc in ["{\"openapi\": \"3.0.0\",", "openapi: [3.0\n  paths: :", "\u{0}\u{1}"] {
        let error = try_import(doc).await.unwrap_err();
        assert!(matches!(error, ImportError::Syntax { .. }), "{doc:?}: {error:?}");
    }
    let error = import(Source { bytes: vec![0xff, 0xfe, b'a'], url: None }, &NoFetch, &Limits::default()).await.unwrap_err();
    assert!(error.to_string().contains("not UTF-8"), "{error}");
}

#[tokio::test]
async fn a_yaml_alias_bomb_is_refused_quickly() {
    let mut bomb = String::from(
        "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\nx-lol0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n",
    );
    for i in 1..10 {
        let p = i - 1;
        bomb.push_str(&format!("x-lol{i}: &a{i} [*a{p},*a{p},*a{p},*a{p},*a{p},*a{p},*a{p},*a{p},*a{p}]\n"));
    }
    let started = Instant::now();
    let error = try_import(&bomb).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    assert!(matches!(&error, ImportError::Syntax { message, .. } if message.starts_with("invalid YAML")), "{error:?}");

    // A few levels of the same are an ordinary, bounded document.
    let small: String = bomb.lines().take(6).map(|l| format!("{l}\n")).collect();
    try_import(&small).await.unwrap();
}

#[tokio::test]
async fn yaml_anchors_for_shared_parts_are_fine() {
    let mut doc = String::from("openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n");
    doc.push_str("  /a0:\n    get:\n      parameters:\n        - &page {name: page, in: query, schema: {type: integer}}\n");
    for i in 1..300 {
        doc.push_str(&format!("  /a{i}:\n    get:\n      parameters:\n        - *page\n"));
    }
    let c = try_import(&doc).await.unwrap();
    assert_eq!(c.operations.len(), 300);
    assert!(c.operations.iter().all(|o| o.parameters[0].name == "page"));
}

#[tokio::test]
async fn operations_are_counted() {
    let limits = Limits { max_operations: 3, ..Limits::default() };
    let error = import(Source { bytes: WMS_30_YAML.to_vec(), url: None }, &NoFetch, &limits).await.unwrap_err();
    assert_eq!(error, ImportError::TooManyOperations { limit: 3 });
}

#[tokio::test]
async fn malformed_parts_are_left_out_with_a_warning() {
    let doc = r##"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
      "paths": {"orders": {"get": {}}, "/x": {"get": {"parameters": [{"in": "query"}, {"name": "ok", "in": "query"}, {"name": "bad", "in": "body"}]}, "x-internal": true}}}"##;
    let c = try_import(doc).await.unwrap();
    assert_eq!(c.operations.len(), 1);
    assert_eq!(c.operations[0].parameters.len(), 1);
    assert_eq!(c.operations[0].parameters[0].schema, json!({}));
    assert_eq!(c.warnings.len(), 3, "{:?}", c.warnings);
    assert!(c.warnings.iter().any(|w| w == "path 'orders' does not start with '/': left out"), "{:?}", c.warnings);
    assert!(c.warnings.iter().any(|w| w == "GET /x: parameter 3 has no name or no valid `in`: left out"), "{:?}", c.warnings);
}

#[tokio::test]
async fn health_and_metrics_endpoints_are_not_offered() {
    let doc = r##"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
      "paths": {"/health": {"get": {}}, "/metrics": {"get": {}}, "/ready": {"get": {}}, "/api/v1/health/live": {"get": {}},
                "/actuator/health": {"get": {}}, "/orders": {"get": {"operationId": "listOrders"}},
                "/orders/{id}/health-check": {"get": {"operationId": "orderHealth"}}, "/v2/readyz": {"get": {}}}}"##;
    let c = try_import(doc).await.unwrap();
    let keys: Vec<&str> = c.operations.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(keys, ["listOrders", "orderHealth"], "a business path that merely ends in a probe word stays");
    assert_eq!(c.warnings.len(), 6, "{:?}", c.warnings);
    assert!(
        c.warnings.contains(&"path '/metrics' is the service's own health or metrics endpoint, not business data: left out".to_owned()),
        "{:?}",
        c.warnings
    );
}

#[tokio::test]
async fn servers_relative_to_the_document_url_are_resolved() {
    let source = Source { bytes: WMS_30_YAML.to_vec(), url: Some(Url::parse("https://docs.example.com/wms/openapi.yaml").unwrap()) };
    let c = import(source, &NoFetch, &Limits::default()).await.unwrap();
    assert_eq!(c.servers, ["https://acme.wms.example.com/api/v2", "https://docs.example.com/api/v2"]);
}

#[test]
fn the_import_future_can_move_between_threads() {
    fn is_send<T: Send>(_: T) {}
    is_send(import(Source { bytes: Vec::new(), url: None }, &NoFetch, &Limits::default()));
}

#[tokio::test]
async fn cross_document_cycles_and_references_back_to_the_root() {
    let root = "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /x:\n    get:\n      parameters:\n        - {name: a, in: query, schema: {$ref: 'other.yaml#/Loop'}}\n        - {name: b, in: query, schema: {$ref: 'other.yaml#/Back'}}\n        - {name: c, in: query, schema: {$ref: 'https://wms.example.com/specs/root.yaml#/components/schemas/Code'}}\ncomponents:\n  schemas:\n    Code: {type: string, maxLength: 8}\n    Loop: {$ref: 'other.yaml#/Loop'}\n";
    let other = "Loop: {$ref: 'root.yaml#/components/schemas/Loop'}\nBack: {$ref: 'root.yaml#/components/schemas/Code'}\n";
    let fetch = FakeFetch::default().with("https://wms.example.com/specs/other.yaml", other.as_bytes());
    let source = Source { bytes: root.as_bytes().to_vec(), url: Some(Url::parse(SPLIT_ROOT).unwrap()) };
    let error = import(source, &fetch, &Limits::default()).await.unwrap_err();
    assert_eq!(
        error,
        ImportError::CyclicRef {
            chain: vec![
                "https://wms.example.com/specs/other.yaml#/Loop".into(),
                "https://wms.example.com/specs/root.yaml#/components/schemas/Loop".into(),
                "https://wms.example.com/specs/other.yaml#/Loop".into()
            ]
        }
    );

    let fixed = root.replace("{$ref: 'other.yaml#/Loop'}}", "{type: integer}}");
    let source = Source { bytes: fixed.into_bytes(), url: Some(Url::parse(SPLIT_ROOT).unwrap()) };
    let c = import(source, &fetch, &Limits::default()).await.unwrap();
    let schemas: Vec<&Value> = c.operations[0].parameters.iter().map(|p| &p.schema).collect();
    assert_eq!(schemas, [&json!({"type": "integer"}), &json!({"type": "string", "maxLength": 8}), &json!({"type": "string", "maxLength": 8})]);
    // The root is never fetched: it is known by its URL.
    assert_eq!(fetch.calls(), ["https://wms.example.com/specs/other.yaml"; 2]);
}

#[tokio::test]
async fn a_large_yaml_document_within_the_limits_imports() {
    // Well over serde-saphyr's default budget of 250,000 nodes.
    let mut doc = String::from("openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /x:\n    get:\n      summary: s\nx-data:\n");
    for i in 0..100_000 {
        doc.push_str(&format!("  - [{i}, b, c]\n"));
    }
    assert!(doc.len() < Limits::default().max_bytes);
    let c = try_import(&doc).await.unwrap();
    assert_eq!(c.operations.len(), 1);
}
