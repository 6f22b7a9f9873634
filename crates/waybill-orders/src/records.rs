//! CSV records read with fixed bounds: no record may hold more than
//! [`Limits::max_columns`] values or [`Limits::max_row_bytes`] bytes, and no file more
//! than [`Limits::max_cells`] values. The bounds are checked while the record is parsed,
//! so a file that is one endless line (`a,a,a,…`), one endless quoted value or a row of a
//! million empty columns is refused after reading at most one row's worth, never held
//! whole.
//!
//! Each record carries the row a spreadsheet shows it on: the line it starts on, less
//! the line breaks inside quoted values of the records before it (a spreadsheet shows
//! such a value in one row). Blank lines count, as a spreadsheet shows them.

use std::io::BufRead;

use csv_core::{ReadRecordResult, ReaderBuilder};

use crate::{Limits, ReadError};

/// Room for a typical record; grown, up to the limit, when a record needs more.
const START_BYTES: usize = 4 * 1024;
const START_FIELDS: usize = 64;

pub(crate) struct Records<R> {
    input: R,
    core: csv_core::Reader,
    data: Vec<u8>,
    ends: Vec<usize>,
    max_fields: usize,
    max_bytes: usize,
    max_cells: u64,
    cells: u64,
    /// Line breaks read so far.
    lines: u64,
    /// Line breaks inside the quoted values of the records returned so far.
    breaks_in_values: u64,
    done: bool,
}

/// One record: its values as bytes, and its spreadsheet row.
pub(crate) struct Record<'a> {
    pub(crate) row: usize,
    data: &'a [u8],
    ends: &'a [usize],
}

impl<'a> Record<'a> {
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(crate) fn get(&self, i: usize) -> Option<&'a [u8]> {
        let end = *self.ends.get(i)?;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        Some(&self.data[start..end])
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &'a [u8]> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }
}

impl<R: BufRead> Records<R> {
    pub(crate) fn new(input: R, delimiter: u8, limits: &Limits) -> Self {
        Records {
            input,
            core: ReaderBuilder::new().delimiter(delimiter).build(),
            data: vec![0; START_BYTES.min(limits.max_row_bytes.max(1))],
            ends: vec![0; START_FIELDS.min(limits.max_columns.max(1))],
            max_fields: limits.max_columns,
            max_bytes: limits.max_row_bytes,
            max_cells: limits.max_cells,
            cells: 0,
            lines: 0,
            breaks_in_values: 0,
            done: false,
        }
    }

    /// The next record, `None` at the end of the input.
    pub(crate) fn next_record(&mut self) -> Result<Option<Record<'_>>, ReadError> {
        if self.done {
            return Ok(None);
        }
        // Blank lines before a record are skipped here rather than by the parser, which
        // skips them the same way, so that the line the record starts on is known.
        loop {
            let buffer = self.input.fill_buf().map_err(crate::csv_file::io_error)?;
            if buffer.is_empty() {
                break;
            }
            let blank = buffer.iter().take_while(|b| matches!(b, b'\r' | b'\n')).count();
            self.lines += newlines(&buffer[..blank]);
            let more = blank < buffer.len();
            self.input.consume(blank);
            if more {
                break;
            }
        }
        let start_line = self.lines + 1;
        let row = usize::try_from(start_line.saturating_sub(self.breaks_in_values)).unwrap_or(usize::MAX);

        let (mut out, mut fields) = (0, 0);
        loop {
            let buffer = self.input.fill_buf().map_err(crate::csv_file::io_error)?;
            let (result, nin, nout, nend) = self.core.read_record(buffer, &mut self.data[out..], &mut self.ends[fields..]);
            self.lines += newlines(&buffer[..nin]);
            self.input.consume(nin);
            out += nout;
            fields += nend;
            match result {
                ReadRecordResult::InputEmpty => {}
                ReadRecordResult::OutputFull => {
                    if self.data.len() >= self.max_bytes {
                        return Err(ReadError::RowTooLong { row, limit: self.max_bytes as u64 });
                    }
                    let grown = (self.data.len() * 2).min(self.max_bytes);
                    self.data.resize(grown, 0);
                }
                ReadRecordResult::OutputEndsFull => {
                    if self.ends.len() >= self.max_fields {
                        return Err(ReadError::TooManyColumns { row, limit: self.max_fields });
                    }
                    let grown = (self.ends.len() * 2).min(self.max_fields);
                    self.ends.resize(grown, 0);
                }
                ReadRecordResult::Record => {
                    self.cells += fields as u64;
                    if self.cells > self.max_cells {
                        return Err(ReadError::TooManyCells { limit: self.max_cells });
                    }
                    self.breaks_in_values += newlines(&self.data[..out]);
                    return Ok(Some(Record { row, data: &self.data[..out], ends: &self.ends[..fields] }));
                }
                ReadRecordResult::End => {
                    self.done = true;
                    return Ok(None);
                }
            }
        }
    }
}

fn newlines(bytes: &[u8]) -> u64 {
    bytes.iter().filter(|b| **b == b'\n').count() as u64
}
