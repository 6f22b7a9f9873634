//! Approvals of state-changing tool calls: each request for the user's approval, then the
//! user's decision, made once. Scoped by tenant and user like everything else: another
//! user's approval is indistinguishable from a missing one.

use sqlx::Row;

use crate::chats::Owner;
use crate::error::conflict_as;
use crate::{Result, Store, now_ms};

pub struct NewApproval<'a> {
    pub id: &'a str,
    pub tenant_id: &'a str,
    pub user_id: &'a str,
    pub chat_id: &'a str,
    pub message_id: &'a str,
    pub tool_call_id: &'a str,
    pub tool_name: &'a str,
    /// The call's input as JSON.
    pub input: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovalRecord {
    pub id: String,
    pub tenant_id: String,
    pub user_id: String,
    pub chat_id: String,
    pub message_id: String,
    pub tool_call_id: String,
    pub tool_name: String,
    pub input: String,
    pub requested_at_ms: i64,
    /// `Some(true)` approved, `Some(false)` denied, `None` not decided yet.
    pub approved: Option<bool>,
    pub decided_at_ms: Option<i64>,
}

/// What a decision found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decided {
    Recorded(ApprovalRecord),
    /// No such approval in this chat for this user.
    NotFound,
    /// It was decided before; the first decision stands.
    AlreadyDecided(ApprovalRecord),
}

/// Which approvals an administrator lists.
#[derive(Debug, Clone, Default)]
pub struct ApprovalFilter<'a> {
    pub user_id: Option<&'a str>,
    pub tool_name: Option<&'a str>,
    /// `Some(None)`: only undecided ones.
    pub approved: Option<Option<bool>>,
}

macro_rules! columns {
    () => {
        "id, tenant_id, user_id, chat_id, message_id, tool_call_id, tool_name, input, requested_at, decision, decided_at"
    };
}

/// The list's filters: `$n IS NULL OR …` keeps one static query for every combination.
macro_rules! conditions {
    () => {
        "tenant_id = $1 AND ($2 IS NULL OR user_id = $2) AND ($3 IS NULL OR tool_name = $3) \
         AND ($4 = 0 OR ($5 IS NULL AND decision IS NULL) OR decision = $5)"
    };
}

fn record(r: &sqlx::any::AnyRow) -> Result<ApprovalRecord> {
    let decision: Option<String> = r.try_get("decision")?;
    Ok(ApprovalRecord {
        id: r.try_get("id")?,
        tenant_id: r.try_get("tenant_id")?,
        user_id: r.try_get("user_id")?,
        chat_id: r.try_get("chat_id")?,
        message_id: r.try_get("message_id")?,
        tool_call_id: r.try_get("tool_call_id")?,
        tool_name: r.try_get("tool_name")?,
        input: r.try_get("input")?,
        requested_at_ms: r.try_get("requested_at")?,
        approved: decision.map(|d| d == "approved"),
        decided_at_ms: r.try_get("decided_at")?,
    })
}

impl Store {
    /// Records that a call waits for the user's approval.
    pub async fn insert_approval(&self, approval: NewApproval<'_>) -> Result<()> {
        sqlx::query(concat!("INSERT INTO tool_approvals (", columns!(), ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, NULL)"))
            .bind(approval.id)
            .bind(approval.tenant_id)
            .bind(approval.user_id)
            .bind(approval.chat_id)
            .bind(approval.message_id)
            .bind(approval.tool_call_id)
            .bind(approval.tool_name)
            .bind(approval.input)
            .bind(now_ms())
            .execute(self.writes())
            .await
            .map_err(conflict_as("an approval with this id"))?;
        Ok(())
    }

    /// The owner's approval `id` in `chat_id`.
    pub async fn approval(&self, owner: Owner<'_>, chat_id: &str, id: &str) -> Result<Option<ApprovalRecord>> {
        let row = sqlx::query(concat!("SELECT ", columns!(), " FROM tool_approvals WHERE id = $1 AND tenant_id = $2 AND user_id = $3 AND chat_id = $4"))
            .bind(id)
            .bind(owner.tenant_id)
            .bind(owner.user_id)
            .bind(chat_id)
            .fetch_optional(self.reads())
            .await?;
        row.as_ref().map(record).transpose()
    }

    /// Records the user's decision, once: a second decision finds the first.
    pub async fn decide_approval(&self, owner: Owner<'_>, chat_id: &str, id: &str, approved: bool) -> Result<Decided> {
        let decided = sqlx::query(
            "UPDATE tool_approvals SET decision = $1, decided_at = $2 \
             WHERE id = $3 AND tenant_id = $4 AND user_id = $5 AND chat_id = $6 AND decision IS NULL",
        )
        .bind(if approved { "approved" } else { "denied" })
        .bind(now_ms())
        .bind(id)
        .bind(owner.tenant_id)
        .bind(owner.user_id)
        .bind(chat_id)
        .execute(self.writes())
        .await?
        .rows_affected();
        Ok(match (decided, self.approval(owner, chat_id, id).await?) {
            (_, None) => Decided::NotFound,
            (1, Some(record)) => Decided::Recorded(record),
            (_, Some(record)) => Decided::AlreadyDecided(record),
        })
    }

    /// A tenant's approvals, newest first, and how many match in all.
    pub async fn approvals(&self, tenant_id: &str, filter: &ApprovalFilter<'_>, limit: i64, offset: i64) -> Result<(Vec<ApprovalRecord>, i64)> {
        let decision = filter.approved.map(|a| a.map(|yes| if yes { "approved" } else { "denied" }));
        let bind = |q: sqlx::query::Query<'static, sqlx::Any, sqlx::any::AnyArguments>| {
            q.bind(tenant_id.to_owned())
                .bind(filter.user_id.map(str::to_owned))
                .bind(filter.tool_name.map(str::to_owned))
                .bind(i64::from(decision.is_some()))
                .bind(decision.flatten().map(str::to_owned))
        };
        let total: i64 =
            bind(sqlx::query(concat!("SELECT COUNT(*) AS n FROM tool_approvals WHERE ", conditions!()))).fetch_one(self.reads()).await?.try_get("n")?;
        let rows = bind(sqlx::query(concat!(
            "SELECT ",
            columns!(),
            " FROM tool_approvals WHERE ",
            conditions!(),
            " ORDER BY requested_at DESC, id DESC LIMIT $6 OFFSET $7"
        )))
        .bind(limit)
        .bind(offset)
        .fetch_all(self.reads())
        .await?;
        Ok((rows.iter().map(record).collect::<Result<_>>()?, total))
    }
}
