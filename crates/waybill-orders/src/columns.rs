//! Header row → the columns this crate reads.

use crate::ReadError;

/// A value this crate reads from each row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    SalesOrderId,
    Sku,
    Quantity,
    Uom,
    ShipToName,
    Street,
    Street2,
    City,
    State,
    Zip,
    Phone,
    Country,
    ShipDate,
    Carrier,
}

pub(crate) const FIELD_COUNT: usize = 14;

pub(crate) const FIELDS: [Field; FIELD_COUNT] = [
    Field::SalesOrderId,
    Field::Sku,
    Field::Quantity,
    Field::Uom,
    Field::ShipToName,
    Field::Street,
    Field::Street2,
    Field::City,
    Field::State,
    Field::Zip,
    Field::Phone,
    Field::Country,
    Field::ShipDate,
    Field::Carrier,
];

/// Address fields may also be written with a "Ship To" or "Ship" prefix
/// ("Ship To City", "Ship City").
const ADDRESS_PREFIXES: [&str; 3] = ["", "shipto", "ship"];

impl Field {
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// The name used in messages when the column is missing.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Field::SalesOrderId => "Sales Order",
            Field::Sku => "SKU",
            Field::Quantity => "Quantity",
            Field::Uom => "UOM",
            Field::ShipToName => "Ship To Name",
            Field::Street => "Address 1",
            Field::Street2 => "Address 2",
            Field::City => "City",
            Field::State => "State",
            Field::Zip => "Zip",
            Field::Phone => "Phone",
            Field::Country => "Country",
            Field::ShipDate => "Requested Ship Date",
            Field::Carrier => "Carrier",
        }
    }

    pub(crate) fn required(self) -> bool {
        matches!(self, Field::SalesOrderId | Field::Sku | Field::Quantity | Field::ShipToName | Field::Street | Field::City | Field::State | Field::Zip)
    }

    /// Header spellings, in the form [`normalize`] gives them. Keep the table in the
    /// crate documentation in step with this one.
    fn synonyms(self) -> &'static [&'static str] {
        match self {
            Field::SalesOrderId => &[
                "salesorder",
                "salesorderid",
                "salesorderno",
                "salesordernumber",
                "salesorder#",
                "so",
                "so#",
                "sono",
                "sonumber",
                "soid",
                "order",
                "orderid",
                "orderno",
                "ordernumber",
                "order#",
            ],
            Field::Sku => &["sku", "item", "itemno", "itemnumber", "item#", "itemcode", "itemid", "itemsku", "partnumber", "part#"],
            Field::Quantity => &["qty", "quantity", "qtyordered", "quantityordered", "orderqty", "orderquantity"],
            Field::Uom => &["uom", "unit", "unitofmeasure"],
            Field::ShipToName => &["shiptoname", "shipto", "shipname", "recipient", "recipientname", "consignee"],
            Field::Street => &["address", "address1", "addressline1", "street", "street1", "streetaddress"],
            Field::Street2 => &["address2", "addressline2", "street2"],
            Field::City => &["city", "town"],
            Field::State => &["state", "province", "stateprovince"],
            Field::Zip => &["zip", "zipcode", "postalcode", "postcode", "zippostalcode"],
            Field::Phone => &["phone", "phonenumber", "telephone", "tel"],
            Field::Country => &["country", "countrycode"],
            Field::ShipDate => &["shipdate", "requestedshipdate", "shipbydate", "shipby"],
            Field::Carrier => &["carrier", "shipvia", "shippingcarrier", "shipcarrier"],
        }
    }

    fn takes_address_prefix(self) -> bool {
        matches!(self, Field::Street | Field::Street2 | Field::City | Field::State | Field::Zip | Field::Phone | Field::Country)
    }

    fn matches(self, normalized: &str) -> bool {
        if self.synonyms().contains(&normalized) {
            return true;
        }
        self.takes_address_prefix()
            && ADDRESS_PREFIXES[1..].iter().any(|prefix| normalized.strip_prefix(prefix).is_some_and(|rest| self.synonyms().contains(&rest)))
    }
}

/// Lower case, letters, digits and `#` only: "Sales Order #" → "salesorder#",
/// "salesOrderId" → "salesorderid", "Zip/Postal Code" → "zippostalcode".
fn normalize(header: &str) -> String {
    header.chars().filter(|c| c.is_alphanumeric() || *c == '#').flat_map(char::to_lowercase).collect()
}

fn field_of(header: &str) -> Option<Field> {
    let normalized = normalize(header);
    if normalized.is_empty() {
        return None;
    }
    FIELDS.into_iter().find(|field| field.matches(&normalized))
}

/// Where each field is in a row, and the header the user gave it (messages name the
/// column as the user wrote it).
#[derive(Debug)]
pub(crate) struct Columns {
    /// Column position of each field, indexed by [`Field::index`].
    at: [Option<usize>; FIELD_COUNT],
    headers: [String; FIELD_COUNT],
    /// One past the last non-blank header cell.
    pub(crate) width: usize,
}

impl Columns {
    /// Whether a row of header cells names the sales order column: used to skip title
    /// rows above the header in workbooks.
    pub(crate) fn names_order_column<'a>(cells: impl IntoIterator<Item = &'a str>) -> bool {
        cells.into_iter().any(|cell| field_of(cell) == Some(Field::SalesOrderId))
    }

    /// Maps a header row given as `(column position, header text)` pairs.
    pub(crate) fn from_header<S: AsRef<str>>(cells: impl IntoIterator<Item = (usize, S)>) -> Result<Columns, ReadError> {
        let mut at = [None; FIELD_COUNT];
        let mut headers: [String; FIELD_COUNT] = Default::default();
        let mut seen: Vec<Vec<String>> = vec![Vec::new(); FIELD_COUNT];
        let mut found = Vec::new();
        let mut width = 0;
        for (position, text) in cells {
            let text = text.as_ref().trim();
            if text.is_empty() {
                continue;
            }
            width = width.max(position + 1);
            found.push(text.to_owned());
            if let Some(field) = field_of(text) {
                let i = field.index();
                if at[i].is_none() {
                    at[i] = Some(position);
                    headers[i] = text.to_owned();
                }
                seen[i].push(text.to_owned());
            }
        }

        let duplicates: Vec<Vec<String>> = seen.into_iter().filter(|h| h.len() > 1).collect();
        if !duplicates.is_empty() {
            return Err(ReadError::DuplicateColumns(duplicates));
        }
        let missing: Vec<String> =
            FIELDS.into_iter().filter(|field| field.required() && at[field.index()].is_none()).map(|field| field.label().to_owned()).collect();
        if !missing.is_empty() {
            const SHOWN: usize = 50;
            found.truncate(SHOWN);
            return Err(ReadError::MissingColumns { missing, found });
        }
        Ok(Columns { at, headers, width })
    }

    /// The field read from column `position`, if any.
    pub(crate) fn field_at(&self, position: usize) -> Option<Field> {
        FIELDS.into_iter().find(|field| self.at[field.index()] == Some(position))
    }

    pub(crate) fn position(&self, field: Field) -> Option<usize> {
        self.at[field.index()]
    }

    pub(crate) fn header(&self, field: Field) -> &str {
        &self.headers[field.index()]
    }

    /// Column position → field, for readers that see cells one at a time.
    pub(crate) fn lookup(&self) -> Vec<Option<Field>> {
        (0..self.width).map(|p| self.field_at(p)).collect()
    }
}

/// Spreadsheet column letters for a 0-based column: 0 → A, 25 → Z, 26 → AA.
pub(crate) fn column_letters(mut column: usize) -> String {
    let mut letters = Vec::new();
    loop {
        letters.push(b'A' + (column % 26) as u8);
        if column < 26 {
            break;
        }
        column = column / 26 - 1;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synonyms_match_case_and_punctuation_insensitively() {
        for (header, field) in [
            ("Sales Order", Field::SalesOrderId),
            ("salesOrderId", Field::SalesOrderId),
            ("SO#", Field::SalesOrderId),
            ("Order No.", Field::SalesOrderId),
            ("Item Number", Field::Sku),
            ("QTY", Field::Quantity),
            ("Unit", Field::Uom),
            ("Ship To Name", Field::ShipToName),
            ("Address 1", Field::Street),
            ("Ship To Address 1", Field::Street),
            ("Ship City", Field::City),
            ("Zip/Postal Code", Field::Zip),
            ("Postal Code", Field::Zip),
            ("Requested Ship Date", Field::ShipDate),
            ("Ship Via", Field::Carrier),
        ] {
            assert_eq!(field_of(header), Some(field), "{header}");
        }
        assert_eq!(field_of("Notes"), None);
        assert_eq!(field_of("Item Description"), None);
        assert_eq!(field_of("Ship"), None);
    }

    #[test]
    fn column_letters_follow_spreadsheet_naming() {
        assert_eq!(column_letters(0), "A");
        assert_eq!(column_letters(25), "Z");
        assert_eq!(column_letters(26), "AA");
        assert_eq!(column_letters(701), "ZZ");
        assert_eq!(column_letters(702), "AAA");
    }
}
