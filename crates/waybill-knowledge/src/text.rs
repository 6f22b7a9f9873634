//! Lexical ranking that works offline in the seven interface languages: words for
//! alphabetic scripts (lower-cased, English plurals folded, common English words dropped),
//! overlapping character pairs for Chinese, Japanese and Korean, which do not separate
//! their words. Scores are normalised to 0–1: the share of the query's weight a text
//! matches, each term weighted by how rare it is among the texts ranked (its IDF) and
//! counted by a BM25 term factor capped at one. A threshold means the same whatever the
//! query's length: 0.3 asks that texts match about a third of what the query asks.

use std::collections::{HashMap, HashSet};

/// BM25's term-frequency saturation and length normalisation.
pub const BM25_K1: f64 = 1.2;
pub const BM25_B: f64 = 0.75;
const K1: f64 = BM25_K1;
const B: f64 = BM25_B;

/// A term's weight: its BM25 IDF among `n` texts, `df` of which hold it.
pub fn idf(n: usize, df: usize) -> f64 {
    let (n, df) = (n as f64, df as f64);
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// English words too common to rank by, in order (they are looked up by binary search).
const STOP_WORDS: &[&str] = &[
    "a",
    "about",
    "according",
    "an",
    "and",
    "are",
    "as",
    "at",
    "be",
    "by",
    "can",
    "could",
    "do",
    "does",
    "explain",
    "for",
    "from",
    "give",
    "how",
    "i",
    "in",
    "is",
    "it",
    "its",
    "me",
    "my",
    "of",
    "on",
    "or",
    "our",
    "please",
    "say",
    "says",
    "show",
    "tell",
    "that",
    "the",
    "their",
    "there",
    "this",
    "to",
    "us",
    "was",
    "we",
    "what",
    "when",
    "where",
    "which",
    "who",
    "with",
    "would",
    "you",
    "your",
];

fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF      // Hiragana, Katakana
        | 0x3400..=0x4DBF    // CJK extension A
        | 0x4E00..=0x9FFF    // CJK unified ideographs
        | 0xAC00..=0xD7AF    // Hangul syllables
        | 0xF900..=0xFAFF    // CJK compatibility ideographs
        | 0x20000..=0x2FA1F) // CJK extensions B–F
}

/// An English plural folded to its singular: `pallets` → `pallet`, `batteries` → `battery`.
fn fold(word: String) -> String {
    let n = word.chars().count();
    if n > 4 && word.ends_with("ies") {
        format!("{}y", &word[..word.len() - 3])
    } else if n > 3 && word.ends_with('s') && !word.ends_with("ss") && !word.ends_with("us") && word.is_ascii() {
        word[..word.len() - 1].to_owned()
    } else {
        word
    }
}

/// The terms of `text`, in order, repeated as often as they occur.
pub fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut run: Vec<char> = Vec::new();
    let flush_word = |word: &mut String, out: &mut Vec<String>| {
        if !word.is_empty() {
            let w = std::mem::take(word);
            if STOP_WORDS.binary_search(&w.as_str()).is_err() {
                out.push(fold(w));
            }
        }
    };
    let flush_run = |run: &mut Vec<char>, out: &mut Vec<String>| {
        match run.len() {
            0 => {}
            1 => out.push(run[0].to_string()),
            _ => out.extend(run.windows(2).map(|pair| pair.iter().collect::<String>())),
        }
        run.clear();
    };
    for c in text.chars() {
        if is_cjk(c) {
            flush_word(&mut word, &mut out);
            run.push(c);
        } else if c.is_alphanumeric() {
            flush_run(&mut run, &mut out);
            word.extend(c.to_lowercase());
        } else if c == '\'' || c == '’' {
            // "cut-off's" → "cut", "off"; an apostrophe inside a word ends it.
            flush_run(&mut run, &mut out);
            flush_word(&mut word, &mut out);
        } else {
            flush_run(&mut run, &mut out);
            flush_word(&mut word, &mut out);
        }
    }
    flush_run(&mut run, &mut out);
    flush_word(&mut word, &mut out);
    out
}

/// Texts tokenised once, ranked against any number of queries.
pub struct Ranker {
    docs: Vec<Doc>,
    df: HashMap<String, usize>,
    avg_len: f64,
}

struct Doc {
    tf: HashMap<String, usize>,
    len: usize,
}

impl Ranker {
    pub fn new<'a>(texts: impl IntoIterator<Item = &'a str>) -> Self {
        let mut df: HashMap<String, usize> = HashMap::new();
        let docs: Vec<Doc> = texts
            .into_iter()
            .map(|text| {
                let terms = tokens(text);
                let mut tf: HashMap<String, usize> = HashMap::new();
                for t in &terms {
                    *tf.entry(t.clone()).or_default() += 1;
                }
                for t in tf.keys() {
                    *df.entry(t.clone()).or_default() += 1;
                }
                Doc { len: terms.len(), tf }
            })
            .collect();
        let avg_len = if docs.is_empty() { 1.0 } else { (docs.iter().map(|d| d.len).sum::<usize>() as f64 / docs.len() as f64).max(1.0) };
        Ranker { docs, df, avg_len }
    }

    /// Each text's score for `query`, in the texts' order, 0–1.
    pub fn scores(&self, query: &str) -> Vec<f64> {
        let terms: Vec<String> = tokens(query).into_iter().collect::<HashSet<_>>().into_iter().collect();
        let weights: Vec<f64> = terms.iter().map(|t| idf(self.docs.len(), *self.df.get(t).unwrap_or(&0))).collect();
        let total: f64 = weights.iter().sum();
        self.docs
            .iter()
            .map(|doc| {
                if total <= 0.0 {
                    return 0.0;
                }
                let norm = K1 * (1.0 - B + B * doc.len as f64 / self.avg_len);
                let matched: f64 = terms
                    .iter()
                    .zip(&weights)
                    .map(|(t, w)| {
                        let tf = *doc.tf.get(t).unwrap_or(&0) as f64;
                        w * (tf * (K1 + 1.0) / (tf + norm)).min(1.0)
                    })
                    .sum();
                (matched / total).clamp(0.0, 1.0)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_words_are_in_order() {
        assert!(STOP_WORDS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn words_are_folded_and_cjk_is_paired() {
        assert_eq!(tokens("Our UPS cut-off is 4 PM for the pallets"), ["ups", "cut", "off", "4", "pm", "pallet"]);
        assert_eq!(tokens("UPS的截单时间是下午4点"), ["ups", "的截", "截单", "单时", "时间", "间是", "是下", "下午", "4", "点"]);
        assert_eq!(tokens("フォークリフト点検"), ["フォ", "ォー", "ーク", "クリ", "リフ", "フト", "ト点", "点検"]);
        assert_eq!(tokens("Gabelstapler-Prüfung, élévateur; batteries"), ["gabelstapler", "prüfung", "élévateur", "battery"]);
        assert!(tokens("  ,;  ").is_empty());
    }

    #[test]
    fn scores_are_the_share_of_the_query_matched() {
        let texts = ["Our UPS cut-off is 4 pm", "FedEx picks up at 5 pm from door 3", "Forklift batteries are charged overnight", "UPS 的截单时间是下午4点"];
        let ranker = Ranker::new(texts);
        let ups = ranker.scores("UPS");
        assert!(ups[0] > 0.99 && ups[3] > 0.7 && ups[3] < ups[0], "a longer text matches less of its length: {ups:?}");
        assert_eq!((ups[1], ups[2]), (0.0, 0.0));
        let cutoff = ranker.scores("What is the UPS cut-off?");
        assert!(cutoff[0] > 0.99 && cutoff[3] > 0.0 && cutoff[3] < 0.3 && cutoff[1] == 0.0, "rarer words weigh more: {cutoff:?}");
        let chinese = ranker.scores("截单时间");
        assert!(chinese[3] > 0.7 && chinese[0] == 0.0, "{chinese:?}");
        let partly = ranker.scores("forklift tyre pressure");
        assert!(partly[2] > 0.0 && partly[2] < 0.5, "a third of the query matched: {partly:?}");
        assert!(ranker.scores("").iter().all(|s| *s == 0.0));
        assert!(Ranker::new([]).scores("ups").is_empty());
    }
}
