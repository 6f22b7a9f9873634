//! The offline model on its corpus (docs/offline.md): every question of
//! `tests/offline_corpus` asked over `/api/chat` of the server as `waybill serve` builds
//! it with the demo facility on, scored as the server's test scores it. Prints the share
//! answered right per language and per family, what went wrong in each wrong case, and
//! the time per question of the understanding alone (the model's first step: the tool
//! chosen and its arguments filled, without HTTP, storage or the tool's run). The target
//! is 20 ms per question on one core (docs/performance.md).
//!
//! `cargo bench -p waybill-server --bench offline_corpus` (`make bench-offline`)

// The test suite's own harness and runner, so the benchmark measures what the test holds.
#[path = "../tests/it/common/mod.rs"]
mod common;
#[path = "../tests/it/offline_corpus/runner.rs"]
#[expect(dead_code, reason = "the test's checks against the baseline are not the benchmark's")]
mod runner;

use std::time::Instant;

const TARGET_MS: f64 = 20.0;
/// Each question is understood this many times; its fastest round counts.
const ROUNDS: usize = 5;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let db = waybill_server::waybill_store::testing::sqlite().await;
    let corpus = runner::Corpus::load();
    let started = Instant::now();
    let served = runner::serve(db.store.clone()).await;
    println!("server with the demo facility ready in {:.1} s", started.elapsed().as_secs_f64());

    let started = Instant::now();
    let verdicts = runner::run(&served, &corpus).await;
    let elapsed = started.elapsed();
    let turns: usize = corpus.cases.iter().map(|c| c.turns.len()).sum();
    println!("\n{}", runner::tables(&verdicts));
    println!("Answered wrong:\n{}", runner::wrong(&verdicts));
    println!(
        "{} questions in {} cases through /api/chat in {:.2} s: {:.1} ms per question, the tools' runs and the stored chat included",
        turns,
        corpus.cases.len(),
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1000.0 / turns as f64
    );

    let times = runner::understanding(&served, &corpus, ROUNDS).await;
    let worst = times.iter().max().map_or(0.0, |t| t.as_secs_f64() * 1000.0);
    let verdict = if worst <= TARGET_MS { "within" } else { "over" };
    println!("understanding alone, fastest of {ROUNDS} rounds per question: {}; slowest {verdict} the {TARGET_MS} ms target", runner::spread(&times));
    db.cleanup().await;
}
