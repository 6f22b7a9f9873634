//! Sign-in rate limits, per account and per client address.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter, clock::Clock};

use crate::config::AuthConfig;
use crate::error::Error;

pub struct LoginLimits {
    per_account: DefaultKeyedRateLimiter<String>,
    per_ip: DefaultKeyedRateLimiter<IpAddr>,
}

fn quota(burst: u32, every: Duration) -> Quota {
    Quota::with_period(every).expect("non-zero period").allow_burst(NonZeroU32::new(burst.max(1)).expect("non-zero"))
}

impl LoginLimits {
    pub fn new(config: &AuthConfig) -> Self {
        Self {
            per_account: RateLimiter::keyed(quota(config.login_attempts_per_account, Duration::from_secs(30))),
            per_ip: RateLimiter::keyed(quota(config.login_attempts_per_ip, Duration::from_secs(2))),
        }
    }

    /// Spends one attempt for the address and the account, or says how long to wait.
    pub fn check(&self, ip: IpAddr, email: &str) -> Result<(), Error> {
        let wait = |not_until: governor::NotUntil<_>| {
            let secs = not_until.wait_time_from(governor::clock::DefaultClock::default().now()).as_secs();
            Error::RateLimited(secs.max(1))
        };
        self.per_ip.check_key(&ip).map_err(wait)?;
        self.per_account.check_key(&email.trim().to_lowercase()).map_err(wait)?;
        Ok(())
    }

    /// Forgets keys whose limits have fully recovered, bounding memory.
    pub fn prune(&self) {
        self.per_account.retain_recent();
        self.per_ip.retain_recent();
    }
}
