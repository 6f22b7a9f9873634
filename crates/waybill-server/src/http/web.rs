//! The web app, embedded in release builds (read from `web/dist` in debug builds).
//! Client-side routes fall back to `index.html`.

use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/dist"]
#[allow_missing = true]
struct Assets;

/// What the browser may load: our own scripts and styles only; frames (previews,
/// artifacts) are sandboxed by the app and may come from blob: or our origin.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob:; media-src 'self' blob: data:; font-src 'self' data:; \
    connect-src 'self' ws: wss:; frame-src 'self' blob: data:; worker-src 'self' blob:; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

const NOT_BUILT: &str = "<!doctype html><meta charset=utf-8><title>Waybill</title>\
    <p>The web app has not been built. Run <code>make run</code> from the project root.</p>";

pub async fn serve_asset(method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let path = uri.path().trim_start_matches('/');
    if let Some(file) = (!path.is_empty()).then(|| Assets::get(path)).flatten() {
        let mime = mime_guess::from_path(path).first_or_octet_stream();
        let cache = if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
        let mut response = (StatusCode::OK, file.data).into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(mime.as_ref()).unwrap_or(HeaderValue::from_static("application/octet-stream")));
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
        return response;
    }
    // A missing file with an extension is a real 404, not a client-side route.
    if path.rsplit('/').next().is_some_and(|last| last.contains('.')) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let mut response = match Assets::get("index.html") {
        Some(index) => Html(index.data).into_response(),
        None => Html(NOT_BUILT).into_response(),
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    response
}
