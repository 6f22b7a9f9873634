//! The web app, embedded in release builds (read from `web/dist` in debug builds).
//! Client-side routes fall back to `index.html`.

use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/dist"]
#[allow_missing = true]
struct Assets;

/// What the browser may load: our own scripts and styles only. Frames (iframe artifacts,
/// web previews, dashboards) are sandboxed by the app without `allow-same-origin`, so
/// they may come from any HTTPS site and from a dev server on this machine.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob:; media-src 'self' blob: data:; font-src 'self' data:; \
    connect-src 'self' ws: wss:; frame-src 'self' blob: data: https: http://localhost:* http://127.0.0.1:*; \
    worker-src 'self' blob:; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

const NOT_BUILT: &str = "<!doctype html><meta charset=utf-8><title>Waybill</title>\
    <p>The web app has not been built. Run <code>make run</code> from the project root.</p>";

/// The build's precompressed copies, best first: (file suffix, content coding).
const ENCODINGS: [(&str, &str); 2] = [(".br", "br"), (".gz", "gzip")];

/// Whether the client's `Accept-Encoding` takes `coding` (a `q=0` refuses it).
fn accepts(headers: &HeaderMap, coding: &str) -> bool {
    headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(|item| {
        let mut parts = item.split(';').map(str::trim);
        parts.next().is_some_and(|name| name.eq_ignore_ascii_case(coding))
            && parts.all(|param| param.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()).is_none_or(|q| q > 0.0))
    })
}

pub async fn serve_asset(method: Method, uri: Uri, request_headers: HeaderMap) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let path = uri.path().trim_start_matches('/');
    if let Some(file) = (!path.is_empty()).then(|| Assets::get(path)).flatten() {
        let mime = mime_guess::from_path(path).first_or_octet_stream();
        let cache = if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
        let compressed = ENCODINGS
            .iter()
            .filter(|(_, coding)| accepts(&request_headers, coding))
            .find_map(|(suffix, coding)| Assets::get(&format!("{path}{suffix}")).map(|c| (c.data, *coding)));
        let (data, coding) = match compressed {
            Some((data, coding)) => (data, Some(coding)),
            None => (file.data, None),
        };
        let mut response = (StatusCode::OK, data).into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(mime.as_ref()).unwrap_or(HeaderValue::from_static("application/octet-stream")));
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if path.starts_with("assets/") {
            // The dashboard page runs in a frame with an opaque origin: its module
            // scripts and styles are fetched with CORS.
            headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
        }
        if let Some(coding) = coding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
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

/// The dashboard page (`web/dashboard.html`) with its data: `data` (JSON) goes into a
/// `<script type="application/json" id="dashboard-data">` before `</head>`, every `<`
/// escaped so no text in it ends the element.
pub fn dashboard_page(data: &str) -> Response {
    let data = data.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026");
    let element = format!("<script type=\"application/json\" id=\"dashboard-data\">{data}</script>");
    let page = match Assets::get("dashboard.html") {
        Some(file) => {
            let html = String::from_utf8_lossy(&file.data);
            match html.find("</head>") {
                Some(at) => format!("{}{element}{}", &html[..at], &html[at..]),
                None => format!("{element}{html}"),
            }
        }
        None => format!("{NOT_BUILT}{element}"),
    };
    let mut response = Html(page).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    // The address is the capability: it is not sent on as a referrer, nor indexed.
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::HeaderName::from_static("x-robots-tag"), HeaderValue::from_static("noindex, nofollow"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn accept_encoding_is_read_with_its_weights() {
        assert!(accepts(&with("gzip, deflate, br, zstd"), "br"));
        assert!(accepts(&with("gzip;q=0.8, BR;q=1"), "br"));
        assert!(!accepts(&with("gzip, br;q=0"), "br"));
        assert!(accepts(&with("gzip, br;q=0"), "gzip"));
        assert!(!accepts(&with("identity"), "gzip"));
        assert!(!accepts(&HeaderMap::new(), "gzip"));
    }
}
