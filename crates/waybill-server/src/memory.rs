//! Gives memory back to the system once a burst of answers is over.
//!
//! Streaming answers allocate many short-lived buffers on every worker thread. glibc's
//! allocator keeps freed memory in its per-thread arenas, so after a load spike the
//! process would stay at its peak size indefinitely. When the last running answer has
//! finished, `malloc_trim` returns the free pages of every arena; the next burst simply
//! faults them in again.

use std::sync::Arc;
use std::time::Duration;

use crate::chat::runs::Runs;

/// How often the watcher looks at the running answers.
const CHECK_EVERY: Duration = Duration::from_secs(2);

/// Trims after a quiet check that follows a busy one. Runs until its task is aborted.
pub async fn trim_after_bursts(runs: Arc<Runs>) {
    let mut tick = tokio::time::interval(CHECK_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The first quiet check also gives back what migrations and seeding used.
    let mut busy_since_trim = true;
    loop {
        tick.tick().await;
        if !runs.is_empty() {
            busy_since_trim = true;
        } else if busy_since_trim {
            busy_since_trim = false;
            // Trimming walks every arena: keep it off the async workers.
            let _ = tokio::task::spawn_blocking(release_free_memory).await;
        }
    }
}

/// Blocks of a mebibyte or more (password hashing's 19 MiB, decoded images) get pages
/// of their own, returned to the system the moment they are freed. glibc would otherwise
/// raise its threshold after the first such block and serve the next ones from the heap,
/// where they stay: one sign-in would keep an idle server 19 MiB larger.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
pub fn map_large_blocks() {
    // SAFETY: mallopt only changes the allocator's tuning; it is safe before any thread
    // allocates concurrently and harmless after.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn map_large_blocks() {}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn release_free_memory() {
    // SAFETY: malloc_trim only releases free pages the allocator owns; it is safe to call
    // at any time from any thread.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn release_free_memory() {}
