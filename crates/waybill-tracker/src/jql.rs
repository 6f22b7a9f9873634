//! The JQL subset the built-in tracker understands, parsed into a [`Query`]: clauses over
//! `project`, `key`, `status`, `statusCategory`, `assignee`, `reporter`, `priority`,
//! `type`, `labels`, `text`, `summary`, `description`, `created` and `updated`, joined by
//! `AND`, `OR`, `NOT` and parentheses, then `ORDER BY`. Values are quoted or bare words,
//! lists in parentheses, `EMPTY`, the functions `currentUser()`, `now()` and
//! `startOfDay()`, and relative times (`-7d`, `-2w`, `-4h`, `-30m`).
//!
//! Nothing of a query reaches SQL as text: [`crate::builtin::search`] turns the parsed
//! query into conditions over known columns with every value bound. A query outside the
//! subset is refused with what was expected and where, as Jira words it.

use std::fmt;

/// The longest query read.
pub const MAX_LENGTH: usize = 4000;
/// The most clauses, list values and nesting a query may hold.
const MAX_CLAUSES: usize = 64;
const MAX_LIST: usize = 200;
const MAX_DEPTH: usize = 16;

/// A field a clause or an ordering names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Project,
    Key,
    Status,
    StatusCategory,
    Assignee,
    Reporter,
    Priority,
    Type,
    Labels,
    Text,
    Summary,
    Description,
    Created,
    Updated,
}

impl Field {
    /// The names (and aliases) JQL knows each field by.
    const NAMES: [(&'static str, Field); 17] = [
        ("project", Field::Project),
        ("key", Field::Key),
        ("issuekey", Field::Key),
        ("status", Field::Status),
        ("statuscategory", Field::StatusCategory),
        ("assignee", Field::Assignee),
        ("reporter", Field::Reporter),
        ("priority", Field::Priority),
        ("type", Field::Type),
        ("issuetype", Field::Type),
        ("labels", Field::Labels),
        ("text", Field::Text),
        ("summary", Field::Summary),
        ("description", Field::Description),
        ("created", Field::Created),
        ("createddate", Field::Created),
        ("updated", Field::Updated),
    ];

    fn named(word: &str) -> Option<Field> {
        let lower = word.to_ascii_lowercase();
        Field::NAMES.iter().find(|(n, _)| *n == lower).map(|(_, f)| *f)
    }

    pub fn is_time(self) -> bool {
        matches!(self, Field::Created | Field::Updated)
    }

    /// Fields searched for words with `~`.
    pub fn is_text(self) -> bool {
        matches!(self, Field::Text | Field::Summary | Field::Description)
    }

    fn known() -> String {
        let names: Vec<&str> = Field::NAMES.iter().map(|(n, _)| *n).filter(|n| !matches!(*n, "issuekey" | "issuetype" | "createddate")).collect();
        names.join(", ")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Eq,
    Ne,
    Contains,
    NotContains,
    Gt,
    Ge,
    Lt,
    Le,
    In,
    NotIn,
    Is,
    IsNot,
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Contains => "~",
            Op::NotContains => "!~",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::In => "in",
            Op::NotIn => "not in",
            Op::Is => "is",
            Op::IsNot => "is not",
        })
    }
}

/// A value a clause compares with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Text(String),
    /// `EMPTY` or `NULL`.
    Empty,
    CurrentUser,
    Now,
    StartOfDay,
    /// A time relative to now, in milliseconds (negative: in the past).
    Relative(i64),
    List(Vec<Value>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    Clause { field: Field, op: Op, value: Value },
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    pub field: Field,
    pub descending: bool,
}

/// A parsed query: an optional filter and the orderings.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Query {
    pub filter: Option<Expr>,
    pub order: Vec<Order>,
}

/// Why a query was refused: Jira's words, with the character where it went wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Error in the JQL Query: {message}")]
pub struct JqlError {
    pub message: String,
}

fn error(message: impl Into<String>) -> JqlError {
    JqlError { message: message.into() }
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    /// A bare word: a field, a keyword, an unquoted value.
    Word(String),
    Quoted(String),
    Open,
    Close,
    Comma,
    Op(Op),
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Word(w) => write!(f, "'{w}'"),
            Token::Quoted(q) => write!(f, "\"{q}\""),
            Token::Open => f.write_str("'('"),
            Token::Close => f.write_str("')'"),
            Token::Comma => f.write_str("','"),
            Token::Op(op) => write!(f, "'{op}'"),
        }
    }
}

/// The tokens of `text`, each with the character it starts at (from 1).
fn lex(text: &str) -> Result<Vec<(Token, usize)>, JqlError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let at = i + 1;
        match c {
            c if c.is_whitespace() => i += 1,
            '(' => {
                tokens.push((Token::Open, at));
                i += 1;
            }
            ')' => {
                tokens.push((Token::Close, at));
                i += 1;
            }
            ',' => {
                tokens.push((Token::Comma, at));
                i += 1;
            }
            '"' | '\'' => {
                let mut value = String::new();
                i += 1;
                loop {
                    match chars.get(i) {
                        None => return Err(error(format!("The quoted string starting at character {at} is not closed."))),
                        Some('\\') => {
                            match chars.get(i + 1) {
                                Some(n @ ('"' | '\'' | '\\')) => value.push(*n),
                                Some('n') => value.push('\n'),
                                Some('t') => value.push('\t'),
                                _ => return Err(error(format!("'\\' at character {} is an illegal escape; use \\\\, \\\" or \\'.", i + 1))),
                            }
                            i += 2;
                        }
                        Some(q) if *q == c => {
                            i += 1;
                            break;
                        }
                        Some(other) => {
                            value.push(*other);
                            i += 1;
                        }
                    }
                }
                tokens.push((Token::Quoted(value), at));
            }
            '=' => {
                tokens.push((Token::Op(Op::Eq), at));
                i += 1;
            }
            '~' => {
                tokens.push((Token::Op(Op::Contains), at));
                i += 1;
            }
            '!' => {
                let op = match chars.get(i + 1) {
                    Some('=') => Op::Ne,
                    Some('~') => Op::NotContains,
                    _ => return Err(error(format!("Expecting '!=' or '!~' at character {at}."))),
                };
                tokens.push((Token::Op(op), at));
                i += 2;
            }
            '>' | '<' => {
                let or_equal = chars.get(i + 1) == Some(&'=');
                let op = match (c, or_equal) {
                    ('>', true) => Op::Ge,
                    ('>', false) => Op::Gt,
                    ('<', true) => Op::Le,
                    _ => Op::Lt,
                };
                tokens.push((Token::Op(op), at));
                i += if or_equal { 2 } else { 1 };
            }
            c if c.is_alphanumeric() || matches!(c, '_' | '-' | '+' | '.' | '@') => {
                let start = i;
                while chars.get(i).is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '+' | '.' | '@')) {
                    i += 1;
                }
                tokens.push((Token::Word(chars[start..i].iter().collect()), at));
            }
            other => return Err(error(format!("The character '{other}' at character {at} is a reserved JQL character; quote the value that holds it."))),
        }
    }
    Ok(tokens)
}

struct Parser {
    tokens: Vec<(Token, usize)>,
    next: usize,
    clauses: usize,
    length: usize,
}

fn is_keyword(token: &Token, keyword: &str) -> bool {
    matches!(token, Token::Word(w) if w.eq_ignore_ascii_case(keyword))
}

/// Milliseconds in one of a relative time's units.
fn unit_ms(unit: char) -> Option<i64> {
    match unit {
        'm' => Some(60_000),
        'h' => Some(3_600_000),
        'd' => Some(86_400_000),
        'w' => Some(7 * 86_400_000),
        _ => None,
    }
}

/// `-7d`, `+2h`, `30m`: a time relative to now.
fn relative(word: &str) -> Option<i64> {
    let (sign, rest) = match word.as_bytes().first()? {
        b'-' => (-1, &word[1..]),
        b'+' => (1, &word[1..]),
        _ => (1, word),
    };
    let unit = rest.chars().last()?;
    let amount: i64 = rest[..rest.len() - unit.len_utf8()].parse().ok()?;
    Some(sign * amount.checked_mul(unit_ms(unit.to_ascii_lowercase())?)?)
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.next).map(|(t, _)| t)
    }

    fn where_now(&self) -> String {
        match self.tokens.get(self.next) {
            Some((token, at)) => format!("{token} at character {at}"),
            None => format!("the end of the query (character {})", self.length + 1),
        }
    }

    fn take(&mut self) -> Option<Token> {
        let token = self.tokens.get(self.next).map(|(t, _)| t.clone());
        self.next += 1;
        token
    }

    fn keyword(&mut self, keyword: &str) -> bool {
        if self.peek().is_some_and(|t| is_keyword(t, keyword)) {
            self.next += 1;
            true
        } else {
            false
        }
    }

    fn query(&mut self) -> Result<Query, JqlError> {
        let filter = if self.peek().is_none() || self.peek().is_some_and(|t| is_keyword(t, "order")) { None } else { Some(self.or(0)?) };
        let mut order = Vec::new();
        if self.keyword("order") {
            if !self.keyword("by") {
                return Err(error(format!("Expecting 'by' but got {}.", self.where_now())));
            }
            loop {
                let field = match self.take() {
                    Some(Token::Word(w) | Token::Quoted(w)) => {
                        Field::named(&w).ok_or_else(|| error(format!("Not able to sort using field '{w}'; the fields are {}.", Field::known())))?
                    }
                    _ => {
                        self.next -= 1;
                        return Err(error(format!("Expecting a field name to order by but got {}.", self.where_now())));
                    }
                };
                let descending = if self.keyword("desc") {
                    true
                } else {
                    self.keyword("asc");
                    false
                };
                order.push(Order { field, descending });
                if self.peek() != Some(&Token::Comma) {
                    break;
                }
                self.next += 1;
            }
        }
        if self.peek().is_some() {
            return Err(error(format!("Expecting 'AND', 'OR' or 'ORDER BY' but got {}.", self.where_now())));
        }
        Ok(Query { filter, order })
    }

    fn or(&mut self, depth: usize) -> Result<Expr, JqlError> {
        let mut left = self.and(depth)?;
        while self.keyword("or") {
            left = Expr::Or(Box::new(left), Box::new(self.and(depth)?));
        }
        Ok(left)
    }

    fn and(&mut self, depth: usize) -> Result<Expr, JqlError> {
        let mut left = self.unary(depth)?;
        while self.keyword("and") {
            left = Expr::And(Box::new(left), Box::new(self.unary(depth)?));
        }
        Ok(left)
    }

    fn unary(&mut self, depth: usize) -> Result<Expr, JqlError> {
        if depth > MAX_DEPTH {
            return Err(error(format!("The query nests deeper than {MAX_DEPTH} levels.")));
        }
        if self.keyword("not") {
            return Ok(Expr::Not(Box::new(self.unary(depth + 1)?)));
        }
        if self.peek() == Some(&Token::Open) {
            self.next += 1;
            let inner = self.or(depth + 1)?;
            if self.take() != Some(Token::Close) {
                self.next -= 1;
                return Err(error(format!("Expecting ')' but got {}.", self.where_now())));
            }
            return Ok(inner);
        }
        self.clause()
    }

    fn clause(&mut self) -> Result<Expr, JqlError> {
        self.clauses += 1;
        if self.clauses > MAX_CLAUSES {
            return Err(error(format!("The query holds more than {MAX_CLAUSES} clauses.")));
        }
        let field = match self.take() {
            Some(Token::Word(w)) if ["and", "or", "order", "in", "is"].iter().any(|k| w.eq_ignore_ascii_case(k)) => {
                self.next -= 1;
                return Err(error(format!("Expecting a field name but got {}.", self.where_now())));
            }
            Some(Token::Word(w) | Token::Quoted(w)) => Field::named(&w)
                .ok_or_else(|| error(format!("Field '{w}' does not exist or you do not have permission to view it. The fields are {}.", Field::known())))?,
            _ => {
                self.next -= 1;
                return Err(error(format!("Expecting a field name but got {}.", self.where_now())));
            }
        };
        let op = match self.take() {
            Some(Token::Op(op)) => op,
            Some(Token::Word(w)) if w.eq_ignore_ascii_case("in") => Op::In,
            Some(Token::Word(w)) if w.eq_ignore_ascii_case("is") => {
                if self.keyword("not") {
                    Op::IsNot
                } else {
                    Op::Is
                }
            }
            Some(Token::Word(w)) if w.eq_ignore_ascii_case("not") && self.keyword("in") => Op::NotIn,
            _ => {
                self.next -= 1;
                return Err(error(format!(
                    "Expecting operator but got {}. The valid operators are '=', '!=', '~', '!~', '>', '>=', '<', '<=', 'in', 'not in', 'is' and 'is not'.",
                    self.where_now()
                )));
            }
        };
        let value = if matches!(op, Op::In | Op::NotIn) { self.list()? } else { self.value()? };
        check(field, op, &value)?;
        Ok(Expr::Clause { field, op, value })
    }

    fn list(&mut self) -> Result<Value, JqlError> {
        if self.take() != Some(Token::Open) {
            self.next -= 1;
            return Err(error(format!("Expecting '(' to start a list of values but got {}.", self.where_now())));
        }
        let mut values = Vec::new();
        loop {
            values.push(self.value()?);
            if values.len() > MAX_LIST {
                return Err(error(format!("A list holds more than {MAX_LIST} values.")));
            }
            match self.take() {
                Some(Token::Comma) => {}
                Some(Token::Close) => return Ok(Value::List(values)),
                _ => {
                    self.next -= 1;
                    return Err(error(format!("Expecting ',' or ')' but got {}.", self.where_now())));
                }
            }
        }
    }

    fn value(&mut self) -> Result<Value, JqlError> {
        match self.take() {
            Some(Token::Quoted(q)) => Ok(Value::Text(q)),
            Some(Token::Word(w)) if self.peek() == Some(&Token::Open) => {
                self.next += 1;
                if self.take() != Some(Token::Close) {
                    self.next -= 1;
                    return Err(error(format!("The function {w} takes no arguments here; expecting ')' but got {}.", self.where_now())));
                }
                match w.to_ascii_lowercase().as_str() {
                    "currentuser" => Ok(Value::CurrentUser),
                    "now" => Ok(Value::Now),
                    "startofday" => Ok(Value::StartOfDay),
                    _ => Err(error(format!("Unable to find JQL function '{w}()'; the functions are currentUser(), now() and startOfDay()."))),
                }
            }
            Some(Token::Word(w)) if w.eq_ignore_ascii_case("empty") || w.eq_ignore_ascii_case("null") => Ok(Value::Empty),
            Some(Token::Word(w)) if ["and", "or", "not", "order", "in", "is"].iter().any(|k| w.eq_ignore_ascii_case(k)) => {
                self.next -= 1;
                Err(error(format!("Expecting a value but got {}; quote it if it is a value.", self.where_now())))
            }
            Some(Token::Word(w)) => Ok(relative(&w).filter(|_| w.len() > 1 && !w.chars().all(|c| c.is_ascii_digit())).map_or(Value::Text(w), Value::Relative)),
            _ => {
                self.next -= 1;
                Err(error(format!("Expecting a value but got {}.", self.where_now())))
            }
        }
    }
}

/// Whether `op` and `value` make sense for `field`, as Jira checks them.
fn check(field: Field, op: Op, value: &Value) -> Result<(), JqlError> {
    let name = Field::NAMES.iter().find(|(_, f)| *f == field).map_or("field", |(n, _)| *n);
    let refuse = || Err(error(format!("The operator '{op}' is not supported by the '{name}' field.")));
    match op {
        Op::Contains | Op::NotContains if !field.is_text() => return refuse(),
        Op::Eq | Op::Ne | Op::In | Op::NotIn if field == Field::Text => return refuse(),
        Op::Gt | Op::Ge | Op::Lt | Op::Le if !field.is_time() && field != Field::Priority => return refuse(),
        Op::Is | Op::IsNot if *value != Value::Empty => return Err(error(format!("The operator '{op}' takes EMPTY or NULL, not another value."))),
        _ => {}
    }
    let values = match value {
        Value::List(values) => values.as_slice(),
        one => std::slice::from_ref(one),
    };
    for v in values {
        match v {
            Value::CurrentUser if !matches!(field, Field::Assignee | Field::Reporter) => {
                return Err(error(format!("currentUser() is a user; the '{name}' field does not hold users.")));
            }
            Value::Now | Value::StartOfDay | Value::Relative(_) if !field.is_time() => {
                return Err(error(format!("A time is not a value of the '{name}' field.")));
            }
            Value::Text(t) if field.is_time() && parse_date(t).is_none() => {
                return Err(error(format!(
                    "Date value '{t}' for field '{name}' is invalid. Valid formats include: 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd', or a period format e.g. '-5d', '4w 2d'."
                )));
            }
            _ => {}
        }
    }
    Ok(())
}

/// A date (`2026-11-01`, `2026/11/01`, optionally with ` HH:mm`) as milliseconds since
/// the epoch, read in UTC.
pub fn parse_date(text: &str) -> Option<i64> {
    let normal = text.trim().replace('/', "-");
    let (day, time) = normal.split_once(' ').map_or((normal.as_str(), None), |(d, t)| (d, Some(t.trim())));
    let date: jiff::civil::Date = day.parse().ok()?;
    let time = match time {
        Some(t) => jiff::civil::Time::strptime("%H:%M", t).ok()?,
        None => jiff::civil::Time::midnight(),
    };
    date.to_datetime(time).to_zoned(jiff::tz::TimeZone::UTC).ok().map(|z| z.timestamp().as_millisecond())
}

/// Parses a JQL query of the subset.
pub fn parse(text: &str) -> Result<Query, JqlError> {
    if text.chars().count() > MAX_LENGTH {
        return Err(error(format!("The query is longer than {MAX_LENGTH} characters.")));
    }
    let tokens = lex(text)?;
    Parser { length: text.chars().count(), tokens, next: 0, clauses: 0 }.query()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clause(field: Field, op: Op, value: Value) -> Expr {
        Expr::Clause { field, op, value }
    }

    fn text(t: &str) -> Value {
        Value::Text(t.into())
    }

    #[test]
    fn the_subset_parses() {
        let q = parse("project = OPS AND status = \"In Progress\" ORDER BY created DESC").unwrap();
        assert_eq!(
            q.filter,
            Some(Expr::And(Box::new(clause(Field::Project, Op::Eq, text("OPS"))), Box::new(clause(Field::Status, Op::Eq, text("In Progress")))))
        );
        assert_eq!(q.order, [Order { field: Field::Created, descending: true }]);

        let q = parse("assignee = currentUser() and (priority in (High, Highest) OR labels is EMPTY) and created >= -7d").unwrap();
        let Some(Expr::And(left, created)) = q.filter else { panic!() };
        assert_eq!(*created, clause(Field::Created, Op::Ge, Value::Relative(-7 * 86_400_000)));
        let Expr::And(assignee, either) = *left else { panic!() };
        assert_eq!(*assignee, clause(Field::Assignee, Op::Eq, Value::CurrentUser));
        assert_eq!(
            *either,
            Expr::Or(
                Box::new(clause(Field::Priority, Op::In, Value::List(vec![text("High"), text("Highest")]))),
                Box::new(clause(Field::Labels, Op::Is, Value::Empty))
            )
        );

        assert_eq!(parse("text ~ 'dock door' ORDER BY priority, key asc").unwrap().order.len(), 2);
        assert_eq!(parse("").unwrap(), Query::default());
        assert_eq!(parse("ORDER BY updated").unwrap().filter, None);
        assert_eq!(parse("NOT status = Done").unwrap().filter, Some(Expr::Not(Box::new(clause(Field::Status, Op::Eq, text("Done"))))));
        assert_eq!(parse("status not in (Done, Blocked)").unwrap().filter.map(|f| matches!(f, Expr::Clause { op: Op::NotIn, .. })), Some(true));
        assert_eq!(parse("key = OPS-12").unwrap().filter, Some(clause(Field::Key, Op::Eq, text("OPS-12"))));
        assert_eq!(parse("summary ~ \"say \\\"hi\\\"\"").unwrap().filter, Some(clause(Field::Summary, Op::Contains, text("say \"hi\""))));
        assert_eq!(parse("created < '2026-11-01'").unwrap().filter, Some(clause(Field::Created, Op::Lt, text("2026-11-01"))));
    }

    #[test]
    fn syntax_errors_say_what_was_expected_and_where() {
        let cases = [
            ("project = ", "Expecting a value but got the end of the query (character 11)"),
            ("project OPS", "Expecting operator but got 'OPS' at character 9"),
            ("status = Done AND", "Expecting a field name but got the end of the query"),
            ("(status = Done", "Expecting ')' but got the end of the query"),
            ("status = Done)", "Expecting 'AND', 'OR' or 'ORDER BY' but got ')' at character 14"),
            ("colour = red", "Field 'colour' does not exist"),
            ("summary ~ \"open", "is not closed"),
            ("status = Done ORDER created", "Expecting 'by'"),
            ("ORDER BY colour", "Not able to sort using field 'colour'"),
            ("status in Done", "Expecting '(' to start a list"),
            ("status in (Done Blocked)", "Expecting ',' or ')' but got 'Blocked'"),
            ("priority = sleep()", "Unable to find JQL function 'sleep()'"),
            ("status ~ Done", "The operator '~' is not supported by the 'status' field"),
            ("text = dock", "The operator '=' is not supported by the 'text' field"),
            ("project > OPS", "The operator '>' is not supported by the 'project' field"),
            ("status is Done", "takes EMPTY or NULL"),
            ("project = currentUser()", "does not hold users"),
            ("created >= yesterday", "Date value 'yesterday' for field 'created' is invalid"),
            ("summary = a; DROP TABLE issues", "reserved JQL character"),
            ("status = Done -- comment", "Expecting 'AND', 'OR' or 'ORDER BY' but got '--'"),
            ("status = Done AND AND", "Expecting a field name but got 'AND'"),
            ("status = and", "Expecting a value but got 'and'"),
        ];
        for (query, expected) in cases {
            let err = parse(query).unwrap_err().to_string();
            assert!(err.starts_with("Error in the JQL Query: ") && err.contains(expected), "{query}: {err}");
        }
    }

    #[test]
    fn sizes_are_bounded() {
        assert!(parse(&"x".repeat(MAX_LENGTH + 1)).unwrap_err().message.contains("longer than"));
        let deep = format!("{}status = Done{}", "(".repeat(40), ")".repeat(40));
        assert!(parse(&deep).unwrap_err().message.contains("nests deeper"));
        let many = vec!["status = Done"; MAX_CLAUSES + 1].join(" OR ");
        assert!(parse(&many).unwrap_err().message.contains("more than"));
        let long_list = format!("key in ({})", (0..=MAX_LIST).map(|i| format!("OPS-{i}")).collect::<Vec<_>>().join(","));
        assert!(parse(&long_list).unwrap_err().message.contains("more than"));
    }

    #[test]
    fn dates_and_relative_times_read() {
        assert_eq!(parse_date("2026-11-01"), Some(1_793_491_200_000));
        assert_eq!(parse_date("2026/11/01 08:30"), Some(1_793_491_200_000 + 8 * 3_600_000 + 30 * 60_000));
        assert_eq!(parse_date("11/01/2026"), None);
        assert_eq!(relative("-2w"), Some(-14 * 86_400_000));
        assert_eq!(relative("4h"), Some(4 * 3_600_000));
        assert_eq!(relative("-30m"), Some(-30 * 60_000));
        assert_eq!(relative("-7x"), None);
        assert_eq!(relative("OPS-12"), None);
    }
}
