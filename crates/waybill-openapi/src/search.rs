//! Ranked search over a catalogue's operations: BM25F, written out here because the
//! catalogue is small (thousands of operations), lives in memory and is rebuilt whenever
//! it changes.
//!
//! Each operation is a document with fields of different weight: its id (split at case
//! and punctuation), summary and path count most, then tags and parameter names, then
//! the description, and least the verbs its method stands for ("list", "create", …), so
//! operations without ids still answer "create shipment". Words are lowercased and their
//! plural `s` removed; a query word of three letters or more also matches longer words it
//! starts ("ship" → "shipment") at half weight.

use std::collections::HashMap;

use crate::model::Operation;

/// BM25 term-frequency saturation.
const K1: f32 = 1.2;

/// A term matched with this much weighted frequency counts as fully matched for
/// [`Hit::similarity`]: once in the id, summary or path.
const FULL_MATCH: f32 = 2.0;

/// A prefix match counts this much of an exact one.
const PREFIX_FACTOR: f32 = 0.5;

/// Prefix expansions per query word, so a short word cannot fan out over the vocabulary.
const MAX_EXPANSIONS: usize = 24;

/// Query words considered.
const MAX_QUERY_TERMS: usize = 24;

/// A deprecated operation's score is multiplied by this, so its replacement ranks first.
const DEPRECATED_FACTOR: f32 = 0.85;

#[derive(Clone, Copy)]
enum Field {
    Id,
    Summary,
    Path,
    Tags,
    Parameters,
    Description,
    Verbs,
}

const FIELDS: usize = 7;

impl Field {
    fn weight(self) -> f32 {
        match self {
            Field::Id => 3.0,
            Field::Summary => 2.5,
            Field::Path => 2.0,
            Field::Tags => 1.5,
            Field::Parameters => 1.0,
            Field::Description => 0.8,
            Field::Verbs => 0.6,
        }
    }

    /// Length normalisation: a long description should not drown a short one's match.
    fn b(self) -> f32 {
        match self {
            Field::Description => 0.75,
            _ => 0.4,
        }
    }
}

/// One search result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    /// Index into the operations the index was built from.
    pub operation: usize,
    /// BM25F score: orders hits of one query, meaningless across queries.
    pub score: f32,
    /// 0..=1: how much of the query the operation covers, each word weighted by its
    /// rarity and counted fully when it appears in the id, summary or path. Comparable
    /// across catalogues, so results of several systems can be merged by it.
    pub similarity: f32,
}

/// An operation search index.
#[derive(Clone, Debug, Default)]
pub struct Index {
    /// Sorted, for prefix lookups.
    terms: Vec<String>,
    /// Per term: (operation, weighted and length-normalised frequency).
    postings: Vec<Vec<(u32, f32)>>,
    idf: Vec<f32>,
    max_idf: f32,
    deprecated: Vec<bool>,
}

impl Index {
    pub fn build(operations: &[Operation]) -> Index {
        let n = operations.len();
        let mut fields: Vec<[Vec<String>; FIELDS]> = Vec::with_capacity(n);
        let mut total_len = [0usize; FIELDS];
        let mut present = [0usize; FIELDS];
        for op in operations {
            let mut f: [Vec<String>; FIELDS] = Default::default();
            let mut add = |field: Field, text: &str| words(text, &mut f[field as usize]);
            if let Some(id) = &op.operation_id {
                add(Field::Id, id);
            }
            if let Some(summary) = &op.summary {
                add(Field::Summary, summary);
            }
            add(Field::Path, &op.path);
            for tag in &op.tags {
                add(Field::Tags, tag);
            }
            for parameter in &op.parameters {
                add(Field::Parameters, &parameter.name);
            }
            if let Some(description) = &op.description {
                add(Field::Description, description);
            }
            add(Field::Verbs, verbs(&op.method, &op.path));
            for ((total, present), words) in total_len.iter_mut().zip(&mut present).zip(&f) {
                *total += words.len();
                *present += usize::from(!words.is_empty());
            }
            fields.push(f);
        }
        // Averaged over the operations that have the field: most have no description, and
        // counting them would make every description look long.
        let average: Vec<f32> = total_len.iter().zip(&present).map(|(&t, &p)| (t as f32 / p.max(1) as f32).max(1.0)).collect();
        const ALL: [Field; FIELDS] = [Field::Id, Field::Summary, Field::Path, Field::Tags, Field::Parameters, Field::Description, Field::Verbs];

        let mut postings: HashMap<String, Vec<(u32, f32)>> = HashMap::new();
        let mut weighted: HashMap<&str, f32> = HashMap::new();
        for (doc, f) in fields.iter().enumerate() {
            weighted.clear();
            for field in ALL {
                let words = &f[field as usize];
                let norm = 1.0 - field.b() + field.b() * words.len() as f32 / average[field as usize];
                let each = field.weight() / norm;
                for word in words {
                    *weighted.entry(word.as_str()).or_default() += each;
                }
            }
            for (word, tf) in &weighted {
                postings.entry((*word).to_owned()).or_default().push((doc as u32, *tf));
            }
        }
        let mut postings: Vec<(String, Vec<(u32, f32)>)> = postings.into_iter().collect();
        postings.sort_by(|a, b| a.0.cmp(&b.0));
        Index {
            max_idf: idf(n, 1),
            idf: postings.iter().map(|(_, list)| idf(n, list.len())).collect(),
            terms: postings.iter().map(|(t, _)| t.clone()).collect(),
            postings: postings.into_iter().map(|(_, list)| list).collect(),
            deprecated: operations.iter().map(|op| op.deprecated).collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.deprecated.len()
    }

    pub fn is_empty(&self) -> bool {
        self.deprecated.is_empty()
    }

    /// The best `limit` operations for `query`, best first; none for a query with no
    /// searchable word.
    pub fn search(&self, query: &str, limit: usize) -> Vec<Hit> {
        let mut terms = Vec::new();
        words(query, &mut terms);
        let mut seen = std::collections::HashSet::new();
        terms.retain(|t| seen.insert(t.clone()));
        terms.truncate(MAX_QUERY_TERMS);
        if terms.is_empty() || limit == 0 || self.is_empty() {
            return Vec::new();
        }
        let n = self.len();
        let mut score = vec![0f32; n];
        let mut covered = vec![0f32; n];
        let mut best = vec![0f32; n];
        let mut touched: Vec<u32> = Vec::new();
        let mut term_touched: Vec<u32> = Vec::new();
        let mut query_weight = 0f32;
        for term in &terms {
            let matches = self.matches(term);
            // An unknown word still counts in the query's weight: the more of the query
            // nothing matches, the lower the similarity.
            let weight = matches.iter().map(|&(t, _)| self.idf[t]).fold(0f32, f32::max);
            let weight = if matches.is_empty() { self.max_idf } else { weight };
            query_weight += weight;
            for &(t, factor) in &matches {
                let idf = self.idf[t];
                for &(doc, tf) in &self.postings[t] {
                    let d = doc as usize;
                    if score[d] == 0.0 && covered[d] == 0.0 {
                        touched.push(doc);
                    }
                    score[d] += factor * idf * tf * (K1 + 1.0) / (tf + K1);
                    let strength = factor * (tf / FULL_MATCH).min(1.0);
                    if best[d] == 0.0 {
                        term_touched.push(doc);
                    }
                    best[d] = best[d].max(strength);
                }
            }
            for doc in term_touched.drain(..) {
                covered[doc as usize] += weight * best[doc as usize];
                best[doc as usize] = 0.0;
            }
        }
        let mut hits: Vec<Hit> = touched
            .into_iter()
            .map(|doc| {
                let d = doc as usize;
                let penalty = if self.deprecated[d] { DEPRECATED_FACTOR } else { 1.0 };
                Hit { operation: d, score: score[d] * penalty, similarity: (covered[d] / query_weight).clamp(0.0, 1.0) }
            })
            .collect();
        let order = |a: &Hit, b: &Hit| b.score.total_cmp(&a.score).then(a.operation.cmp(&b.operation));
        if hits.len() > limit {
            hits.select_nth_unstable_by(limit - 1, order);
            hits.truncate(limit);
        }
        hits.sort_by(order);
        hits
    }

    /// Vocabulary terms a query word matches, with how much each counts.
    fn matches(&self, word: &str) -> Vec<(usize, f32)> {
        let start = self.terms.partition_point(|t| t.as_str() < word);
        let mut out = Vec::new();
        if self.terms.get(start).is_some_and(|t| t == word) {
            out.push((start, 1.0));
        }
        if word.chars().count() >= 3 {
            out.extend(
                self.terms[start..]
                    .iter()
                    .enumerate()
                    .skip(out.len())
                    .take_while(|(_, t)| t.starts_with(word))
                    .take(MAX_EXPANSIONS)
                    .map(|(i, _)| (start + i, PREFIX_FACTOR)),
            );
        }
        out
    }
}

fn idf(n: usize, df: usize) -> f32 {
    (1.0 + (n as f32 - df as f32 + 0.5) / (df as f32 + 0.5)).ln()
}

/// What a request in words may call the method: a GET on a collection lists, on an item
/// shows.
fn verbs(method: &str, path: &str) -> &'static str {
    match method {
        "GET" if path.trim_end_matches('/').ends_with('}') => "get show read find fetch lookup detail view",
        "GET" => "get list search find all query browse view",
        "POST" => "create add new submit post register make",
        "PUT" => "update replace set change edit",
        "PATCH" => "update change edit modify patch",
        "DELETE" => "delete remove cancel",
        _ => "",
    }
}

const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "i", "in", "is", "it", "me", "my", "of", "on", "or", "our", "please", "that", "the",
    "this", "to", "we", "what", "which", "with",
];

/// Splits text into normalised words: at anything but letters and digits, at camelCase
/// and ACRONYMWord boundaries; lowercased, plural `s` removed, stop words dropped.
pub(crate) fn words(text: &str, out: &mut Vec<String>) {
    for piece in text.split(|c: char| !c.is_alphanumeric()).filter(|p| !p.is_empty()) {
        let chars: Vec<char> = piece.chars().collect();
        let mut start = 0;
        for i in 1..=chars.len() {
            let boundary = i == chars.len() || {
                let (prev, cur) = (chars[i - 1], chars[i]);
                (prev.is_lowercase() || prev.is_ascii_digit()) && cur.is_uppercase()
                    || prev.is_uppercase() && cur.is_uppercase() && chars.get(i + 1).is_some_and(|c| c.is_lowercase())
            };
            if boundary {
                let word: String = chars[start..i].iter().flat_map(|c| c.to_lowercase()).collect();
                start = i;
                if !STOP_WORDS.contains(&word.as_str()) {
                    out.push(stem(word));
                }
            }
        }
    }
}

/// English plurals to singular, enough for API vocabulary: inventories → inventory,
/// addresses → address, boxes → box, orders → order; status, address and analysis stay.
fn stem(word: String) -> String {
    if word.len() <= 3 || !word.is_ascii() {
        return word;
    }
    if let Some(special) = ["statuses", "aliases", "buses"].iter().find(|w| **w == word) {
        return special[..special.len() - 2].to_owned();
    }
    if let Some(base) = word.strip_suffix("ies")
        && base.len() >= 2
    {
        return format!("{base}y");
    }
    for suffix in ["sses", "xes", "ches", "shes", "zzes"] {
        if word.ends_with(suffix) {
            return word[..word.len() - 2].to_owned();
        }
    }
    if word.ends_with('s') && !word.ends_with("ss") && !word.ends_with("us") && !word.ends_with("is") {
        return word[..word.len() - 1].to_owned();
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        words(text, &mut out);
        out
    }

    #[test]
    fn words_split_identifiers_and_paths() {
        assert_eq!(split("listInventoryByItem"), ["list", "inventory", "item"]);
        assert_eq!(split("get_pick-waves"), ["get", "pick", "wave"]);
        assert_eq!(split("/inventory/{itemId}/locations"), ["inventory", "item", "id", "location"]);
        assert_eq!(split("HTTPServerStatus"), ["http", "server", "status"]);
        assert_eq!(split("Addresses of the boxes, batches and categories"), ["address", "box", "batch", "category"]);
        assert_eq!(split("statuses"), ["status"]);
    }
}
