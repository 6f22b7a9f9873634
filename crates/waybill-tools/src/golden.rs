//! Golden samples: each tool's tests write one real output to
//! `web/src/generated/samples/<toolName>.json`, and the web card tests render it, so a
//! change to an output type that the card does not follow fails one side or the other
//! (CI fails when a generated file changes without being committed).

use std::path::PathBuf;

use serde::Serialize;

/// The folder generated files go to (`TS_RS_EXPORT_DIR`, set for every crate's tests).
pub fn generated_dir() -> PathBuf {
    std::env::var_os("TS_RS_EXPORT_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/generated")))
}

/// Writes `output` as the golden sample of `tool`, when it differs from the one there.
pub fn write(tool: &str, output: &impl Serialize) {
    let dir = generated_dir().join("samples");
    std::fs::create_dir_all(&dir).expect("the samples folder");
    let path = dir.join(format!("{tool}.json"));
    let text = serde_json::to_string_pretty(output).expect("a sample serialises") + "\n";
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&path, text).expect("the sample is written");
    }
}
