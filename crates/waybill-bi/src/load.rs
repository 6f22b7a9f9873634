//! Reading and checking cube files into a [`Catalogue`].

use std::collections::{BTreeMap, BTreeSet};

use crate::cube::{Cube, DimensionType};

/// The largest cube file read.
const MAX_FILE_BYTES: usize = 256 * 1024;
/// The longest description, title or expression.
const MAX_TEXT: usize = 4000;

/// The operational tables a cube may read, and nothing else: the facility's data model as
/// the embedded engine reads it from the operational database and as a PostgreSQL
/// deployment holds it in its operational schema. The database's own catalogues, the
/// operational database's bookkeeping (`meta`, `sequences`) and Waybill's own tables are
/// not among them, so no cube file, however written, names a table that could hold a
/// secret. A new operational table is added here, deliberately.
pub const OPERATIONAL_TABLES: [&str; 26] = [
    "accessorials",
    "allocations",
    "appointments",
    "carriers",
    "customers",
    "delivery_services",
    "dock_doors",
    "facilities",
    "inventory",
    "inventory_adjustments",
    "item_uoms",
    "items",
    "job_codes",
    "loads",
    "locations",
    "order_lines",
    "orders",
    "picks",
    "projects",
    "receipt_lines",
    "receipts",
    "shipments",
    "titles",
    "tracking_events",
    "trailers",
    "users",
];

/// Whether `table` is one of the [`OPERATIONAL_TABLES`], spelled exactly so.
pub fn is_operational_table(table: &str) -> bool {
    OPERATIONAL_TABLES.contains(&table)
}

/// Words an expression may not hold: it is a column expression, never a statement.
const FORBIDDEN_WORDS: [&str; 28] = [
    "select", "from", "where", "insert", "update", "delete", "merge", "drop", "alter", "create", "truncate", "attach", "detach", "pragma", "union", "with",
    "into", "exec", "execute", "grant", "revoke", "copy", "vacuum", "call", "table", "values", "lateral", "exists",
];

/// Functions an expression may call.
const FUNCTIONS: [&str; 20] = [
    "coalesce",
    "nullif",
    "case",
    "cast",
    "lower",
    "upper",
    "trim",
    "abs",
    "round",
    "floor",
    "ceil",
    "date_trunc",
    "date_part",
    "substr",
    "length",
    "greatest",
    "least",
    "concat",
    "to_date",
    "to_timestamp",
];

/// Words that may stand in an expression besides column names and functions.
const KEYWORDS: [&str; 22] = [
    "case",
    "when",
    "then",
    "else",
    "end",
    "and",
    "or",
    "not",
    "is",
    "null",
    "in",
    "as",
    "true",
    "false",
    "between",
    "like",
    "integer",
    "bigint",
    "double",
    "varchar",
    "date",
    "timestamp",
];

/// A cube file that cannot be used, naming where.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CubeError {
    #[error("{file}: {message}")]
    Invalid { file: String, message: String },
    #[error("the cubes' joins form a cycle: {0}")]
    Cycle(String),
    #[error("two cubes are named {0}")]
    Duplicate(String),
}

fn invalid(file: &str, message: impl Into<String>) -> CubeError {
    CubeError::Invalid { file: file.into(), message: message.into() }
}

/// The cubes, checked, by name.
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    cubes: BTreeMap<String, Cube>,
}

/// The shipped cubes over the demo facility, as (file name, text).
pub(crate) const DEMO: [(&str, &str); 12] = [
    ("outbound_orders.yaml", include_str!("../cubes/outbound_orders.yaml")),
    ("order_lines.yaml", include_str!("../cubes/order_lines.yaml")),
    ("shipments.yaml", include_str!("../cubes/shipments.yaml")),
    ("inventory.yaml", include_str!("../cubes/inventory.yaml")),
    ("receiving.yaml", include_str!("../cubes/receiving.yaml")),
    ("appointments.yaml", include_str!("../cubes/appointments.yaml")),
    ("dock_doors.yaml", include_str!("../cubes/dock_doors.yaml")),
    ("customers.yaml", include_str!("../cubes/customers.yaml")),
    ("carriers.yaml", include_str!("../cubes/carriers.yaml")),
    ("yard_trailers.yaml", include_str!("../cubes/yard_trailers.yaml")),
    ("staff.yaml", include_str!("../cubes/staff.yaml")),
    ("labour.yaml", include_str!("../cubes/labour.yaml")),
];

impl Catalogue {
    /// The cubes over the demo facility that ship with Waybill.
    pub fn demo() -> Catalogue {
        Catalogue::load(&DEMO).expect("the shipped cubes are valid")
    }

    /// Reads and checks cube files, given as (file name, text). Any bad file refuses
    /// the whole set.
    pub fn load(files: &[(&str, &str)]) -> Result<Catalogue, CubeError> {
        let mut cubes = BTreeMap::new();
        let mut files_of = BTreeMap::new();
        for (file, text) in files {
            let cube = parse(file, text)?;
            check(file, &cube)?;
            if cubes.contains_key(&cube.name) {
                return Err(CubeError::Duplicate(cube.name));
            }
            files_of.insert(cube.name.clone(), *file);
            cubes.insert(cube.name.clone(), cube);
        }
        for (name, cube) in &cubes {
            for join in &cube.joins {
                if !cubes.contains_key(&join.cube) {
                    return Err(invalid(files_of[name], format!("joins {}, which is no cube", join.cube)));
                }
            }
        }
        if let Some(cycle) = find_cycle(&cubes) {
            return Err(CubeError::Cycle(cycle.join(" → ")));
        }
        Ok(Catalogue { cubes })
    }

    /// The shipped cubes and the ones a tenant added, as (file name, text). A tenant's
    /// file that no longer loads beside the others (a shipped cube took its name, a cube
    /// it joins is gone) is left out and returned with why, so one bad file never takes
    /// the rest away.
    pub fn with_added(added: &[(String, String)]) -> (Catalogue, Vec<(String, CubeError)>) {
        let mut kept: Vec<(&str, &str)> = DEMO.to_vec();
        let mut pending: Vec<&(String, String)> = added.iter().collect();
        // Files may join one another in any order: add what loads until nothing more does.
        loop {
            let before = pending.len();
            pending.retain(|(file, text)| {
                let mut trial = kept.clone();
                trial.push((file, text));
                if Catalogue::load(&trial).is_ok() {
                    kept = trial;
                    false
                } else {
                    true
                }
            });
            if pending.is_empty() || pending.len() == before {
                break;
            }
        }
        let refused = pending
            .into_iter()
            .map(|(file, text)| {
                let mut trial = kept.clone();
                trial.push((file, text));
                (file.clone(), Catalogue::load(&trial).expect_err("it did not load"))
            })
            .collect();
        (Catalogue::load(&kept).expect("every kept file loaded"), refused)
    }

    /// The text of the shipped cube `name`.
    pub fn shipped_file(name: &str) -> Option<(&'static str, &'static str)> {
        DEMO.iter().copied().find(|(_, text)| parse("", text).is_ok_and(|c| c.name == name))
    }

    pub fn get(&self, name: &str) -> Option<&Cube> {
        self.cubes.get(name)
    }

    pub fn cubes(&self) -> impl Iterator<Item = &Cube> {
        self.cubes.values()
    }

    pub fn len(&self) -> usize {
        self.cubes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cubes.is_empty()
    }
}

/// One cube file, read and checked on its own (its joins are checked with the others).
pub fn read_cube(file: &str, text: &str) -> Result<Cube, CubeError> {
    let cube = parse(file, text)?;
    check(file, &cube)?;
    Ok(cube)
}

fn parse(file: &str, text: &str) -> Result<Cube, CubeError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(invalid(file, format!("is {} bytes; a cube file is at most {MAX_FILE_BYTES}", text.len())));
    }
    let mut budget = serde_saphyr::Budget::default();
    budget.max_depth = 32;
    budget.max_documents = 1;
    let mut options = serde_saphyr::Options::default();
    options.budget = Some(budget);
    options.alias_limits.max_total_replayed_events = 10_000;
    options.with_snippet = false;
    serde_saphyr::from_str_with_options(text, options).map_err(|e| invalid(file, e.to_string().lines().next().unwrap_or_default().to_owned()))
}

pub(crate) fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase() || c == '_')
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && name.len() <= 64
}

/// Plain text for people and the model: no control characters and nothing that reads
/// as SQL (a statement end, a comment) or a template.
fn check_text(file: &str, what: &str, text: &str) -> Result<(), CubeError> {
    if text.chars().count() > MAX_TEXT {
        return Err(invalid(file, format!("{what} is longer than {MAX_TEXT} characters")));
    }
    if text.chars().any(|c| c.is_control() && c != '\n') {
        return Err(invalid(file, format!("{what} holds a control character")));
    }
    if let Some(marker) = [";", "--", "/*", "*/", "`", "{{", "}}"].iter().find(|m| text.contains(**m)) {
        return Err(invalid(file, format!("{what} holds '{marker}': descriptions are plain text, not SQL or templates")));
    }
    Ok(())
}

/// A column expression: identifiers (`column` or `cube.column`), numbers, quoted
/// strings, operators, the allowed functions and keywords — never a statement, a
/// comment or a subquery. `cubes` are the names `cube.column` may use.
pub(crate) fn check_expression(file: &str, what: &str, sql: &str, cubes: &BTreeSet<&str>) -> Result<(), CubeError> {
    let bad = |why: String| Err(invalid(file, format!("{what} `{sql}` {why}")));
    if sql.trim().is_empty() || sql.len() > MAX_TEXT {
        return bad("is empty or too long".into());
    }
    let mut chars = sql.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '\'' => {
                // A string literal; '' is a quote inside it.
                loop {
                    match chars.next() {
                        Some((_, '\'')) if chars.peek().is_some_and(|(_, n)| *n == '\'') => {
                            chars.next();
                        }
                        Some((_, '\'')) => break,
                        Some(_) => {}
                        None => return bad("has an unclosed string".into()),
                    }
                }
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                let mut end = at + c.len_utf8();
                while let Some((i, n)) = chars.peek().copied() {
                    if n.is_ascii_alphanumeric() || n == '_' || n == '.' {
                        end = i + n.len_utf8();
                        chars.next();
                    } else {
                        break;
                    }
                }
                let word = sql[at..end].to_ascii_lowercase();
                let calls = sql[end..].trim_start().starts_with('(');
                if FORBIDDEN_WORDS.contains(&word.as_str()) {
                    return bad(format!("uses '{word}': an expression is a column expression, not a statement"));
                }
                if calls && !FUNCTIONS.contains(&word.as_str()) {
                    return bad(format!("calls {word}, which is not among the allowed functions ({})", FUNCTIONS.join(", ")));
                }
                if let Some((cube, column)) = word.split_once('.') {
                    if !cubes.contains(cube) || !is_identifier(column) {
                        return bad(format!("names {word}: only this cube's and its joins' columns may be used"));
                    }
                } else if !calls && !KEYWORDS.contains(&word.as_str()) && !is_identifier(&word) {
                    return bad(format!("names {word}, which is no column"));
                }
            }
            c if c.is_ascii_digit() || c.is_whitespace() => {}
            '+' | '-' | '*' | '/' | '%' | '(' | ')' | ',' | '<' | '>' | '=' | '!' | '|' | ':' | '.' => {
                if (c == '-' && chars.peek().is_some_and(|(_, n)| *n == '-')) || (c == '/' && chars.peek().is_some_and(|(_, n)| *n == '*')) {
                    return bad("holds a comment".into());
                }
            }
            other => return bad(format!("holds '{other}'")),
        }
    }
    match parsed_expression_refusal(sql) {
        Some(why) => bad(why),
        None => Ok(()),
    }
}

/// Types a cast may name.
const CAST_TYPES: [&str; 18] = [
    "int",
    "integer",
    "bigint",
    "smallint",
    "real",
    "double",
    "float",
    "numeric",
    "decimal",
    "varchar",
    "text",
    "string",
    "char",
    "date",
    "timestamp",
    "boolean",
    "bool",
    "interval",
];

/// Why `sql`, parsed as SQL, is not a plain column expression, if it is not: one whole
/// expression built only of columns, literals, operators, comparisons, `CASE`, casts to
/// plain types and calls with plain arguments — never a subquery, an `EXISTS`, an
/// `IN (…query…)`, an array or any other construct that could reach past the row.
fn parsed_expression_refusal(sql: &str) -> Option<String> {
    use std::ops::ControlFlow;

    use datafusion::sql::sqlparser::ast::{Expr, FunctionArguments, visit_expressions};
    use datafusion::sql::sqlparser::dialect::GenericDialect;
    use datafusion::sql::sqlparser::parser::Parser;
    use datafusion::sql::sqlparser::tokenizer::Token;

    let mut parser = match Parser::new(&GenericDialect {}).try_with_sql(sql) {
        Ok(parser) => parser,
        Err(e) => return Some(format!("does not parse: {e}")),
    };
    let expr = match parser.parse_expr() {
        Ok(expr) => expr,
        Err(e) => return Some(format!("does not parse: {e}")),
    };
    if parser.peek_token().token != Token::EOF {
        return Some("is more than one expression".into());
    }
    let mut why = None;
    let _ = visit_expressions(&expr, |e| {
        let refused = match e {
            Expr::Identifier(_)
            | Expr::CompoundIdentifier(_)
            | Expr::Value(_)
            | Expr::Nested(_)
            | Expr::BinaryOp { .. }
            | Expr::UnaryOp { .. }
            | Expr::IsNull(_)
            | Expr::IsNotNull(_)
            | Expr::IsTrue(_)
            | Expr::IsNotTrue(_)
            | Expr::IsFalse(_)
            | Expr::IsNotFalse(_)
            | Expr::IsDistinctFrom(..)
            | Expr::IsNotDistinctFrom(..)
            | Expr::InList { .. }
            | Expr::Between { .. }
            | Expr::Like { .. }
            | Expr::ILike { .. }
            | Expr::Case { .. }
            | Expr::Ceil { .. }
            | Expr::Floor { .. }
            | Expr::Trim { .. }
            | Expr::Substring { .. } => None,
            Expr::Cast { data_type, .. } => {
                let name = data_type.to_string().to_lowercase();
                let first = name.split(|c: char| !c.is_ascii_alphanumeric()).next().unwrap_or_default().to_owned();
                (!CAST_TYPES.contains(&first.as_str())).then(|| format!("casts to {name}, which is not among the plain types ({})", CAST_TYPES.join(", ")))
            }
            Expr::Function(f) => match &f.args {
                FunctionArguments::Subquery(_) => Some("passes a query to a function".to_owned()),
                _ if f.name.0.len() > 1 => Some(format!("calls {}: functions are named without a schema", f.name)),
                _ => None,
            },
            Expr::Subquery(_) | Expr::Exists { .. } | Expr::InSubquery { .. } => {
                Some("holds a subquery: an expression reads the row, not other tables".to_owned())
            }
            _ => Some("holds a construct that is not a plain column expression".to_owned()),
        };
        match refused {
            Some(refused) => {
                why = Some(refused);
                ControlFlow::Break(())
            }
            None => ControlFlow::Continue(()),
        }
    });
    why
}

fn check(file: &str, cube: &Cube) -> Result<(), CubeError> {
    if !is_identifier(&cube.name) {
        return Err(invalid(file, format!("the cube name '{}' is not an identifier (lower case letters, digits, underscores)", cube.name)));
    }
    if !is_operational_table(&cube.table) {
        let named: String = cube.table.chars().filter(|c| !c.is_control()).take(64).collect();
        return Err(invalid(
            file,
            format!("the table '{named}' is not one of the operational tables a cube may read; those are {}", OPERATIONAL_TABLES.join(", ")),
        ));
    }
    check_text(file, "the title", &cube.title)?;
    check_text(file, "the description", &cube.description)?;
    let mut reachable: BTreeSet<&str> = cube.joins.iter().map(|j| j.cube.as_str()).collect();
    reachable.insert(&cube.name);
    let mut names = BTreeSet::new();
    for (name, title, description, sql) in cube
        .measures
        .iter()
        .map(|m| (&m.name, &m.title, &m.description, Some(m.sql.as_str())))
        .chain(cube.dimensions.iter().map(|d| (&d.name, &d.title, &d.description, Some(d.expression()))))
    {
        if !is_identifier(name) {
            return Err(invalid(file, format!("the field name '{name}' is not an identifier")));
        }
        if !names.insert(name.as_str()) {
            return Err(invalid(file, format!("two fields are named {name}")));
        }
        check_text(file, &format!("{name}'s title"), title)?;
        check_text(file, &format!("{name}'s description"), description)?;
        if let Some(sql) = sql {
            check_expression(file, &format!("{name}'s expression"), sql, &reachable)?;
        }
    }
    for d in &cube.dimensions {
        if d.is_enum && d.kind != DimensionType::String {
            return Err(invalid(file, format!("{} is an enum but not a string", d.name)));
        }
    }
    if let Some(time) = &cube.time_dimension
        && !cube.dimensions.iter().any(|d| &d.name == time && d.kind == DimensionType::Time)
    {
        return Err(invalid(file, format!("the time dimension {time} is no dimension of type time")));
    }
    if let Some(column) = &cube.facility_column {
        check_expression(file, "the facility column", column, &reachable)?;
    }
    for join in &cube.joins {
        if !is_identifier(&join.cube) || join.cube == cube.name {
            return Err(invalid(file, format!("a join names '{}'", join.cube)));
        }
        let both: BTreeSet<&str> = [cube.name.as_str(), join.cube.as_str()].into();
        check_expression(file, &format!("the join to {}", join.cube), &join.on, &both)?;
    }
    Ok(())
}

/// A cycle of joins, as the names along it, if there is one.
fn find_cycle(cubes: &BTreeMap<String, Cube>) -> Option<Vec<String>> {
    fn visit<'a>(name: &'a str, cubes: &'a BTreeMap<String, Cube>, path: &mut Vec<&'a str>, done: &mut BTreeSet<&'a str>) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|p| *p == name) {
            let mut cycle: Vec<String> = path[start..].iter().map(|s| (*s).to_owned()).collect();
            cycle.push(name.to_owned());
            return Some(cycle);
        }
        if done.contains(name) {
            return None;
        }
        path.push(name);
        for join in cubes.get(name).map(|c| c.joins.as_slice()).unwrap_or_default() {
            if let Some(cycle) = visit(&join.cube, cubes, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(name);
        None
    }
    let mut done = BTreeSet::new();
    cubes.keys().find_map(|name| visit(name, cubes, &mut Vec::new(), &mut done))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORDERS: &str = "
name: orders
title: Orders
description: Outbound orders.
table: orders
facility_column: facility_id
time_dimension: created_at
measures:
  - name: order_count
    title: Orders
    aggregation: count
    sql: orders.id
dimensions:
  - name: status
    title: Status
    type: string
    enum: true
  - name: created_at
    title: Created
    type: time
joins:
  - cube: customers
    relationship: many_to_one
    on: orders.customer_id = customers.id
";
    const CUSTOMERS: &str = "
name: customers
title: Customers
description: Merchants.
table: customers
dimensions:
  - name: name
    title: Name
    type: string
";

    fn with(text: &str, from: &str, to: &str) -> String {
        assert!(text.contains(from), "{from}");
        text.replace(from, to)
    }

    #[test]
    fn the_shipped_cubes_load() {
        let demo = Catalogue::demo();
        assert!(demo.len() >= 9);
        for name in ["outbound_orders", "order_lines", "shipments", "inventory", "receiving", "appointments", "dock_doors"] {
            let cube = demo.get(name).unwrap_or_else(|| panic!("{name}"));
            assert!(cube.facility_column.is_some(), "{name} is facility data");
            assert!(!cube.measures.is_empty() && !cube.dimensions.is_empty(), "{name}");
        }
    }

    #[test]
    fn a_good_pair_loads_and_joins_must_name_cubes() {
        let both = Catalogue::load(&[("orders.yaml", ORDERS), ("customers.yaml", CUSTOMERS)]).unwrap();
        assert_eq!(both.get("orders").unwrap().joins[0].cube, "customers");
        let alone = Catalogue::load(&[("orders.yaml", ORDERS)]).unwrap_err();
        assert_eq!(alone.to_string(), "orders.yaml: joins customers, which is no cube");
    }

    #[test]
    fn a_cycle_of_joins_is_refused() {
        let back = format!("{CUSTOMERS}joins:\n  - cube: orders\n    relationship: many_to_one\n    on: customers.last_order = orders.id\n");
        let err = Catalogue::load(&[("orders.yaml", ORDERS), ("customers.yaml", &back)]).unwrap_err();
        assert!(matches!(&err, CubeError::Cycle(path) if path == "customers → orders → customers"), "{err}");
    }

    #[test]
    fn sql_in_a_description_is_refused() {
        for (bad, marker) in
            [("Outbound orders'; DROP TABLE orders; --", ";"), ("Orders -- all of them", "--"), ("Orders /* hidden */", "/*"), ("{{ system }}", "{{")]
        {
            let text = with(ORDERS, "description: Outbound orders.", &format!("description: \"{bad}\""));
            let err = Catalogue::load(&[("orders.yaml", &text), ("customers.yaml", CUSTOMERS)]).unwrap_err().to_string();
            assert!(err.contains("the description") && err.contains(marker), "{err}");
        }
    }

    #[test]
    fn expressions_are_column_expressions_only() {
        for (sql, why) in [
            ("orders.id; DROP TABLE orders", "holds ';'"),
            ("(SELECT max(id) FROM users)", "uses 'select'"),
            ("orders.id -- comment", "holds a comment"),
            ("pg_sleep(10)", "calls pg_sleep"),
            ("users.password", "names users.password"),
            ("'unclosed", "unclosed string"),
            ("\"quoted\"", "holds '\"'"),
        ] {
            let text = with(ORDERS, "    sql: orders.id", &format!("    sql: {}", serde_json::to_string(sql).unwrap()));
            let err = Catalogue::load(&[("orders.yaml", &text), ("customers.yaml", CUSTOMERS)]).unwrap_err().to_string();
            assert!(err.contains(why), "{sql}: {err}");
        }
        for good in ["COALESCE(orders.total, 0) * 2", "CASE WHEN status = 'it''s' THEN 1 ELSE 0 END", "customers.name", "date_trunc('day', created_at)"] {
            let text = with(ORDERS, "    sql: orders.id", &format!("    sql: {}", serde_json::to_string(good).unwrap()));
            Catalogue::load(&[("orders.yaml", &text), ("customers.yaml", CUSTOMERS)]).unwrap_or_else(|e| panic!("{good}: {e}"));
        }
    }

    #[test]
    fn names_types_and_shapes_are_checked() {
        let cases = [
            (with(ORDERS, "name: orders", "name: Orders"), "not an identifier"),
            (with(ORDERS, "  - name: status", "  - name: order_count"), "two fields are named order_count"),
            (with(ORDERS, "time_dimension: created_at", "time_dimension: status"), "no dimension of type time"),
            (with(ORDERS, "    type: time", "    type: number\n    enum: true"), "enum but not a string"),
            (with(ORDERS, "aggregation: count", "aggregation: median"), "median"),
            (with(ORDERS, "title: Orders\ndescription", "title: Orders\ncolour: red\ndescription"), "colour"),
        ];
        for (text, why) in cases {
            let err = Catalogue::load(&[("orders.yaml", &text), ("customers.yaml", CUSTOMERS)]).unwrap_err().to_string();
            assert!(err.starts_with("orders.yaml: ") && err.contains(why), "{why}: {err}");
        }
        let twice = Catalogue::load(&[("a.yaml", CUSTOMERS), ("b.yaml", CUSTOMERS)]).unwrap_err();
        assert_eq!(twice, CubeError::Duplicate("customers".into()));
        assert!(Catalogue::load(&[("big.yaml", &"#".repeat(MAX_FILE_BYTES + 1))]).unwrap_err().to_string().contains("at most"));
        assert!(Catalogue::load(&[("x.yaml", "name: [unclosed")]).is_err());
        for other in ["pg_authid", "sqlite_master", "information_schema", "meta", "sequences", "business_systems", "\"meta\"", "main.meta", "Meta"] {
            let text = with(CUSTOMERS, "table: customers", &format!("table: {}", serde_json::to_string(other).unwrap()));
            let err = Catalogue::load(&[("c.yaml", &text)]).unwrap_err().to_string();
            assert!(err.contains("is not one of the operational tables a cube may read; those are accessorials, allocations"), "{other}: {err}");
        }
    }

    #[test]
    fn added_files_join_the_shipped_ones_and_a_bad_one_is_left_out() {
        let zones = "name: zones\ntitle: Zones\ndescription: Zones.\ntable: locations\ndimensions:\n  - name: code\n    title: Code\n    type: string\njoins:\n  - cube: zone_kinds\n    relationship: many_to_one\n    on: zones.kind = zone_kinds.code\n";
        let kinds =
            "name: zone_kinds\ntitle: Zone kinds\ndescription: Kinds.\ntable: job_codes\ndimensions:\n  - name: code\n    title: Code\n    type: string\n";
        let clash = CUSTOMERS.to_owned();
        let added = [("zones.yaml".to_owned(), zones.to_owned()), ("kinds.yaml".to_owned(), kinds.to_owned()), ("mine.yaml".to_owned(), clash)];
        let (catalogue, refused) = Catalogue::with_added(&added);
        assert_eq!(catalogue.len(), Catalogue::demo().len() + 2, "zones loads once the kinds it joins do");
        assert!(catalogue.get("zones").is_some() && catalogue.get("outbound_orders").is_some());
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].0, "mine.yaml");
        assert_eq!(refused[0].1, CubeError::Duplicate("customers".into()));
        assert_eq!(Catalogue::shipped_file("labour").map(|(file, _)| file), Some("labour.yaml"));
        assert!(Catalogue::shipped_file("zones").is_none());
    }
}
