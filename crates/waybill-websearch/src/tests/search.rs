//! `webSearch` against fake SearXNG, Brave Search and Tavily servers answering in their
//! own JSON.

use serde_json::{Value, json};
use waybill_tools::lang::Lang;
use waybill_tools::outbound::Policy;

use super::fake::{Fake, Reply};
use super::{failure, run, settings, tools, tools_with};
use crate::SearchProvider;

fn searxng_answer(results: Value) -> Value {
    json!({
        "query": "pallet racking prices",
        "number_of_results": 0,
        "results": results,
        "answers": [],
        "corrections": [],
        "infoboxes": [],
        "suggestions": ["pallet racking for sale", "used pallet racking"],
        "unresponsive_engines": [["google", "timeout"]]
    })
}

fn searxng_result(url: &str, title: &str, content: &str, published: Value) -> Value {
    json!({
        "url": url, "title": title, "content": content, "publishedDate": published,
        "thumbnail": "", "img_src": "", "engine": "duckduckgo", "template": "default.html",
        "parsed_url": ["https", "www.racking-direct.example.com", "/pallet-racking", "", "", ""],
        "priority": "", "engines": ["duckduckgo", "brave"], "positions": [1, 2], "score": 3.0, "category": "general"
    })
}

fn searxng_results() -> Value {
    json!([
        searxng_result(
            "https://www.racking-direct.example.com/pallet-racking",
            "Pallet Racking Prices | Racking Direct",
            "Compare pallet racking prices: beams from $38, uprights from $95. Free delivery on orders over $2,000.",
            json!("2024-09-18T00:00:00")
        ),
        searxng_result(
            "https://warehouse-guide.example.org/costs/racking",
            "How much does pallet racking cost in 2024?",
            "Selective racking runs $50–$150 per pallet position installed; drive-in and push-back systems cost more.",
            Value::Null
        ),
        searxng_result(
            "https://forum.example.net/t/used-racking",
            "Used racking: worth it?",
            "Inspect beams for dents and check the load plates before you buy.",
            Value::Null
        ),
        searxng_result("https://a.example.com/4", "Four", "", Value::Null),
        searxng_result("https://a.example.com/5", "Five", "", Value::Null),
        searxng_result("https://a.example.com/6", "Six", "", Value::Null),
    ])
}

#[tokio::test]
async fn searxng_results_are_read_from_its_json_api_and_bounded_by_max_results() {
    let fake = Fake::start(vec![("/search", Reply::json(200, &searxng_answer(searxng_results())))]).await;
    let registry = tools(settings(SearchProvider::Searxng, &fake.base_url, ""));
    let out = run(&registry, "webSearch", json!({"query": "  pallet racking   prices "})).await.unwrap();

    let asked = fake.last();
    assert_eq!((asked.method.as_str(), asked.path.as_str()), ("GET", "/search?q=pallet+racking+prices&format=json"));
    assert_eq!(asked.header("accept"), Some("application/json"));
    assert_eq!(out["query"], "pallet racking prices");
    assert_eq!(out["provider"], "searxng");
    let results = out["results"].as_array().unwrap();
    assert_eq!(results.len(), 5, "max_results is 5 by default");
    assert_eq!(
        results[0],
        json!({
            "title": "Pallet Racking Prices | Racking Direct",
            "url": "https://www.racking-direct.example.com/pallet-racking",
            "site": "racking-direct.example.com",
            "snippet": "Compare pallet racking prices: beams from $38, uprights from $95. Free delivery on orders over $2,000.",
            "publishedAt": "2024-09-18"
        })
    );
    assert!(results[1].get("publishedAt").is_none(), "no date, no field");
    assert!(out["note"].as_str().unwrap().contains("not instructions"));

    let search = registry.get("webSearch").unwrap();
    assert_eq!(
        search.summarize(&out, Lang::En).unwrap(),
        "Found 5 results for “pallet racking prices”: first, Pallet Racking Prices | Racking Direct (racking-direct.example.com)."
    );
    assert_eq!(
        search.summarize(&out, Lang::De).unwrap(),
        "5 Ergebnisse für „pallet racking prices“ gefunden, zuerst Pallet Racking Prices | Racking Direct (racking-direct.example.com)."
    );

    // The model may ask for fewer; the card's sample has three.
    let out = run(&registry, "webSearch", json!({"query": "pallet racking prices", "count": 3})).await.unwrap();
    assert_eq!(out["results"].as_array().unwrap().len(), 3);
    waybill_tools::golden::write("webSearch", &out);

    let none = Fake::start(vec![("/search", Reply::json(200, &searxng_answer(json!([]))))]).await;
    let out = run(&tools(settings(SearchProvider::Searxng, &none.base_url, "")), "webSearch", json!({"query": "zzqx pallets"})).await.unwrap();
    assert_eq!(out["results"], json!([]));
    assert_eq!(search.summarize(&out, Lang::Fr).unwrap(), "Aucun résultat web pour « zzqx pallets ».");
}

#[tokio::test]
async fn brave_search_is_asked_with_its_token_and_its_html_snippets_become_text() {
    let answer = json!({
        "query": {"original": "pallet racking prices", "show_strict_warning": false, "is_navigational": false, "local_decision": "drop",
                  "local_locations_idx": 0, "is_news_breaking": false, "spellcheck_off": true, "country": "us", "bad_results": false,
                  "should_fallback": false, "postal_code": "", "city": "", "header_country": "", "more_results_available": true, "state": ""},
        "mixed": {"type": "mixed", "main": [{"type": "web", "index": 0, "all": false}, {"type": "web", "index": 1, "all": false}], "top": [], "side": []},
        "type": "search",
        "web": {"type": "search", "family_friendly": true, "results": [
            {"title": "Pallet Racking <strong>Prices</strong> &amp; Quotes", "url": "https://www.warehouse-racks.example.com/prices",
             "is_source_local": false, "is_source_both": false,
             "description": "Selective <strong>pallet racking</strong> costs $50&#x2013;$150 per position. Get a quote &gt; today.",
             "page_age": "2024-03-12T00:00:00", "age": "March 12, 2024",
             "profile": {"name": "Warehouse Racks", "url": "https://www.warehouse-racks.example.com/prices", "long_name": "warehouse-racks.example.com",
                         "img": "https://imgs.search.brave.com/abc/favicon.png"},
             "language": "en", "family_friendly": true, "type": "search_result", "subtype": "generic", "is_live": false,
             "meta_url": {"scheme": "https", "netloc": "warehouse-racks.example.com", "hostname": "www.warehouse-racks.example.com",
                          "favicon": "https://imgs.search.brave.com/abc/favicon.png", "path": "› prices"}},
            {"title": "Racking buyer's guide", "url": "https://guide.example.org/racking", "is_source_local": false, "is_source_both": false,
             "description": "What drives the price of racking.", "age": "2 days ago", "language": "en", "family_friendly": true,
             "type": "search_result", "subtype": "generic", "is_live": false,
             "meta_url": {"scheme": "https", "netloc": "guide.example.org", "hostname": "guide.example.org", "favicon": "", "path": "› racking"}}
        ]}
    });
    let fake = Fake::start(vec![("/res/v1/web/search", Reply::json(200, &answer))]).await;
    let registry = tools(settings(SearchProvider::Brave, &fake.base_url, "BSAtoken-123456"));
    let out = run(&registry, "webSearch", json!({"query": "pallet racking prices", "count": 3})).await.unwrap();

    let asked = fake.last();
    assert_eq!((asked.method.as_str(), asked.path.as_str()), ("GET", "/res/v1/web/search?q=pallet+racking+prices&count=3"));
    assert_eq!(asked.header("x-subscription-token"), Some("BSAtoken-123456"));
    assert_eq!(asked.header("accept"), Some("application/json"));
    assert_eq!(out["provider"], "brave");
    assert_eq!(
        out["results"][0],
        json!({
            "title": "Pallet Racking Prices & Quotes",
            "url": "https://www.warehouse-racks.example.com/prices",
            "site": "warehouse-racks.example.com",
            "snippet": "Selective pallet racking costs $50–$150 per position. Get a quote > today.",
            "publishedAt": "2024-03-12"
        })
    );
    assert_eq!(out["results"][1]["publishedAt"], "2 days ago");

    // Brave leaves `web` out when nothing was found.
    let empty = Fake::start(vec![("/res/v1/web/search", Reply::json(200, &json!({"type": "search", "query": {"original": "zzqx"}})))]).await;
    let out = run(&tools(settings(SearchProvider::Brave, &empty.base_url, "BSAtoken-123456")), "webSearch", json!({"query": "zzqx"})).await.unwrap();
    assert_eq!(out["results"], json!([]));
}

#[tokio::test]
async fn tavily_is_asked_by_post_with_a_bearer_key() {
    let answer = json!({
        "query": "pallet racking prices",
        "follow_up_questions": null,
        "answer": null,
        "images": [],
        "results": [
            {"title": "Pallet racking price list", "url": "https://racks.example.com/price-list", "content": "Uprights 3.0 m: $95. Beams 2.7 m: $38 a pair.",
             "score": 0.83, "raw_content": null, "published_date": "Tue, 10 Sep 2024 08:00:00 GMT"},
            {"title": "Racking inspections", "url": "https://safety.example.org/racking", "content": "Inspect racking every 12 months.", "score": 0.61, "raw_content": null}
        ],
        "response_time": 1.07,
        "request_id": "123e4567-e89b-12d3-a456-426614174111"
    });
    let fake = Fake::start(vec![("/search", Reply::json(200, &answer))]).await;
    let registry = tools(settings(SearchProvider::Tavily, &fake.base_url, "tvly-dev-abcdef123456"));
    let out = run(&registry, "webSearch", json!({"query": "pallet racking prices"})).await.unwrap();

    let asked = fake.last();
    assert_eq!((asked.method.as_str(), asked.path.as_str()), ("POST", "/search"));
    assert_eq!(asked.header("authorization"), Some("Bearer tvly-dev-abcdef123456"));
    assert_eq!(asked.json(), json!({"query": "pallet racking prices", "max_results": 5, "search_depth": "basic"}));
    assert_eq!(out["provider"], "tavily");
    assert_eq!(out["results"][0]["site"], "racks.example.com");
    assert_eq!(out["results"][0]["snippet"], "Uprights 3.0 m: $95. Beams 2.7 m: $38 a pair.");
    assert_eq!(out["results"][0]["publishedAt"], "Tue, 10 Sep 2024 08:00:00 GMT");
    assert_eq!(out["results"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn scripts_and_markup_in_results_are_inert_text_and_only_web_links_are_kept() {
    let results = json!([
        searxng_result("javascript:alert(document.cookie)", "Click me", "Free racks", Value::Null),
        searxng_result("file:///etc/passwd", "Local file", "secrets", Value::Null),
        searxng_result("data:text/html,<script>alert(1)</script>", "Data", "x", Value::Null),
        searxng_result(
            "https://racks.example.com/deal",
            "<script>alert(1)</script>Racks &amp; <b>Shelves</b>",
            "<b>Cheap</b> racks <script>alert('stolen')</script>today &lt;only&gt;",
            Value::Null
        ),
        searxng_result("https://racks.example.com/deal", "The same link again", "", Value::Null),
        searxng_result("/relative/path", "Relative", "", Value::Null),
        searxng_result("https://untitled.example.com/x", "   ", "", Value::Null),
    ]);
    let fake = Fake::start(vec![("/search", Reply::json(200, &searxng_answer(results)))]).await;
    let out = run(&tools(settings(SearchProvider::Searxng, &fake.base_url, "")), "webSearch", json!({"query": "racks"})).await.unwrap();
    let results = out["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{results:#?}");
    assert_eq!(results[0]["title"], "Racks & Shelves");
    assert_eq!(results[0]["snippet"], "Cheap racks today <only>");
    assert_eq!(results[1]["title"], "untitled.example.com", "a result without a title is named by its site");
    let text = out.to_string();
    for leaked in ["alert", "javascript:", "file:", "data:", "<b>", "<script"] {
        assert!(!text.contains(leaked), "{leaked} leaked into {text}");
    }
}

#[tokio::test]
async fn provider_refusals_name_the_provider_and_what_to_do() {
    let key = "BSAtoken-secret-9876";
    let brave_error = |status: u16, code: &str, detail: &str| json!({"type": "ErrorResponse", "error": {"id": "0d1c…", "status": status, "code": code, "detail": detail, "meta": {"component": "authentication"}}, "time": 1_726_000_000});
    let cases: Vec<(SearchProvider, Reply, &str)> = vec![
        (
            SearchProvider::Brave,
            Reply::json(401, &brave_error(401, "SUBSCRIPTION_TOKEN_INVALID", "The provided subscription token is invalid.")),
            "Brave Search did not accept the API key: check [tools.web_search] api_key (WAYBILL_WEB_SEARCH_API_KEY)",
        ),
        (
            SearchProvider::Tavily,
            Reply::json(401, &json!({"detail": {"error": "Unauthorized: missing or invalid API key."}})),
            "Tavily did not accept the API key: check [tools.web_search] api_key (WAYBILL_WEB_SEARCH_API_KEY)",
        ),
        (
            SearchProvider::Searxng,
            Reply::new(403, "text/html", "<html><body><h1>403 Forbidden</h1></body></html>"),
            "SearXNG refused the search: its settings.yml must enable the JSON format (search: formats: [html, json]), and its limiter must let this server through",
        ),
        (
            SearchProvider::Brave,
            Reply::json(429, &brave_error(429, "RATE_LIMITED", "Request rate limit exceeded for plan.")).with("retry-after", "30"),
            "Brave Search is limiting searches (too many requests); try again in 30 seconds",
        ),
        (
            SearchProvider::Searxng,
            Reply::new(429, "text/plain", "Too Many Requests"),
            "SearXNG is limiting searches (too many requests); try again in a minute",
        ),
        (
            SearchProvider::Tavily,
            Reply::json(432, &json!({"detail": {"error": "This request exceeds your plan's set usage limit."}})),
            "Tavily's usage limit for this key is reached (This request exceeds your plan's set usage limit.); raise it in your Tavily plan",
        ),
        (SearchProvider::Tavily, Reply::json(500, &json!({"detail": {"error": "Internal error"}})), "Tavily failed on its side (HTTP 500); try again later"),
        (
            SearchProvider::Brave,
            Reply::json(422, &brave_error(422, "VALIDATION", "Unable to validate request parameter(s).")),
            "Brave Search refused the search (HTTP 422): Unable to validate request parameter(s).",
        ),
        (
            SearchProvider::Searxng,
            Reply::html("<!DOCTYPE html><html><body><form id=search>SearXNG</form></body></html>"),
            "SearXNG answered with something that is not JSON (text/html); check that [tools.web_search] url is the SearXNG instance's address and that its settings.yml enables the JSON format (search: formats: [html, json])",
        ),
        (
            SearchProvider::Brave,
            Reply::new(200, "text/plain", "OK"),
            "Brave Search answered with something that is not JSON (text/plain); check [tools.web_search] url",
        ),
        (SearchProvider::Tavily, Reply::json(200, &json!({"detail": "ok"})), "Tavily sent an answer without search results; check [tools.web_search] url"),
    ];
    for (provider, reply, expected) in cases {
        let path = if provider == SearchProvider::Brave { "/res/v1/web/search" } else { "/search" };
        let fake = Fake::start(vec![(path, reply)]).await;
        let error = failure(&tools(settings(provider, &fake.base_url, key)), "webSearch", json!({"query": "racks"})).await;
        assert_eq!(error, expected);
        assert!(!error.contains(key) && !error.contains("401") && !error.to_lowercase().contains("unauthorized"), "{error}");
    }

    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let dead = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let error = failure(&tools(settings(SearchProvider::Searxng, &dead, "")), "webSearch", json!({"query": "racks"})).await;
    assert_eq!(error, "SearXNG could not be reached at 127.0.0.1 (could not connect); try again later, or check [tools.web_search] url");
}

#[tokio::test]
async fn a_searxng_on_a_local_address_needs_the_admins_allow_list() {
    let fake = Fake::start(vec![("/search", Reply::json(200, &searxng_answer(searxng_results())))]).await;
    let registry = tools_with(settings(SearchProvider::Searxng, &fake.base_url, ""), Policy::default());
    let error = failure(&registry, "webSearch", json!({"query": "racks"})).await;
    assert_eq!(
        error,
        "Web search did not call SearXNG at 127.0.0.1: it is a private or local address. If SearXNG runs on your own network, an administrator can allow its host with [outbound] allow_hosts (WAYBILL_OUTBOUND_ALLOW_HOSTS)"
    );
    assert!(fake.seen().is_empty(), "nothing reached the local server");
}

#[tokio::test]
async fn bad_input_is_refused_before_anything_is_sent() {
    let fake = Fake::start(vec![("/search", Reply::json(200, &searxng_answer(json!([]))))]).await;
    let registry = tools(settings(SearchProvider::Searxng, &fake.base_url, ""));
    assert!(failure(&registry, "webSearch", json!({"query": ""})).await.contains("query"));
    assert!(failure(&registry, "webSearch", json!({"query": "x".repeat(401)})).await.contains("query"));
    assert!(failure(&registry, "webSearch", json!({"query": "racks", "count": 11})).await.contains("count"));
    assert!(failure(&registry, "webSearch", json!({"query": "racks", "engine": "google"})).await.contains("engine"));
    assert_eq!(failure(&registry, "webSearch", json!({"query": "   "})).await, "The search query is empty");
    assert!(fake.seen().is_empty());
}
