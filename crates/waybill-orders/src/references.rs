//! Values that name a record of the order system — a carrier, an item, a merchant —
//! matched the way its pickers list them: by id, code or name, in any case, ignoring
//! spaces around and between words. A value that names nothing is refused with the
//! nearest accepted ones; a name two records share is refused with both.

use std::collections::HashMap;
use std::sync::Mutex;

/// How many near values a refusal lists.
pub const SUGGESTIONS: usize = 5;
/// How many candidates an ambiguous value lists.
const CANDIDATES: usize = 10;
/// Longer texts are cut here before they are compared, to bound the work.
const COMPARED_CHARS: usize = 64;

/// One record a reference column may name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// What the order system is sent for it: its id or code.
    pub value: String,
    /// How a picker shows it ("UPS · UPSN").
    pub label: String,
    /// The other words it is known by: its name, its code, its id.
    pub names: Vec<String>,
}

impl Entry {
    pub fn new(value: impl Into<String>, label: impl Into<String>) -> Entry {
        Entry { value: value.into(), label: label.into(), names: Vec::new() }
    }

    /// Adds a name, code or id the record is also known by; blank ones are left out.
    pub fn also(mut self, name: impl Into<String>) -> Entry {
        let name = name.into();
        if !name.trim().is_empty() {
            self.names.push(name);
        }
        self
    }
}

/// Why a value does not name one record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// It names none; the nearest records' labels, nearest first.
    Unknown { nearest: Vec<String> },
    /// It names several; their labels.
    Ambiguous { candidates: Vec<String> },
}

/// The records one reference column may name.
#[derive(Debug)]
pub struct Catalog {
    /// What a record is, for messages: "carrier", "SKU", "merchant".
    noun: String,
    entries: Vec<Entry>,
    /// Each entry's keys in the form [`normalize`] gives them: value first.
    keys: Vec<Vec<String>>,
    /// Refusal messages by value, since a file repeats the same wrong value on many rows.
    refused: Mutex<HashMap<String, String>>,
}

impl Catalog {
    pub fn new(noun: impl Into<String>, entries: Vec<Entry>) -> Catalog {
        let keys = entries
            .iter()
            .map(|e| std::iter::once(&e.value).chain(std::iter::once(&e.label)).chain(&e.names).map(|k| normalize(k)).filter(|k| !k.is_empty()).collect())
            .collect();
        Catalog { noun: noun.into(), entries, keys, refused: Mutex::new(HashMap::new()) }
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The record `text` names: the one whose value (id) it is, else the only one it is
    /// a name, code or label of.
    pub fn resolve(&self, text: &str) -> Result<&Entry, Refusal> {
        let wanted = normalize(text);
        if let Some(i) = self.keys.iter().position(|keys| keys.first() == Some(&wanted)) {
            return Ok(&self.entries[i]);
        }
        let named: Vec<usize> = (0..self.entries.len()).filter(|&i| self.keys[i].contains(&wanted)).collect();
        match named.as_slice() {
            [one] => Ok(&self.entries[*one]),
            [] => Err(Refusal::Unknown { nearest: self.nearest(&wanted) }),
            many => Err(Refusal::Ambiguous { candidates: many.iter().take(CANDIDATES).map(|&i| self.entries[i].label.clone()).collect() }),
        }
    }

    /// What `text` names, or a message saying why it names nothing or several.
    pub fn value_of(&self, text: &str) -> Result<String, String> {
        if let Some(message) = self.refused.lock().ok().and_then(|cache| cache.get(text).cloned()) {
            return Err(message);
        }
        match self.resolve(text) {
            Ok(entry) => Ok(entry.value.clone()),
            Err(refusal) => {
                let message = self.message(text, &refusal);
                if let Ok(mut cache) = self.refused.lock() {
                    cache.insert(text.to_owned(), message.clone());
                }
                Err(message)
            }
        }
    }

    /// The sentence for a refusal of `text`.
    pub fn message(&self, text: &str, refusal: &Refusal) -> String {
        let noun = &self.noun;
        let shown = quote(text);
        match refusal {
            Refusal::Unknown { nearest } if nearest.is_empty() => format!("{shown} is not a known {noun}, and none are listed"),
            Refusal::Unknown { nearest } => {
                format!("{shown} is not a known {noun}; the nearest are {}. Use a {noun}'s name, code or id as the picker shows it", nearest.join(", "))
            }
            Refusal::Ambiguous { candidates } => {
                format!("{shown} could be any of these {noun}s: {}; use the code or id of the one meant", candidates.join(", "))
            }
        }
    }

    /// The labels of the records nearest `wanted`: those it starts, then by edit distance.
    fn nearest(&self, wanted: &str) -> Vec<String> {
        let wanted: Vec<char> = wanted.chars().take(COMPARED_CHARS).collect();
        let mut scored: Vec<(usize, &str)> = self
            .keys
            .iter()
            .zip(&self.entries)
            .map(|(keys, entry)| {
                let score = keys
                    .iter()
                    .map(|key| {
                        let key: Vec<char> = key.chars().take(COMPARED_CHARS).collect();
                        // A value that starts a name ("Fed" for "FedEx") is as near as it gets.
                        if !wanted.is_empty() && key.starts_with(&wanted) { 0 } else { 1 + edit_distance(&wanted, &key) }
                    })
                    .min()
                    .unwrap_or(usize::MAX);
                (score, entry.label.as_str())
            })
            .collect();
        scored.sort();
        scored.dedup_by(|a, b| a.1 == b.1);
        scored.into_iter().take(SUGGESTIONS).map(|(_, label)| label.to_owned()).collect()
    }
}

/// The reference columns an order file is checked against. A column without a catalog
/// is taken as written (the order system checks it).
#[derive(Debug, Default)]
pub struct References {
    /// The Carrier column: each value becomes the carrier's id.
    pub carriers: Option<Catalog>,
    /// The SKU column: each value becomes the item's SKU as the order system spells it.
    pub skus: Option<Catalog>,
}

/// Lower case, words separated by one space, nothing around them.
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(char::to_lowercase));
    }
    out
}

fn quote(text: &str) -> String {
    crate::values::quote(text.trim())
}

/// Levenshtein distance over characters.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        current[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitute.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn carriers() -> Catalog {
        let carrier = |id: &str, name: &str, scac: &str| Entry::new(id, format!("{name} · {scac}")).also(name).also(scac);
        Catalog::new(
            "carrier",
            vec![
                carrier("CAR-001", "UPS", "UPSN"),
                carrier("CAR-002", "FedEx", "FDXE"),
                carrier("CAR-003", "USPS", "USPS"),
                carrier("CAR-004", "DHL eCommerce", "DHLC"),
                carrier("CAR-009", "Express Freight", "EXFR"),
                carrier("CAR-010", "Express Freight", "EXPF"),
            ],
        )
    }

    #[test]
    fn names_codes_ids_and_labels_resolve_in_any_case_and_spacing() {
        let c = carriers();
        for text in ["UPS", "UPSN", "CAR-001", "ups", " Ups ", "upsn", "car-001", "UPS · UPSN", "  ups  ·  upsn "] {
            assert_eq!(c.value_of(text).as_deref(), Ok("CAR-001"), "{text:?}");
        }
        assert_eq!(c.value_of("FedEx").as_deref(), Ok("CAR-002"));
        assert_eq!(c.value_of("dhl  ecommerce").as_deref(), Ok("CAR-004"));
        // USPS is both the name and the code of one carrier: not ambiguous.
        assert_eq!(c.value_of("usps").as_deref(), Ok("CAR-003"));
    }

    #[test]
    fn an_unknown_value_lists_the_nearest() {
        let c = carriers();
        let Err(Refusal::Unknown { nearest }) = c.resolve("Fed") else { panic!("Fed is no carrier") };
        assert_eq!((nearest.len(), nearest[0].as_str()), (SUGGESTIONS, "FedEx · FDXE"), "a prefix comes first: {nearest:?}");
        let message = c.value_of("UPX").unwrap_err();
        assert!(message.starts_with("\"UPX\" is not a known carrier; the nearest are UPS · UPSN, USPS · USPS"), "{message}");
        assert!(message.ends_with("Use a carrier's name, code or id as the picker shows it"), "{message}");
        assert_eq!(message.matches(" · ").count(), SUGGESTIONS, "{message}");
    }

    #[test]
    fn a_name_two_records_share_is_ambiguous() {
        let c = carriers();
        assert_eq!(
            c.resolve("express freight"),
            Err(Refusal::Ambiguous { candidates: vec!["Express Freight · EXFR".into(), "Express Freight · EXPF".into()] })
        );
        assert_eq!(
            c.value_of("Express Freight").unwrap_err(),
            "\"Express Freight\" could be any of these carriers: Express Freight · EXFR, Express Freight · EXPF; use the code or id of the one meant"
        );
        assert_eq!(c.value_of("EXPF").as_deref(), Ok("CAR-010"));
    }

    #[test]
    fn edit_distance_counts_changes() {
        let d = |a: &str, b: &str| edit_distance(&a.chars().collect::<Vec<_>>(), &b.chars().collect::<Vec<_>>());
        assert_eq!(d("kitten", "sitting"), 3);
        assert_eq!(d("", "ups"), 3);
        assert_eq!(d("ups", "ups"), 0);
    }
}
