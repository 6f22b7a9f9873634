//! Knowledge bases at size (docs/performance.md), through the real service on SQLite:
//!
//! - retrieval: 100,000 passages in one knowledge base (100 documents), their words drawn
//!   from the demo SOPs' vocabulary with the long tail real text has (one in ten passages
//!   in Chinese), searched with 300 questions of two to six words — by words only, then
//!   with 512-dimension vectors for every passage (fused ranking). Targets: p50 ≤ 20 ms.
//! - ingestion: a 300-page PDF uploaded to the file service and ingested by the worker,
//!   from being queued to ready, with the progress the page would show sampled every
//!   100 ms. Target: ≤ 30 s.
//!
//! `cargo bench -p waybill-knowledge --bench knowledge` (`make bench-knowledge`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::future::BoxFuture;
use waybill_files::{FileService, FileSettings, UploadOptions, Uploader};
use waybill_knowledge::kb::embed::{EmbedError, Embedder, Purpose};
use waybill_knowledge::kb::index::{Query, vector_bytes};
use waybill_knowledge::kb::ingest::Worker;
use waybill_knowledge::kb::{KbScope, KnowledgeBases, NewDocument, Settings};
use waybill_knowledge::{Knowledge, Memory, Who};
use waybill_store::{NewUser, Store};
use waybill_tools::FamilySet;

const PASSAGES: usize = 100_000;
const DOCUMENTS: usize = 100;
const QUERIES: usize = 300;
const DIM: usize = 512;
const PAGES: usize = 300;
const RETRIEVAL_TARGET_MS: f64 = 20.0;
const INGEST_TARGET_S: f64 = 30.0;

/// A small deterministic generator (xorshift), so every run searches the same data.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// An index with a long tail: low ones often, high ones rarely (about Zipf's law).
    fn zipf(&mut self, n: usize) -> usize {
        let u = (self.next() % 1_000_000) as f64 / 1_000_000.0;
        (((n as f64).powf(u) - 1.0) as usize).min(n - 1)
    }

    fn unit(&mut self) -> f32 {
        (self.next() % 2001) as f32 / 1000.0 - 1.0
    }
}

/// The words of the demo SOPs, most frequent first.
fn vocabulary() -> Vec<String> {
    let mut counts: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (_, text) in waybill_knowledge::kb::demo::DOCUMENTS {
        for w in text.split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() > 1) {
            *counts.entry(w.to_lowercase()).or_default() += 1;
        }
    }
    let mut words: Vec<(String, usize)> = counts.into_iter().collect();
    words.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    words.into_iter().map(|(w, _)| w).collect()
}

const CHINESE: &[&str] = &["收货", "盘点", "差异", "复盘", "危险品", "泄漏", "月台", "安全", "拖车", "叉车", "托盘", "库位", "调整", "审批", "温度", "封条"];

fn passage(dice: &mut Dice, words: &[String]) -> String {
    let n = 120 + dice.below(60);
    if dice.below(10) == 0 {
        return (0..n / 3).map(|_| CHINESE[dice.zipf(CHINESE.len())]).collect::<Vec<_>>().join("");
    }
    let mut text = String::with_capacity(n * 7);
    for i in 0..n {
        if i > 0 {
            text.push(' ');
        }
        match dice.below(40) {
            0 => text.push_str(&format!("SKU-{:05}", dice.below(50_000))),
            1 => text.push_str(&format!("door {}", dice.below(36) + 1)),
            _ => text.push_str(&words[dice.zipf(words.len())]),
        }
    }
    text
}

/// Vectors that are not random noise: each passage leans toward one of 64 topics.
fn vector(dice: &mut Dice, topics: &[Vec<f32>]) -> Vec<f32> {
    let topic = &topics[dice.below(topics.len())];
    topic.iter().map(|x| x + 0.3 * dice.unit()).collect()
}

/// A stand-in for an embedding model, answering at once: the benchmark times the index.
struct Instant0(Vec<f32>);

impl Embedder for Instant0 {
    fn model(&self) -> &str {
        "bench@512"
    }
    fn embed<'a>(&'a self, texts: &'a [String], _: Purpose) -> BoxFuture<'a, Result<Vec<Vec<f32>>, EmbedError>> {
        Box::pin(async move { Ok(texts.iter().map(|_| self.0.clone()).collect()) })
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

async fn store_in(folder: &std::path::Path) -> Store {
    let store = Store::connect(&format!("sqlite://{}?mode=rwc", folder.join("bench.db").display())).await.unwrap();
    store.migrate().await.unwrap();
    FamilySet::new().with(Memory).with(Knowledge).migrate(&store).await.unwrap();
    store.ensure_tenant("t1", "Bench").await.unwrap();
    store.ensure_facility("t1", "f1", "Bench DC").await.unwrap();
    store
}

async fn admin(store: &Store) -> String {
    let user = store.create_user(NewUser { email: "admin@bench.test", password_hash: "x", first_name: Some("Ada"), user_name: "ada" }).await.unwrap();
    store.grant(&user.id, "t1", &["f1"], true).await.unwrap();
    user.id
}

/// Writes the passages straight into the tables, as ingestion would have.
async fn fill(store: &Store, kb: &str, owner: &str, vectors: bool) {
    let words = vocabulary();
    let mut dice = Dice(0x5741_5942_494c_4c21);
    let topics: Vec<Vec<f32>> = (0..64).map(|_| (0..DIM).map(|_| dice.unit()).collect()).collect();
    let per_document = PASSAGES / DOCUMENTS;
    let now = waybill_store::now_ms();
    for d in 0..DOCUMENTS {
        let mut tx = store.begin_write().await.unwrap();
        let document = format!("doc-{d:03}");
        sqlx::query(
            "INSERT INTO knowledge_documents (tenant_id, id, kb_id, file_id, filename, media_type, size, status, done, total, chunks, attempts, created_by, created_at, updated_at) \
             VALUES ('t1', $1, $2, $3, $4, 'text/markdown', 0, 'ready', $5, $5, $5, 1, $6, $7, $7)",
        )
        .bind(&document)
        .bind(kb)
        .bind(format!("file-{d}"))
        .bind(format!("operations-manual-{d:03}.md"))
        .bind(per_document as i64)
        .bind(owner)
        .bind(now)
        .execute(&mut *tx)
        .await
        .unwrap();
        for seq in 0..per_document {
            let embedding = vectors.then(|| vector_bytes(&vector(&mut dice, &topics)));
            sqlx::query(
                "INSERT INTO knowledge_chunks (tenant_id, kb_id, document_id, seq, page, section, text, embedding, embedding_model) \
                 VALUES ('t1', $1, $2, $3, NULL, $4, $5, $6, $7)",
            )
            .bind(kb)
            .bind(&document)
            .bind(seq as i64)
            .bind(format!("Manual {d} › Section {}", seq / 10 + 1))
            .bind(passage(&mut dice, &words))
            .bind(embedding)
            .bind(vectors.then_some("bench@512"))
            .execute(&mut *tx)
            .await
            .unwrap();
        }
        tx.commit().await.unwrap();
    }
    sqlx::query("UPDATE knowledge_bases SET version = version + 1 WHERE id = $1").bind(kb).execute(store.writes()).await.unwrap();
}

fn questions() -> Vec<String> {
    let words = vocabulary();
    let mut dice = Dice(0x1234_5678_9abc_def1);
    (0..QUERIES)
        .map(|i| {
            if i % 10 == 0 {
                return (0..2 + dice.below(3)).map(|_| CHINESE[dice.below(CHINESE.len())]).collect::<Vec<_>>().join("");
            }
            // Questions mix common words with the rarer ones that carry them.
            (0..2 + dice.below(5)).map(|_| words[dice.zipf(words.len().min(2_000))].clone()).collect::<Vec<_>>().join(" ")
        })
        .collect()
}

/// What a retrieval run measured.
struct Retrieval {
    p50: f64,
    p95: f64,
    /// The in-memory ranking alone, without the database.
    ranking_p50: f64,
    found: f64,
    load: Duration,
}

async fn retrieval(semantic: bool) -> Retrieval {
    let folder = tempdir();
    let store = store_in(&folder).await;
    let owner = admin(&store).await;
    let files = Arc::new(FileService::new(&FileSettings { folder: folder.join("files"), ..FileSettings::default() }).unwrap());
    let mut dice = Dice(99);
    let embedder: Option<Arc<dyn Embedder>> = semantic.then(|| Arc::new(Instant0((0..DIM).map(|_| dice.unit()).collect())) as Arc<dyn Embedder>);
    let kb = KnowledgeBases::new(store.clone(), files, embedder, Settings::default());
    let who = Who { tenant_id: "t1", user_id: &owner, admin: true };
    let base = kb.store.create(who, KbScope::Company, "Manuals", "").await.unwrap();
    fill(&store, &base.id, &owner, semantic).await;

    let bases = kb.resolve(who, &[]).await.unwrap();
    let started = Instant::now();
    kb.search(who, bases.clone(), "warm up", 5, 0.3).await.unwrap();
    let load = started.elapsed();
    let mut times = Vec::with_capacity(QUERIES);
    let mut ranking = Vec::with_capacity(QUERIES);
    let index = kb.indexes.at(&store, "t1", &base.id, bases[0].version, kb.model()).await.unwrap();
    let indexes = [(base.id.clone(), index)];
    let query_vector: Vec<f32> = (0..DIM).map(|_| dice.unit()).collect();
    let mut found = 0;
    for q in questions() {
        let started = Instant::now();
        let bases = kb.resolve(who, &[]).await.unwrap();
        let answer = kb.search(who, bases, &q, 5, 0.3).await.unwrap();
        times.push(ms(started.elapsed()));
        found += answer.passages.len();
        let started = Instant::now();
        let query = Query { text: &q, vector: semantic.then_some(&query_vector[..]), limit: 5, threshold: 0.3, floor: 0.2, ceiling: 0.7 };
        std::hint::black_box(waybill_knowledge::kb::index::search(&indexes, &query));
        ranking.push(ms(started.elapsed()));
    }
    times.sort_by(f64::total_cmp);
    ranking.sort_by(f64::total_cmp);
    std::fs::remove_dir_all(&folder).ok();
    Retrieval {
        p50: percentile(&times, 0.5),
        p95: percentile(&times, 0.95),
        ranking_p50: percentile(&ranking, 0.5),
        found: found as f64 / QUERIES as f64,
        load,
    }
}

async fn ingestion() -> (Duration, usize, usize) {
    let folder = tempdir();
    let store = store_in(&folder).await;
    let owner = admin(&store).await;
    let files = Arc::new(FileService::new(&FileSettings { folder: folder.join("files"), ..FileSettings::default() }).unwrap());
    let kb = Arc::new(KnowledgeBases::new(store.clone(), files.clone(), None, Settings::default()));
    let who = Who { tenant_id: "t1", user_id: &owner, admin: true };
    let base = kb.store.create(who, KbScope::Company, "Contracts", "").await.unwrap();

    let words = vocabulary();
    let mut dice = Dice(7);
    let pages: Vec<String> = (0..PAGES).map(|_| (0..6).map(|_| passage(&mut dice, &words)).collect::<Vec<_>>().join("\n")).collect();
    let refs: Vec<&str> = pages.iter().map(String::as_str).collect();
    let pdf = waybill_extract::testing::pdf(&refs);
    let body = futures::stream::iter([Ok::<_, waybill_files::FileError>(bytes::Bytes::from(pdf))]);
    let file = files
        .upload(
            &store,
            Uploader { tenant_id: "t1", user_id: &owner, facility_id: "f1" },
            UploadOptions {
                filename: "master-services-agreement.pdf",
                declared_type: Some("application/pdf"),
                operator: "ada",
                watermark: false,
                thumbnail: false,
            },
            body,
        )
        .await
        .unwrap();
    let worker = tokio::spawn(Worker::new(kb.clone(), Duration::from_secs(30)).run());
    let started = Instant::now();
    let doc = kb
        .store
        .add_documents(who, &base.id, &[NewDocument { file_id: &file.id, filename: &file.filename, media_type: &file.media_type, size: file.size }])
        .await
        .unwrap()
        .remove(0);
    kb.wake.notify_one();
    let mut seen = std::collections::BTreeSet::new();
    let elapsed = loop {
        let now = kb.store.document(who, &base.id, &doc.id).await.unwrap();
        seen.insert((now.status.as_str(), now.done));
        if !now.status.pending() {
            assert_eq!(now.status.as_str(), "ready", "{:?}", now.error);
            break started.elapsed();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    worker.abort();
    let chunks = kb.store.document(who, &base.id, &doc.id).await.unwrap().chunks as usize;
    std::fs::remove_dir_all(&folder).ok();
    (elapsed, seen.len(), chunks)
}

fn tempdir() -> std::path::PathBuf {
    let folder = std::env::temp_dir().join(format!("waybill-kb-bench-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(async {
        let mut failed = false;
        println!("knowledge base retrieval: {PASSAGES} passages in {DOCUMENTS} documents, {QUERIES} questions, SQLite, two cores");
        for semantic in [false, true] {
            let r = retrieval(semantic).await;
            let how = if semantic { "words and meaning (512-d vectors)" } else { "words" };
            let ok = r.p50 <= RETRIEVAL_TARGET_MS;
            failed |= !ok;
            println!(
                "  {how:<34} p50 {:6.2} ms  p95 {:6.2} ms  (ranking alone p50 {:5.2} ms)  passages per answer {:.1}  index read {:.1} s  {}",
                r.p50,
                r.p95,
                r.ranking_p50,
                r.found,
                r.load.as_secs_f64(),
                if ok { "ok" } else { "OVER 20 ms" }
            );
        }
        println!("ingestion: a {PAGES}-page PDF, queued to ready");
        let (took, steps, chunks) = ingestion().await;
        let ok = took.as_secs_f64() <= INGEST_TARGET_S;
        failed |= !ok;
        println!("  {:.1} s, {chunks} passages, {steps} distinct progress readings   {}", took.as_secs_f64(), if ok { "ok" } else { "OVER 30 s" });
        if failed {
            std::process::exit(1);
        }
    });
}
