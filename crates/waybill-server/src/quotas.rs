//! Per-user and per-tenant quotas on chat requests and tool calls, per minute.
//!
//! Each is a token bucket (a full minute's allowance may be spent in a burst, and it
//! refills evenly). A user's own bucket is checked first, so a user in a loop spends
//! at most their own allowance of the tenant's and cannot starve the others. Buckets
//! are kept per instance: behind a load balancer each instance allows its share.

use std::num::NonZeroU32;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use waybill_tools::{CallAdmission, ToolContext, ToolError};

use crate::auth::RequestContext;
use crate::config::LimitsConfig;
use crate::error::Error;

/// One limit per user and one per tenant; a limit of 0 is none.
struct PerMinute {
    per_user: Option<(u32, DefaultKeyedRateLimiter<String>)>,
    per_tenant: Option<(u32, DefaultKeyedRateLimiter<String>)>,
}

/// Which limit refused, and how long until it allows one more.
struct Refusal {
    tenant_wide: bool,
    limit: u32,
    wait_secs: u32,
}

fn limiter(per_minute: u32) -> Option<(u32, DefaultKeyedRateLimiter<String>)> {
    let n = NonZeroU32::new(per_minute)?;
    Some((per_minute, RateLimiter::keyed(Quota::per_minute(n))))
}

impl PerMinute {
    fn new(per_user: u32, per_tenant: u32) -> Self {
        Self { per_user: limiter(per_user), per_tenant: limiter(per_tenant) }
    }

    fn check(&self, tenant_id: &str, user_id: &str) -> Result<(), Refusal> {
        let wait = |tenant_wide: bool, limit: u32| {
            move |not_until: governor::NotUntil<_>| {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                Refusal { tenant_wide, limit, wait_secs: wait.as_secs_f64().ceil().max(1.0) as u32 }
            }
        };
        if let Some((limit, users)) = &self.per_user {
            users.check_key(&format!("{tenant_id}\u{0}{user_id}")).map_err(wait(false, *limit))?;
        }
        if let Some((limit, tenants)) = &self.per_tenant {
            tenants.check_key(&tenant_id.to_owned()).map_err(wait(true, *limit))?;
        }
        Ok(())
    }

    fn prune(&self) {
        for (_, limiter) in self.per_user.iter().chain(&self.per_tenant) {
            limiter.retain_recent();
        }
    }
}

pub struct Quotas {
    chat: PerMinute,
    tools: PerMinute,
}

impl Quotas {
    pub fn new(config: &LimitsConfig) -> Self {
        Self {
            chat: PerMinute::new(config.chat_requests_per_minute, config.tenant_chat_requests_per_minute),
            tools: PerMinute::new(config.tool_calls_per_minute, config.tenant_tool_calls_per_minute),
        }
    }

    /// Spends one chat request of the caller's, or answers 429 with how long to wait.
    pub fn admit_chat(&self, ctx: &RequestContext) -> Result<(), Error> {
        self.chat.check(&ctx.tenant_id, &ctx.user_id).map_err(|r| {
            let message = if r.tenant_wide {
                format!("Your organisation has reached its limit of {} chat requests a minute; try again in {} seconds", r.limit, r.wait_secs)
            } else {
                format!("You have reached the limit of {} chat requests a minute; try again in {} seconds", r.limit, r.wait_secs)
            };
            Error::TooManyRequests { retry_after: r.wait_secs, message }
        })
    }

    /// Forgets keys whose allowance has fully recovered, bounding memory.
    pub fn prune(&self) {
        self.chat.prune();
        self.tools.prune();
    }
}

impl CallAdmission for Quotas {
    fn admit(&self, ctx: &ToolContext, tool: &str) -> Result<(), ToolError> {
        self.tools.check(ctx.tenant_id(), ctx.user_id()).map_err(|r| {
            let whose = if r.tenant_wide { "your organisation's" } else { "your" };
            ToolError::Failed(format!("{tool} was not run: {whose} limit of {} tool calls a minute is reached; try again in {} seconds", r.limit, r.wait_secs))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(tenant: &str, user: &str) -> RequestContext {
        RequestContext {
            user_id: user.into(),
            tenant_id: tenant.into(),
            facility_id: "f".into(),
            timezone: "UTC".into(),
            is_admin: false,
            is_agent: false,
            session_id: "s".into(),
            language: Default::default(),
        }
    }

    #[test]
    fn a_user_over_their_limit_does_not_spend_the_tenants() {
        let quotas = Quotas::new(&LimitsConfig { chat_requests_per_minute: 3, tenant_chat_requests_per_minute: 5, ..LimitsConfig::default() });
        for _ in 0..3 {
            quotas.admit_chat(&ctx("t", "loop")).unwrap();
        }
        for _ in 0..20 {
            let err = quotas.admit_chat(&ctx("t", "loop")).unwrap_err();
            assert!(matches!(err, Error::TooManyRequests { retry_after, .. } if (1..=60).contains(&retry_after)), "{err:?}");
        }
        // The looping user's refusals spent nothing of the tenant's: two are left for others.
        quotas.admit_chat(&ctx("t", "ada")).unwrap();
        quotas.admit_chat(&ctx("t", "bob")).unwrap();
        let err = quotas.admit_chat(&ctx("t", "cy")).unwrap_err();
        assert!(err.to_string().contains("organisation"), "{err}");
        quotas.admit_chat(&ctx("other", "loop")).unwrap();
    }

    #[test]
    fn zero_means_no_limit() {
        let quotas = Quotas::new(&LimitsConfig {
            chat_requests_per_minute: 0,
            tenant_chat_requests_per_minute: 0,
            tool_calls_per_minute: 0,
            tenant_tool_calls_per_minute: 0,
        });
        for _ in 0..1000 {
            quotas.admit_chat(&ctx("t", "u")).unwrap();
        }
        let tool_ctx = ToolContext::new(ctx("t", "u").caller(), "c");
        for _ in 0..1000 {
            quotas.admit(&tool_ctx, "timeTool").unwrap();
        }
    }
}
