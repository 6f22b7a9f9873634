//! Tools that live on the server, against fake outside services speaking their real
//! wire formats: image generation through OpenAI's images API, the weather through
//! Open-Meteo, and attachments reaching a model as data it can read.

use crate::common;

use std::io::Cursor;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use base64::Engine;
use common::{TestApp, user_message};
use serde_json::{Value, json};
use waybill_server::config::{Config, ExtraModel, ProvidersConfig, Secret};
use waybill_server::waybill_store::backend_tests;
use waybill_server::waybill_tools::{Caller, Services, ToolContext};

const KEY: &str = "sk-test-images-0123456789abcdef";

/// Requests a fake server received: path and JSON body.
type Seen = Arc<Mutex<Vec<(String, Value)>>>;

async fn serve(app: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    base
}

fn png() -> Vec<u8> {
    let image = image::RgbImage::from_fn(64, 48, |x, y| image::Rgb([x as u8 * 4, y as u8 * 5, 120]));
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(image).write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

/// OpenAI's images API: `POST /v1/images/generations` answers `{created, data: [{b64_json}]}`;
/// a wrong key answers 401 with OpenAI's error body.
async fn fake_openai(seen: Seen) -> String {
    let app = Router::new().route(
        "/v1/images/generations",
        post(move |headers: HeaderMap, body: Bytes| {
            let seen = seen.clone();
            async move {
                let body: Value = serde_json::from_slice(&body).unwrap();
                seen.lock().unwrap().push(("/v1/images/generations".into(), body.clone()));
                if headers[header::AUTHORIZATION] != format!("Bearer {KEY}") {
                    let error = json!({"error": {"message": "Incorrect API key provided: sk-wrong. You can find your API key at your account page.", "type": "invalid_request_error", "param": null, "code": "invalid_api_key"}});
                    return (StatusCode::UNAUTHORIZED, axum::Json(error)).into_response();
                }
                let n = body["n"].as_u64().unwrap_or(1);
                let b64 = base64::engine::general_purpose::STANDARD.encode(png());
                let data: Vec<Value> = (0..n).map(|_| json!({"b64_json": b64})).collect();
                axum::Json(json!({"created": 1_763_900_000, "data": data, "usage": {"total_tokens": 100, "input_tokens": 50, "output_tokens": 50}})).into_response()
            }
        }),
    );
    format!("{}/v1", serve(app).await)
}

fn ctx(session: &common::Session, user_id: &str) -> ToolContext {
    let caller = Caller {
        tenant_id: session.tenant.clone(),
        facility_id: session.facility.clone(),
        user_id: user_id.into(),
        timezone: "UTC".into(),
        ..Caller::default()
    };
    ToolContext::new(caller, "c-tools")
}

async fn user_id(app: &TestApp, email: &str) -> String {
    app.state.store.user_by_email(email).await.unwrap().expect("the user exists").id
}

/// Writes a real output as the tool's golden sample, its capability tokens, ids and
/// generated names made stable so the sample only changes when the type does.
fn golden(tool: &str, output: &Value) {
    let mut text = output.to_string();
    let tokens = regex_lite(&text);
    for (i, token) in tokens.iter().enumerate() {
        text = text.replace(token.as_str(), &format!("sample-{}", i + 1));
    }
    waybill_server::waybill_tools::golden::write(tool, &serde_json::from_str::<Value>(&text).unwrap());
}

/// The varying pieces of our links and ids: view tokens, file ids (UUIDs) and the time in
/// generated file names.
fn regex_lite(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for marker in ["/file/view/", "/file/thumbnail/"] {
        for piece in text.split(marker).skip(1) {
            let token: String = piece.chars().take_while(|c| c.is_ascii_alphanumeric() || "-_".contains(*c)).collect();
            if !token.is_empty() && !found.contains(&token) {
                found.push(token);
            }
        }
    }
    for piece in text.split('"') {
        let uuid = piece.len() == 36 && piece.chars().filter(|c| *c == '-').count() == 4 && piece.chars().all(|c| c.is_ascii_hexdigit() || c == '-');
        let generated = piece.starts_with("generated-") && piece.ends_with(".png");
        if (uuid || generated) && !found.contains(&piece.to_owned()) {
            found.push(piece.to_owned());
        }
    }
    for generated in text.split("generated-").skip(1).filter_map(|p| p.split(".png").next()) {
        let name = format!("generated-{generated}");
        if !found.contains(&name) {
            found.push(name);
        }
    }
    found
}

backend_tests! {
    async fn a_stored_file_is_shown_through_the_file_viewer_card(store) {
        let app = TestApp::configured(store, Config::default()).await;
        let alice = app.login("alice@t1.test").await;
        let csv = b"trailer,door,eta\nTR-1001,4,09:30\nTR-1002,7,10:15\n";
        let res = common::upload(&app, &alice, "", "inbound-manifest.csv", "text/csv", csv).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let ctx = ctx(&alice, &user_id(&app, "alice@t1.test").await);
        let out = app.state.tools.run("displayFileTool", json!({"file": "inbound-manifest.csv", "description": "Today's inbound trailers"}), &ctx).await.unwrap();
        let props = &out["fileData"]["props"];
        assert_eq!((props["fileName"].as_str(), props["fileType"].as_str(), props["canPreview"].as_bool()), (Some("inbound-manifest.csv"), Some("csv"), Some(true)));
        assert_eq!(out["artifact"]["type"], "file-display");
        golden("displayFileTool", &out);
    }

    async fn generated_images_are_kept_in_the_file_service_and_linked(store) {
        let seen = Seen::default();
        let base = fake_openai(seen.clone()).await;
        let config = Config { providers: ProvidersConfig { openai_api_key: Some(Secret::new(KEY)), openai_base_url: base, ..Default::default() }, ..Default::default() };
        let app = TestApp::configured(store, config).await;
        let alice = app.login("alice@t1.test").await;
        let ctx = ctx(&alice, &user_id(&app, "alice@t1.test").await);

        let out = app.state.tools.run("imageGenerationTool", json!({"prompt": "Dock door 7 signage, high contrast", "n": 2}), &ctx).await.unwrap();
        assert_eq!((out["success"].as_bool(), out["count"].as_u64()), (Some(true), Some(2)));
        let request = seen.lock().unwrap()[0].1.clone();
        assert_eq!((request["model"].as_str(), request["n"].as_u64(), request["size"].as_str()), (Some("gpt-image-1"), Some(2), Some("1024x1024")));
        assert!(request.get("response_format").is_none(), "gpt-image-1 refuses response_format");
        let url = out["imageUrl"].as_str().unwrap();
        assert_eq!(out["images"][0]["url"], url);
        let res = app.send(axum::http::Request::builder().uri(url).body(axum::body::Body::empty()).unwrap()).await;
        assert_eq!(res.status, StatusCode::OK);
        assert_eq!(res.headers[header::CONTENT_TYPE], "image/png");
        let files = app.call(Method::GET, "/api/file-app/v1/files", Some(&alice), None).await;
        assert_eq!(files.body.as_array().unwrap().len(), 2, "both images are the user's files");
        golden("imageGenerationTool", &out);
    }

    async fn a_rejected_key_is_a_clear_error_and_no_key_means_no_tool(store) {
        let seen = Seen::default();
        let base = fake_openai(seen.clone()).await;
        let config = Config { providers: ProvidersConfig { openai_api_key: Some(Secret::new("sk-wrong-key-000000000000")), openai_base_url: base, ..Default::default() }, ..Default::default() };
        let app = TestApp::configured(store, config).await;
        let alice = app.login("alice@t1.test").await;
        let ctx = ctx(&alice, &user_id(&app, "alice@t1.test").await);
        let err = app.state.tools.run("imageGenerationTool", json!({"prompt": "a forklift"}), &ctx).await.unwrap_err().to_string();
        assert!(err.contains("OpenAI API key was rejected"), "{err}");
        assert!(!err.contains("sk-wrong") && !err.contains("401") && !err.to_lowercase().contains("unauthorized"), "{err}");
        let err = app.state.tools.run("imageGenerationTool", json!({"prompt": ""}), &ctx).await.unwrap_err().to_string();
        assert!(err.contains("Invalid input"), "{err}");

        let services = Services { providers: Default::default(), ..app.state.services() };
        let plain = app.state.families.registry(&Default::default(), &|_| None, &services).unwrap();
        assert!(plain.get("imageGenerationTool").is_none(), "not offered without an OpenAI key");
        assert!(plain.get("weatherTool").is_some() && plain.get("displayFileTool").is_some());
    }

    async fn the_offline_model_asks_the_weather_service_and_answers(store) {
        let geocoding = Router::new().route("/v1/search", get(|| async {
            axum::Json(json!({"results": [{"id": 5379439, "name": "Ontario", "latitude": 34.06334, "longitude": -117.65089, "country_code": "US", "country": "United States", "admin1": "California", "timezone": "America/Los_Angeles"}], "generationtime_ms": 0.6}))
        }));
        let forecast = Router::new().route("/v1/forecast", get(|| async {
            axum::Json(json!({"latitude": 34.06, "longitude": -117.65, "timezone": "America/Los_Angeles", "current_units": {"temperature_2m": "°C"},
                "current": {"time": "2026-11-23T09:15", "interval": 900, "temperature_2m": 21.5, "relative_humidity_2m": 35, "weather_code": 0, "wind_speed_10m": 6.1}}))
        }));
        let mut config = Config::default();
        config.tools.insert("weather".into(), json!({"geocoding_url": serve(geocoding).await, "forecast_url": serve(forecast).await}));
        config.outbound.allow_hosts = vec!["127.0.0.1".into()];
        let app = TestApp::configured(store, config).await;
        let alice = app.login("alice@t1.test").await;
        let body = json!({"id": "c-weather", "model": "waybill-offline", "messages": [user_message("u1", "What's the weather in Ontario, CA?")]});
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(body)).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        let chunks: Vec<Value> = res.text.split("\n\n").filter_map(|f| f.strip_prefix("data: ")).filter_map(|d| serde_json::from_str(d).ok()).collect();
        let output = chunks.iter().find(|c| c["type"] == "tool-output-available").expect("the weather tool answered");
        assert_eq!((output["output"]["temperature"].as_f64(), output["output"]["condition"].as_str()), (Some(21.5), Some("Clear sky")));
        let text: String = chunks.iter().filter(|c| c["type"] == "text-delta").map(|c| c["delta"].as_str().unwrap()).collect();
        assert!(text.contains("21.5 °C") && text.contains("clear sky"), "{text}");
    }

    async fn the_weather_service_unreachable_is_an_error_card_not_a_failure(store) {
        let mut config = Config::default();
        // Without an allow-list entry the guarded client refuses a local address outright.
        config.tools.insert("weather".into(), json!({"geocoding_url": "http://127.0.0.1:9", "forecast_url": "http://127.0.0.1:9"}));
        let app = TestApp::configured(store, config).await;
        let alice = app.login("alice@t1.test").await;
        let body = json!({"id": "c-noweather", "model": "waybill-offline", "messages": [user_message("u1", "weather in Savannah")]});
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(body)).await;
        assert_eq!(res.status, StatusCode::OK);
        assert!(res.text.contains("\"type\":\"tool-output-error\"") && res.text.contains("The weather service could not be reached"), "{}", res.text);
        assert!(res.text.contains("\"finishReason\":\"stop\""), "the answer went on: {}", res.text);
    }

    async fn attachments_on_our_links_reach_the_model_as_data_and_text(store) {
        let seen = Seen::default();
        let recorder = seen.clone();
        let completions = Router::new().route("/v1/chat/completions", post(move |body: Bytes| {
            let seen = recorder.clone();
            async move {
                seen.lock().unwrap().push(("/v1/chat/completions".into(), serde_json::from_slice(&body).unwrap()));
                let chunk = |delta: Value, finish: Value| format!("data: {}\n\n", json!({"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}));
                let body = [chunk(json!({"role": "assistant", "content": "Seen."}), Value::Null), chunk(json!({}), json!("stop")), "data: [DONE]\n\n".into()].concat();
                Response::builder().header(header::CONTENT_TYPE, "text/event-stream").body(axum::body::Body::from(body)).unwrap()
            }
        }));
        let base = format!("{}/v1", serve(completions).await);
        let config = Config { models: vec![ExtraModel { id: "local".into(), name: "Local".into(), base_url: base, model: "m".into(), api_key: None }], ..Default::default() };
        let app = TestApp::configured(store, config).await;
        let alice = app.login("alice@t1.test").await;

        let mut links = Vec::new();
        for (name, kind, bytes) in [("dock.png", "image/png", png()), ("counts.csv", "text/csv", b"sku,qty\nA1,4\n".to_vec()), ("big.zip", "application/zip", vec![0u8; 10])] {
            let form = format!("--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: {kind}\r\n\r\n");
            let body = [form.into_bytes(), bytes, b"\r\n--B--\r\n".to_vec()].concat();
            let req = axum::http::Request::builder().method(Method::POST).uri("/api/file-app/v1/file/upload")
                .header(header::AUTHORIZATION, format!("Bearer {}", alice.access)).header(header::CONTENT_TYPE, "multipart/form-data; boundary=B")
                .body(axum::body::Body::from(body)).unwrap();
            let res = app.send(req).await;
            links.push((name, kind, res.body["data"]["non_expire_view_url"].as_str().unwrap().to_owned()));
        }
        let mut parts = vec![json!({"type": "text", "text": "What do you see?"})];
        parts.extend(links.iter().map(|(name, kind, url)| json!({"type": "file", "url": url, "mediaType": kind, "filename": name})));
        let message = json!({"id": "u1", "role": "user", "parts": parts});
        let res = app.call(Method::POST, "/api/chat", Some(&alice), Some(json!({"id": "c-att", "model": "local", "messages": [message]}))).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text);
        assert!(res.text.contains("Seen."), "{}", res.text);

        let sent = seen.lock().unwrap()[0].1.clone();
        let content = &sent["messages"].as_array().unwrap().iter().find(|m| m["role"] == "user").unwrap()["content"];
        let text = content.to_string();
        let expected = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png()));
        assert!(content.as_array().unwrap().iter().any(|p| p["image_url"]["url"] == expected.as_str()), "the image went inline: {}", &text[..text.len().min(400)]);
        assert!(text.contains("sku,qty\\nA1,4"), "the CSV went as text");
        assert!(text.contains("big.zip"), "other files stay a note with their name");

        let stored = app.call(Method::GET, "/api/chat-history/c-att", Some(&alice), None).await;
        assert_eq!(stored.body["messages"][0]["parts"][1]["url"], links[0].2.as_str(), "the stored message keeps the link");
    }
}
