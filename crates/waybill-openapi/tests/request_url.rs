mod common;

use serde_json::{Map, Value, json};
use url::Url;
use waybill_openapi::{CallArgs, Location, Operation, Parameter, UrlError, request_url};

fn operation(path: &str) -> Operation {
    Operation {
        key: "op".into(),
        operation_id: None,
        method: "GET".into(),
        path: path.into(),
        summary: None,
        description: None,
        tags: Vec::new(),
        parameters: vec![Parameter { name: "orderId".into(), location: Location::Path, required: true, description: None, schema: json!({"type": "string"}) }],
        body: None,
        deprecated: false,
    }
}

fn path_args(value: Value) -> CallArgs {
    CallArgs { path: Map::from_iter([("orderId".to_owned(), value)]), ..CallArgs::default() }
}

fn base() -> Url {
    Url::parse("https://wms.example.com/api/v2").unwrap()
}

fn order_url(value: Value) -> Result<Url, UrlError> {
    request_url(&base(), &operation("/orders/{orderId}/lines"), &path_args(value))
}

#[test]
fn the_path_joins_the_base_path() {
    for base in ["https://wms.example.com/api/v2", "https://wms.example.com/api/v2/", "https://wms.example.com/api/v2#top"] {
        let url = request_url(&Url::parse(base).unwrap(), &operation("/orders/{orderId}"), &path_args(json!("SO-10442"))).unwrap();
        assert_eq!(url.as_str(), "https://wms.example.com/api/v2/orders/SO-10442");
    }
    let url = request_url(&Url::parse("https://wms.example.com").unwrap(), &operation("/orders/{orderId}"), &path_args(json!(42))).unwrap();
    assert_eq!(url.as_str(), "https://wms.example.com/orders/42");
    let url = request_url(&Url::parse("http://127.0.0.1:8080/wms").unwrap(), &operation("/orders/{orderId}"), &path_args(json!("A B/é"))).unwrap();
    assert_eq!(url.as_str(), "http://127.0.0.1:8080/wms/orders/A%20B%2F%C3%A9");
}

#[test]
fn query_parameters_are_appended_arrays_repeated() {
    let mut args = path_args(json!("SO-1"));
    args.query = Map::from_iter([
        ("pageSize".to_owned(), json!(20)),
        ("status".to_owned(), json!(["open", "picked"])),
        ("note".to_owned(), json!("a&b=c d")),
        ("skip".to_owned(), Value::Null),
        ("hazmat".to_owned(), json!(false)),
    ]);
    let url = request_url(&base(), &operation("/orders/{orderId}/lines"), &args).unwrap();
    assert_eq!(url.as_str(), "https://wms.example.com/api/v2/orders/SO-1/lines?hazmat=false&note=a%26b%3Dc+d&pageSize=20&status=open&status=picked");
    let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
    assert_eq!(pairs[1], ("note".into(), "a&b=c d".into()));
}

/// Whatever the value, the request stays on the base's origin and under its path, as one
/// segment.
#[test]
fn hostile_path_values_stay_one_segment_under_the_base() {
    for (value, segment) in [
        ("../admin", "..%2Fadmin"),
        ("../../../../etc/passwd", "..%2F..%2F..%2F..%2Fetc%2Fpasswd"),
        ("%2e%2e", "%252e%252e"),
        ("%2e%2e%2fadmin", "%252e%252e%252fadmin"),
        ("..%2F..%2Fadmin", "..%252F..%252Fadmin"),
        ("@evil.host", "%40evil.host"),
        ("user@evil.host:443", "user%40evil.host%3A443"),
        ("http://evil/", "http%3A%2F%2Fevil%2F"),
        ("//evil.host/x", "%2F%2Fevil.host%2Fx"),
        ("a/b?c#d", "a%2Fb%3Fc%23d"),
        ("\\..\\admin", "%5C..%5Cadmin"),
        ("x\r\nHost: evil", "x%0D%0AHost%3A%20evil"),
        ("100%", "100%25"),
        ("..a", "..a"),
    ] {
        let url = order_url(json!(value)).unwrap_or_else(|e| panic!("{value}: {e}"));
        assert_eq!((url.scheme(), url.host_str(), url.port_or_known_default()), ("https", Some("wms.example.com"), Some(443)), "{value}");
        assert_eq!(url.path(), format!("/api/v2/orders/{segment}/lines"), "{value}");
        assert_eq!(url.query(), None, "{value}");
        assert_eq!(url.fragment(), None, "{value}");
    }
}

#[test]
fn dot_segments_are_refused() {
    for value in ["..", ".", "...", "..;", "..;jsessionid=x"] {
        assert_eq!(order_url(json!(value)), Err(UrlError::DotSegment("orderId".into())), "{value}");
    }
    // Two parameters that make `..` together.
    let mut op = operation("/files/{a}{b}");
    op.parameters.clear();
    let args = CallArgs { path: Map::from_iter([("a".to_owned(), json!(".")), ("b".to_owned(), json!("."))]), ..CallArgs::default() };
    assert_eq!(request_url(&base(), &op, &args), Err(UrlError::DotSegment("b".into())));
    // A document's own template may not climb either.
    assert_eq!(
        request_url(&base(), &operation("/orders/../admin/{orderId}"), &path_args(json!("1"))),
        Err(UrlError::DotInTemplate("/orders/../admin/{orderId}".into()))
    );
    assert_eq!(
        request_url(&base(), &operation("/orders/%2e%2e/{orderId}"), &path_args(json!("1"))),
        Err(UrlError::DotInTemplate("/orders/%2e%2e/{orderId}".into()))
    );
}

#[test]
fn missing_empty_and_object_values_are_refused() {
    assert_eq!(request_url(&base(), &operation("/orders/{orderId}"), &CallArgs::default()), Err(UrlError::MissingPathParameter("orderId".into())));
    assert_eq!(order_url(Value::Null), Err(UrlError::MissingPathParameter("orderId".into())));
    assert_eq!(order_url(json!("")), Err(UrlError::EmptyPathParameter("orderId".into())));
    assert!(matches!(order_url(json!({"a": 1})), Err(UrlError::Unsupported { .. })));
    assert_eq!(order_url(json!(["a", "b/c"])).unwrap().path(), "/api/v2/orders/a%2Cb%2Fc/lines");
}

#[test]
fn a_template_with_query_or_fragment_characters_stays_in_the_path() {
    let url = request_url(&base(), &operation("/orders/{orderId}?admin=1#x"), &path_args(json!("1"))).unwrap();
    assert_eq!(url.path(), "/api/v2/orders/1%3Fadmin=1%23x");
    assert_eq!(url.query(), None);
    // Escapes already in a template are kept; a stray `%` is encoded.
    let url = request_url(&base(), &operation("/files/a%20b/100%/{orderId}"), &path_args(json!("1"))).unwrap();
    assert_eq!(url.path(), "/api/v2/files/a%20b/100%25/1");
}

#[test]
fn only_http_bases_are_accepted() {
    for base in ["ftp://wms.example.com/api", "file:///srv/api", "mailto:ops@example.com", "data:text/plain,x"] {
        let base = Url::parse(base).unwrap();
        assert!(matches!(request_url(&base, &operation("/orders/{orderId}"), &path_args(json!("1"))), Err(UrlError::BadBase(_))), "{base}");
    }
}
