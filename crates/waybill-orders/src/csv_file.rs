//! CSV (comma, semicolon or tab separated), streamed record by record.

use std::borrow::Cow;
use std::io::{self, BufRead, BufReader, Cursor, Read};

use crate::assemble::Assembler;
use crate::columns::{Columns, FIELD_COUNT, column_letters};
use crate::records::Records;
use crate::references::References;
use crate::values::Value;
use crate::{Limits, Orders, ReadError, XLS_MAGIC, ZIP_MAGIC};

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";
/// The header line is read ahead to choose the delimiter; a longer one is cut here.
const MAX_SNIFF: u64 = 1024 * 1024;

/// Reads orders from CSV text. See the crate documentation for the rules.
pub fn read_csv<R: Read>(reader: R, limits: &Limits) -> Result<Orders, ReadError> {
    read(reader, limits, &References::default())
}

pub(crate) fn read<R: Read>(reader: R, limits: &Limits, references: &References) -> Result<Orders, ReadError> {
    let mut source = BufReader::with_capacity(64 * 1024, Bounded { inner: reader, left: limits.max_bytes, limit: limits.max_bytes });

    // Read up to the first non-blank line: it is the header and decides the delimiter.
    let mut prefix = Vec::new();
    loop {
        let start = prefix.len();
        let n = (&mut source).take(MAX_SNIFF).read_until(b'\n', &mut prefix).map_err(io_error)?;
        let line = &prefix[start..];
        let line = if start == 0 { line.strip_prefix(UTF8_BOM).unwrap_or(line) } else { line };
        if n == 0 || !is_blank(line) || prefix.len() as u64 >= MAX_SNIFF {
            break;
        }
    }

    let strict_utf8 = prefix.starts_with(UTF8_BOM);
    if strict_utf8 {
        prefix.drain(..UTF8_BOM.len());
    }
    if prefix.starts_with(b"\xFF\xFE") || prefix.starts_with(b"\xFE\xFF") {
        return Err(ReadError::BrokenFile("the file is UTF-16 text (Excel's \"Unicode Text\"); save it as \"CSV UTF-8\" instead".to_owned()));
    }
    if prefix.starts_with(ZIP_MAGIC) || prefix.starts_with(XLS_MAGIC) {
        return Err(ReadError::BrokenFile("the file is an Excel workbook, not CSV text; upload it with its .xlsx name".to_owned()));
    }
    if prefix.contains(&0) {
        return Err(ReadError::BrokenFile("the file is not CSV text (it holds binary data)".to_owned()));
    }
    if is_blank(&prefix) {
        return Err(ReadError::Empty);
    }
    let header_line = prefix.split(|b| *b == b'\n').find(|line| !is_blank(line)).unwrap_or_default();
    let delimiter = sniff_delimiter(header_line);

    let mut records = Records::new(BufReader::with_capacity(64 * 1024, Cursor::new(prefix).chain(source)), delimiter, limits);

    let Some(header) = records.next_record()? else {
        return Err(ReadError::Empty);
    };
    let header_row = header.row;
    let mut headers = Vec::with_capacity(header.len());
    for (position, field) in header.iter().enumerate() {
        headers.push((position, decode(field, strict_utf8, header_row)?));
    }
    let columns = Columns::from_header(headers)?;
    let positions: [Option<usize>; FIELD_COUNT] = std::array::from_fn(|i| columns.position(crate::columns::FIELDS[i]));
    let width = columns.width;
    let mut assembler = Assembler::new(columns, limits, references);

    while let Some(record) = records.next_record()? {
        let row = record.row;
        let mut cells: [Value<'_>; FIELD_COUNT] = std::array::from_fn(|_| Value::Empty);
        for (cell, position) in cells.iter_mut().zip(positions) {
            if let Some(bytes) = position.and_then(|p| record.get(p)) {
                *cell = Value::Text(decode(bytes, strict_utf8, row)?);
            }
        }
        // A value right of the last header is most often an unquoted delimiter inside
        // a value ("12 Main St, Suite 4"), which shifted the rest of the row.
        let stray = (width..record.len()).find(|&p| record.get(p).is_some_and(|v| !is_blank(v)));
        if let Some(position) = stray {
            assembler.error(
                row,
                format!("{} (no header)", column_letters(position)),
                "has a value but no column header; is a value holding an unquoted comma, \
                 semicolon or tab? Put such values in double quotes"
                    .to_owned(),
            );
        }
        assembler.row(row, &cells)?;
    }
    assembler.finish()
}

fn is_blank(bytes: &[u8]) -> bool {
    bytes.iter().all(u8::is_ascii_whitespace)
}

/// The most frequent of `,` `;` and tab outside double quotes in the header line;
/// comma when none appears.
fn sniff_delimiter(line: &[u8]) -> u8 {
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for b in line {
        match b {
            b'"' => quoted = !quoted,
            b',' if !quoted => counts[0] += 1,
            b';' if !quoted => counts[1] += 1,
            b'\t' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let delimiters = [b',', b';', b'\t'];
    let best = (0..3).max_by_key(|&i| (counts[i], std::cmp::Reverse(i)));
    match best {
        Some(i) if counts[i] > 0 => delimiters[i],
        _ => b',',
    }
}

/// UTF-8, or where a value is not valid UTF-8, Windows-1252 (what Excel's plain "CSV"
/// writes on Windows). A file that starts with the UTF-8 marker must be UTF-8 throughout.
fn decode(bytes: &[u8], strict_utf8: bool, row: usize) -> Result<Cow<'_, str>, ReadError> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(Cow::Borrowed(s)),
        Err(_) if strict_utf8 => Err(ReadError::BrokenFile(format!(
            "row {row} is not valid UTF-8 text although the file is marked as UTF-8; \
             save it again as \"CSV UTF-8\""
        ))),
        Err(_) => Ok(encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes).0),
    }
}

pub(crate) fn io_error(error: io::Error) -> ReadError {
    match error.get_ref().and_then(|e| e.downcast_ref::<TooLarge>()) {
        Some(TooLarge(limit)) => ReadError::TooLarge { limit: *limit },
        None => {
            tracing::debug!(%error, "CSV cannot be read");
            ReadError::BrokenFile("the file cannot be read".to_owned())
        }
    }
}

#[derive(Debug)]
struct TooLarge(u64);

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "more than {} bytes", self.0)
    }
}

impl std::error::Error for TooLarge {}

/// Fails a read that would go past `limit` bytes in all.
struct Bounded<R> {
    inner: R,
    left: u64,
    limit: u64,
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let allowed = usize::try_from(self.left.saturating_add(1)).unwrap_or(usize::MAX);
        let len = buf.len().min(allowed);
        let n = self.inner.read(&mut buf[..len])?;
        if n as u64 > self.left {
            return Err(io::Error::other(TooLarge(self.limit)));
        }
        self.left -= n as u64;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delimiter_is_the_most_frequent_outside_quotes() {
        assert_eq!(sniff_delimiter(b"a,b,c"), b',');
        assert_eq!(sniff_delimiter(b"a;b;c"), b';');
        assert_eq!(sniff_delimiter(b"a\tb\tc"), b'\t');
        assert_eq!(sniff_delimiter(b"\"a;b;c\",d,e"), b',');
        assert_eq!(sniff_delimiter(b"abc"), b',');
    }
}
