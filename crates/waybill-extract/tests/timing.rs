//! How long a long document takes. Ignored by default because the time depends on the
//! machine and the build profile; run with
//! `cargo test -p waybill-extract --features testing --test timing -- --ignored --nocapture`
//! (add `--release` for the optimised figure).

use std::time::{Duration, Instant};

use waybill_extract::{Format, Limits, chunk, extract, testing};

#[test]
#[ignore = "timing; run explicitly"]
fn three_hundred_page_pdf() {
    let paragraph = "Pallets must be shrink-wrapped with at least three turns at the base \
        and labelled on two adjacent sides before they leave the staging lane. ";
    let pages: Vec<String> = (1..=300)
        .map(|i| {
            let mut page = format!("Section {i}\n\n");
            for line in 0..40 {
                page.push_str(&format!("{line}: {paragraph}\n"));
                if line % 8 == 7 {
                    page.push('\n');
                }
            }
            page
        })
        .collect();
    let refs: Vec<&str> = pages.iter().map(String::as_str).collect();
    let bytes = testing::pdf(&refs);

    let started = Instant::now();
    let doc = extract(Format::Pdf, &bytes, &Limits::default(), &mut |_, _| {}).unwrap();
    let took = started.elapsed();
    let chunks = chunk(&doc, 1000);
    println!(
        "300 pages, {} KB, {} characters: extracted in {took:?}, {} chunks in {:?}",
        bytes.len() / 1000,
        doc.text().chars().count(),
        chunks.len(),
        started.elapsed() - took
    );
    assert_eq!(doc.pages, Some(300));
    assert_eq!(doc.sections.len(), 300);
    assert!(took < Duration::from_secs(30), "{took:?}");
}
