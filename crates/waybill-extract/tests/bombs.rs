//! Zip bombs, in their own test binary so that the memory high-water mark measured here
//! is this file's alone.

use std::time::{Duration, Instant};

use waybill_extract::{ExtractError, Format, Limits, extract, testing};

const GB: u64 = 1000 * 1000 * 1000;

/// Peak resident memory of this process so far, in bytes (Linux).
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[test]
fn docx_declaring_a_gigabyte_is_refused_before_inflating() {
    let bytes = testing::docx_bomb(GB);
    assert!(bytes.len() < 3_000_000, "the bomb itself is small: {}", bytes.len());
    let started = Instant::now();
    let err = extract(Format::Docx, &bytes, &Limits::default(), &mut |_, _| {}).unwrap_err();
    assert!(matches!(err, ExtractError::TooLarge(_)), "{err:?}");
    assert_eq!(err.to_string(), "The Word document unpacks to more than 200 MB; split it into smaller documents and upload them separately");
    assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
}

#[test]
fn docx_understating_its_size_is_stopped_while_inflating() {
    let bytes = testing::docx_bomb_understated(GB);
    let started = Instant::now();
    let err = extract(Format::Docx, &bytes, &Limits::default(), &mut |_, _| {}).unwrap_err();
    assert!(matches!(err, ExtractError::TooLarge(_)), "{err:?}");
    assert!(err.to_string().contains("unpacks to more than it declares"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    if let Some(peak) = peak_memory() {
        assert!(peak < 300 * 1000 * 1000, "peak memory {peak}");
    }
}

#[test]
fn a_bomb_within_the_budget_is_read() {
    let bytes = testing::docx_bomb(2 * 1000 * 1000);
    let doc = extract(Format::Docx, &bytes, &Limits::default(), &mut |_, _| {}).unwrap();
    assert_eq!(doc.text(), "Start\n\nEnd");
}
