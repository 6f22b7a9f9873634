//! Rows → orders: the checks each row gets and the grouping of lines into orders, shared
//! by the CSV and workbook readers.

use std::collections::HashMap;

use crate::columns::{Columns, FIELD_COUNT, Field};
use crate::references::{Catalog, References};
use crate::values::{self, Rule, Value, quote};
use crate::{Address, Limits, Line, Order, Orders, ReadError, RowError};

const ID_CHARS: usize = 100;
const TEXT_CHARS: usize = 200;
const CITY_CHARS: usize = 100;
const DEFAULT_UOM: &str = "EA";
const DEFAULT_COUNTRY: &str = "US";

/// The order-level columns, checked in this order (country before the state and zip it
/// governs).
const ORDER_FIELDS: [Field; 10] =
    [Field::ShipToName, Field::Street, Field::Street2, Field::City, Field::Country, Field::State, Field::Zip, Field::Phone, Field::ShipDate, Field::Carrier];

enum Got<T> {
    Blank,
    Value(T),
    Bad,
}

impl<T> Got<T> {
    fn value(self) -> Option<T> {
        match self {
            Got::Value(v) => Some(v),
            _ => None,
        }
    }
}

/// What an order's first row said, for checking its later rows.
struct First {
    row: usize,
    /// Bit per [`Field::index`]: the first row's value of that field is known (valid or
    /// blank), so later rows can be compared with it.
    known: u32,
}

pub(crate) struct Assembler<'r> {
    columns: Columns,
    references: &'r References,
    max_rows: usize,
    max_errors: usize,
    orders: Vec<Order>,
    firsts: Vec<First>,
    index: HashMap<String, usize>,
    errors: Vec<RowError>,
    more: usize,
    rows: usize,
}

impl<'r> Assembler<'r> {
    pub(crate) fn new(columns: Columns, limits: &Limits, references: &'r References) -> Assembler<'r> {
        Assembler {
            columns,
            references,
            max_rows: limits.max_rows,
            max_errors: limits.max_errors,
            orders: Vec::new(),
            firsts: Vec::new(),
            index: HashMap::new(),
            errors: Vec::new(),
            more: 0,
            rows: 0,
        }
    }

    pub(crate) fn error(&mut self, row: usize, column: String, message: String) {
        if self.errors.len() < self.max_errors {
            self.errors.push(RowError { row, column, message });
        } else {
            self.more += 1;
        }
    }

    fn field_error(&mut self, row: usize, field: Field, message: String) {
        let column = self.columns.header(field).to_owned();
        self.error(row, column, message);
    }

    fn check<T>(&mut self, row: usize, field: Field, rule: Rule<T>, required: bool) -> Got<T> {
        match rule {
            Ok(Some(v)) => Got::Value(v),
            Ok(None) if required => {
                self.field_error(row, field, "is required".to_owned());
                Got::Bad
            }
            Ok(None) => Got::Blank,
            Err(message) => {
                self.field_error(row, field, message);
                Got::Bad
            }
        }
    }

    /// Checks one data row (`row` as the user numbers it) and adds its line to its order.
    /// Blank rows are skipped. Fails only when the file has too many rows.
    pub(crate) fn row(&mut self, row: usize, cells: &[Value<'_>; FIELD_COUNT]) -> Result<(), ReadError> {
        if cells.iter().all(Value::is_blank) {
            return Ok(());
        }
        self.rows += 1;
        if self.rows > self.max_rows {
            return Err(ReadError::TooManyRows { limit: self.max_rows });
        }
        let cell = |field: Field| &cells[field.index()];

        let id = self.check(row, Field::SalesOrderId, values::text(cell(Field::SalesOrderId), ID_CHARS), true);
        let sku = self.check(row, Field::Sku, resolved(values::text(cell(Field::Sku), ID_CHARS), self.references.skus.as_ref()), true);
        let quantity = self.check(row, Field::Quantity, values::quantity(cell(Field::Quantity)), true);
        let uom = self.check(row, Field::Uom, values::uom(cell(Field::Uom)), false);

        let id = id.value();
        let existing = id.as_ref().and_then(|id| self.index.get(id).copied());
        // A row without a usable order id reports only the id: its other "required"
        // errors would be noise.
        let new_order = id.is_some() && existing.is_none();

        let mut got: [Got<String>; FIELD_COUNT] = std::array::from_fn(|_| Got::Blank);
        let mut us = true;
        for field in ORDER_FIELDS {
            let value = cell(field);
            let rule = match field {
                Field::ShipToName | Field::Street | Field::Street2 => values::text(value, TEXT_CHARS),
                Field::City => values::text(value, CITY_CHARS),
                Field::Country => values::country(value),
                Field::State => values::state(value, us),
                Field::Zip => values::zip(value, us),
                Field::Phone => values::phone(value),
                Field::ShipDate => values::date(value),
                Field::Carrier => resolved(values::text(value, ID_CHARS), self.references.carriers.as_ref()),
                _ => unreachable!("not an order-level field"),
            };
            let result = self.check(row, field, rule, new_order && field.required());
            if field == Field::Country {
                // The state and zip rules follow the row's country, else the order's.
                us = match &result {
                    Got::Value(country) => country == DEFAULT_COUNTRY,
                    Got::Blank => existing.is_none_or(|i| self.orders[i].ship_to.country == DEFAULT_COUNTRY),
                    // Unknown country: check state and zip as free text rather than
                    // report US rules that may not apply.
                    Got::Bad => false,
                };
            }
            got[field.index()] = result;
        }

        if let Some(i) = existing {
            self.compare_with_first(row, i, &got);
        }

        let Some(id) = id else {
            return Ok(());
        };
        let i = match existing {
            Some(i) => i,
            None => self.start_order(row, id, &mut got),
        };
        if let (Got::Value(sku), Got::Value(quantity), Got::Value(_) | Got::Blank) = (sku, quantity, &uom) {
            let uom = uom.value().unwrap_or_else(|| DEFAULT_UOM.to_owned());
            self.orders[i].lines.push(Line { sku, quantity, uom });
        }
        Ok(())
    }

    fn start_order(&mut self, row: usize, id: String, got: &mut [Got<String>]) -> usize {
        let mut known = 0;
        for field in ORDER_FIELDS {
            if !matches!(got[field.index()], Got::Bad) {
                known |= 1 << field.index();
            }
        }
        let mut take = |field: Field| std::mem::replace(&mut got[field.index()], Got::Blank).value();
        let order = Order {
            sales_order_id: id.clone(),
            ship_to: Address {
                name: take(Field::ShipToName).unwrap_or_default(),
                street: take(Field::Street).unwrap_or_default(),
                street2: take(Field::Street2),
                city: take(Field::City).unwrap_or_default(),
                state: take(Field::State).unwrap_or_default(),
                zip: take(Field::Zip).unwrap_or_default(),
                phone: take(Field::Phone),
                country: take(Field::Country).unwrap_or_else(|| DEFAULT_COUNTRY.to_owned()),
            },
            requested_ship_date: take(Field::ShipDate),
            carrier: take(Field::Carrier),
            lines: Vec::new(),
        };
        self.orders.push(order);
        self.firsts.push(First { row, known });
        self.index.insert(id, self.orders.len() - 1);
        self.orders.len() - 1
    }

    /// Later rows of an order may leave order-level cells blank; a filled one must say
    /// what the first row said.
    fn compare_with_first(&mut self, row: usize, i: usize, got: &[Got<String>]) {
        let first_row = self.firsts[i].row;
        let known = self.firsts[i].known;
        let mut conflicts = Vec::new();
        for field in ORDER_FIELDS {
            let Got::Value(new) = &got[field.index()] else {
                continue;
            };
            if known & (1 << field.index()) == 0 {
                continue;
            }
            let old = first_value(&self.orders[i], field);
            if old.is_some_and(|old| values::same(old, new)) {
                continue;
            }
            let id = quote(&self.orders[i].sales_order_id);
            let message = match old {
                Some(old) => format!(
                    "{} differs from row {first_row}, the first row of order {id}, which has {}; \
                     leave the cell blank or repeat the first row's value",
                    quote(new),
                    quote(old)
                ),
                None => format!(
                    "{} is set but row {first_row}, the first row of order {id}, leaves it blank; \
                     every row of an order ships the same way",
                    quote(new)
                ),
            };
            conflicts.push((field, message));
        }
        for (field, message) in conflicts {
            self.field_error(row, field, message);
        }
    }

    pub(crate) fn finish(self) -> Result<Orders, ReadError> {
        if !self.errors.is_empty() || self.more > 0 {
            return Err(ReadError::Rows { errors: self.errors, more: self.more });
        }
        if self.rows == 0 {
            return Err(ReadError::Empty);
        }
        Ok(Orders { orders: self.orders, rows: self.rows })
    }
}

/// A reference column's text as the record it names (its id or code), where the column
/// has a catalog.
fn resolved(rule: Rule<String>, catalog: Option<&Catalog>) -> Rule<String> {
    match (rule, catalog) {
        (Ok(Some(text)), Some(catalog)) => catalog.value_of(&text).map(Some),
        (rule, _) => rule,
    }
}

fn first_value(order: &Order, field: Field) -> Option<&str> {
    let a = &order.ship_to;
    let value = match field {
        Field::ShipToName => Some(&a.name),
        Field::Street => Some(&a.street),
        Field::Street2 => a.street2.as_ref(),
        Field::City => Some(&a.city),
        Field::State => Some(&a.state),
        Field::Zip => Some(&a.zip),
        Field::Phone => a.phone.as_ref(),
        Field::Country => Some(&a.country),
        Field::ShipDate => order.requested_ship_date.as_ref(),
        Field::Carrier => order.carrier.as_ref(),
        _ => None,
    };
    value.map(String::as_str).filter(|v| !v.is_empty())
}
