//! What reading a hostile input costs in memory. Each input is read in a child process
//! of the test (the test binary run again with an environment variable naming the input),
//! so the resident-memory high-water mark the child reports is that input's alone; a
//! counting allocator gives the peak of live allocations as well.
//!
//! A test binary that uses it installs the allocator itself:
//! `#[global_allocator] static ALLOCATOR: waybill_testkit::memory::Counting = waybill_testkit::memory::Counting;`
//!
//! A run with setup of its own (a server, a database) measures one stretch of itself with
//! [`Phase`]: the high-water mark starts again from what is resident when it begins, so
//! what the setup cost and gave back does not hide what the stretch costs.

use std::alloc::{GlobalAlloc, Layout, System};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes live and their peak.
pub struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed to the system allocator unchanged; only sizes are counted.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, size) };
        if !q.is_null() {
            if size >= layout.size() {
                let now = LIVE.fetch_add(size - layout.size(), Ordering::Relaxed) + size - layout.size();
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - size, Ordering::Relaxed);
            }
        }
        q
    }
}

/// The process's resident-memory high-water mark, in bytes (0 where /proc is absent).
pub fn vm_hwm() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok()).map_or(0, |kb| kb * 1024)
}

/// Starts the resident-memory high-water mark again from what is resident now (Linux
/// clears it on writing 5 to `/proc/self/clear_refs`; elsewhere it is left as it is).
pub fn reset_vm_hwm() {
    // Where it cannot be reset, the mark so far is the baseline: a measure can only be larger.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// One stretch of a run, from [`Phase::start`]: the resident memory it added at its peak,
/// and the peak of the allocations it added (with [`Counting`] installed; 0 without).
pub struct Phase {
    idle: u64,
    held: usize,
}

impl Phase {
    pub fn start() -> Phase {
        reset_vm_hwm();
        let held = LIVE.load(Ordering::Relaxed);
        PEAK.store(held, Ordering::Relaxed);
        Phase { idle: vm_hwm(), held }
    }

    /// The resident high-water mark above the resident memory at the start, in bytes.
    pub fn rss(&self) -> u64 {
        vm_hwm().saturating_sub(self.idle)
    }

    /// The peak of live allocations above those live at the start, in bytes.
    pub fn live(&self) -> u64 {
        PEAK.load(Ordering::Relaxed).saturating_sub(self.held) as u64
    }

    /// In a child: prints what the phase cost so far, for [`cost_in_child`] to read.
    pub fn report(&self, name: &str, answer: &str) {
        print_measured(name, self.rss(), self.live(), answer);
    }
}

/// `size` bytes (less than one `unit` short): `head`, `unit` repeated, then `tail`.
pub fn repeated(size: usize, head: &[u8], unit: &[u8], tail: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(size);
    bytes.extend_from_slice(head);
    while bytes.len() + unit.len() + tail.len() <= size {
        bytes.extend_from_slice(unit);
    }
    bytes.extend_from_slice(tail);
    bytes
}

/// What one input cost, as the child measured it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cost {
    /// Resident memory above the idle child, the input itself included.
    pub rss: u64,
    /// The peak of live allocations while `read` ran, the input not included.
    pub live: u64,
    /// What reading answered.
    pub answer: String,
}

/// In the child: makes the input named `name`, reads it, and prints what that cost for
/// [`cost_in_child`] to read. What the child set up before calling it is the idle baseline.
pub fn measure(name: &str, make: impl FnOnce() -> Vec<u8>, read: impl FnOnce(&[u8]) -> String) {
    let whole = Phase::start();
    let bytes = make();
    // The input stays resident, so starting the mark again here keeps it in `whole`.
    let reading = Phase::start();
    let answer = read(&bytes);
    print_measured(name, whole.rss(), reading.live(), &answer);
}

fn print_measured(name: &str, rss: u64, live: u64, answer: &str) {
    println!("\nMEASURED\t{name}\t{rss}\t{live}\t{answer}");
}

/// Runs the test `test` of this binary again with `env` set to `name`, and reads what
/// its [`measure`] printed.
pub fn cost_in_child(test: &str, env: &str, name: &str) -> Cost {
    let me = std::env::current_exe().expect("the test binary's path");
    let out = Command::new(&me).args(["--exact", test, "--nocapture", "--test-threads=1"]).env(env, name).output().expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{name}: {stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let line = stdout.lines().find_map(|l| l.split_once("MEASURED\t")).unwrap_or_else(|| panic!("{name}: {stdout}")).1;
    let parts: Vec<&str> = line.splitn(4, '\t').collect();
    Cost { rss: parts[1].parse().expect("rss"), live: parts[2].parse().expect("live"), answer: parts[3].to_owned() }
}
