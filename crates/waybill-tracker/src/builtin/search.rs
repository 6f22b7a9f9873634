//! A parsed JQL query as SQL over the built-in tracker's issues: each clause becomes a
//! condition over a known column with its value bound — no text of the query reaches the
//! SQL — and values JQL can check (statuses, priorities, issue types) are checked first,
//! as Jira does ("The value 'Closed' does not exist for the field 'status'.").

use crate::builtin::scheme::{ISSUE_TYPES, PRIORITIES, STATUSES, issue_type_named, priority_rank, status_named};
use waybill_store::like_pattern;

use crate::jql::{Expr, Field, JqlError, Op, Query, Value, parse_date};

/// A value bound to a placeholder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bind {
    Text(String),
    Int(i64),
}

/// Who searches, and when: what `currentUser()` and relative times mean.
#[derive(Debug, Clone)]
pub struct SearchContext<'a> {
    pub tenant_id: &'a str,
    pub user_id: &'a str,
    pub now_ms: i64,
}

/// The conditions (after the tenant's, which is `$1`) and the ordering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compiled {
    /// `tenant_id = $1 AND …`.
    pub condition: String,
    pub binds: Vec<Bind>,
    /// `ORDER BY …`.
    pub order: String,
}

fn error(message: impl Into<String>) -> JqlError {
    JqlError { message: message.into() }
}

struct Builder<'a> {
    ctx: &'a SearchContext<'a>,
    binds: Vec<Bind>,
}

impl Builder<'_> {
    /// A new placeholder holding `bind`.
    fn bind(&mut self, bind: Bind) -> String {
        self.binds.push(bind);
        format!("${}", self.binds.len() + 1)
    }

    fn text(&mut self, text: &str) -> String {
        self.bind(Bind::Text(text.to_owned()))
    }

    fn expr(&mut self, expr: &Expr) -> Result<String, JqlError> {
        Ok(match expr {
            Expr::And(a, b) => format!("({} AND {})", self.expr(a)?, self.expr(b)?),
            Expr::Or(a, b) => format!("({} OR {})", self.expr(a)?, self.expr(b)?),
            Expr::Not(inner) => format!("(NOT {})", self.expr(inner)?),
            Expr::Clause { field, op, value } => self.clause(*field, *op, value)?,
        })
    }

    fn clause(&mut self, field: Field, op: Op, value: &Value) -> Result<String, JqlError> {
        match op {
            Op::Is => return Ok(empty(field)),
            Op::IsNot => return Ok(format!("(NOT {})", empty(field))),
            Op::In | Op::NotIn => {
                let Value::List(values) = value else { return Err(error("A list of values is expected.")) };
                let any = values.iter().map(|v| self.equals(field, v)).collect::<Result<Vec<_>, _>>()?;
                let any = format!("({})", any.join(" OR "));
                return Ok(if op == Op::In { any } else { self.negated(field, &any) });
            }
            Op::Contains | Op::NotContains => {
                let Value::Text(words) = value else { return Err(error("Text is searched with a quoted phrase: text ~ \"dock door\".")) };
                let found = self.contains(field, words)?;
                return Ok(if op == Op::Contains { found } else { format!("(NOT {found})") });
            }
            _ => {}
        }
        if field.is_time() {
            let at = self.time(field, value)?;
            let column = if field == Field::Created { "created_at" } else { "updated_at" };
            let p = self.bind(Bind::Int(at));
            return Ok(format!("{column} {} {p}", comparison(op)));
        }
        if field == Field::Priority && matches!(op, Op::Gt | Op::Ge | Op::Lt | Op::Le) {
            let rank = self.priority(value)?;
            let p = self.bind(Bind::Int(rank));
            return Ok(format!("priority_rank {} {p}", comparison(op)));
        }
        let equal = self.equals(field, value)?;
        Ok(if op == Op::Eq { equal } else { self.negated(field, &equal) })
    }

    /// `NOT condition`, keeping out issues where a person field is empty, as Jira does.
    fn negated(&self, field: Field, condition: &str) -> String {
        match field {
            Field::Assignee => format!("(assignee_id IS NOT NULL AND NOT {condition})"),
            Field::Reporter => format!("(reporter_id IS NOT NULL AND NOT {condition})"),
            _ => format!("(NOT {condition})"),
        }
    }

    fn priority(&self, value: &Value) -> Result<i64, JqlError> {
        match value {
            Value::Text(t) => priority_rank(t).map(|(_, r)| r).ok_or_else(|| unknown_value(t, "priority", PRIORITIES.iter().map(|p| p.1))),
            Value::Empty => Err(error("Priority is compared with a priority: High, Medium…")),
            _ => Err(error("The value is not a priority.")),
        }
    }

    fn time(&self, field: Field, value: &Value) -> Result<i64, JqlError> {
        let name = if field == Field::Created { "created" } else { "updated" };
        match value {
            Value::Relative(ms) => Ok(self.ctx.now_ms + ms),
            Value::Now => Ok(self.ctx.now_ms),
            Value::StartOfDay => Ok(self.ctx.now_ms - self.ctx.now_ms.rem_euclid(86_400_000)),
            Value::Text(t) => parse_date(t).ok_or_else(|| error(format!("Date value '{t}' for field '{name}' is invalid."))),
            _ => Err(error(format!("The field '{name}' is compared with a date or a period such as -7d."))),
        }
    }

    /// The condition that `field` equals `value`.
    fn equals(&mut self, field: Field, value: &Value) -> Result<String, JqlError> {
        if *value == Value::Empty {
            return Ok(empty(field));
        }
        if field.is_time() {
            let p = self.bind(Bind::Int(self.time(field, value)?));
            let column = if field == Field::Created { "created_at" } else { "updated_at" };
            return Ok(format!("{column} = {p}"));
        }
        let text = match value {
            Value::Text(t) => t.trim().to_owned(),
            Value::CurrentUser => {
                let p = self.text(self.ctx.user_id);
                let column = if field == Field::Reporter { "reporter_id" } else { "assignee_id" };
                return Ok(format!("{column} = {p}"));
            }
            _ => return Err(error("The value does not fit the field.")),
        };
        Ok(match field {
            Field::Project => {
                let key = self.text(&text);
                let tenant = self.text(self.ctx.tenant_id);
                let name = self.text(&text);
                format!(
                    "(LOWER(project_key) = LOWER({key}) OR project_key IN (SELECT project_key FROM tracker_projects WHERE tenant_id = {tenant} AND LOWER(name) = LOWER({name})))"
                )
            }
            Field::Key => {
                let p = self.text(&text.to_uppercase());
                format!("issue_key = {p}")
            }
            Field::Status => {
                let status = status_named(&text).ok_or_else(|| unknown_value(&text, "status", STATUSES.iter().map(|s| s.name)))?;
                let p = self.text(status.name);
                format!("status = {p}")
            }
            Field::StatusCategory => {
                let key = match text.to_lowercase().as_str() {
                    "to do" | "new" => "new",
                    "in progress" | "indeterminate" => "indeterminate",
                    "done" | "complete" => "done",
                    _ => return Err(unknown_value(&text, "statusCategory", ["To Do", "In Progress", "Done"].into_iter())),
                };
                let p = self.text(key);
                format!("status_category = {p}")
            }
            Field::Priority => {
                let rank = self.priority(value)?;
                let p = self.bind(Bind::Int(rank));
                format!("priority_rank = {p}")
            }
            Field::Type => {
                let kind = issue_type_named(&text).ok_or_else(|| unknown_value(&text, "issuetype", ISSUE_TYPES.iter().map(|t| t.name)))?;
                let p = self.text(kind.name);
                format!("issue_type = {p}")
            }
            Field::Assignee | Field::Reporter => {
                let (id, name, email) = if field == Field::Assignee {
                    ("assignee_id", "assignee_name", "assignee_email")
                } else {
                    ("reporter_id", "reporter_name", "reporter_email")
                };
                let a = self.text(&text);
                let b = self.text(&text.to_lowercase());
                let c = self.text(&text.to_lowercase());
                format!("({id} = {a} OR LOWER({name}) = {b} OR LOWER({email}) = {c})")
            }
            Field::Labels => {
                let p = self.text(&like_pattern(Some(&format!(",{text},"))));
                format!("LOWER(labels) LIKE {p} ESCAPE '\\'")
            }
            Field::Text | Field::Summary | Field::Description => return Err(error("Text fields are searched with ~.")),
            Field::Created | Field::Updated => unreachable!("times are compared above"),
        })
    }

    /// Every word of `words` in the field (for `text`: the summary, the description or a comment).
    fn contains(&mut self, field: Field, words: &str) -> Result<String, JqlError> {
        let words: Vec<&str> = words.split_whitespace().filter(|w| !w.trim_matches(|c: char| !c.is_alphanumeric()).is_empty()).collect();
        if words.is_empty() {
            return Err(error("The text to search for is empty."));
        }
        let mut all = Vec::new();
        for word in words {
            let term = like_pattern(Some(word.trim_matches(|c: char| !c.is_alphanumeric())));
            let condition = match field {
                Field::Summary => format!("LOWER(summary) LIKE {} ESCAPE '\\'", self.text(&term)),
                Field::Description => format!("LOWER(description) LIKE {} ESCAPE '\\'", self.text(&term)),
                _ => {
                    let s = self.text(&term);
                    let d = self.text(&term);
                    let tenant = self.text(self.ctx.tenant_id);
                    let c = self.text(&term);
                    format!(
                        "(LOWER(summary) LIKE {s} ESCAPE '\\' OR LOWER(description) LIKE {d} ESCAPE '\\' OR EXISTS (SELECT 1 FROM tracker_comments c \
                         WHERE c.tenant_id = {tenant} AND c.issue_id = tracker_issues.id AND LOWER(c.body) LIKE {c} ESCAPE '\\'))"
                    )
                }
            };
            all.push(condition);
        }
        Ok(format!("({})", all.join(" AND ")))
    }
}

fn comparison(op: Op) -> &'static str {
    match op {
        Op::Gt => ">",
        Op::Ge => ">=",
        Op::Lt => "<",
        Op::Le => "<=",
        Op::Ne => "<>",
        _ => "=",
    }
}

/// The condition that `field` is empty.
fn empty(field: Field) -> String {
    match field {
        Field::Assignee => "assignee_id IS NULL".into(),
        Field::Reporter => "reporter_id IS NULL".into(),
        Field::Labels => "labels = ''".into(),
        Field::Description | Field::Text => "description = ''".into(),
        // Fields every issue has.
        _ => "1 = 0".into(),
    }
}

fn unknown_value<'a>(value: &str, field: &str, known: impl Iterator<Item = &'a str>) -> JqlError {
    let known: Vec<&str> = known.collect();
    error(format!("The value '{value}' does not exist for the field '{field}'. The values are {}.", known.join(", ")))
}

fn order_column(field: Field) -> Result<&'static str, JqlError> {
    Ok(match field {
        Field::Created => "created_at",
        Field::Updated => "updated_at",
        Field::Priority => "priority_rank",
        Field::Key => "project_key, number",
        Field::Project => "project_key",
        Field::Status => "status",
        Field::StatusCategory => "status_category",
        Field::Assignee => "assignee_name",
        Field::Reporter => "reporter_name",
        Field::Summary => "summary",
        Field::Type => "issue_type",
        Field::Labels | Field::Text | Field::Description => {
            return Err(error("Sorting by this field is not supported; sort by created, updated, priority, key, status, assignee, summary or type."));
        }
    })
}

/// The query as conditions over `tracker_issues` (the tenant is `$1`, bound by the caller).
pub fn compile(query: &Query, ctx: &SearchContext<'_>) -> Result<Compiled, JqlError> {
    let mut builder = Builder { ctx, binds: Vec::new() };
    let filter = query.filter.as_ref().map(|f| builder.expr(f)).transpose()?;
    let condition = match filter {
        Some(f) => format!("tenant_id = $1 AND {f}"),
        None => "tenant_id = $1".to_owned(),
    };
    let mut order = Vec::new();
    for o in &query.order {
        let direction = if o.descending { "DESC" } else { "ASC" };
        order.extend(order_column(o.field)?.split(", ").map(|c| format!("{c} {direction}")));
    }
    if order.is_empty() {
        order.push("created_at DESC".into());
    }
    order.push("issue_key ASC".into());
    Ok(Compiled { condition, binds: builder.binds, order: format!("ORDER BY {}", order.join(", ")) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jql::parse;

    fn compiled(jql: &str) -> Result<Compiled, JqlError> {
        let ctx = SearchContext { tenant_id: "t1", user_id: "u-erin", now_ms: 1_793_491_200_000 + 3_600_000 };
        compile(&parse(jql)?, &ctx)
    }

    #[test]
    fn clauses_become_bound_conditions() {
        let c = compiled("project = OPS AND status = \"in progress\" AND assignee = currentUser() ORDER BY priority DESC").unwrap();
        assert!(c.condition.starts_with("tenant_id = $1 AND ((("), "{}", c.condition);
        assert!(c.condition.contains("status = $5") && c.condition.contains("assignee_id = $6"), "{}", c.condition);
        assert_eq!(c.binds[3], Bind::Text("In Progress".into()), "the status as the workflow names it");
        assert_eq!(c.binds[4], Bind::Text("u-erin".into()));
        assert_eq!(c.order, "ORDER BY priority_rank DESC, issue_key ASC");

        let c = compiled("created >= -7d AND priority >= High").unwrap();
        assert_eq!(c.binds, [Bind::Int(1_793_491_200_000 + 3_600_000 - 7 * 86_400_000), Bind::Int(4)]);
        assert_eq!(compiled("created >= startOfDay()").unwrap().binds, [Bind::Int(1_793_491_200_000)]);
        assert_eq!(compiled("").unwrap().order, "ORDER BY created_at DESC, issue_key ASC");
        assert_eq!(compiled("ORDER BY key DESC").unwrap().order, "ORDER BY project_key DESC, number DESC, issue_key ASC");
    }

    #[test]
    fn nothing_of_the_query_reaches_the_sql() {
        let hostile = ["summary ~ \"'; DROP TABLE tracker_issues; --\"", "assignee = \"x' OR '1'='1\"", "labels = \"%\"", "text ~ \"100%_done\""];
        for jql in hostile {
            let c = compiled(jql).unwrap();
            for bind in &c.binds {
                if let Bind::Text(t) = bind {
                    assert!(!c.condition.contains(t.as_str()) || t == "t1", "{jql}: {t} is in {}", c.condition);
                }
            }
            assert!(!c.condition.contains("DROP") && !c.condition.contains("'1'"), "{jql}: {}", c.condition);
        }
        let c = compiled("text ~ \"100%_done\"").unwrap();
        assert_eq!(c.binds[0], Bind::Text("%100\\%\\_done%".into()));
    }

    #[test]
    fn values_jql_can_check_are_checked() {
        for (jql, expected) in [
            ("status = Closed", "The value 'Closed' does not exist for the field 'status'. The values are To Do, In Progress, Blocked, Done."),
            ("priority = Urgent", "The value 'Urgent' does not exist for the field 'priority'"),
            ("type = Epic", "The value 'Epic' does not exist for the field 'issuetype'"),
            ("statusCategory = Waiting", "for the field 'statusCategory'"),
            ("ORDER BY text", "Sorting by this field is not supported"),
            ("summary ~ \"  \"", "The text to search for is empty"),
        ] {
            let err = compiled(jql).unwrap_err().to_string();
            assert!(err.contains(expected), "{jql}: {err}");
        }
    }
}
