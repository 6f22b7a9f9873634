use serde::Serialize;

/// A problem in one cell (or row) of the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RowError {
    /// The row number the user sees in their spreadsheet: the header is usually row 1.
    /// Blank rows count; a CSV value that spans several lines counts once.
    pub row: usize,
    /// The column's header as written in the file ("Qty"), or for a value outside any
    /// column its letter ("M (no header)").
    pub column: String,
    /// What is wrong, for the user: "\"12.5\" is not a whole number".
    pub message: String,
}

/// Why a file was not imported. Nothing is imported when any of these is returned.
///
/// The `Display` text is written for the person who uploaded the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    #[error("the file is larger than the {} limit", mib(*limit))]
    TooLarge { limit: u64 },

    /// The workbook's parts add up to more than [`crate::Limits::max_unzipped_bytes`]
    /// once unpacked (a "zip bomb", or a workbook that is simply too big).
    #[error(
        "the workbook unpacks to {}, more than the {} allowed; save it as CSV or split it",
        mib(*declared),
        mib(*limit)
    )]
    TooLargeUnzipped { declared: u64, limit: u64 },

    #[error("the file has more than {limit} order rows; split it into smaller files")]
    TooManyRows { limit: usize },

    /// A CSV row holds more than [`crate::Limits::max_columns`] values: most often a
    /// file that is not a table with one order line per row.
    #[error(
        "row {row} has more than {} columns, the most a row may have; an order file has one order line per row, check that the file is one",
        thousands(*limit as u64)
    )]
    TooManyColumns { row: usize, limit: usize },

    /// A CSV row holds more than [`crate::Limits::max_row_bytes`] of values: most often
    /// a quote that is never closed.
    #[error("row {row} is longer than {}, the most a row may be; check for a quote (\") that is never closed", mib(*limit))]
    RowTooLong { row: usize, limit: u64 },

    /// The CSV file holds more than [`crate::Limits::max_cells`] values.
    #[error("the file has more than {} cells, the most a file may have; split it into smaller files", thousands(*limit))]
    TooManyCells { limit: u64 },

    /// The file cannot be read as the format it claims: a damaged workbook, a
    /// password-protected one, a binary file sent as CSV, bad text encoding.
    #[error("{0}")]
    BrokenFile(String),

    /// A format this crate does not read (old `.xls`, `.ods`, `.xlsb`, PDF…); the message
    /// says what to save it as.
    #[error("{0}")]
    Unsupported(String),

    /// Required columns are absent from the header row. `found` lists the header cells
    /// that were there (at most 50).
    #[error(
        "missing required column{}: {}. Columns found: {}",
        if missing.len() == 1 { "" } else { "s" },
        missing.join(", "),
        if found.is_empty() { "none".to_owned() } else { found.join(", ") }
    )]
    MissingColumns { missing: Vec<String>, found: Vec<String> },

    /// Several headers name the same field ("SKU" and "Item"); each inner list is one
    /// such group.
    #[error(
        "these columns mean the same thing, keep one of each: {}",
        .0.iter().map(|group| group.join(" / ")).collect::<Vec<_>>().join("; ")
    )]
    DuplicateColumns(Vec<Vec<String>>),

    /// Cells of imported columns hold formulas (references such as "C7"). Only values
    /// are imported: a formula's saved result can be out of date.
    #[error(
        "cells {}{} hold formulas; replace them with their values (copy, then Paste Values) and upload again",
        cells.join(", "),
        if *more > 0 { format!(" and {more} more") } else { String::new() }
    )]
    Formulas { cells: Vec<String>, more: usize },

    /// Rows with problems: the first [`crate::Limits::max_errors`], and how many more
    /// there were.
    #[error(
        "{} problem{} found in the rows; fix {} and upload again",
        errors.len() + more,
        if errors.len() + more == 1 { "" } else { "s" },
        if errors.len() + more == 1 { "it" } else { "them" }
    )]
    Rows { errors: Vec<RowError>, more: usize },

    #[error("the file has no order rows")]
    Empty,
}

impl ReadError {
    /// A stable code for each kind of error, for API responses and logs.
    pub fn code(&self) -> &'static str {
        match self {
            ReadError::TooLarge { .. } => "too_large",
            ReadError::TooLargeUnzipped { .. } => "too_large_unzipped",
            ReadError::TooManyRows { .. } => "too_many_rows",
            ReadError::TooManyColumns { .. } => "too_many_columns",
            ReadError::RowTooLong { .. } => "row_too_long",
            ReadError::TooManyCells { .. } => "too_many_cells",
            ReadError::BrokenFile(_) => "broken_file",
            ReadError::Unsupported(_) => "unsupported_format",
            ReadError::MissingColumns { .. } => "missing_columns",
            ReadError::DuplicateColumns(_) => "duplicate_columns",
            ReadError::Formulas { .. } => "formulas",
            ReadError::Rows { .. } => "row_errors",
            ReadError::Empty => "empty",
        }
    }
}

fn mib(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= MIB {
        format!("{:.1} MiB", bytes as f64 / MIB as f64)
    } else {
        format!("{bytes} bytes")
    }
}

/// 20000000 → "20,000,000".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
