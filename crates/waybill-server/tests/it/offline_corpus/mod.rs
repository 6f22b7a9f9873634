//! The offline model measured on its corpus (docs/offline.md): every question of
//! `tests/offline_corpus` asked of the served model, and the share answered right held to
//! the baseline's floor per language. The rules that hold whatever was understood — no
//! failed answer, no approval for a change nobody asked for, none for an empty or
//! invented input — are held exactly to the baseline's known exceptions, so a case that
//! starts breaking one fails and a case that stops must be struck off the list.

pub mod runner;

use std::collections::{BTreeMap, BTreeSet};

use runner::{Corpus, GENERAL, Invariant};
use serde::Deserialize;
use waybill_server::config::Config;
use waybill_server::waybill_store::testing;
use waybill_server::waybill_tools::lang::Lang;

/// What the model answers today (`tests/offline_corpus/baseline.toml`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Baseline {
    /// The share right per language, in percent, that may not fall.
    floor: BTreeMap<String, f64>,
    /// The cases that break an invariant today, by invariant.
    known: BTreeMap<String, Vec<String>>,
}

impl Baseline {
    fn load() -> Self {
        let path = format!("{}/baseline.toml", runner::FOLDER);
        toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap_or_else(|e| panic!("{path}: {e}"))
    }
}

#[test]
fn the_corpus_asks_every_family_in_every_language_and_keeps_a_fifth_aside() {
    let corpus = Corpus::load();
    assert!(corpus.cases.len() >= 300, "{} questions; the corpus keeps at least 300", corpus.cases.len());
    let mut ids = BTreeSet::new();
    for case in &corpus.cases {
        assert!(ids.insert(case.id.as_str()), "{} is used twice", case.id);
        assert!(
            case.id.starts_with(&format!("{}-", case.lang.code())),
            "{} is in {}.toml: its id starts with {}-",
            case.id,
            case.lang.code(),
            case.lang.code()
        );
    }
    let families: BTreeSet<&str> = waybill_server::families::registered(&Config::default()).names().chain([GENERAL]).collect();
    for case in &corpus.cases {
        assert!(families.contains(case.family.as_str()), "{}: no family {} (the families are {families:?})", case.id, case.family);
    }
    for lang in Lang::ALL {
        let asked: BTreeSet<&str> = corpus.of(lang).map(|c| c.family.as_str()).collect();
        let missing: Vec<&&str> = families.difference(&asked).collect();
        assert!(missing.is_empty(), "{} asks nothing of {missing:?}", lang.code());
        let all = corpus.of(lang).count();
        let held = corpus.of(lang).filter(|c| c.held_out).count();
        let share = runner::percent(held, all);
        assert!((15.0..=25.0).contains(&share), "{}: {held} of {all} questions held out ({share:.0} %); keep about a fifth aside", lang.code());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_offline_model_answers_its_corpus_no_worse_than_the_baseline() {
    testing::run(testing::sqlite().await, |store| async move {
        let corpus = Corpus::load();
        let served = runner::serve(store).await;
        assert_eq!(runner::unknown_tools(&served, &corpus), Vec::<String>::new(), "the corpus names tools the server does not have");
        let verdicts = runner::run(&served, &corpus).await;
        let tables = runner::tables(&verdicts);
        println!("{tables}\nAnswered wrong:\n{}", runner::wrong(&verdicts));
        // Unoptimised here; `make bench-offline` times a release build on one core.
        println!("understanding alone (debug build): {}", runner::spread(&runner::understanding(&served, &corpus, 1).await));
        let baseline = Baseline::load();

        let mut broken = Vec::new();
        for lang in Lang::ALL {
            let share = runner::share(&verdicts, lang);
            let floor = *baseline.floor.get(lang.code()).unwrap_or_else(|| panic!("baseline.toml has no floor for {}", lang.code()));
            if share + 1e-9 < floor {
                broken.push(format!("{}: {share:.1} % answered right, below its floor of {floor:.1} %", lang.code()));
            } else if share >= floor + 0.1 {
                println!("{}: {share:.1} % answered right; raise its floor ({floor:.1} %) in baseline.toml", lang.code());
            }
        }
        for invariant in Invariant::ALL {
            let key = invariant.key();
            let known: BTreeSet<&str> = baseline.known.get(key).into_iter().flatten().map(String::as_str).collect();
            let now: BTreeSet<&str> = verdicts.iter().filter(|v| v.broken().contains(&invariant)).map(|v| v.case.id.as_str()).collect();
            for verdict in verdicts.iter().filter(|v| now.contains(v.case.id.as_str()) && !known.contains(v.case.id.as_str())) {
                broken.push(format!("{} breaks {key}: {}", verdict.case.id, verdict.reason()));
            }
            for id in known.difference(&now) {
                broken.push(format!("{id} no longer breaks {key}: strike it off known.{key} in baseline.toml"));
            }
        }
        assert!(broken.is_empty(), "{}\n\n{tables}\nAnswered wrong:\n{}", broken.join("\n"), runner::wrong(&verdicts));
    })
    .await
}
