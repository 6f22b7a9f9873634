//! Search latency over a large catalogue: 5,000 synthetic operations generated
//! deterministically, a few hundred queries, p50/p95/p99 per query.
//!
//! `cargo bench -p waybill-openapi --bench search`

use std::hint::black_box;
use std::time::{Duration, Instant};

use serde_json::json;
use waybill_openapi::{Body, Index, Location, Operation, Parameter};

const OPERATIONS: usize = 5_000;
const QUERIES: usize = 400;
const ROUNDS: usize = 5;

/// xorshift64*: reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const ENTITIES: &[&str] = &[
    "order",
    "shipment",
    "item",
    "inventory",
    "location",
    "pallet",
    "carrier",
    "dock",
    "appointment",
    "trailer",
    "yard",
    "wave",
    "pick",
    "pack",
    "receipt",
    "asn",
    "lot",
    "serial",
    "container",
    "load",
    "route",
    "stop",
    "driver",
    "vehicle",
    "invoice",
    "rate",
    "tariff",
    "customer",
    "supplier",
    "warehouse",
    "zone",
    "aisle",
    "bin",
    "task",
    "worker",
    "label",
    "manifest",
    "return",
    "claim",
    "quote",
    "booking",
    "lane",
    "facility",
    "door",
    "seal",
    "count",
    "adjustment",
    "transfer",
    "replenishment",
    "allocation",
];
const ACTIONS: &[(&str, &str, &str)] = &[
    ("list", "GET", "List"),
    ("get", "GET", "Get"),
    ("search", "GET", "Search"),
    ("create", "POST", "Create"),
    ("update", "PUT", "Update"),
    ("patch", "PATCH", "Change"),
    ("delete", "DELETE", "Delete"),
    ("cancel", "POST", "Cancel"),
    ("release", "POST", "Release"),
    ("confirm", "POST", "Confirm"),
    ("assign", "POST", "Assign"),
    ("export", "GET", "Export"),
];
const QUALIFIERS: &[&str] = &["status", "date", "site", "owner", "priority", "reference", "type", "code", "batch", "region", "account", "channel"];
const FILLER: &[&str] = &[
    "returns",
    "the",
    "records",
    "matching",
    "filters",
    "for",
    "a",
    "given",
    "tenant",
    "including",
    "history",
    "and",
    "audit",
    "fields",
    "paged",
    "sorted",
    "by",
    "creation",
    "time",
    "optionally",
    "restricted",
    "to",
    "one",
    "facility",
    "with",
    "totals",
    "weights",
    "volumes",
    "hazmat",
    "flags",
    "temperature",
    "ranges",
    "cutoff",
    "windows",
    "service",
    "levels",
    "labels",
    "documents",
    "events",
    "exceptions",
];

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn synthetic(rng: &mut Rng) -> Vec<Operation> {
    (0..OPERATIONS)
        .map(|i| {
            let entity = rng.pick(ENTITIES);
            let other = rng.pick(ENTITIES);
            let qualifier = rng.pick(QUALIFIERS);
            let (verb, method, title) = ACTIONS[rng.below(ACTIONS.len())];
            let version = 1 + rng.below(3);
            let nested = rng.below(3) == 0;
            let path =
                if nested { format!("/v{version}/{other}s/{{{other}Id}}/{entity}s") } else { format!("/v{version}/{entity}s/{{{entity}Id}}/{qualifier}") };
            let operation_id = (rng.below(10) < 7).then(|| format!("{verb}{}By{}{i}", capitalise(entity), capitalise(if nested { other } else { qualifier })));
            let description_words = 8 + rng.below(40);
            let description = (rng.below(4) > 0).then(|| (0..description_words).map(|_| rng.pick(FILLER)).collect::<Vec<_>>().join(" "));
            let parameters = (0..2 + rng.below(5))
                .map(|p| Parameter {
                    name: if p == 0 { format!("{entity}Id") } else { format!("{}{}", rng.pick(QUALIFIERS), capitalise(rng.pick(ENTITIES))) },
                    location: if p == 0 { Location::Path } else { Location::Query },
                    required: p == 0,
                    description: None,
                    schema: json!({"type": "string"}),
                })
                .collect();
            Operation {
                key: operation_id.clone().unwrap_or_else(|| format!("{method} {path}")),
                operation_id,
                method: method.into(),
                path,
                summary: Some(format!("{title} {entity}s by {qualifier}")),
                description,
                tags: vec![entity.into()],
                parameters,
                body: (method != "GET" && method != "DELETE").then(|| Body {
                    required: true,
                    content_type: "application/json".into(),
                    schema: json!({"type": "object"}),
                }),
                deprecated: rng.below(50) == 0,
            }
        })
        .collect()
}

fn queries(rng: &mut Rng) -> Vec<String> {
    (0..QUERIES)
        .map(|_| match rng.below(4) {
            0 => format!("{} by {}", rng.pick(ENTITIES), rng.pick(QUALIFIERS)),
            1 => format!("{} {} {}", ACTIONS[rng.below(ACTIONS.len())].0, rng.pick(ENTITIES), rng.pick(ENTITIES)),
            2 => (0..2 + rng.below(5))
                .map(|_| {
                    let words = if rng.below(2) == 0 { ENTITIES } else { FILLER };
                    rng.pick(words)
                })
                .collect::<Vec<_>>()
                .join(" "),
            _ => format!("{} {}s for {} {}", ACTIONS[rng.below(ACTIONS.len())].2, rng.pick(ENTITIES), rng.pick(FILLER), &rng.pick(ENTITIES)[..3]),
        })
        .collect()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let mut rng = Rng(0x5EED_CAFE_F00D_0001);
    let operations = synthetic(&mut rng);
    let queries = queries(&mut rng);

    let started = Instant::now();
    let index = Index::build(&operations);
    let build = started.elapsed();

    let mut times = Vec::with_capacity(QUERIES * ROUNDS);
    let mut hits = 0;
    for _ in 0..ROUNDS {
        for query in &queries {
            let started = Instant::now();
            let found = black_box(index.search(black_box(query), 10));
            times.push(started.elapsed());
            hits += found.len();
        }
    }
    times.sort();
    println!("search over {} operations, {} queries x {ROUNDS} rounds ({hits} hits)", operations.len(), queries.len());
    println!("  index build  {build:?}");
    println!("  p50 {:?}  p95 {:?}  p99 {:?}  max {:?}", percentile(&times, 0.50), percentile(&times, 0.95), percentile(&times, 0.99), times[times.len() - 1]);
    assert!(percentile(&times, 0.50) <= Duration::from_millis(5), "p50 over 5 ms");
}
