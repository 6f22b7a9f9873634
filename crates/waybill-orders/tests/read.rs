//! Reading order files as a user would upload them: CSV text and workbooks made here with
//! rust_xlsxwriter, so no binary fixtures are needed.

use std::io::{Read, Write};

use rust_xlsxwriter::{ExcelDateTime, Format as CellFormat, Workbook, Worksheet};
use waybill_orders::{
    Address, Catalog, Entry, Format, Limits, Line, Orders, ReadError, References, RowError, detect, read_csv, read_orders, read_orders_with, read_xlsx,
};

fn csv(text: &str) -> Result<Orders, ReadError> {
    read_orders(text.as_bytes(), Format::Csv, &Limits::default())
}

fn xlsx(bytes: &[u8]) -> Result<Orders, ReadError> {
    read_orders(bytes, Format::Xlsx, &Limits::default())
}

/// `(row, column)` of each row error, and the errors themselves.
fn row_errors(result: Result<Orders, ReadError>) -> (Vec<(usize, String)>, Vec<RowError>, usize) {
    match result {
        Err(ReadError::Rows { errors, more }) => (errors.iter().map(|e| (e.row, e.column.clone())).collect(), errors, more),
        other => panic!("expected row errors, got {other:?}"),
    }
}

fn at(row: usize, column: &str) -> (usize, String) {
    (row, column.to_owned())
}

fn message_at(errors: &[RowError], row: usize, column: &str) -> String {
    errors.iter().find(|e| e.row == row && e.column == column).unwrap_or_else(|| panic!("no error at row {row}, {column}: {errors:#?}")).message.clone()
}

fn line(sku: &str, quantity: u32, uom: &str) -> Line {
    Line { sku: sku.to_owned(), quantity, uom: uom.to_owned() }
}

// ---------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------

const GOOD_CSV: &str = "\
Sales Order,SKU,Qty,UOM,Ship To Name,Address 1,Address 2,City,State,Zip,Phone,Country,Ship Date,Carrier
SO-1,WIDGET-1,12,,Acme Corp,1 Main St,,Springfield,Illinois,62701,(217) 555-0100,,2025-03-31,UPS
SO-1,WIDGET-2,3,cs,,,,,,,,,,
SO-2,GADGET,1.0,EA,\"Beta, Inc.\",22 Elm St,Suite 4,Boston,MA,2134,,USA,3/31/2025,
SO-1,WIDGET-3,5,,Acme Corp,1 MAIN ST,,Springfield,IL,62701,,,,
";

#[test]
fn csv_orders_group_lines_by_sales_order() {
    let orders = csv(GOOD_CSV).unwrap();
    assert_eq!(orders.rows, 4);
    assert_eq!(orders.orders.len(), 2);

    let so1 = &orders.orders[0];
    assert_eq!(so1.sales_order_id, "SO-1");
    assert_eq!(
        so1.ship_to,
        Address {
            name: "Acme Corp".to_owned(),
            street: "1 Main St".to_owned(),
            street2: None,
            city: "Springfield".to_owned(),
            state: "IL".to_owned(),
            zip: "62701".to_owned(),
            phone: Some("(217) 555-0100".to_owned()),
            country: "US".to_owned(),
        }
    );
    assert_eq!(so1.requested_ship_date.as_deref(), Some("2025-03-31"));
    assert_eq!(so1.carrier.as_deref(), Some("UPS"));
    assert_eq!(so1.lines, vec![line("WIDGET-1", 12, "EA"), line("WIDGET-2", 3, "CS"), line("WIDGET-3", 5, "EA"),]);

    let so2 = &orders.orders[1];
    assert_eq!(so2.ship_to.name, "Beta, Inc.");
    assert_eq!(so2.ship_to.street2.as_deref(), Some("Suite 4"));
    assert_eq!(so2.ship_to.zip, "02134", "leading zero restored");
    assert_eq!(so2.requested_ship_date.as_deref(), Some("2025-03-31"));
    assert_eq!(so2.carrier, None);
    assert_eq!(so2.lines, vec![line("GADGET", 1, "EA")]);
}

#[test]
fn orders_serialize_in_camel_case() {
    let orders = csv(GOOD_CSV).unwrap();
    let json = serde_json::to_value(&orders.orders[1]).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "salesOrderId": "SO-2",
            "shipTo": {
                "name": "Beta, Inc.",
                "street": "22 Elm St",
                "street2": "Suite 4",
                "city": "Boston",
                "state": "MA",
                "zip": "02134",
                "country": "US"
            },
            "requestedShipDate": "2025-03-31",
            "lines": [{ "sku": "GADGET", "quantity": 1, "uom": "EA" }]
        })
    );
}

#[test]
fn csv_with_bom_semicolons_crlf_and_synonyms() {
    let text = "\u{FEFF}SO#;Item Number;Quantity;Unit;Ship To;Street;City;Province;Postal Code\r\n\
                1001;A-1;2;;Jane Doe;5 Oak Rd;Austin;TX;73301\r\n\
                1001;A-2;4;pk;;;;;\r\n";
    let orders = csv(text).unwrap();
    assert_eq!(orders.orders.len(), 1);
    let order = &orders.orders[0];
    assert_eq!(order.sales_order_id, "1001");
    assert_eq!(order.ship_to.name, "Jane Doe");
    assert_eq!(order.ship_to.state, "TX");
    assert_eq!(order.lines, vec![line("A-1", 2, "EA"), line("A-2", 4, "PK")]);
}

#[test]
fn csv_tabs_quoted_line_breaks_and_blank_lines_keep_spreadsheet_row_numbers() {
    let text = "Order No\tItem\tQty\tShip To Name\tAddress\tCity\tState\tZip\n\
                A\tX\t1\t\"Line one\nline two\"\t1 Road\tTown\tNY\t10001\n\
                \n\
                B\tY\tzero\tBob\t2 Road\tTown\tNY\t10001\n";
    // The spreadsheet shows: header row 1, A row 2 (one cell on two lines), blank row 3,
    // B row 4.
    let (places, errors, _) = row_errors(csv(text));
    assert_eq!(places, vec![at(4, "Qty")]);
    assert!(message_at(&errors, 4, "Qty").contains("\"zero\" is not a number"));

    let fixed = text.replace("zero", "2");
    let orders = csv(&fixed).unwrap();
    assert_eq!(orders.orders[0].ship_to.name, "Line one line two");
    assert_eq!(orders.rows, 2);
}

#[test]
fn csv_row_numbers_hold_with_crlf_leading_blank_lines_and_a_bom() {
    let text = "\u{FEFF}\r\n\r\nSales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip\r\n\
                SO-1,A,1,\"Acme\r\nWarehouse\",1 Main St,Springfield,IL,62701\r\n\
                \r\n\
                SO-1,B,x,,,,,\r\n\
                SO-2,C,1,Beta,2 Elm St,Boston,MA,";
    // Rows: 1 and 2 blank, header 3, SO-1 row 4, blank 5, then rows 6 and 7.
    let (places, _, _) = row_errors(csv(text));
    assert_eq!(places, vec![at(6, "Qty"), at(7, "Zip")]);
}

#[test]
fn csv_every_validation_error_is_reported_with_row_and_column() {
    let long_sku = "S".repeat(101);
    let text = format!(
        "Sales Order,SKU,Qty,UOM,Ship To Name,Address 1,City,State,Zip,Phone,Country,Ship Date\n\
         ,S1,1,,N,St,C,CA,90001,,,\n\
         O1,,0,,N,St,C,CA,90001,,,\n\
         O2,S,12.5,E A,N,St,C,Calif,9000X,call me,,31/03/2025\n\
         O3,S,abc,,,,,,,,,2025-02-30\n\
         O4,S,1,,N,St,C,ON,K1A 0B1,,Germany,\n\
         O5,{long_sku},1,,N,St,C,CA,90001,,,1999-01-01\n\
         O6,S,1,,N,St,C,CA,90001,,,2025-1-5\n"
    );
    let (places, errors, more) = row_errors(csv(&text));
    assert_eq!(more, 0);
    assert_eq!(
        places,
        vec![
            at(2, "Sales Order"),
            at(3, "SKU"),
            at(3, "Qty"),
            at(4, "Qty"),
            at(4, "UOM"),
            at(4, "State"),
            at(4, "Zip"),
            at(4, "Phone"),
            at(4, "Ship Date"),
            at(5, "Qty"),
            at(5, "Ship To Name"),
            at(5, "Address 1"),
            at(5, "City"),
            at(5, "State"),
            at(5, "Zip"),
            at(5, "Ship Date"),
            at(6, "Country"),
            at(7, "SKU"),
            at(7, "Ship Date"),
        ]
    );
    let says = |row, column, words: &str| {
        let message = message_at(&errors, row, column);
        assert!(message.contains(words), "row {row} {column}: {message}");
    };
    says(2, "Sales Order", "is required");
    says(3, "SKU", "is required");
    says(3, "Qty", "at least 1");
    says(4, "Qty", "\"12.5\" is not a whole number");
    says(4, "UOM", "letters or digits");
    says(4, "State", "\"Calif\" is not a US state");
    says(4, "Zip", "\"9000X\" is not a US ZIP code");
    says(4, "Phone", "not a phone number");
    says(4, "Ship Date", "day-first");
    says(5, "Qty", "\"abc\" is not a number");
    says(5, "Ship Date", "not a valid date");
    says(6, "Country", "\"Germany\" is not a country code");
    says(7, "SKU", "101 characters");
    says(7, "Ship Date", "2000");
}

#[test]
fn errors_past_the_limit_are_counted() {
    let mut text = String::from("Sales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip\n");
    for i in 0..150 {
        text.push_str(&format!("SO-{i},A,x,N,St,C,CA,90001\n"));
    }
    let limits = Limits { max_errors: 100, ..Limits::default() };
    let result = read_orders(text.as_bytes(), Format::Csv, &limits);
    let message = result.as_ref().unwrap_err().to_string();
    let (places, _, more) = row_errors(result);
    assert_eq!(places.len(), 100);
    assert_eq!(places[0], at(2, "Qty"));
    assert_eq!(places[99], at(101, "Qty"));
    assert_eq!(more, 50);
    assert_eq!(message, "150 problems found in the rows; fix them and upload again");
}

#[test]
fn later_rows_of_an_order_must_not_change_its_ship_to() {
    let text = "\
Sales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip,Carrier
SO-1,A,1,Acme,1 Main St,Springfield,IL,62701,UPS
SO-2,B,1,Beta,2 Elm St,Boston,MA,02134,
SO-1,C,1,ACME,1 Main St,Chicago,Illinois,62701,FedEx
SO-1,D,1,,,,,,
SO-2,E,1,,,,,,UPS
";
    let (places, errors, _) = row_errors(csv(text));
    assert_eq!(places, vec![at(4, "City"), at(4, "Carrier"), at(6, "Carrier")]);
    let city = message_at(&errors, 4, "City");
    assert!(city.contains("\"Chicago\" differs from row 2"), "{city}");
    assert!(city.contains("\"Springfield\""), "{city}");
    assert!(message_at(&errors, 6, "Carrier").contains("leaves it blank"));
}

#[test]
fn missing_columns_are_named_with_the_columns_found() {
    let error = csv("Order,Item,Qty,Notes\nSO-1,A,1,hi\n").unwrap_err();
    assert_eq!(
        error,
        ReadError::MissingColumns {
            missing: ["Ship To Name", "Address 1", "City", "State", "Zip"].map(String::from).to_vec(),
            found: ["Order", "Item", "Qty", "Notes"].map(String::from).to_vec(),
        }
    );
    assert_eq!(error.code(), "missing_columns");
    assert!(error.to_string().starts_with("missing required columns: Ship To Name, Address 1"));
}

#[test]
fn two_columns_for_the_same_field_are_refused() {
    let error = csv("Order,SKU,Item,Qty,Ship To,Address,City,State,Zip\nSO-1,A,B,1,N,S,C,CA,90001\n").unwrap_err();
    assert_eq!(error, ReadError::DuplicateColumns(vec![vec!["SKU".to_owned(), "Item".to_owned()]]));
}

#[test]
fn empty_blank_and_header_only_files_have_no_orders() {
    assert_eq!(csv(""), Err(ReadError::Empty));
    assert_eq!(csv("\n\r\n  \n"), Err(ReadError::Empty));
    assert_eq!(csv("Sales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip\n"), Err(ReadError::Empty));
    assert_eq!(csv("Sales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip\n,,,,,,,\n\n"), Err(ReadError::Empty));
}

#[test]
fn too_many_rows_stop_the_read() {
    let limits = Limits { max_rows: 2, ..Limits::default() };
    // Blank rows do not count.
    let two = "Sales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip\n\
               SO-1,A,1,N,S,C,CA,90001\n\n,,,,,,,\nSO-1,B,1,,,,,\n";
    assert_eq!(read_orders(two.as_bytes(), Format::Csv, &limits).unwrap().rows, 2);
    let three = format!("{two}SO-1,C,1,,,,,\n");
    assert_eq!(read_orders(three.as_bytes(), Format::Csv, &limits), Err(ReadError::TooManyRows { limit: 2 }));

    let workbook = good_workbook();
    assert_eq!(read_orders(&workbook, Format::Xlsx, &limits), Err(ReadError::TooManyRows { limit: 2 }));
}

#[test]
fn files_over_the_size_limit_are_refused() {
    let limits = Limits { max_bytes: 100, ..Limits::default() };
    assert!(GOOD_CSV.len() > 100);
    let expected = Err(ReadError::TooLarge { limit: 100 });
    assert_eq!(read_orders(GOOD_CSV.as_bytes(), Format::Csv, &limits), expected);
    // Streamed: the size is found out while reading.
    assert_eq!(read_csv(Trickle(GOOD_CSV.as_bytes()), &limits), expected);
    let workbook = good_workbook();
    assert_eq!(read_orders(&workbook, Format::Xlsx, &limits), expected);
    assert_eq!(read_xlsx(std::io::Cursor::new(&workbook), &limits), expected);
    assert_eq!(ReadError::TooLarge { limit: 100 }.to_string(), "the file is larger than the 100 bytes limit");

    let exact = Limits { max_bytes: GOOD_CSV.len() as u64, ..Limits::default() };
    assert!(read_csv(Trickle(GOOD_CSV.as_bytes()), &exact).is_ok());
}

/// Hands out one byte per read, as a slow upload might.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((byte, rest)), Some(slot)) => {
                *slot = *byte;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn streamed_csv_reads_the_same_as_bytes() {
    let streamed = read_csv(Trickle(GOOD_CSV.as_bytes()), &Limits::default()).unwrap();
    assert_eq!(streamed, csv(GOOD_CSV).unwrap());
}

#[test]
fn windows_1252_csv_is_read_and_broken_utf8_is_refused() {
    let latin1: &[u8] = b"Sales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip\n\
                          SO-1,A,1,Jos\xE9 P\xE9rez,1 Main,Springfield,IL,62701\n";
    let orders = read_orders(latin1, Format::Csv, &Limits::default()).unwrap();
    assert_eq!(orders.orders[0].ship_to.name, "José Pérez");

    let marked = [b"\xEF\xBB\xBF".as_slice(), latin1].concat();
    match read_orders(&marked, Format::Csv, &Limits::default()) {
        Err(ReadError::BrokenFile(message)) => {
            assert!(message.contains("row 2 is not valid UTF-8"), "{message}");
        }
        other => panic!("{other:?}"),
    }

    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain("Sales Order\tSKU\n".encode_utf16().flat_map(u16::to_le_bytes)).collect();
    match read_orders(&utf16, Format::Csv, &Limits::default()) {
        Err(ReadError::BrokenFile(message)) => assert!(message.contains("CSV UTF-8"), "{message}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_value_beyond_the_last_header_points_at_an_unquoted_comma() {
    let text = "Sales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip\n\
                SO-1,A,1,Acme,1 Main St, Suite 4,Springfield,IL,62701\n";
    let (places, errors, _) = row_errors(csv(text));
    assert_eq!(places, vec![at(2, "I (no header)"), at(2, "State"), at(2, "Zip")]);
    assert!(message_at(&errors, 2, "I (no header)").contains("unquoted comma"));
}

#[test]
fn unknown_columns_are_ignored() {
    let text = "Notes,Sales Order,SKU,Qty,Price,Ship To Name,Address 1,City,State,Zip\n\
                rush,SO-1,A,1,9.99,N,S,C,CA,90001\n";
    let orders = csv(text).unwrap();
    assert_eq!(orders.orders[0].lines, vec![line("A", 1, "EA")]);
}

// ---------------------------------------------------------------------------------------
// Excel
// ---------------------------------------------------------------------------------------

const HEADERS: [&str; 10] = ["Sales Order", "SKU", "Qty", "Ship To Name", "Address 1", "City", "State", "Zip", "Phone", "Ship Date"];

fn write_headers(sheet: &mut Worksheet, row: u32) {
    for (column, header) in HEADERS.iter().enumerate() {
        sheet.write_string(row, column as u16, *header).unwrap();
    }
}

fn date_format() -> CellFormat {
    CellFormat::new().set_num_format("yyyy-mm-dd")
}

/// A first sheet of notes, then "Orders" with a title above the header and typed cells:
/// numeric SKU, quantity and zip (leading zero lost), a phone number as a number, a date
/// cell.
fn good_workbook() -> Vec<u8> {
    let mut workbook = Workbook::new();
    let notes = workbook.add_worksheet();
    notes.set_name("Read me").unwrap();
    notes.write_string(0, 0, "Nothing to import here").unwrap();

    let sheet = workbook.add_worksheet();
    sheet.set_name("Orders").unwrap();
    sheet.write_string(0, 0, "Order export, March").unwrap();
    write_headers(sheet, 2);
    let date = ExcelDateTime::from_ymd(2025, 3, 31).unwrap();
    for (row, (id, sku, qty)) in [("SO-1", 12345.0, 12.0), ("SO-1", 777.0, 1.0), ("SO-2", 5.0, 3.0)].into_iter().enumerate() {
        let row = row as u32 + 3;
        sheet.write_string(row, 0, id).unwrap();
        sheet.write_number(row, 1, sku).unwrap();
        sheet.write_number(row, 2, qty).unwrap();
        sheet.write_string(row, 3, "Acme").unwrap();
        sheet.write_string(row, 4, "1 Main St").unwrap();
        sheet.write_string(row, 5, "Boston").unwrap();
        sheet.write_string(row, 6, "MA").unwrap();
        sheet.write_number(row, 7, 2134.0).unwrap();
        sheet.write_number(row, 8, 6_175_550_100.0).unwrap();
        sheet.write_datetime_with_format(row, 9, &date, &date_format()).unwrap();
    }
    workbook.save_to_buffer().unwrap()
}

#[test]
fn xlsx_orders_are_read_from_the_orders_sheet_with_typed_cells() {
    let orders = xlsx(&good_workbook()).unwrap();
    assert_eq!(orders.rows, 3);
    assert_eq!(orders.orders.len(), 2);
    let so1 = &orders.orders[0];
    assert_eq!(so1.lines, vec![line("12345", 12, "EA"), line("777", 1, "EA")]);
    assert_eq!(so1.ship_to.zip, "02134");
    assert_eq!(so1.ship_to.phone.as_deref(), Some("6175550100"));
    assert_eq!(so1.requested_ship_date.as_deref(), Some("2025-03-31"));
    assert_eq!(orders.orders[1].lines, vec![line("5", 3, "EA")]);
}

#[test]
fn xlsx_and_csv_of_the_same_rows_read_the_same() {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    let mut text = String::new();
    for (row, cells) in GOOD_CSV.lines().enumerate() {
        let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(cells.as_bytes());
        let record = reader.records().next().unwrap().unwrap();
        for (column, cell) in record.iter().enumerate() {
            if !cell.is_empty() {
                sheet.write_string(row as u32, column as u16, cell).unwrap();
            }
        }
        text.push_str(cells);
        text.push('\n');
    }
    let bytes = workbook.save_to_buffer().unwrap();
    assert_eq!(xlsx(&bytes).unwrap(), csv(&text).unwrap());
}

#[test]
fn xlsx_first_visible_sheet_is_read_when_none_is_named_orders() {
    let mut workbook = Workbook::new();
    let hidden = workbook.add_worksheet();
    hidden.write_string(0, 0, "scratch").unwrap();
    hidden.set_hidden(true);
    let sheet = workbook.add_worksheet();
    sheet.set_active(true);
    write_headers(sheet, 0);
    for (column, value) in ["SO-9", "A", "2", "N", "S", "Boston", "MA", "02134"].iter().enumerate() {
        sheet.write_string(1, column as u16, *value).unwrap();
    }
    let orders = xlsx(&workbook.save_to_buffer().unwrap()).unwrap();
    assert_eq!(orders.orders[0].sales_order_id, "SO-9");
}

#[test]
fn xlsx_row_errors_use_the_sheet_row_numbers() {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_string(0, 0, "Title").unwrap();
    write_headers(sheet, 1);
    let fill = |sheet: &mut Worksheet, row: u32| {
        sheet.write_string(row, 0, "SO-1").unwrap();
        sheet.write_string(row, 1, "A").unwrap();
        sheet.write_string(row, 3, "N").unwrap();
        sheet.write_string(row, 4, "S").unwrap();
        sheet.write_string(row, 5, "C").unwrap();
        sheet.write_string(row, 6, "CA").unwrap();
        sheet.write_string(row, 7, "90001").unwrap();
    };
    fill(sheet, 2);
    sheet.write_number(2, 2, 12.5).unwrap();
    fill(sheet, 3);
    sheet.write_number(3, 2, 1.0).unwrap();
    sheet.write_number(3, 9, 45_747.0).unwrap();
    fill(sheet, 5);
    sheet.write_boolean(5, 2, true).unwrap();
    let (places, errors, _) = row_errors(xlsx(&workbook.save_to_buffer().unwrap()));
    assert_eq!(places, vec![at(3, "Qty"), at(4, "Ship Date"), at(6, "Qty")]);
    assert!(message_at(&errors, 3, "Qty").contains("\"12.5\" is not a whole number"));
    assert!(message_at(&errors, 4, "Ship Date").contains("is a number, not a date"));
    assert!(message_at(&errors, 6, "Qty").contains("\"TRUE\" is not a number"));
}

#[test]
fn xlsx_formulas_in_imported_columns_are_refused_and_listed() {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    write_headers(sheet, 0);
    sheet.write_string(0, 10, "Total").unwrap();
    for row in 1..=3 {
        for (column, value) in ["SO-1", "A", "1", "N", "S", "Boston", "MA", "02134"].iter().enumerate() {
            sheet.write_string(row, column as u16, *value).unwrap();
        }
        // An ignored column may hold formulas.
        sheet.write_formula(row, 10, "=1+1").unwrap();
    }
    sheet.write_formula(2, 2, "=2*3").unwrap();
    sheet.write_formula(3, 7, "=\"0\"&\"2134\"").unwrap();
    let error = xlsx(&workbook.save_to_buffer().unwrap()).unwrap_err();
    assert_eq!(error, ReadError::Formulas { cells: vec!["C3".to_owned(), "H4".to_owned()], more: 0 });
    assert!(error.to_string().contains("Paste Values"));
}

#[test]
fn empty_and_header_only_workbooks_have_no_orders() {
    let mut workbook = Workbook::new();
    workbook.add_worksheet();
    assert_eq!(xlsx(&workbook.save_to_buffer().unwrap()), Err(ReadError::Empty));

    let mut workbook = Workbook::new();
    write_headers(workbook.add_worksheet(), 0);
    assert_eq!(xlsx(&workbook.save_to_buffer().unwrap()), Err(ReadError::Empty));

    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_string(0, 0, "Item").unwrap();
    sheet.write_string(1, 0, "A").unwrap();
    assert!(matches!(xlsx(&workbook.save_to_buffer().unwrap()), Err(ReadError::MissingColumns { .. })));
}

fn assert_broken(result: Result<Orders, ReadError>, words: &str) {
    match result {
        Err(ReadError::BrokenFile(message)) => assert!(message.contains(words), "{message}"),
        other => panic!("expected a broken file, got {other:?}"),
    }
}

#[test]
fn broken_and_foreign_zips_are_refused() {
    let workbook = good_workbook();
    assert_broken(xlsx(&workbook[..workbook.len() / 2]), "damaged");
    assert_broken(xlsx(b"PK\x03\x04 not really a zip"), "damaged");
    assert_broken(xlsx(b"Sales Order,SKU\n"), "not an Excel .xlsx workbook");
    assert_broken(xlsx(b""), "not an Excel .xlsx workbook");

    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file("hello.txt", zip::write::SimpleFileOptions::default()).unwrap();
    zip.write_all(b"hello").unwrap();
    let bytes = zip.finish().unwrap().into_inner();
    assert_broken(xlsx(&bytes), "not an Excel .xlsx workbook");
}

/// A one-entry zip whose directory declares `declared` unpacked bytes for an empty
/// stored entry.
fn zip_declaring(declared: u32) -> Vec<u8> {
    let name = b"xl/worksheets/sheet1.xml";
    let mut bytes = Vec::new();
    let u16le = |v: u16| v.to_le_bytes();
    let u32le = |v: u32| v.to_le_bytes();
    // Local file header.
    bytes.extend(u32le(0x0403_4b50));
    bytes.extend(u16le(20)); // version needed
    bytes.extend(u16le(0)); // flags
    bytes.extend(u16le(0)); // stored
    bytes.extend(u16le(0)); // time
    bytes.extend(u16le(0x21)); // date
    bytes.extend(u32le(0)); // crc of nothing
    bytes.extend(u32le(0)); // compressed size
    bytes.extend(u32le(declared));
    bytes.extend(u16le(name.len() as u16));
    bytes.extend(u16le(0));
    bytes.extend(name);
    let directory = bytes.len() as u32;
    // Central directory header.
    bytes.extend(u32le(0x0201_4b50));
    bytes.extend(u16le(20)); // version made by
    bytes.extend(u16le(20)); // version needed
    bytes.extend(u16le(0));
    bytes.extend(u16le(0));
    bytes.extend(u16le(0));
    bytes.extend(u16le(0x21));
    bytes.extend(u32le(0));
    bytes.extend(u32le(0));
    bytes.extend(u32le(declared));
    bytes.extend(u16le(name.len() as u16));
    bytes.extend(u16le(0)); // extra
    bytes.extend(u16le(0)); // comment
    bytes.extend(u16le(0)); // disk
    bytes.extend(u16le(0)); // internal attributes
    bytes.extend(u32le(0)); // external attributes
    bytes.extend(u32le(0)); // local header offset
    bytes.extend(name);
    let directory_len = bytes.len() as u32 - directory;
    // End of central directory.
    bytes.extend(u32le(0x0605_4b50));
    bytes.extend(u16le(0));
    bytes.extend(u16le(0));
    bytes.extend(u16le(1));
    bytes.extend(u16le(1));
    bytes.extend(u32le(directory_len));
    bytes.extend(u32le(directory));
    bytes.extend(u16le(0));
    bytes
}

#[test]
fn zip_declaring_a_huge_unpacked_size_is_refused_before_unpacking() {
    let declared = 0xF000_0000;
    assert_eq!(xlsx(&zip_declaring(declared)), Err(ReadError::TooLargeUnzipped { declared: u64::from(declared), limit: 200 * 1024 * 1024 }));
}

#[test]
fn zip_of_compressed_zeros_is_refused() {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    zip.start_file("xl/sharedStrings.xml", options).unwrap();
    let zeros = vec![0u8; 1024 * 1024];
    for _ in 0..8 {
        zip.write_all(&zeros).unwrap();
    }
    let bytes = zip.finish().unwrap().into_inner();
    assert!(bytes.len() < 64 * 1024, "{} bytes", bytes.len());
    let limits = Limits { max_unzipped_bytes: 4 * 1024 * 1024, ..Limits::default() };
    assert_eq!(read_orders(&bytes, Format::Xlsx, &limits), Err(ReadError::TooLargeUnzipped { declared: 8 * 1024 * 1024, limit: 4 * 1024 * 1024 }));
}

#[test]
fn a_part_unpacking_past_its_declared_size_fails_instead_of_growing() {
    let mut bytes = good_workbook();
    let name = b"xl/sharedStrings.xml";
    // Central directory entry: signature, then the uncompressed size at offset 24 and
    // the name at offset 46.
    let entry = bytes
        .windows(4)
        .enumerate()
        .filter(|(_, w)| *w == b"PK\x01\x02")
        .map(|(i, _)| i)
        .find(|&i| bytes[i + 46..].starts_with(name))
        .expect("shared strings entry");
    bytes[entry + 24..entry + 28].copy_from_slice(&10u32.to_le_bytes());
    assert_broken(xlsx(&bytes), "damaged");
}

#[test]
fn old_xls_and_other_formats_are_refused_by_name_and_content() {
    let xls = [b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1".as_slice(), &[0u8; 504]].concat();
    let message = |result: Result<Format, ReadError>| match result {
        Err(ReadError::Unsupported(message)) => message,
        other => panic!("expected unsupported, got {other:?}"),
    };
    assert!(message(detect("orders.xls", &xls)).contains("(.xls) are not supported"));
    assert!(message(detect("orders.xlsx", &xls)).contains("password-protected"));
    match read_orders(&xls, Format::Xlsx, &Limits::default()) {
        Err(ReadError::Unsupported(message)) => assert!(message.contains(".xlsx"), "{message}"),
        other => panic!("{other:?}"),
    }
    assert_broken(read_orders(&xls, Format::Csv, &Limits::default()), "Excel workbook");

    let workbook = good_workbook();
    assert_eq!(detect("orders.xlsx", &workbook[..512]), Ok(Format::Xlsx));
    assert_eq!(detect("upload", &workbook[..8]), Ok(Format::Xlsx));
    assert!(message(detect("orders.ods", &workbook[..512])).contains(".ods"));
    assert!(message(detect("orders.xlsb", &workbook[..512])).contains(".xlsb"));
    assert_eq!(detect("orders.csv", GOOD_CSV.as_bytes()), Ok(Format::Csv));
    assert_eq!(detect("orders.txt", b"SO;SKU"), Ok(Format::Csv));
    assert_eq!(detect("orders.csv", b""), Ok(Format::Csv));
    assert!(message(detect("orders.pdf", b"%PDF-1.7")).contains("PDF"));
    assert!(message(detect("orders.xls", b"<html><table>")).contains("web page"));
    assert!(message(detect("orders.bin", b"\x00\x01\x02")).contains("neither"));
}

#[test]
fn errors_have_stable_codes() {
    assert_eq!(ReadError::Empty.code(), "empty");
    assert_eq!(ReadError::TooManyRows { limit: 1 }.code(), "too_many_rows");
    assert_eq!(ReadError::Formulas { cells: vec![], more: 0 }.code(), "formulas");
}

// ---------------------------------------------------------------------------------------
// Bounds on a CSV row and file
// ---------------------------------------------------------------------------------------

const HEADER: &str = "Sales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip\n";

#[test]
fn a_row_with_too_many_columns_is_refused_with_its_row_and_the_limit() {
    let commas = format!("{}a", "a,".repeat(5_000));
    let error = csv(&commas).unwrap_err();
    assert_eq!(error, ReadError::TooManyColumns { row: 1, limit: 1_000 });
    assert_eq!(
        error.to_string(),
        "row 1 has more than 1,000 columns, the most a row may have; an order file has one order line per row, check that the file is one"
    );
    assert_eq!(error.code(), "too_many_columns");
    let wide = format!("{HEADER}\nSO-1,A,1,Acme,1 Main St,Reno,NV,89501{}\n", ",".repeat(1_000));
    assert_eq!(csv(&wide), Err(ReadError::TooManyColumns { row: 3, limit: 1_000 }));
    let at_the_limit = format!("{HEADER}SO-1,A,1,Acme,1 Main St,Reno,NV,89501{}\n", ",".repeat(1_000 - 8));
    assert_eq!(csv(&at_the_limit).unwrap().rows, 1);
}

#[test]
fn a_row_longer_than_the_limit_is_refused_and_names_an_open_quote() {
    let open_quote = format!("{HEADER}SO-1,A,1,\"Acme{}\n", " and more\n".repeat(200_000));
    let error = csv(&open_quote).unwrap_err();
    assert_eq!(error, ReadError::RowTooLong { row: 2, limit: 1024 * 1024 });
    assert_eq!(error.to_string(), "row 2 is longer than 1 MiB, the most a row may be; check for a quote (\") that is never closed");
    let limits = Limits { max_row_bytes: 60, ..Limits::default() };
    let ok = format!("{HEADER}SO-1,A,1,Acme,1 Main St,Reno,NV,89501\n");
    assert!(read_orders(ok.as_bytes(), Format::Csv, &limits).is_ok());
}

#[test]
fn a_file_with_too_many_cells_is_refused() {
    let limits = Limits { max_cells: 20, ..Limits::default() };
    let rows = format!("{HEADER}SO-1,A,1,Acme,1 Main St,Reno,NV,89501\nSO-2,A,1,Acme,1 Main St,Reno,NV,89501\n");
    let error = read_orders(rows.as_bytes(), Format::Csv, &limits).unwrap_err();
    assert_eq!(error, ReadError::TooManyCells { limit: 20 });
    assert_eq!(error.to_string(), "the file has more than 20 cells, the most a file may have; split it into smaller files");
}

#[test]
fn blank_lines_by_the_million_cost_nothing_and_keep_row_numbers() {
    let text = format!("{HEADER}{}SO-1,A,x,Acme,1 Main St,Reno,NV,89501\n", "\n".repeat(1_000_000));
    let (places, _, _) = row_errors(csv(&text));
    assert_eq!(places, vec![at(1_000_002, "Qty")]);
}

// ---------------------------------------------------------------------------------------
// Carriers and SKUs named as the pickers show them
// ---------------------------------------------------------------------------------------

fn references() -> References {
    let carrier = |id: &str, name: &str, scac: &str| Entry::new(id, format!("{name} · {scac}")).also(name).also(scac);
    let item = |id: &str, sku: &str, description: &str| Entry::new(sku, format!("{sku} · {description}")).also(id);
    References {
        carriers: Some(Catalog::new(
            "carrier",
            vec![
                carrier("CAR-001", "UPS", "UPSN"),
                carrier("CAR-002", "FedEx", "FDXE"),
                carrier("CAR-003", "USPS", "USPS"),
                carrier("CAR-015", "Old Dominion Freight Line", "ODFL"),
                carrier("CAR-020", "Express", "EXLA"),
                carrier("CAR-021", "Express", "AVRT"),
            ],
        )),
        skus: Some(Catalog::new("SKU", vec![item("ITM-000001", "POC-10001", "Trail Runner Size 9"), item("ITM-000002", "POC-10002", "Fleece Pullover M")])),
    }
}

fn with_carriers(carriers: &[&str]) -> String {
    let mut text = String::from("Sales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip,Carrier\n");
    for (i, carrier) in carriers.iter().enumerate() {
        text.push_str(&format!("SO-{i},POC-10001,1,Acme,1 Main St,Reno,NV,89501,{carrier}\n"));
    }
    text
}

#[test]
fn carriers_are_read_by_name_code_or_id_in_any_case_and_sent_as_their_id() {
    let names = ["UPS", "UPSN", "CAR-001", "ups", "  Ups  ", "upsn", "car-001", "UPS · UPSN", "FedEx", "fdxe", "old  dominion freight line", ""];
    let orders = read_orders_with(with_carriers(&names).as_bytes(), Format::Csv, &Limits::default(), &references()).unwrap();
    let carriers: Vec<Option<&str>> = orders.orders.iter().map(|o| o.carrier.as_deref()).collect();
    let ups = Some("CAR-001");
    assert_eq!(carriers, [ups, ups, ups, ups, ups, ups, ups, ups, Some("CAR-002"), Some("CAR-002"), Some("CAR-015"), None]);
    // Without a catalog the value is taken as written, for the order system to check.
    assert_eq!(csv(&with_carriers(&["UPS"])).unwrap().orders[0].carrier.as_deref(), Some("UPS"));
}

#[test]
fn an_unknown_carrier_lists_the_nearest_as_the_picker_shows_them() {
    let (places, errors, _) = row_errors(read_orders_with(with_carriers(&["UPS", "UPX", "Fed"]).as_bytes(), Format::Csv, &Limits::default(), &references()));
    assert_eq!(places, vec![at(3, "Carrier"), at(4, "Carrier")]);
    let upx = message_at(&errors, 3, "Carrier");
    assert!(upx.starts_with("\"UPX\" is not a known carrier; the nearest are UPS · UPSN, USPS · USPS, "), "{upx}");
    assert!(upx.ends_with(". Use a carrier's name, code or id as the picker shows it"), "{upx}");
    assert_eq!(upx.matches(" · ").count(), 5, "five suggestions: {upx}");
    assert!(message_at(&errors, 4, "Carrier").starts_with("\"Fed\" is not a known carrier; the nearest are FedEx · FDXE, "));
}

#[test]
fn a_carrier_name_two_carriers_share_is_refused_with_both() {
    let (places, errors, _) = row_errors(read_orders_with(with_carriers(&["express"]).as_bytes(), Format::Csv, &Limits::default(), &references()));
    assert_eq!(places, vec![at(2, "Carrier")]);
    assert_eq!(
        message_at(&errors, 2, "Carrier"),
        "\"express\" could be any of these carriers: Express · EXLA, Express · AVRT; use the code or id of the one meant"
    );
    let orders = read_orders_with(with_carriers(&["EXLA", "avrt"]).as_bytes(), Format::Csv, &Limits::default(), &references()).unwrap();
    assert_eq!(orders.orders[1].carrier.as_deref(), Some("CAR-021"));
}

#[test]
fn skus_are_read_in_any_case_or_by_item_id_and_unknown_ones_list_the_nearest() {
    let text = "Sales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip\n\
                SO-1,poc-10001,1,Acme,1 Main St,Reno,NV,89501\n\
                SO-1, ITM-000002 ,1,,,,,\n";
    let orders = read_orders_with(text.as_bytes(), Format::Csv, &Limits::default(), &references()).unwrap();
    let skus: Vec<&str> = orders.orders[0].lines.iter().map(|l| l.sku.as_str()).collect();
    assert_eq!(skus, ["POC-10001", "POC-10002"]);
    let (places, errors, _) = row_errors(read_orders_with(text.replace("poc-10001", "POC-1001").as_bytes(), Format::Csv, &Limits::default(), &references()));
    assert_eq!(places, vec![at(2, "SKU")]);
    assert!(message_at(&errors, 2, "SKU").starts_with("\"POC-1001\" is not a known SKU; the nearest are POC-10001 · Trail Runner Size 9"), "{errors:?}");
}

#[test]
fn later_rows_may_name_the_first_rows_carrier_another_way() {
    let text = "Sales Order,SKU,Qty,Ship To Name,Address 1,City,State,Zip,Carrier\n\
                SO-1,POC-10001,1,Acme,1 Main St,Reno,NV,89501,UPS\n\
                SO-1,POC-10002,1,,,,,,upsn\n\
                SO-1,POC-10002,1,,,,,,FedEx\n";
    let (places, _, _) = row_errors(read_orders_with(text.as_bytes(), Format::Csv, &Limits::default(), &references()));
    assert_eq!(places, vec![at(4, "Carrier")]);
}
