//! The `waybill` binary as an operator runs it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_waybill");

fn temp_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("waybill-cli-{}-{}", std::process::id(), rand_suffix()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rand_suffix() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos()
}

fn waybill(data: &Path) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.arg("--data-dir").arg(data).env_remove("DATABASE_URL").env_remove("WAYBILL_ADMIN_PASSWORD").env_remove("WAYBILL_ADMIN_EMAIL");
    cmd
}

/// A running `waybill serve` whose output is drained into channels for its lifetime.
struct Server {
    child: Child,
    addr: String,
    stdout: Receiver<String>,
    /// Kept so the pipe stays drained: a closed log pipe must not be what a test observes.
    _stderr: Receiver<String>,
}

impl Server {
    fn start(data: &Path, envs: &[(&str, &str)]) -> Self {
        let mut child = waybill(data)
            .args(["serve", "--addr", "127.0.0.1:0"])
            .envs(envs.iter().copied())
            .env("WAYBILL_LOG", "info")
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = lines_of(child.stdout.take().unwrap());
        let stderr = lines_of(child.stderr.take().unwrap());
        let addr = loop {
            let line = stderr.recv_timeout(Duration::from_secs(60)).expect("the server announces its address");
            if let Some(rest) = line.split("serving on http://").nth(1) {
                break rest.split_whitespace().next().unwrap().to_owned();
            }
        };
        Self { child, addr, stdout, _stderr: stderr }
    }

    /// What the server printed on stdout so far (the first-run banner comes before the address).
    fn printed(&self) -> String {
        self.stdout.try_iter().collect::<Vec<_>>().join("\n")
    }

    /// The first-run banner, up to its last line. Stdout and stderr are drained by two
    /// threads, so the banner may arrive after the address line on stderr.
    fn banner(&self) -> String {
        let mut lines = Vec::new();
        while let Ok(line) = self.stdout.recv_timeout(Duration::from_secs(10)) {
            let last = line.contains("Sign in at");
            lines.push(line);
            if last {
                break;
            }
        }
        lines.join("\n")
    }

    fn stop(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

fn lines_of(pipe: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

fn http(addr: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

fn login(addr: &str, email: &str, password: &str) -> String {
    let body = format!(r#"{{"email":"{email}","password":"{password}"}}"#);
    http(addr, &format!("POST /api/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}", body.len()))
}

#[test]
fn first_run_seeds_once_and_the_printed_password_signs_in() {
    let data = temp_dir();
    let server = Server::start(&data, &[]);
    let (addr, banner) = (server.addr.clone(), server.banner());
    let password = banner.lines().find_map(|l| l.trim().strip_prefix("password: ")).expect("the password is printed").split_whitespace().next().unwrap().to_owned();
    assert!(banner.contains("admin@waybill.local"), "{banner}");
    assert!(http(&addr, "GET /healthz HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n").starts_with("HTTP/1.1 200"));
    let response = login(&addr, "admin@waybill.local", &password);
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains(r#""id":"demo""#) && response.contains("dc-ontario"), "{response}");
    server.stop();
    assert!(data.join("waybill.db").exists() && data.join("jwt-signing.key").exists());

    // A second start finds users and prints no password.
    let second = Server::start(&data, &[]);
    assert!(login(&second.addr, "admin@waybill.local", &password).starts_with("HTTP/1.1 200"), "the same key and account survive a restart");
    let printed = second.printed();
    assert!(!printed.contains("password:"), "{printed}");
    second.stop();
    std::fs::remove_dir_all(&data).ok();
}

#[test]
fn admin_credentials_come_from_the_environment() {
    let data = temp_dir();
    let server = Server::start(&data, &[("WAYBILL_ADMIN_EMAIL", "ops@example.com"), ("WAYBILL_ADMIN_PASSWORD", "a-chosen-password")]);
    let (addr, banner) = (server.addr.clone(), server.banner());
    assert!(banner.contains("ops@example.com"), "{banner}");
    assert!(!banner.contains("a-chosen-password"), "a configured password is never printed: {banner}");
    let response = login(&addr, "ops@example.com", "a-chosen-password");
    assert!(response.starts_with("HTTP/1.1 200"), "{addr}: {response}");
    server.stop();
    std::fs::remove_dir_all(&data).ok();
}

#[test]
fn user_create_makes_tenant_and_facilities_and_refuses_duplicates() {
    let data = temp_dir();
    let out = waybill(&data).arg("migrate").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let create = |email: &str| {
        waybill(&data)
            .args(["user", "create", "--email", email, "--password", "long-enough-pw", "--tenant", "acme", "--facility", "north", "--facility", "south", "--admin"])
            .output()
            .unwrap()
    };
    let out = create("dispatch@acme.test");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("created dispatch@acme.test in tenant acme (north, south)"));
    let again = create("Dispatch@acme.test");
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"), "{}", String::from_utf8_lossy(&again.stderr));
    let short = waybill(&data).args(["user", "create", "--email", "x@y.z", "--password", "short", "--tenant", "acme", "--facility", "north"]).output().unwrap();
    assert!(!short.status.success());

    // The created user signs in and sees both facilities; no demo seed happens.
    let server = Server::start(&data, &[]);
    let addr = server.addr.clone();
    let response = login(&addr, "dispatch@acme.test", "long-enough-pw");
    assert!(response.contains(r#""id":"acme""#) && response.contains(r#""id":"north""#) && response.contains(r#""id":"south""#), "{response}");
    let refused = login(&addr, "admin@waybill.local", "x");
    assert!(refused.contains("invalid_credentials"), "no demo admin was seeded: {refused}");
    server.stop();
    std::fs::remove_dir_all(&data).ok();
}
