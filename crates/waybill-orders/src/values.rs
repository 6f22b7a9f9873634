//! Cell values and the rules each column's values follow. Each rule returns the
//! normalised value, `None` for a blank cell, or the message shown to the user.

use std::borrow::Cow;

/// One cell as a reader found it. CSV cells are always text; workbook cells keep their
/// type so numbers and dates need no guessing.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value<'a> {
    Empty,
    Text(Cow<'a, str>),
    Int(i64),
    Float(f64),
    /// A date cell (a number formatted as a date); any time of day is dropped.
    Date {
        year: u16,
        month: u8,
        day: u8,
    },
    Bool(bool),
    /// A cell showing an error such as `#N/A` or `#REF!`.
    Error(String),
    /// A cell formatted as a duration (`[h]:mm`).
    Duration,
}

pub(crate) type Rule<T> = Result<Option<T>, String>;

const SHOWN_CHARS: usize = 40;

/// A value quoted for a message, cut short so a huge cell cannot flood the report.
pub(crate) fn quote(s: &str) -> String {
    let mut chars = s.chars();
    let head: String = chars.by_ref().take(SHOWN_CHARS).collect();
    if chars.next().is_some() { format!("\"{head}…\"") } else { format!("\"{head}\"") }
}

impl Value<'_> {
    pub(crate) fn is_blank(&self) -> bool {
        match self {
            Value::Empty => true,
            Value::Text(s) => s.trim().is_empty(),
            _ => false,
        }
    }

    /// The cell as the text a user sees: whole numbers without `.0`, dates as yyyy-MM-dd.
    fn as_text(&self) -> Result<Cow<'_, str>, String> {
        Ok(match self {
            Value::Empty => Cow::Borrowed(""),
            Value::Text(s) => Cow::Borrowed(s.as_ref()),
            Value::Int(i) => Cow::Owned(i.to_string()),
            Value::Float(f) => Cow::Owned(format_number(*f)),
            Value::Date { year, month, day } => Cow::Owned(format!("{year:04}-{month:02}-{day:02}")),
            Value::Bool(b) => Cow::Borrowed(if *b { "TRUE" } else { "FALSE" }),
            Value::Error(e) => return Err(format!("the cell shows the error {e}")),
            Value::Duration => return Err("the cell holds a duration".to_owned()),
        })
    }
}

fn format_number(f: f64) -> String {
    if f.fract() == 0.0 && f.abs() < 1e15 { format!("{}", f as i64) } else { format!("{f}") }
}

/// Trimmed, runs of white space (line breaks included) made one space, control
/// characters refused.
fn clean(s: &str) -> Result<Cow<'_, str>, String> {
    let trimmed = s.trim();
    if trimmed.chars().any(|c| c.is_control() && !c.is_whitespace()) {
        return Err("contains control characters".to_owned());
    }
    let mut previous_space = false;
    let tidy = trimmed.chars().all(|c| {
        let ok = c == ' ' && !previous_space || !c.is_whitespace();
        previous_space = c == ' ';
        ok
    });
    if tidy {
        return Ok(Cow::Borrowed(trimmed));
    }
    Ok(Cow::Owned(trimmed.split_whitespace().collect::<Vec<_>>().join(" ")))
}

/// Clean text of at most `max_chars` characters.
pub(crate) fn text(value: &Value<'_>, max_chars: usize) -> Rule<String> {
    let raw = value.as_text()?;
    let cleaned = clean(&raw)?;
    if cleaned.is_empty() {
        return Ok(None);
    }
    let len = cleaned.chars().count();
    if len > max_chars {
        return Err(format!("is {len} characters long; at most {max_chars} are allowed"));
    }
    Ok(Some(cleaned.into_owned()))
}

/// A whole number from 1 to 4,294,967,295. Workbook numbers such as 12.0 are whole;
/// text may end in zeros after a decimal point ("12.00") but has no thousands separators.
pub(crate) fn quantity(value: &Value<'_>) -> Rule<u32> {
    let out_of_range = |shown: &str| format!("{} must be a whole number of at least 1", quote(shown));
    let too_large = |shown: &str| format!("{} is too large", quote(shown));
    match value {
        Value::Empty => Ok(None),
        Value::Int(i) => match u32::try_from(*i) {
            Ok(0) => Err(out_of_range(&i.to_string())),
            Ok(q) => Ok(Some(q)),
            Err(_) if *i < 0 => Err(out_of_range(&i.to_string())),
            Err(_) => Err(too_large(&i.to_string())),
        },
        Value::Float(f) => {
            let shown = format_number(*f);
            if f.fract() != 0.0 {
                Err(format!("{} is not a whole number", quote(&shown)))
            } else if *f < 1.0 {
                Err(out_of_range(&shown))
            } else if *f > f64::from(u32::MAX) {
                Err(too_large(&shown))
            } else {
                Ok(Some(*f as u32))
            }
        }
        Value::Text(s) => {
            let s = s.trim();
            if s.is_empty() {
                return Ok(None);
            }
            let (whole, fraction) = s.split_once('.').unwrap_or((s, ""));
            let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
            if !whole.is_empty() && digits(whole) && fraction.bytes().all(|b| b == b'0') {
                let whole = whole.trim_start_matches('0');
                return match whole.parse::<u32>() {
                    Ok(q) if q > 0 => Ok(Some(q)),
                    Ok(_) => Err(out_of_range(s)),
                    Err(_) if whole.is_empty() => Err(out_of_range(s)),
                    Err(_) => Err(too_large(s)),
                };
            }
            if s.contains(',') && s.replace(',', "").parse::<f64>().is_ok() {
                return Err(format!("{} is not a plain whole number; write it without separators (1200, not 1,200)", quote(s)));
            }
            match s.parse::<f64>() {
                Ok(f) if f < 1.0 => Err(out_of_range(s)),
                Ok(_) => Err(format!("{} is not a whole number", quote(s))),
                Err(_) => Err(format!("{} is not a number", quote(s))),
            }
        }
        other => Err(format!("{} is not a number", quote(&other.as_text().unwrap_or_default()))),
    }
}

/// Unit of measure: letters and digits, at most 10, upper-cased ("ea" → "EA").
pub(crate) fn uom(value: &Value<'_>) -> Rule<String> {
    let Some(unit) = text(value, 10).map_err(|e| if e.starts_with("is ") { "must be at most 10 letters or digits (EA, CS, PK…)".to_owned() } else { e })?
    else {
        return Ok(None);
    };
    if !unit.chars().all(char::is_alphanumeric) {
        return Err(format!("{} must be letters or digits only (EA, CS, PK…)", quote(&unit)));
    }
    Ok(Some(unit.to_uppercase()))
}

const FIRST_YEAR: u16 = 2000;
const LAST_YEAR: u16 = 2099;

const DATE_FORMS: &str = "write yyyy-MM-dd (2025-03-31) or MM/dd/yyyy (03/31/2025)";

fn date_help(shown: &str) -> String {
    format!("{} is not a date; {DATE_FORMS}", quote(shown))
}

/// A ship date, given back as yyyy-MM-dd. See the crate documentation for the forms
/// accepted.
pub(crate) fn date(value: &Value<'_>) -> Rule<String> {
    let (year, month, day) = match value {
        Value::Empty => return Ok(None),
        Value::Date { year, month, day } => (*year, *month, *day),
        Value::Int(_) | Value::Float(_) => {
            return Err(format!("{} is a number, not a date; format the cell as a date or write yyyy-MM-dd", quote(&value.as_text().unwrap_or_default())));
        }
        Value::Text(s) => {
            let s = s.trim();
            if s.is_empty() {
                return Ok(None);
            }
            parse_date(s)?
        }
        other => return Err(date_help(&other.as_text()?)),
    };
    if !(FIRST_YEAR..=LAST_YEAR).contains(&year) {
        return Err(format!("{year:04}-{month:02}-{day:02} is outside the years {FIRST_YEAR}–{LAST_YEAR}"));
    }
    Ok(Some(format!("{year:04}-{month:02}-{day:02}")))
}

fn parse_date(s: &str) -> Result<(u16, u8, u8), String> {
    let (day_part, time_part) = match s.find(['T', ' ']) {
        Some(i) => (&s[..i], s[i + 1..].trim()),
        None => (s, ""),
    };
    let looks_like_time = time_part.contains(':') && time_part.chars().all(|c| c.is_ascii_digit() || ":.+-Z APMapm".contains(c));
    if !time_part.is_empty() && !looks_like_time {
        return Err(date_help(s));
    }
    let number = |t: &str, min_len: usize, max_len: usize| -> Option<u16> {
        (t.len() >= min_len && t.len() <= max_len && t.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse().ok()).flatten()
    };
    let parts: Vec<&str> = if day_part.contains('-') { day_part.split('-').collect() } else { day_part.split('/').collect() };
    let [a, b, c] = parts[..] else {
        return Err(date_help(s));
    };
    let (year, month, day) = if let Some(year) = number(a, 4, 4) {
        (year, number(b, 1, 2), number(c, 1, 2))
    } else if day_part.contains('/') {
        let (month, day, year) = (number(a, 1, 2), number(b, 1, 2), number(c, 4, 4));
        if let (Some(m), Some(d), Some(y)) = (month, day, year)
            && m > 12
            && (1..=12).contains(&d)
        {
            return Err(format!(
                "{} looks day-first; dates with slashes are read month first (MM/dd/yyyy), \
                 so write {y:04}-{d:02}-{m:02}",
                quote(s)
            ));
        }
        let Some(year) = year else {
            return Err(format!("{} needs a 4-digit year; {DATE_FORMS}", quote(s)));
        };
        (year, month, day)
    } else {
        return Err(date_help(s));
    };
    match (month, day) {
        (Some(m), Some(d)) if (1..=12).contains(&m) && d >= 1 && d <= days_in_month(year, m) => Ok((year, m as u8, d as u8)),
        _ => Err(format!("{} is not a valid date", quote(s))),
    }
}

fn days_in_month(year: u16, month: u16) -> u16 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Country as a 2-letter code; the United States under any common name becomes "US".
pub(crate) fn country(value: &Value<'_>) -> Rule<String> {
    let Some(name) = text(value, 60)? else {
        return Ok(None);
    };
    let key: String = name.chars().filter(|c| c.is_alphabetic()).flat_map(char::to_lowercase).collect();
    let code = match key.as_str() {
        "us" | "usa" | "unitedstates" | "unitedstatesofamerica" => "US".to_owned(),
        "canada" => "CA".to_owned(),
        "mexico" | "méxico" => "MX".to_owned(),
        _ if name.len() == 2 && name.chars().all(|c| c.is_ascii_alphabetic()) => name.to_ascii_uppercase(),
        _ => {
            return Err(format!("{} is not a country code; use 2 letters (US, CA, MX…)", quote(&name)));
        }
    };
    Ok(Some(code))
}

/// US states, the District of Columbia, territories and the military "states".
const US_STATES: [(&str, &str); 59] = [
    ("AL", "alabama"),
    ("AK", "alaska"),
    ("AZ", "arizona"),
    ("AR", "arkansas"),
    ("CA", "california"),
    ("CO", "colorado"),
    ("CT", "connecticut"),
    ("DE", "delaware"),
    ("DC", "districtofcolumbia"),
    ("FL", "florida"),
    ("GA", "georgia"),
    ("HI", "hawaii"),
    ("ID", "idaho"),
    ("IL", "illinois"),
    ("IN", "indiana"),
    ("IA", "iowa"),
    ("KS", "kansas"),
    ("KY", "kentucky"),
    ("LA", "louisiana"),
    ("ME", "maine"),
    ("MD", "maryland"),
    ("MA", "massachusetts"),
    ("MI", "michigan"),
    ("MN", "minnesota"),
    ("MS", "mississippi"),
    ("MO", "missouri"),
    ("MT", "montana"),
    ("NE", "nebraska"),
    ("NV", "nevada"),
    ("NH", "newhampshire"),
    ("NJ", "newjersey"),
    ("NM", "newmexico"),
    ("NY", "newyork"),
    ("NC", "northcarolina"),
    ("ND", "northdakota"),
    ("OH", "ohio"),
    ("OK", "oklahoma"),
    ("OR", "oregon"),
    ("PA", "pennsylvania"),
    ("RI", "rhodeisland"),
    ("SC", "southcarolina"),
    ("SD", "southdakota"),
    ("TN", "tennessee"),
    ("TX", "texas"),
    ("UT", "utah"),
    ("VT", "vermont"),
    ("VA", "virginia"),
    ("WA", "washington"),
    ("WV", "westvirginia"),
    ("WI", "wisconsin"),
    ("WY", "wyoming"),
    ("AS", "americansamoa"),
    ("GU", "guam"),
    ("MP", "northernmarianaislands"),
    ("PR", "puertorico"),
    ("VI", "virginislands"),
    ("AA", "armedforcesamericas"),
    ("AE", "armedforceseurope"),
    ("AP", "armedforcespacific"),
];

/// US: a 2-letter code or the full name, given back as the code. Elsewhere: free text
/// of at most 100 characters, may be blank.
pub(crate) fn state(value: &Value<'_>, us: bool) -> Rule<String> {
    if !us {
        return text(value, 100);
    }
    let Some(name) = text(value, 100)? else {
        return Ok(None);
    };
    let key: String = name.chars().filter(|c| c.is_alphabetic()).flat_map(char::to_lowercase).collect();
    US_STATES
        .iter()
        .find(|(code, full)| *full == key || key.len() == 2 && code.eq_ignore_ascii_case(&key) && name.len() == 2)
        .map(|(code, _)| Some((*code).to_owned()))
        .ok_or_else(|| format!("{} is not a US state; use the 2-letter code (CA) or the full name (California)", quote(&name)))
}

/// US: 5 digits or ZIP+4, given back as 12345 or 12345-6789. Spreadsheets drop leading
/// zeros, so 3 or 4 digits are padded to 5 and 7 or 8 digits to 9. Elsewhere: free text
/// of at most 20 characters, may be blank.
pub(crate) fn zip(value: &Value<'_>, us: bool) -> Rule<String> {
    if !us {
        return text(value, 20);
    }
    let Some(code) = text(value, 20)? else {
        return Ok(None);
    };
    let digits: String = code.chars().filter(char::is_ascii_digit).collect();
    let separators_ok = match code.len() {
        10 => code.as_bytes()[5] == b'-' || code.as_bytes()[5] == b' ',
        _ => code.len() == digits.len(),
    };
    if separators_ok {
        match digits.len() {
            3..=5 => return Ok(Some(format!("{digits:0>5}"))),
            7..=9 => {
                let padded = format!("{digits:0>9}");
                return Ok(Some(format!("{}-{}", &padded[..5], &padded[5..])));
            }
            _ => {}
        }
    }
    Err(format!("{} is not a US ZIP code; use 5 digits (12345) or ZIP+4 (12345-6789)", quote(&code)))
}

/// At most 30 characters: digits, spaces and `+ - ( ) . /`, at least 7 digits, and
/// optionally an extension (`x123`, `ext. 123`).
pub(crate) fn phone(value: &Value<'_>) -> Rule<String> {
    let Some(number) = text(value, 30)? else {
        return Ok(None);
    };
    let lower = number.to_lowercase();
    let (main, extension) = match lower.find(['x', 'e']) {
        Some(i) => {
            let rest = lower[i..].trim_start_matches("ext").trim_start_matches('x').trim_start_matches(['.', ' ']);
            (&lower[..i], Some(rest))
        }
        None => (lower.as_str(), None),
    };
    let main_ok = main.chars().all(|c| c.is_ascii_digit() || " +-()./".contains(c)) && main.chars().filter(char::is_ascii_digit).count() >= 7;
    let extension_ok = extension.is_none_or(|e| !e.is_empty() && e.bytes().all(|b| b.is_ascii_digit()));
    if main_ok && extension_ok {
        Ok(Some(number))
    } else {
        Err(format!("{} is not a phone number; use digits with spaces or + - ( ) . and at least 7 digits", quote(&number)))
    }
}

/// Whether two values of an order-level cell mean the same: case and spacing aside.
pub(crate) fn same(a: &str, b: &str) -> bool {
    a.chars().flat_map(char::to_lowercase).eq(b.chars().flat_map(char::to_lowercase))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Value<'_> {
        Value::Text(Cow::Borrowed(s))
    }

    #[test]
    fn text_is_trimmed_collapsed_and_bounded() {
        assert_eq!(text(&t("  a \n b  "), 200), Ok(Some("a b".to_owned())));
        assert_eq!(text(&t("   "), 200), Ok(None));
        assert!(text(&t("abc"), 2).unwrap_err().contains("3 characters"));
        assert!(text(&t("a\u{7}b"), 20).is_err());
        assert_eq!(text(&Value::Float(12345.0), 20), Ok(Some("12345".to_owned())));
    }

    #[test]
    fn quantities() {
        assert_eq!(quantity(&t("12")), Ok(Some(12)));
        assert_eq!(quantity(&t("12.00")), Ok(Some(12)));
        assert_eq!(quantity(&t("007")), Ok(Some(7)));
        assert_eq!(quantity(&Value::Float(12.0)), Ok(Some(12)));
        assert_eq!(quantity(&Value::Int(3)), Ok(Some(3)));
        assert_eq!(quantity(&t("")), Ok(None));
        for bad in ["12.5", "0", "-3", "abc", "1,200", "99999999999", "0.0"] {
            assert!(quantity(&t(bad)).is_err(), "{bad}");
        }
        assert!(quantity(&Value::Float(12.5)).is_err());
        assert!(quantity(&Value::Float(0.0)).is_err());
        assert!(quantity(&Value::Int(-1)).is_err());
    }

    #[test]
    fn dates() {
        let ok = |s: &str| date(&t(s)).unwrap().unwrap();
        assert_eq!(ok("2025-03-31"), "2025-03-31");
        assert_eq!(ok("2025-3-1"), "2025-03-01");
        assert_eq!(ok("2025/03/31"), "2025-03-31");
        assert_eq!(ok("3/31/2025"), "2025-03-31");
        assert_eq!(ok("03/31/2025 0:00"), "2025-03-31");
        assert_eq!(ok("2025-03-31T00:00:00"), "2025-03-31");
        assert_eq!(ok("2024-02-29"), "2024-02-29");
        assert!(date(&t("31/03/2025")).unwrap_err().contains("day-first"));
        assert!(date(&t("3/31/25")).unwrap_err().contains("4-digit year"));
        for bad in ["2025-02-29", "2025-13-01", "31.03.2025", "tomorrow", "1999-12-31", "2025-03-31 soon"] {
            assert!(date(&t(bad)).is_err(), "{bad}");
        }
        assert!(date(&Value::Float(45_000.0)).unwrap_err().contains("a number"));
        assert_eq!(date(&Value::Date { year: 2025, month: 3, day: 31 }), Ok(Some("2025-03-31".to_owned())));
    }

    #[test]
    fn states_zips_countries_phones() {
        assert_eq!(state(&t("ca"), true), Ok(Some("CA".to_owned())));
        assert_eq!(state(&t("New York"), true), Ok(Some("NY".to_owned())));
        assert!(state(&t("Calif"), true).is_err());
        assert!(state(&t("XX"), true).is_err());
        assert_eq!(state(&t("Ontario"), false), Ok(Some("Ontario".to_owned())));

        assert_eq!(zip(&t("02134"), true), Ok(Some("02134".to_owned())));
        assert_eq!(zip(&Value::Float(2134.0), true), Ok(Some("02134".to_owned())));
        assert_eq!(zip(&t("12345-6789"), true), Ok(Some("12345-6789".to_owned())));
        assert_eq!(zip(&t("123456789"), true), Ok(Some("12345-6789".to_owned())));
        for bad in ["1234X", "12", "123456", "12345-678", "1234567890"] {
            assert!(zip(&t(bad), true).is_err(), "{bad}");
        }
        assert_eq!(zip(&t("K1A 0B1"), false), Ok(Some("K1A 0B1".to_owned())));

        assert_eq!(country(&t("United States")), Ok(Some("US".to_owned())));
        assert_eq!(country(&t("U.S.A.")), Ok(Some("US".to_owned())));
        assert_eq!(country(&t("ca")), Ok(Some("CA".to_owned())));
        assert!(country(&t("Germany")).is_err());

        assert!(phone(&t("(555) 123-4567")).is_ok());
        assert!(phone(&t("+1 555 123 4567 ext. 12")).is_ok());
        assert!(phone(&Value::Float(5_551_234_567.0)).is_ok());
        assert!(phone(&t("call me")).is_err());
        assert!(phone(&t("12345")).is_err());
    }
}
