//! The search providers' wire formats, and their refusals as sentences a person can act
//! on:
//!
//! - SearXNG: `GET {url}/search?q=…&format=json` → `results[].title/url/content/publishedDate`;
//! - Brave Search: `GET {url}/res/v1/web/search?q=…&count=…` with `X-Subscription-Token`
//!   → `web.results[].title/url/description/page_age/age`;
//! - Tavily: `POST {url}/search` `{query, max_results, search_depth}` with a bearer key →
//!   `results[].title/url/content/published_date`.
//!
//! Every call goes through the guarded outbound client.

use std::collections::HashSet;
use std::time::Duration;

use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, HeaderMap, RETRY_AFTER};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use waybill_tools::ToolError;
use waybill_tools::outbound::{Outbound, OutboundError};
use waybill_tools::redact;

use crate::config::{Endpoint, SearchProvider};
use crate::text::{date, plain, site_of, web_url};

/// Search answers are a few kilobytes; anything past this is not one.
const MAX_ANSWER: usize = 2 * 1024 * 1024;
const MAX_TITLE: usize = 300;
const MAX_SNIPPET: usize = 600;

/// One result as the providers give it, before it is cleaned.
struct RawHit<'a> {
    title: &'a str,
    url: &'a str,
    snippet: &'a str,
    date: Option<&'a str>,
}

/// Runs `query` on the endpoint and returns at most `count` results, cleaned: plain text,
/// http(s) links only, no link twice.
pub async fn search(http: &Outbound, endpoint: &Endpoint, query: &str, count: u32, timeout: Duration) -> Result<Vec<crate::WebSearchHit>, ToolError> {
    let provider = endpoint.provider;
    let request = build(http, endpoint, query, count).map_err(|e| unreachable(provider, e))?;
    let (status, headers, body) = http.fetch_with_headers(request.timeout(timeout), MAX_ANSWER).await.map_err(|e| unreachable(provider, e))?;
    if !status.is_success() {
        return Err(refused(endpoint, status, &headers, &body));
    }
    let answer: Value = serde_json::from_slice(&body).map_err(|_| not_json(provider, &headers))?;
    let raw = hits(provider, &answer)?;
    let mut seen = HashSet::new();
    let cleaned = raw.into_iter().filter_map(|hit| {
        let url = web_url(hit.url)?;
        if !seen.insert(url.to_string()) {
            return None;
        }
        let site = site_of(&url);
        let title = Some(plain(hit.title, MAX_TITLE)).filter(|t| !t.is_empty()).unwrap_or_else(|| site.clone());
        Some(crate::WebSearchHit { title, url: url.to_string(), site, snippet: plain(hit.snippet, MAX_SNIPPET), published_at: hit.date.and_then(date) })
    });
    Ok(cleaned.take(count as usize).collect())
}

fn build(http: &Outbound, endpoint: &Endpoint, query: &str, count: u32) -> Result<reqwest::RequestBuilder, OutboundError> {
    let base = &endpoint.base_url;
    Ok(match endpoint.provider {
        SearchProvider::Searxng => http.get(&format!("{base}/search"))?.header(ACCEPT, "application/json").query(&[("q", query), ("format", "json")]),
        SearchProvider::Brave => http
            .get(&format!("{base}/res/v1/web/search"))?
            .header(ACCEPT, "application/json")
            .header("X-Subscription-Token", &endpoint.api_key)
            .query(&[("q", query), ("count", &count.to_string())]),
        SearchProvider::Tavily => http
            .request(Method::POST, &format!("{base}/search"))?
            .header(ACCEPT, "application/json")
            .header(AUTHORIZATION, format!("Bearer {}", endpoint.api_key))
            .json(&json!({"query": query, "max_results": count, "search_depth": "basic"})),
    })
}

/// The results array of each provider's answer, read tolerantly: a field missing or of
/// another type is an empty one, while an answer with no results list at all is not a
/// search answer.
fn hits(provider: SearchProvider, answer: &Value) -> Result<Vec<RawHit<'_>>, ToolError> {
    let list = match provider {
        SearchProvider::Searxng | SearchProvider::Tavily => answer.get("results"),
        // Brave leaves `web` out when nothing was found.
        SearchProvider::Brave => match answer.get("web") {
            Some(web) => web.get("results"),
            None if answer.is_object() => return Ok(Vec::new()),
            None => None,
        },
    };
    let Some(list) = list.and_then(Value::as_array) else {
        return Err(ToolError::Failed(format!("{} sent an answer without search results; check [tools.web_search] url", provider.label())));
    };
    Ok(list
        .iter()
        .map(|item| {
            let field = |key: &str| item.get(key).and_then(Value::as_str);
            match provider {
                SearchProvider::Searxng => RawHit {
                    title: field("title").unwrap_or_default(),
                    url: field("url").unwrap_or_default(),
                    snippet: field("content").unwrap_or_default(),
                    date: field("publishedDate"),
                },
                SearchProvider::Brave => RawHit {
                    title: field("title").unwrap_or_default(),
                    url: field("url").unwrap_or_default(),
                    snippet: field("description").unwrap_or_default(),
                    date: field("page_age").or(field("age")),
                },
                SearchProvider::Tavily => RawHit {
                    title: field("title").unwrap_or_default(),
                    url: field("url").unwrap_or_default(),
                    snippet: field("content").unwrap_or_default(),
                    date: field("published_date"),
                },
            }
        })
        .collect())
}

/// The guarded client's refusal, or a failure to connect, in the words of the provider.
fn unreachable(provider: SearchProvider, error: OutboundError) -> ToolError {
    let label = provider.label();
    ToolError::Failed(match error {
        OutboundError::Refused(host) => format!(
            "Web search did not call {label} at {host}: it is a private or local address. If {label} runs on your own network, an administrator can allow its host with [outbound] allow_hosts (WAYBILL_OUTBOUND_ALLOW_HOSTS)"
        ),
        OutboundError::BadUrl(_) => format!("The {label} address in [tools.web_search] url is not a valid http(s) URL"),
        OutboundError::TooLarge { limit, .. } => format!("{label} sent an answer larger than {} MB, which is not a search answer", limit / (1024 * 1024)),
        OutboundError::Failed { host, message } => {
            format!("{label} could not be reached at {host} ({message}); try again later, or check [tools.web_search] url")
        }
    })
}

fn not_json(provider: SearchProvider, headers: &HeaderMap) -> ToolError {
    let label = provider.label();
    let kind =
        headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).and_then(|v| v.split(';').next()).map(str::trim).filter(|v| !v.is_empty()).unwrap_or("no type");
    let fix = match provider {
        SearchProvider::Searxng => {
            "check that [tools.web_search] url is the SearXNG instance's address and that its settings.yml enables the JSON format (search: formats: [html, json])"
        }
        _ => "check [tools.web_search] url",
    };
    ToolError::Failed(format!("{label} answered with something that is not JSON ({kind}); {fix}"))
}

/// A provider's non-success answer as a sentence naming the provider and what to do.
/// Never quotes the key, nor the words the web client reads as its own sign-in ending.
fn refused(endpoint: &Endpoint, status: StatusCode, headers: &HeaderMap, body: &[u8]) -> ToolError {
    let label = endpoint.provider.label();
    let code = status.as_u16();
    let secrets = [endpoint.api_key.clone()];
    let said = || redact::clean(&provider_message(body), &secrets);
    let text = match (endpoint.provider, code) {
        (SearchProvider::Searxng, 401 | 403) => {
            "SearXNG refused the search: its settings.yml must enable the JSON format (search: formats: [html, json]), and its limiter must let this server through".into()
        }
        (_, 401 | 403) => format!("{label} did not accept the API key: check [tools.web_search] api_key (WAYBILL_WEB_SEARCH_API_KEY)"),
        (_, 429) => match retry_after(headers) {
            Some(seconds) => format!("{label} is limiting searches (too many requests); try again in {seconds} seconds"),
            None => format!("{label} is limiting searches (too many requests); try again in a minute"),
        },
        // Tavily's plan limits: the plan's credits, or the pay-as-you-go limit, are used up.
        (SearchProvider::Tavily, 432 | 433) => format!("Tavily's usage limit for this key is reached ({}); raise it in your Tavily plan", said()),
        (_, 500..=599) => format!("{label} failed on its side (HTTP {code}); try again later"),
        _ => format!("{label} refused the search (HTTP {code}): {}", said()),
    };
    ToolError::Failed(text)
}

/// The human part of a provider's error body: Brave's `error.detail`, Tavily's
/// `detail.error`, else the usual shapes.
fn provider_message(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    if let Ok(value) = serde_json::from_str::<Value>(&text) {
        let found = value["error"]["detail"].as_str().or_else(|| value["detail"]["error"].as_str()).or_else(|| value["detail"].as_str());
        if let Some(found) = found.map(str::trim).filter(|m| !m.is_empty()) {
            return redact::truncate(found, 300);
        }
        return redact::error_message(&text);
    }
    // An HTML error page says nothing useful as text.
    if text.trim_start().starts_with('<') { "no details".into() } else { redact::error_message(&text) }
}

/// `Retry-After` in seconds (the HTTP-date form is rare from APIs and read as unknown).
fn retry_after(headers: &HeaderMap) -> Option<u64> {
    headers.get(RETRY_AFTER)?.to_str().ok()?.trim().parse().ok()
}
