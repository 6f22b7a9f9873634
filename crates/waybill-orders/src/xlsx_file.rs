//! Excel workbooks (.xlsx), read cell by cell from the worksheet's XML.

use std::borrow::Cow;
use std::io::{Read, Seek, SeekFrom};

use calamine::{DataRef, Reader, Sheet, SheetType, SheetVisible, Xlsx, XlsxError};

use crate::assemble::Assembler;
use crate::columns::{Columns, FIELD_COUNT, Field, column_letters};
use crate::references::References;
use crate::values::Value;
use crate::{Limits, Orders, ReadError, XLS_MAGIC, unsupported_xls};

/// Non-blank rows above the header that may be skipped (titles, notes) while looking for
/// the row that names the sales order column.
const HEADER_SEARCH_ROWS: usize = 10;

/// Reads orders from an Excel workbook. See the crate documentation for the rules.
pub fn read_xlsx<R: Read + Seek>(reader: R, limits: &Limits) -> Result<Orders, ReadError> {
    read(reader, limits, &References::default())
}

pub(crate) fn read<R: Read + Seek>(mut reader: R, limits: &Limits, references: &References) -> Result<Orders, ReadError> {
    let len = reader.seek(SeekFrom::End(0)).map_err(unreadable)?;
    if len > limits.max_bytes {
        return Err(ReadError::TooLarge { limit: limits.max_bytes });
    }
    reader.rewind().map_err(unreadable)?;
    let mut magic = [0u8; 8];
    let n = read_up_to(&mut reader, &mut magic).map_err(unreadable)?;
    if magic[..n] == XLS_MAGIC[..] {
        return Err(unsupported_xls(true));
    }
    if !magic[..n].starts_with(b"PK") {
        return Err(ReadError::BrokenFile("the file is not an Excel .xlsx workbook".to_owned()));
    }
    reader.rewind().map_err(unreadable)?;
    check_unpacked_size(&mut reader, limits)?;
    reader.rewind().map_err(unreadable)?;

    let mut workbook = Xlsx::new(reader).map_err(workbook_error)?;
    let sheet = pick_sheet(workbook.sheets_metadata())?;
    let mut cells = workbook.worksheet_cells_reader(&sheet).map_err(workbook_error)?;

    let mut sheet = SheetReader::new(limits, references);
    let mut row_cells: Vec<(usize, DataRef<'_>, bool)> = Vec::new();
    let mut current_row = None;
    while let Some(cell) = cells.next_cell_with_formula_metadata().map_err(workbook_error)? {
        let (row, column) = cell.pos;
        if current_row != Some(row) {
            if let Some(previous) = current_row {
                sheet.row(previous, &mut row_cells)?;
            }
            current_row = Some(row);
        }
        let formula = cell.formula.is_some();
        if formula || cell.value != DataRef::Empty {
            row_cells.push((column as usize, cell.value, formula));
        }
    }
    if let Some(previous) = current_row {
        sheet.row(previous, &mut row_cells)?;
    }
    sheet.finish()
}

/// The zip's central directory declares each part's unpacked size; their sum is checked
/// before anything is unpacked. The zip reader stops any part at its declared size, so a
/// part that lies about it fails instead of growing.
fn check_unpacked_size<R: Read + Seek>(reader: R, limits: &Limits) -> Result<(), ReadError> {
    let archive = zip::ZipArchive::new(reader).map_err(|error| {
        tracing::debug!(%error, "workbook zip cannot be opened");
        damaged()
    })?;
    let mut declared: u64 = 0;
    for i in 0..archive.len() {
        let entry = archive.by_index_data(i).map_err(|error| {
            tracing::debug!(%error, "workbook zip entry cannot be read");
            damaged()
        })?;
        declared = declared.saturating_add(entry.size());
    }
    if declared > limits.max_unzipped_bytes {
        return Err(ReadError::TooLargeUnzipped { declared, limit: limits.max_unzipped_bytes });
    }
    Ok(())
}

/// A visible worksheet named "Orders" if there is one, else the first visible worksheet.
fn pick_sheet(sheets: &[Sheet]) -> Result<String, ReadError> {
    let worksheets = || sheets.iter().filter(|s| s.typ == SheetType::WorkSheet && s.visible == SheetVisible::Visible);
    worksheets()
        .find(|s| s.name.trim().eq_ignore_ascii_case("orders"))
        .or_else(|| worksheets().next())
        .map(|s| s.name.clone())
        .ok_or_else(|| ReadError::BrokenFile("the workbook has no visible worksheet".to_owned()))
}

struct SheetReader<'l> {
    limits: &'l Limits,
    references: &'l References,
    /// Set once the header row is found, with each column's field.
    data: Option<(Assembler<'l>, Vec<Option<Field>>)>,
    non_blank_rows: usize,
    first_non_blank: Option<Vec<(usize, String)>>,
    formulas: Vec<String>,
    more_formulas: usize,
}

impl<'l> SheetReader<'l> {
    fn new(limits: &'l Limits, references: &'l References) -> Self {
        SheetReader { limits, references, data: None, non_blank_rows: 0, first_non_blank: None, formulas: Vec::new(), more_formulas: 0 }
    }

    fn formula_at(&mut self, row: u32, column: usize) {
        if self.formulas.len() < self.limits.max_errors.max(1) {
            self.formulas.push(format!("{}{}", column_letters(column), u64::from(row) + 1));
        } else {
            self.more_formulas += 1;
        }
    }

    /// One worksheet row (0-based) of non-empty cells; empties `cells`.
    fn row<'a>(&mut self, row: u32, cells: &mut Vec<(usize, DataRef<'a>, bool)>) -> Result<(), ReadError> {
        let Some((assembler, lookup)) = &mut self.data else {
            return self.maybe_header(row, cells);
        };
        let mut values: [Value<'a>; FIELD_COUNT] = std::array::from_fn(|_| Value::Empty);
        let mut formulas = Vec::new();
        for (column, data, formula) in cells.drain(..) {
            if let Some(field) = lookup.get(column).copied().flatten() {
                if formula {
                    formulas.push(column);
                }
                values[field.index()] = value(data);
            }
        }
        let user_row = usize::try_from(row).unwrap_or(usize::MAX).saturating_add(1);
        assembler.row(user_row, &values)?;
        for column in formulas {
            self.formula_at(row, column);
        }
        Ok(())
    }

    fn maybe_header(&mut self, row: u32, cells: &mut Vec<(usize, DataRef<'_>, bool)>) -> Result<(), ReadError> {
        let mut texts = Vec::with_capacity(cells.len());
        let mut formula_columns = Vec::new();
        for (column, data, formula) in cells.drain(..) {
            let text = match value(data) {
                Value::Text(s) => s.trim().to_owned(),
                Value::Int(i) => i.to_string(),
                Value::Float(f) => f.to_string(),
                _ => String::new(),
            };
            if formula {
                formula_columns.push(column);
            }
            if !text.is_empty() {
                texts.push((column, text));
            }
        }
        if texts.is_empty() {
            return Ok(());
        }
        self.non_blank_rows += 1;
        if Columns::names_order_column(texts.iter().map(|(_, t)| t.as_str())) {
            let columns = Columns::from_header(texts)?;
            for column in formula_columns {
                if columns.field_at(column).is_some() {
                    self.formula_at(row, column);
                }
            }
            let lookup = columns.lookup();
            self.data = Some((Assembler::new(columns, self.limits, self.references), lookup));
            return Ok(());
        }
        let first = self.first_non_blank.get_or_insert(texts);
        if self.non_blank_rows >= HEADER_SEARCH_ROWS {
            // No row names the order column: report against the first one, the header
            // the user most likely meant.
            Columns::from_header(std::mem::take(first))?;
        }
        Ok(())
    }

    fn finish(self) -> Result<Orders, ReadError> {
        if !self.formulas.is_empty() {
            return Err(ReadError::Formulas { cells: self.formulas, more: self.more_formulas });
        }
        match (self.data, self.first_non_blank) {
            (Some((assembler, _)), _) => assembler.finish(),
            (None, Some(first)) => Columns::from_header(first).and(Err(ReadError::Empty)),
            (None, None) => Err(ReadError::Empty),
        }
    }
}

fn value(data: DataRef<'_>) -> Value<'_> {
    match data {
        DataRef::Empty => Value::Empty,
        DataRef::String(s) | DataRef::DateTimeIso(s) => Value::Text(Cow::Owned(s)),
        DataRef::SharedString(s) => Value::Text(Cow::Borrowed(s)),
        DataRef::Int(i) => Value::Int(i),
        DataRef::Float(f) => Value::Float(f),
        DataRef::Bool(b) => Value::Bool(b),
        DataRef::DateTime(dt) if dt.is_duration() => Value::Duration,
        DataRef::DateTime(dt) => {
            let (year, month, day, ..) = dt.to_ymd_hms_milli();
            Value::Date { year, month, day }
        }
        DataRef::DurationIso(_) => Value::Duration,
        DataRef::Error(e) => Value::Error(e.to_string()),
    }
}

fn read_up_to(reader: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..])? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}

fn damaged() -> ReadError {
    ReadError::BrokenFile(
        "the workbook is damaged and cannot be opened; open it in Excel, save it again and \
         upload the new file"
            .to_owned(),
    )
}

fn unreadable(error: std::io::Error) -> ReadError {
    tracing::debug!(%error, "workbook cannot be read");
    ReadError::BrokenFile("the file cannot be read".to_owned())
}

fn workbook_error(error: XlsxError) -> ReadError {
    tracing::debug!(%error, "workbook cannot be read");
    match error {
        XlsxError::Password => ReadError::BrokenFile("the workbook is password-protected; remove the password and upload it again".to_owned()),
        XlsxError::FileNotFound(_) | XlsxError::RelationshipNotFound => {
            ReadError::BrokenFile("the file is a zip archive but not an Excel .xlsx workbook".to_owned())
        }
        _ => damaged(),
    }
}
