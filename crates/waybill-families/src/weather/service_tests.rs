//! `weatherTool` against fake Open-Meteo geocoding and forecast servers that answer in
//! Open-Meteo's own JSON: the place is found and qualified, the forecast query is what
//! the API expects, and an unknown place, an API error, an unreachable service and a
//! refused private address are clear errors.

use serde_json::{Value, json};
use waybill_testkit::{Canned, FakeServer};
use waybill_tools::lang::Lang;
use waybill_tools::outbound::{Outbound, Policy};
use waybill_tools::{Registry, ToolContext, typed};

use super::WeatherTool;

fn geocoding(results: Value) -> Canned {
    Canned::json(200, &json!({"results": results, "generationtime_ms": 0.74}).to_string())
}

fn ontario_matches() -> Value {
    json!([
        {"id": 6093943, "name": "Ontario", "latitude": 49.25014, "longitude": -84.49983, "elevation": 365.0, "feature_code": "ADM1",
         "country_code": "CA", "timezone": "America/Toronto", "country_id": 6251999, "country": "Canada"},
        {"id": 5379439, "name": "Ontario", "latitude": 34.06334, "longitude": -117.65089, "elevation": 288.0, "feature_code": "PPL",
         "country_code": "US", "admin1_id": 5332921, "timezone": "America/Los_Angeles", "population": 175265, "country_id": 6252001,
         "country": "United States", "admin1": "California"}
    ])
}

fn forecast() -> Canned {
    Canned::json(200, &json!({
        "latitude": 34.06, "longitude": -117.65, "generationtime_ms": 0.05, "utc_offset_seconds": -28800,
        "timezone": "America/Los_Angeles", "timezone_abbreviation": "GMT-8", "elevation": 288.0,
        "current_units": {"time": "iso8601", "interval": "seconds", "temperature_2m": "°C", "relative_humidity_2m": "%", "weather_code": "wmo code", "wind_speed_10m": "km/h"},
        "current": {"time": "2026-11-23T09:15", "interval": 900, "temperature_2m": 18.4, "relative_humidity_2m": 41, "weather_code": 2, "wind_speed_10m": 7.9}
    }).to_string())
}

fn tool(geo: &str, fc: &str) -> Registry {
    let http = Outbound::new(Policy::allowing(["127.0.0.1"]));
    Registry::new(vec![typed(WeatherTool::new(http, geo, fc))])
}

fn ctx() -> ToolContext {
    crate::testing::context_in("UTC")
}

fn in_lang(lang: Lang) -> ToolContext {
    let ctx = ctx();
    ToolContext::new(waybill_tools::Caller { lang, ..(*ctx.caller).clone() }, "c")
}

#[tokio::test]
async fn a_place_with_a_region_is_found_and_its_current_weather_reported() {
    let geo = FakeServer::start(vec![geocoding(ontario_matches())]).await;
    let fc = FakeServer::start(vec![forecast()]).await;
    let registry = tool(&geo.base_url, &fc.base_url);
    let out = registry.run("weatherTool", json!({"location": "Ontario, California"}), &ctx()).await.unwrap();
    assert_eq!(out["location"], "Ontario, California, United States");
    assert_eq!((out["temperature"].as_f64(), out["unit"].as_str()), (Some(18.4), Some("C")));
    assert_eq!(out["condition"], "Partly cloudy");
    assert_eq!((out["humidity"].as_f64(), out["windSpeed"].as_f64()), (Some(41.0), Some(7.9)));
    assert_eq!(out["lastUpdated"], "2026-11-23T09:15");

    let search = geo.last_request();
    assert!(search.path.starts_with("/v1/search?name=Ontario&count=10"), "{}", search.path);
    let query = fc.last_request().path;
    assert!(query.starts_with("/v1/forecast?latitude=34.06334&longitude=-117.65089"), "{query}");
    assert!(query.contains("current=temperature_2m%2Crelative_humidity_2m%2Cweather_code%2Cwind_speed_10m"), "{query}");
    assert!(query.contains("wind_speed_unit=kmh") && query.contains("temperature_unit=celsius"), "{query}");
    let summary = registry.get("weatherTool").unwrap().summarize(&out, Lang::En).unwrap();
    assert_eq!(summary, "Ontario, California, United States: 18.4 °C, partly cloudy, humidity 41 %, wind 7.9 km/h.");
    let summary = registry.get("weatherTool").unwrap().summarize(&out, Lang::ZhCn).unwrap();
    assert_eq!(summary, "Ontario, California, United States：18.4 °C，局部多云，湿度 41%，风速 7.9 km/h。");
    crate::testing::golden("weatherTool", &out);
}

#[tokio::test]
async fn fahrenheit_is_asked_for_and_reported() {
    let geo = FakeServer::start(vec![geocoding(ontario_matches())]).await;
    let fc = FakeServer::start(vec![forecast()]).await;
    let out = tool(&geo.base_url, &fc.base_url).run("weatherTool", json!({"location": "Ontario, CA", "unit": "fahrenheit"}), &ctx()).await.unwrap();
    assert_eq!(out["unit"], "F");
    assert_eq!(out["location"], "Ontario, Canada", "the country code picks the Canadian match");
    assert!(fc.last_request().path.contains("temperature_unit=fahrenheit"));
}

#[tokio::test]
async fn unknown_places_api_errors_and_unreachable_services_are_clear_errors() {
    // Open-Meteo answers an unknown name with no `results` key at all.
    let geo = FakeServer::start(vec![Canned::json(200, r#"{"generationtime_ms":0.4}"#)]).await;
    let fc = FakeServer::start(vec![forecast()]).await;
    let err = tool(&geo.base_url, &fc.base_url).run("weatherTool", json!({"location": "Atlantis"}), &ctx()).await.unwrap_err();
    assert_eq!(err.to_string(), "No place named \"Atlantis\" was found");

    let geo = FakeServer::start(vec![geocoding(ontario_matches())]).await;
    let fc = FakeServer::start(vec![Canned::json(400, r#"{"error":true,"reason":"Latitude must be in range of -90 to 90°. Given: 134.0."}"#)]).await;
    let err = tool(&geo.base_url, &fc.base_url).run("weatherTool", json!({"location": "Ontario"}), &ctx()).await.unwrap_err();
    assert!(err.to_string().contains("Latitude must be in range"), "{err}");

    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let dead = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let err = tool(&dead, &dead).run("weatherTool", json!({"location": "Ontario"}), &ctx()).await.unwrap_err();
    assert!(err.to_string().starts_with("The weather service could not be reached"), "{err}");

    let err = tool("not a url", &dead).run("weatherTool", json!({"location": "Ontario"}), &ctx()).await.unwrap_err();
    assert!(err.to_string().starts_with("The weather service could not be reached"), "{err}");

    let err = tool(&geo.base_url, &fc.base_url).run("weatherTool", json!({}), &ctx()).await.unwrap_err();
    assert!(err.to_string().contains("location"), "{err}");
}

#[tokio::test]
async fn errors_are_in_the_users_language() {
    let geo = FakeServer::start(vec![Canned::json(200, r#"{"generationtime_ms":0.4}"#)]).await;
    let german = in_lang(Lang::De);
    let err = tool(&geo.base_url, &geo.base_url).run("weatherTool", json!({"location": "Atlantis"}), &german).await.unwrap_err();
    assert_eq!(err.to_string(), "Kein Ort namens „Atlantis“ gefunden");

    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let dead = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let chinese = in_lang(Lang::ZhCn);
    let err = tool(&dead, &dead).run("weatherTool", json!({"location": "Ontario"}), &chinese).await.unwrap_err();
    assert!(err.to_string().starts_with("无法连接天气服务（对 127.0.0.1 的请求失败："), "{err}");
    assert!(!err.to_string().contains("failed"), "the detail too: {err}");
}

#[tokio::test]
async fn without_an_allow_list_entry_a_local_weather_service_is_refused() {
    let geo = FakeServer::start(vec![geocoding(ontario_matches())]).await;
    let registry = Registry::new(vec![typed(WeatherTool::new(Outbound::new(Policy::default()), &geo.base_url, &geo.base_url))]);
    let err = registry.run("weatherTool", json!({"location": "Ontario"}), &ctx()).await.unwrap_err();
    assert!(err.to_string().contains("private or local address"), "{err}");
    assert!(geo.requests.lock().unwrap().is_empty(), "nothing reached the local server");
}
