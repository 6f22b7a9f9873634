//! The in-process search index of knowledge bases: per document, an inverted index of its
//! passages' terms (the same terms as memories, [`crate::text::tokens`]) and, when an
//! embedding model is configured, their vectors. A knowledge base's index is a list of
//! its ready documents' segments, immutable and shared; when the knowledge base's version
//! in the database moves on (a document was added, finished or removed, by this instance
//! or another), the documents that changed are read again and the rest are kept.
//!
//! Scores are 0–1 and mean the same whichever ranking made them:
//! - lexical: the share of the query's weight a passage matches ([`crate::text`]: each
//!   term weighted by its IDF over the passages searched, counted by a BM25 term factor
//!   capped at one);
//! - semantic: the cosine of the passage's and the query's embeddings, mapped from the
//!   model's `[floor, ceiling]` onto 0–1;
//! - fused: `1 − (1 − lexical)(1 − semantic)`, which is either one alone when the other
//!   says nothing and grows when both agree, so a threshold keeps what either would.

use std::collections::{BinaryHeap, HashMap, HashSet};
use std::sync::{Arc, Mutex};

use futures::{StreamExt, TryStreamExt};
use sqlx::Row;
use waybill_store::Store;

use super::KbError;
use crate::text::{self, BM25_B, BM25_K1};

/// Up to this many passages, meaning is scored exactly; over it, estimated from the
/// vectors' signs first, and the best [`CANDIDATES`] scored exactly.
const EXACT_UP_TO: usize = 20_000;
const CANDIDATES: usize = 200;
/// How far below the threshold an estimated passage may be and still be a candidate.
const ESTIMATE_MARGIN: f64 = 0.1;

/// How much a query term in a passage's own heading weighs, in the order of passages of
/// equal score, beside the term's BM25 weight in its text.
const HEADING_BOOST: f64 = 1.5;

/// Passages' vectors, held two ways: scaled to bytes (a unit vector times 127 over its
/// largest part), for exact cosines; and as their signs, one bit per dimension, for a
/// first pass over many passages that reads an eighth of the memory.
#[derive(Debug)]
pub struct Vectors {
    pub dim: usize,
    codes: Vec<i8>,
    /// Per passage, what a code is worth; 0 for a passage without a vector.
    scales: Vec<f32>,
    /// Per passage, `words` words of sign bits.
    signs: Vec<u64>,
    words: usize,
}

/// Sign bits of `v`, one per dimension, in `dim.div_ceil(64)` words.
fn signs_of<T: Copy + Into<f32>>(v: &[T], out: &mut [u64]) {
    for (i, x) in v.iter().enumerate() {
        if (*x).into() > 0.0 {
            out[i / 64] |= 1 << (i % 64);
        }
    }
}

impl Vectors {
    /// Quantises `vectors` (one per passage, `None` for a passage not embedded yet).
    pub fn quantise(dim: usize, vectors: &[Option<Vec<f32>>]) -> Self {
        let words = dim.div_ceil(64);
        let mut codes = vec![0i8; dim * vectors.len()];
        let mut scales = vec![0f32; vectors.len()];
        let mut signs = vec![0u64; words * vectors.len()];
        for (i, v) in vectors.iter().enumerate() {
            let Some(v) = v.as_ref().filter(|v| v.len() == dim) else { continue };
            let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
            let largest = v.iter().fold(0f32, |m, x| m.max(x.abs()));
            if norm == 0.0 || largest == 0.0 {
                continue;
            }
            let scale = largest / norm / 127.0;
            for (code, x) in codes[i * dim..(i + 1) * dim].iter_mut().zip(v) {
                *code = (x / norm / scale).round().clamp(-127.0, 127.0) as i8;
            }
            signs_of(v, &mut signs[i * words..(i + 1) * words]);
            scales[i] = scale;
        }
        Vectors { dim, codes, scales, signs, words }
    }

    /// One passage's cosine with `query` (0 for a passage without a vector).
    fn cosine(&self, i: usize, query: &QueryVector) -> f32 {
        let scale = self.scales[i];
        if scale == 0.0 {
            return 0.0;
        }
        dot(&self.codes[i * self.dim..(i + 1) * self.dim], &query.codes) as f32 * scale * query.scale
    }

    /// Each passage's cosine with `query` estimated from the signs alone: two unit vectors
    /// whose signs differ in `h` of `d` dimensions are about `π·h/d` apart.
    fn estimates(&self, query: &QueryVector, out: &mut [f32]) {
        for (i, slot) in out.iter_mut().enumerate() {
            if self.scales[i] == 0.0 {
                *slot = 0.0;
                continue;
            }
            let differ: u32 = self.signs[i * self.words..(i + 1) * self.words].iter().zip(&query.signs).map(|(a, b)| (a ^ b).count_ones()).sum();
            *slot = query.angle_cosines[differ as usize];
        }
    }

    /// Each passage's cosine with `query` (0 for passages with none).
    fn cosines(&self, query: &QueryVector, out: &mut [f32]) {
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = self.cosine(i, query);
        }
    }
}

/// The dot product of two byte vectors. The products are integers, summed in sixteen
/// lanes in any order, which the compiler turns into wide vector instructions (more than
/// twice as fast as one running sum; reading the passages' bytes is then the limit).
fn dot(a: &[i8], b: &[i8]) -> i32 {
    let mut lanes = [0i32; 16];
    let (xs, ys) = (a.chunks_exact(16), b.chunks_exact(16));
    let tail: i32 = xs.remainder().iter().zip(ys.remainder()).map(|(x, y)| i32::from(*x) * i32::from(*y)).sum();
    for (x, y) in xs.zip(ys) {
        for k in 0..16 {
            lanes[k] += i32::from(x[k]) * i32::from(y[k]);
        }
    }
    lanes.iter().sum::<i32>() + tail
}

/// A question's unit vector, scaled to bytes like the passages'.
pub struct QueryVector {
    codes: Vec<i8>,
    scale: f32,
    signs: Vec<u64>,
    /// `cos(π·h/d)` for every count `h` of differing signs.
    angle_cosines: Vec<f32>,
}

impl QueryVector {
    /// `vector` scaled to unit length, then to bytes.
    pub fn of(vector: &[f32]) -> Self {
        let norm = vector.iter().map(|x| x * x).sum::<f32>().sqrt();
        let largest = vector.iter().fold(0f32, |m, x| m.max(x.abs()));
        let d = vector.len();
        let mut signs = vec![0u64; d.div_ceil(64)];
        signs_of(vector, &mut signs);
        let angle_cosines = (0..=d).map(|h| (std::f32::consts::PI * h as f32 / d.max(1) as f32).cos()).collect();
        if norm == 0.0 || largest == 0.0 {
            return QueryVector { codes: vec![0; d], scale: 0.0, signs, angle_cosines };
        }
        let scale = largest / norm / 127.0;
        QueryVector { codes: vector.iter().map(|x| (x / norm / scale).round().clamp(-127.0, 127.0) as i8).collect(), scale, signs, angle_cosines }
    }

    fn dim(&self) -> usize {
        self.codes.len()
    }
}

/// One document's passages, indexed.
#[derive(Debug)]
pub struct Segment {
    pub document_id: String,
    /// The document's `updated_at` when it was read: a newer one is read again.
    pub stamp: i64,
    /// Each passage's `seq`, by position.
    seqs: Vec<u32>,
    /// Each passage's length in terms.
    lens: Vec<u32>,
    total_len: u64,
    /// Term → its range in `postings`.
    terms: HashMap<Box<str>, (u32, u32)>,
    /// (passage position, term frequency), grouped by term.
    postings: Vec<(u32, u16)>,
    /// Term → the passages whose own section heading holds it.
    headings: HashMap<Box<str>, Vec<u32>>,
    vectors: Option<Vectors>,
}

impl Segment {
    /// Indexes passages given as (seq, text to index, the section's own heading) with their vectors.
    pub fn build(document_id: &str, stamp: i64, passages: &[(u32, String, String)], vectors: Option<Vectors>) -> Self {
        let mut by_term: HashMap<String, Vec<(u32, u16)>> = HashMap::new();
        let mut headings: HashMap<Box<str>, Vec<u32>> = HashMap::new();
        let mut lens = Vec::with_capacity(passages.len());
        for (pos, (_, text, heading)) in passages.iter().enumerate() {
            for t in text::tokens(heading).into_iter().collect::<HashSet<_>>() {
                headings.entry(t.into_boxed_str()).or_default().push(pos as u32);
            }
            let terms = text::tokens(text);
            lens.push(terms.len() as u32);
            let mut tf: HashMap<String, u16> = HashMap::new();
            for t in terms {
                let n = tf.entry(t).or_default();
                *n = n.saturating_add(1);
            }
            for (t, n) in tf {
                by_term.entry(t).or_default().push((pos as u32, n));
            }
        }
        let mut terms = HashMap::with_capacity(by_term.len());
        let mut postings = Vec::with_capacity(by_term.values().map(Vec::len).sum());
        for (t, list) in by_term {
            terms.insert(t.into_boxed_str(), (postings.len() as u32, list.len() as u32));
            postings.extend(list);
        }
        Segment {
            document_id: document_id.to_owned(),
            stamp,
            seqs: passages.iter().map(|(s, _, _)| *s).collect(),
            total_len: lens.iter().map(|l| u64::from(*l)).sum(),
            lens,
            terms,
            postings,
            headings,
            vectors,
        }
    }

    pub fn passages(&self) -> usize {
        self.seqs.len()
    }

    fn postings(&self, term: &str) -> &[(u32, u16)] {
        self.terms.get(term).map_or(&[], |(start, len)| &self.postings[*start as usize..(*start + *len) as usize])
    }
}

/// A knowledge base's index at one version.
#[derive(Debug, Default)]
pub struct KbIndex {
    pub version: i64,
    pub segments: Vec<Arc<Segment>>,
}

/// What a search asks.
pub struct Query<'a> {
    pub text: &'a str,
    /// The query's embedding, unit length, when there is a model.
    pub vector: Option<&'a [f32]>,
    pub limit: usize,
    pub threshold: f64,
    /// Maps a cosine onto 0–1.
    pub floor: f32,
    pub ceiling: f32,
}

/// A passage found.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    pub kb_id: String,
    pub document_id: String,
    pub seq: u32,
    pub score: f64,
    pub lexical: f64,
    pub semantic: Option<f64>,
}

/// A passage ranked: score, BM25 without its cap (which orders passages of equal score:
/// the one that says the words more, in fewer others, first), segment, position, lexical
/// and semantic scores.
struct Ranked(f64, f32, usize, usize, f64, Option<f64>);

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Ranked {}
impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Ranked {
    /// Reversed, so a `BinaryHeap` keeps the lowest on top and drops it first; full ties
    /// keep the earlier passage.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        other.0.total_cmp(&self.0).then(other.1.total_cmp(&self.1)).then((self.2, self.3).cmp(&(other.2, other.3)))
    }
}

/// Ranks the passages of `bases` (knowledge base id and its index) for `query`, best first.
pub fn search(bases: &[(String, Arc<KbIndex>)], query: &Query<'_>) -> Vec<Hit> {
    let segments: Vec<(&str, &Segment)> = bases.iter().flat_map(|(kb, index)| index.segments.iter().map(move |s| (kb.as_str(), s.as_ref()))).collect();
    let n: usize = segments.iter().map(|(_, s)| s.passages()).sum();
    if n == 0 || query.limit == 0 {
        return Vec::new();
    }
    let avg_len = (segments.iter().map(|(_, s)| s.total_len).sum::<u64>() as f64 / n as f64).max(1.0);
    let terms: Vec<String> = text::tokens(query.text).into_iter().collect::<HashSet<_>>().into_iter().collect();
    let weights: Vec<f64> = terms
        .iter()
        .map(|t| {
            let df: usize = segments.iter().map(|(_, s)| s.postings(t).len()).sum();
            text::idf(n, df)
        })
        .collect();
    let total: f64 = weights.iter().sum();
    let semantic = query.vector.filter(|v| !v.is_empty()).map(QueryVector::of);
    let semantic = semantic.as_ref();
    let span = (query.ceiling - query.floor).max(f32::EPSILON);

    // Over many passages with vectors, meaning is first estimated from the signs and only
    // the best candidates get exact cosines.
    let estimated = semantic.is_some() && n > EXACT_UP_TO;
    let keep = if estimated { query.limit.max(CANDIDATES) } else { query.limit };
    let mut heap: BinaryHeap<Ranked> = BinaryHeap::with_capacity(keep + 1);
    let mut lexical: Vec<f32> = Vec::new();
    let mut raw: Vec<f32> = Vec::new();
    let mut cosines: Vec<f32> = Vec::new();
    for (si, (_, segment)) in segments.iter().enumerate() {
        let len = segment.passages();
        lexical.clear();
        lexical.resize(len, 0.0);
        raw.clear();
        raw.resize(len, 0.0);
        if total > 0.0 {
            for (t, w) in terms.iter().zip(&weights) {
                for &(pos, tf) in segment.postings(t) {
                    let norm = BM25_K1 * (1.0 - BM25_B + BM25_B * f64::from(segment.lens[pos as usize]) / avg_len);
                    let tf = f64::from(tf);
                    let factor = tf * (BM25_K1 + 1.0) / (tf + norm);
                    lexical[pos as usize] += (w * factor.min(1.0) / total) as f32;
                    raw[pos as usize] += (w * factor) as f32;
                }
                // A term in the passage's own heading says the passage is about it.
                for &pos in segment.headings.get(t.as_str()).map_or(&[][..], Vec::as_slice) {
                    raw[pos as usize] += (w * HEADING_BOOST) as f32;
                }
            }
        }
        let vectors = semantic.and_then(|q| segment.vectors.as_ref().filter(|v| v.dim == q.dim()).map(|v| (q, v)));
        if let Some((q, v)) = vectors {
            cosines.clear();
            cosines.resize(len, 0.0);
            if estimated { v.estimates(q, &mut cosines) } else { v.cosines(q, &mut cosines) }
        }
        for pos in 0..len {
            let l = f64::from(lexical[pos]).clamp(0.0, 1.0);
            let s = vectors.map(|_| f64::from(((cosines[pos] - query.floor) / span).clamp(0.0, 1.0)));
            let score = 1.0 - (1.0 - l) * (1.0 - s.unwrap_or(0.0));
            // An estimate may be a little low: a candidate is kept a little below the threshold.
            let least = if estimated { query.threshold - ESTIMATE_MARGIN } else { query.threshold };
            if score <= 0.0 || score < least {
                continue;
            }
            let ranked = Ranked(score, raw[pos], si, pos, l, s);
            if heap.len() == keep {
                // The heap's top is its worst: only a better passage takes its place.
                if heap.peek().is_some_and(|worst| *worst <= ranked) {
                    continue;
                }
                heap.pop();
            }
            heap.push(ranked);
        }
    }
    let mut ranked = heap.into_vec();
    if let Some(q) = semantic.filter(|_| estimated) {
        ranked = ranked
            .into_iter()
            .filter_map(|Ranked(_, raw, si, pos, l, _)| {
                let v = segments[si].1.vectors.as_ref().filter(|v| v.dim == q.dim());
                let s = v.map(|v| f64::from(((v.cosine(pos, q) - query.floor) / span).clamp(0.0, 1.0)));
                let score = 1.0 - (1.0 - l) * (1.0 - s.unwrap_or(0.0));
                (score > 0.0 && score >= query.threshold).then_some(Ranked(score, raw, si, pos, l, s))
            })
            .collect();
    }
    ranked.sort();
    ranked.truncate(query.limit);
    ranked
        .into_iter()
        .map(|Ranked(score, _, si, pos, lexical, semantic)| {
            let (kb, segment) = segments[si];
            Hit {
                kb_id: kb.to_owned(),
                document_id: segment.document_id.clone(),
                seq: segment.seqs[pos],
                score: round(score),
                lexical: round(lexical),
                semantic: semantic.map(round),
            }
        })
        .collect()
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The text a passage is indexed by: its document's name and its section lead its words,
/// so "the cycle count SOP" finds the passages of that document.
pub fn indexed_text(document: &str, section: &str, text: &str) -> String {
    let title = document.rsplit_once('.').map_or(document, |(stem, _)| stem).replace(['-', '_'], " ");
    format!("{title}\n{section}\n{text}")
}

/// A section's own heading: the last of its path.
pub fn own_heading(section: &str) -> &str {
    section.rsplit(" › ").next().unwrap_or_default()
}

/// Little-endian f32s, as embeddings are stored.
pub fn vector_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn vector_of(bytes: &[u8]) -> Vec<f32> {
    bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
}

/// Every knowledge base's index in this instance, each brought up to date with the
/// database before it is searched.
#[derive(Default)]
pub struct Indexes {
    bases: Mutex<HashMap<(String, String), Arc<Slot>>>,
}

#[derive(Default)]
struct Slot {
    /// One refresh at a time per knowledge base; searches meanwhile take the index as it
    /// was, or wait a moment for the first one.
    refreshing: tokio::sync::Mutex<()>,
    current: Mutex<Arc<KbIndex>>,
    /// Whether `current` was ever read from the database.
    loaded: std::sync::atomic::AtomicBool,
}

/// How long a search waits for a knowledge base's first index before saying it is still
/// being loaded.
const FIRST_LOAD_WAIT: std::time::Duration = std::time::Duration::from_secs(3);

impl Indexes {
    fn slot(&self, tenant_id: &str, kb_id: &str) -> Arc<Slot> {
        self.bases.lock().unwrap().entry((tenant_id.to_owned(), kb_id.to_owned())).or_default().clone()
    }

    /// Forgets a knowledge base (deleted).
    pub fn forget(&self, tenant_id: &str, kb_id: &str) {
        self.bases.lock().unwrap().remove(&(tenant_id.to_owned(), kb_id.to_owned()));
    }

    /// The index of a knowledge base at `version` (read from the database by the caller),
    /// reading the documents that changed since this instance last looked. `model` is
    /// the embedding model in use: vectors of another model are not loaded. While another
    /// search or the warm-up reads it, the index as it was answers; before its first
    /// load, a search waits a moment, then says the index is still being loaded.
    pub async fn at(&self, store: &Store, tenant_id: &str, kb_id: &str, version: i64, model: Option<&str>) -> Result<Arc<KbIndex>, KbError> {
        let slot = self.slot(tenant_id, kb_id);
        let previous = slot.current.lock().unwrap().clone();
        if previous.version == version {
            return Ok(previous);
        }
        let _one = match slot.refreshing.try_lock() {
            Ok(one) => one,
            Err(_) if slot.loaded.load(std::sync::atomic::Ordering::Acquire) => return Ok(previous),
            Err(_) => match tokio::time::timeout(FIRST_LOAD_WAIT, slot.refreshing.lock()).await {
                Ok(one) => one,
                Err(_) => return Err(KbError::Warming("This knowledge base's index is still being loaded after a start; try again in a moment".into())),
            },
        };
        let current = slot.current.lock().unwrap().clone();
        if current.version == version {
            return Ok(current);
        }
        let docs = sqlx::query(
            "SELECT id, filename, updated_at FROM knowledge_documents WHERE tenant_id = $1 AND kb_id = $2 AND status = 'ready' ORDER BY created_at, id",
        )
        .bind(tenant_id)
        .bind(kb_id)
        .fetch_all(store.reads())
        .await?;
        let kept: HashMap<&str, &Arc<Segment>> = current.segments.iter().map(|s| (s.document_id.as_str(), s)).collect();
        let mut wanted = Vec::with_capacity(docs.len());
        for row in &docs {
            let id: String = row.try_get("id")?;
            let stamp: i64 = row.try_get("updated_at")?;
            let filename: String = row.try_get("filename")?;
            wanted.push((id, stamp, filename));
        }
        // Documents that changed are read a few at a time: one reads from the database while
        // others are tokenised on the blocking threads.
        let segments: Vec<Arc<Segment>> = futures::stream::iter(wanted)
            .map(|(id, stamp, filename)| {
                let kept = kept.get(id.as_str()).filter(|s| s.stamp == stamp).map(|s| Arc::clone(s));
                async move {
                    match kept {
                        Some(segment) => Ok(segment),
                        None => load_segment(store, tenant_id, &id, &filename, stamp, model).await.map(Arc::new),
                    }
                }
            })
            .buffered(4)
            .try_collect()
            .await?;
        let index = Arc::new(KbIndex { version, segments });
        *slot.current.lock().unwrap() = index.clone();
        slot.loaded.store(true, std::sync::atomic::Ordering::Release);
        Ok(index)
    }
}

/// Reads a document's passages and builds its segment (the tokenising on a blocking thread).
async fn load_segment(store: &Store, tenant_id: &str, document_id: &str, filename: &str, stamp: i64, model: Option<&str>) -> Result<Segment, sqlx::Error> {
    let rows =
        sqlx::query("SELECT seq, section, text, embedding, embedding_model FROM knowledge_chunks WHERE tenant_id = $1 AND document_id = $2 ORDER BY seq")
            .bind(tenant_id)
            .bind(document_id)
            .fetch_all(store.reads())
            .await?;
    let mut passages = Vec::with_capacity(rows.len());
    let mut vectors = Vec::with_capacity(rows.len());
    for row in &rows {
        let seq: i64 = row.try_get("seq")?;
        let section: String = row.try_get("section")?;
        let text: String = row.try_get("text")?;
        passages.push((seq as u32, indexed_text(filename, &section, &text), own_heading(&section).to_owned()));
        let embedded: Option<String> = row.try_get("embedding_model")?;
        let vector = match (model, embedded.as_deref()) {
            (Some(m), Some(e)) if m == e => row.try_get::<Option<Vec<u8>>, _>("embedding")?.map(|b| vector_of(&b)),
            _ => None,
        };
        vectors.push(vector);
    }
    let dim = vectors.iter().flatten().map(Vec::len).next();
    let document_id = document_id.to_owned();
    let segment = tokio::task::spawn_blocking(move || {
        let vectors = dim.map(|d| Vectors::quantise(d, &vectors));
        Segment::build(&document_id, stamp, &passages, vectors)
    })
    .await
    .map_err(|e| sqlx::Error::Protocol(format!("indexing a document failed: {e}")))?;
    Ok(segment)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(id: &str, docs: &[(&str, &[&str])]) -> (String, Arc<KbIndex>) {
        let segments = docs
            .iter()
            .map(|(doc, texts)| {
                let passages: Vec<(u32, String, String)> = texts.iter().enumerate().map(|(i, t)| (i as u32, (*t).to_owned(), String::new())).collect();
                Arc::new(Segment::build(doc, 0, &passages, None))
            })
            .collect();
        (id.to_owned(), Arc::new(KbIndex { version: 1, segments }))
    }

    fn query(text: &str) -> Query<'_> {
        Query { text, vector: None, limit: 5, threshold: 0.3, floor: 0.2, ceiling: 0.8 }
    }

    #[test]
    fn ranks_passages_across_documents_and_bases_with_scores_of_zero_to_one() {
        let sops = base(
            "kb-sops",
            &[
                ("cycle", &["Cycle count variances over 2 percent are recounted by a second counter.", "A items are counted monthly."]),
                ("dock", &["Chock the trailer wheels before opening the dock door.", "Door 7 sensor faults are tagged out."]),
            ],
        );
        let contracts = base("kb-contracts", &[("ups", &["UPS picks up at 4 pm; the cut-off for labels is 3:30 pm."])]);
        let hits = search(&[sops.clone(), contracts.clone()], &query("cycle count variances"));
        assert_eq!((hits[0].kb_id.as_str(), hits[0].document_id.as_str(), hits[0].seq), ("kb-sops", "cycle", 0));
        assert!(hits[0].score > 0.9 && hits[0].score <= 1.0, "{hits:?}");
        assert!(hits.iter().all(|h| h.score >= 0.3 && h.semantic.is_none()));
        let ups = search(&[sops.clone(), contracts], &query("When is the UPS cut-off?"));
        assert_eq!(ups[0].document_id, "ups");
        assert!(search(std::slice::from_ref(&sops), &query("forklift battery charging")).is_empty(), "nothing matches well enough");
        assert!(search(&[sops], &query("")).is_empty());
        assert!(search(&[], &query("anything")).is_empty());
    }

    #[test]
    fn of_passages_that_match_alike_the_one_whose_heading_says_it_comes_first() {
        let passages = vec![
            (0, "Records of spill kit checks are kept five years".to_owned(), "Records".to_owned()),
            (1, "Spill kits hang by the doors: use the nearest".to_owned(), "Spill response".to_owned()),
        ];
        let kb = ("kb".to_owned(), Arc::new(KbIndex { version: 1, segments: vec![Arc::new(Segment::build("d", 0, &passages, None))] }));
        let hits = search(&[kb], &query("where are the spill kits"));
        assert_eq!(hits.iter().map(|h| h.seq).collect::<Vec<_>>(), [1, 0], "{hits:?}");
    }

    #[test]
    fn keeps_the_best_when_more_match_than_the_limit() {
        let texts: Vec<String> = (0..50).map(|i| format!("pallet {} {}", "pallet ".repeat(i % 5), i)).collect();
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let kb = base("kb", &[("d", &refs)]);
        let hits = search(&[kb], &Query { limit: 3, threshold: 0.0, ..query("pallet") });
        assert_eq!(hits.len(), 3);
        assert!(hits.windows(2).all(|w| w[0].score >= w[1].score), "{hits:?}");
    }

    #[test]
    fn semantic_scores_fuse_with_lexical_ones() {
        let v = |x: f32, y: f32| Some(vec![x, y]);
        let passages = vec![
            (0, "dock safety rules".to_owned(), String::new()),
            (1, "trailer wheel chocks".to_owned(), String::new()),
            (2, "unrelated words".to_owned(), String::new()),
        ];
        let vectors = Vectors::quantise(2, &[v(1.0, 0.0), v(1.0, 0.0), None]);
        let kb = ("kb".to_owned(), Arc::new(KbIndex { version: 1, segments: vec![Arc::new(Segment::build("d", 0, &passages, Some(vectors)))] }));
        // Both vectors sit at a cosine of 0.6 from the question: 0.6 by meaning.
        let q = [0.6f32, 0.8];
        let plain = Query { vector: Some(&q), threshold: 0.0, floor: 0.0, ceiling: 1.0, ..query("chocks alignment") };
        let hits = search(std::slice::from_ref(&kb), &plain);
        // Passage 1 also holds one of the words: meaning and words together rank it first.
        assert_eq!(hits.iter().map(|h| h.seq).collect::<Vec<_>>(), [1, 0]);
        assert!(hits[0].lexical > 0.2 && hits[0].lexical < 0.5, "{hits:?}");
        let fused = 1.0 - (1.0 - hits[0].lexical) * (1.0 - 0.6);
        assert!((hits[0].score - fused).abs() < 0.02, "{hits:?}");
        assert!((hits[1].score - 0.6).abs() < 0.02 && hits[1].lexical == 0.0, "{hits:?}");
        // A vector of another dimension is ignored, not a failure.
        let wrong = [1.0f32, 0.0, 0.0];
        let lexical_only = search(&[kb], &Query { vector: Some(&wrong), ..plain });
        assert_eq!(lexical_only.len(), 1);
        assert!(lexical_only[0].semantic.is_none());
    }

    #[test]
    fn over_many_passages_meaning_is_estimated_then_scored_exactly() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 2001) as f32 / 1000.0 - 1.0
        };
        let n = EXACT_UP_TO + 5_000;
        let vectors: Vec<Option<Vec<f32>>> = (0..n).map(|_| Some((0..64).map(|_| next()).collect())).collect();
        let passages: Vec<(u32, String, String)> = (0..n).map(|i| (i as u32, format!("passage {i}"), String::new())).collect();
        let target = vectors[12_345].clone().unwrap();
        let near: Vec<f32> = target.iter().map(|x| x + 0.05 * next()).collect();
        let kb = (
            "kb".to_owned(),
            Arc::new(KbIndex { version: 1, segments: vec![Arc::new(Segment::build("d", 0, &passages, Some(Vectors::quantise(64, &vectors))))] }),
        );
        let hits = search(&[kb], &Query { vector: Some(&near), threshold: 0.5, floor: 0.0, ceiling: 1.0, ..query("unrelated") });
        assert_eq!(hits[0].seq, 12_345, "{hits:?}");
        assert!(hits[0].semantic.unwrap() > 0.98, "scored exactly: {hits:?}");
        assert!(hits.iter().all(|h| h.score >= 0.5) && hits.len() <= 5);
    }

    #[test]
    fn dot_products_of_any_length() {
        for n in [0usize, 1, 15, 16, 17, 512, 515] {
            let a: Vec<i8> = (0..n).map(|i| (i as i32 % 255 - 127) as i8).collect();
            let b: Vec<i8> = (0..n).map(|i| ((i * 7) as i32 % 255 - 127) as i8).collect();
            let plain: i32 = a.iter().zip(&b).map(|(x, y)| i32::from(*x) * i32::from(*y)).sum();
            assert_eq!(dot(&a, &b), plain, "{n}");
        }
    }

    #[test]
    fn vectors_survive_quantising() {
        let a = vec![0.3f32, -0.5, 0.8, 0.1];
        let q = Vectors::quantise(4, &[Some(a.clone()), None]);
        let norm = a.iter().map(|x| x * x).sum::<f32>().sqrt();
        let unit: Vec<f32> = a.iter().map(|x| x / norm).collect();
        let mut out = [0f32; 2];
        q.cosines(&QueryVector::of(&unit), &mut out);
        assert!((out[0] - 1.0).abs() < 0.01 && out[1] == 0.0, "{out:?}");
        assert_eq!(vector_of(&vector_bytes(&a)), a);
    }
}
