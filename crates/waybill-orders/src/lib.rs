//! Order files (CSV and Excel) read into validated order rows, streamed and bounded, all or nothing.
//!
//! A merchant's order file has **one row per order line**. Rows with the same sales order
//! id form one order; its ship-to address, requested ship date and carrier come from its
//! first row. Every row of the file is checked and every problem is reported at once (up
//! to [`Limits::max_errors`], the rest counted), each with its row number and column, so
//! the user can fix the file in one go. A file with any problem yields no orders at all:
//! the caller sends every order or none.
//!
//! ```no_run
//! use waybill_orders::{Limits, detect, read_orders};
//!
//! # fn demo(name: &str, bytes: &[u8]) -> Result<(), waybill_orders::ReadError> {
//! let format = detect(name, bytes)?;
//! let orders = read_orders(bytes, format, &Limits::default())?;
//! println!("{} orders from {} rows", orders.orders.len(), orders.rows);
//! # Ok(()) }
//! ```
//!
//! # Columns
//!
//! The header row names the columns. Matching ignores case, spaces and punctuation
//! other than `#` ("Sales Order", "SALES_ORDER" and "sales-order" are the same), and the
//! columns may come in any order. Columns with other names are ignored. Two columns that
//! mean the same thing (say "SKU" and "Item") are refused.
//!
//! | Column | Required | Accepted headers |
//! |---|---|---|
//! | Sales Order | yes | Sales Order, Sales Order ID, Sales Order No, Sales Order Number, Sales Order #, SO, SO#, SO No, SO Number, SO ID, Order, Order ID, Order No, Order Number, Order # |
//! | SKU | yes | SKU, Item, Item No, Item Number, Item #, Item Code, Item ID, Item SKU, Part Number, Part # |
//! | Quantity | yes | Qty, Quantity, Qty Ordered, Quantity Ordered, Order Qty, Order Quantity |
//! | UOM | no | UOM, Unit, Unit of Measure |
//! | Ship To Name | yes | Ship To Name, Ship To, Ship Name, Recipient, Recipient Name, Consignee |
//! | Address 1 | yes | Address, Address 1, Address Line 1, Street, Street 1, Street Address |
//! | Address 2 | no | Address 2, Address Line 2, Street 2 |
//! | City | yes | City, Town |
//! | State | yes | State, Province, State/Province |
//! | Zip | yes | Zip, Zip Code, Postal Code, Postcode, Zip/Postal Code |
//! | Phone | no | Phone, Phone Number, Telephone, Tel |
//! | Country | no | Country, Country Code |
//! | Requested Ship Date | no | Ship Date, Requested Ship Date, Ship By, Ship By Date |
//! | Carrier | no | Carrier, Ship Via, Shipping Carrier, Ship Carrier |
//!
//! The address columns (Address 1 to Country) may also be written with "Ship To" or
//! "Ship" in front: "Ship To City", "Ship Zip", "Ship To Address 1".
//!
//! # Values
//!
//! - **Text** is trimmed, and runs of spaces or line breaks inside it become one space.
//!   Sales order ids, SKUs and carriers may have up to 100 characters, names and street
//!   lines 200, cities 100. Control characters are refused.
//! - **Quantity** is a whole number from 1 to 4,294,967,295. "12", "12.00" and an
//!   Excel 12 are fine; 12.5, 0, negative numbers and thousands separators ("1,200")
//!   are not.
//! - **UOM** is up to 10 letters or digits, upper-cased; blank means `EA`.
//! - **Requested Ship Date** is given back as `yyyy-MM-dd`. Accepted: `yyyy-MM-dd`
//!   (`2025-03-31`, also `2025-3-1` and `2025/03/31`); `MM/dd/yyyy` (`03/31/2025`,
//!   `3/31/2025`), **month first** as US Excel writes CSV; and Excel cells formatted as
//!   dates. A time after the date (`2025-03-31 00:00`) is ignored. Day-first dates
//!   (`31/03/2025`), two-digit years, dotted dates and plain numbers (an Excel date that
//!   lost its format shows as 45747) are refused: a date like 04/05/2025 cannot tell
//!   day from month, so only one order is read. Years run from 2000 to 2099.
//! - **Country** is a 2-letter code, upper-cased; "USA", "United States" and the like
//!   become `US`, "Canada" `CA`, "Mexico" `MX`. Blank means `US`.
//! - **State**, for US addresses: a 2-letter code or the full name (`CA`, `California`),
//!   given back as the code; DC, Puerto Rico and the other territories and the military
//!   AA/AE/AP are accepted. Elsewhere: free text, may be blank.
//! - **Zip**, for US addresses: 5 digits or ZIP+4, given back as `12345` or
//!   `12345-6789`. Spreadsheets drop leading zeros, so 3 or 4 digits are padded to 5
//!   (2134 → 02134) and 7 or 8 digits to 9. Elsewhere: up to 20 characters, may be blank.
//! - **Phone** is up to 30 characters: digits, spaces and `+ - ( ) . /`, at least 7
//!   digits, optionally an extension (`x12`, `ext. 12`).
//!
//! On an order's later rows the ship-to, date and carrier cells may be blank (the first
//! row's values are used) or repeat the first row's values, ignoring case; a different
//! value is an error on that row.
//!
//! Rows are numbered as a spreadsheet shows them, the header usually being row 1. Blank
//! rows are skipped (they still count in the numbering).
//!
//! # CSV
//!
//! - The delimiter is comma, semicolon or tab: whichever appears most often in the
//!   header line, outside quotes.
//! - Values may be in double quotes, with `""` for a quote and line breaks inside.
//! - Text is UTF-8; a UTF-8 byte order mark is allowed. A value that is not valid UTF-8
//!   is read as Windows-1252, which is what Excel's plain "CSV (Comma delimited)" writes
//!   on Windows — unless the file starts with the UTF-8 mark, in which case it is an
//!   error. UTF-16 files (Excel's "Unicode Text") are refused with a hint to save as
//!   "CSV UTF-8".
//! - A value to the right of the last header cell is an error: it usually means a value
//!   held an unquoted delimiter and shifted the rest of its row.
//! - The file is read as a stream, record by record ([`read_csv`] takes any
//!   [`std::io::Read`]).
//!
//! # Excel
//!
//! - Only `.xlsx` (and macro-enabled `.xlsm`) workbooks are read. Old `.xls` workbooks,
//!   `.xlsb`, `.ods` and password-protected workbooks are refused with a hint to save the
//!   file as `.xlsx` or CSV.
//! - The sheet read is the visible worksheet named "Orders" if there is one, else the
//!   first visible worksheet.
//! - The header row is the first row naming the Sales Order column; up to 9 non-blank
//!   rows above it (titles, notes) are skipped.
//! - **Formulas are refused**: if any cell of an imported column holds a formula, the
//!   file is refused and those cells are listed (`C7`, `D7`, …). A workbook stores the
//!   result a formula had when it was last calculated, which can be out of date, and
//!   what is imported must be exactly what the user sees: replace formulas with their
//!   values (copy, then Paste Values) before uploading. Formulas in other columns are
//!   ignored.
//! - Cells keep their types: numbers need no parsing, date cells are dates, a cell
//!   showing an error (`#N/A`) is a row error.
//! - Before the workbook is opened, the unpacked sizes its zip directory declares are
//!   added up and checked against [`Limits::max_unzipped_bytes`]; parts are unpacked as
//!   streams and cannot grow past their declared size.
//!
//! # Limits and memory
//!
//! [`Limits`] bounds the file size, the number of order rows, the unpacked size of a
//! workbook and the number of errors reported, and for CSV the values in a row (1,000),
//! the bytes of values in a row (1 MiB) and the values in the file (20,000,000). The
//! CSV bounds are checked while a row is parsed, into buffers that may not grow past
//! them: a file that is one endless line (`a,a,a,…`), one endless quoted value or
//! nothing but line breaks costs about a megabyte to refuse, whatever its size. Rows are
//! checked as they are read, so memory grows with the orders kept, not with the file; a
//! workbook also holds its shared strings table (the distinct texts of the workbook)
//! while it is read.
//!
//! # Carriers and SKUs
//!
//! [`read_orders_with`] checks the Carrier and SKU columns against [`References`]: what
//! the order system accepts, listed as its pickers list it. A carrier may be written by
//! its name, its code (SCAC) or its id, or as the picker shows it ("UPS · UPSN"); a SKU
//! by itself or its item id; case and spaces around and between words are ignored. Each
//! value is given back as the id (carrier) or SKU the order system takes. A value that
//! names nothing is a row error listing the five nearest accepted ones as the picker
//! shows them; a name two records share is a row error listing both.

mod assemble;
mod columns;
mod csv_file;
mod error;
mod records;
mod references;
mod values;
mod xlsx_file;

use std::io::Cursor;

use serde::Serialize;

pub use crate::csv_file::read_csv;
pub use crate::error::{ReadError, RowError};
pub use crate::references::{Catalog, Entry, References, Refusal, SUGGESTIONS, normalize};
pub use crate::xlsx_file::read_xlsx;

/// Bounds on what one file may cost to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Largest file accepted, in bytes.
    pub max_bytes: u64,
    /// Most values in one CSV row (the header included).
    pub max_columns: usize,
    /// Most bytes of values in one CSV row: a value's line breaks count, its quotes and
    /// the delimiters do not.
    pub max_row_bytes: usize,
    /// Most values in a whole CSV file, blank ones included.
    pub max_cells: u64,
    /// Most order rows (non-blank rows below the header) accepted.
    pub max_rows: usize,
    /// Largest unpacked size of a workbook, all its parts together, in bytes.
    pub max_unzipped_bytes: u64,
    /// Most row errors (and formula cells) listed; further ones are only counted.
    pub max_errors: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: 50 * 1024 * 1024,
            max_columns: 1_000,
            max_row_bytes: 1024 * 1024,
            max_cells: 20_000_000,
            max_rows: 200_000,
            max_unzipped_bytes: 200 * 1024 * 1024,
            max_errors: 100,
        }
    }
}

/// The file formats read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Csv,
    Xlsx,
}

/// The orders of a file that passed every check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Orders {
    /// In the order their first rows appear in the file.
    pub orders: Vec<Order>,
    /// Order rows read (one per line).
    pub rows: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub sales_order_id: String,
    pub ship_to: Address,
    /// `yyyy-MM-dd`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requested_ship_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carrier: Option<String>,
    /// In file order.
    pub lines: Vec<Line>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    pub name: String,
    pub street: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub street2: Option<String>,
    pub city: String,
    /// 2-letter code for US addresses; may be empty elsewhere.
    pub state: String,
    /// `12345` or `12345-6789` for US addresses; may be empty elsewhere.
    pub zip: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    /// 2-letter code, `US` when the file gives none.
    pub country: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    pub sku: String,
    pub quantity: u32,
    /// Upper case, `EA` when the file gives none.
    pub uom: String,
}

pub(crate) const ZIP_MAGIC: &[u8] = b"PK\x03\x04";
/// Compound File Binary: old .xls workbooks, and password-protected .xlsx ones.
pub(crate) const XLS_MAGIC: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";

/// Tells the format from the file's content, using its name only to word refusals.
/// `first_bytes` should hold the file's first 8 bytes or more (512 is plenty).
///
/// A zip archive is taken for a workbook unless named `.ods`, `.xlsb` or `.numbers`;
/// text is taken for CSV whatever its name. Old `.xls` workbooks, password-protected
/// workbooks, PDFs, web pages and other binary files are refused with
/// [`ReadError::Unsupported`].
pub fn detect(name: &str, first_bytes: &[u8]) -> Result<Format, ReadError> {
    let extension = name.rsplit_once('.').map(|(_, ext)| ext.trim().to_ascii_lowercase()).unwrap_or_default();
    if first_bytes.starts_with(XLS_MAGIC) {
        return Err(unsupported_xls(matches!(extension.as_str(), "xlsx" | "xlsm")));
    }
    if first_bytes.starts_with(ZIP_MAGIC) || first_bytes.starts_with(b"PK\x05\x06") {
        let other = match extension.as_str() {
            "ods" => "OpenDocument spreadsheets (.ods)",
            "xlsb" => "Excel binary workbooks (.xlsb)",
            "numbers" => "Numbers spreadsheets",
            _ => return Ok(Format::Xlsx),
        };
        return Err(ReadError::Unsupported(format!("{other} are not supported; save the file as an Excel Workbook (.xlsx) or as CSV UTF-8")));
    }
    if first_bytes.starts_with(b"%PDF") {
        return Err(ReadError::Unsupported("PDF files are not supported; upload the orders as CSV or as an Excel workbook (.xlsx)".to_owned()));
    }
    let utf16 = first_bytes.starts_with(b"\xFF\xFE") || first_bytes.starts_with(b"\xFE\xFF");
    if first_bytes.contains(&0) && !utf16 {
        return Err(ReadError::Unsupported("the file is neither CSV text nor an Excel workbook (.xlsx)".to_owned()));
    }
    let text = first_bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(first_bytes);
    if text.trim_ascii_start().starts_with(b"<") {
        return Err(ReadError::Unsupported(
            "the file is a web page or XML, not CSV or an Excel workbook; open it in Excel and \
             save it as an Excel Workbook (.xlsx) or CSV UTF-8"
                .to_owned(),
        ));
    }
    Ok(Format::Csv)
}

pub(crate) fn unsupported_xls(maybe_password: bool) -> ReadError {
    ReadError::Unsupported(
        if maybe_password {
            "the workbook is password-protected or in the old .xls format; remove the password \
             if it has one, or open it in Excel and save it as an Excel Workbook (.xlsx) or as \
             CSV UTF-8"
        } else {
            "Excel 97–2003 workbooks (.xls) are not supported; open the file in Excel and save \
             it as an Excel Workbook (.xlsx) or as CSV UTF-8"
        }
        .to_owned(),
    )
}

/// Reads orders from a whole file in memory; see [`read_csv`] and [`read_xlsx`] to read
/// from a file or stream instead.
pub fn read_orders(bytes: &[u8], format: Format, limits: &Limits) -> Result<Orders, ReadError> {
    read_orders_with(bytes, format, limits, &References::default())
}

/// [`read_orders`], with the reference columns checked against what the order system
/// accepts: each carrier and SKU value may be an id, code or name as the pickers list
/// them, and is given back as the id or code the order system takes.
pub fn read_orders_with(bytes: &[u8], format: Format, limits: &Limits, references: &References) -> Result<Orders, ReadError> {
    if bytes.len() as u64 > limits.max_bytes {
        return Err(ReadError::TooLarge { limit: limits.max_bytes });
    }
    match format {
        Format::Csv => csv_file::read(bytes, limits, references),
        Format::Xlsx => xlsx_file::read(Cursor::new(bytes), limits, references),
    }
}
