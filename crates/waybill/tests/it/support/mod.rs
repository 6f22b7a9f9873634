//! A real `waybill serve` for the binary's tests: started in a data directory of its own,
//! its output drained, spoken to over plain HTTP.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

pub const BIN: &str = env!("CARGO_BIN_EXE_waybill");

pub fn temp_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("waybill-cli-{}-{}", std::process::id(), rand_suffix()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rand_suffix() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos()
}

pub fn waybill(data: &Path) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.arg("--data-dir").arg(data).env_remove("DATABASE_URL").env_remove("WAYBILL_ADMIN_PASSWORD").env_remove("WAYBILL_ADMIN_EMAIL");
    cmd
}

/// A running `waybill serve` whose output is drained into channels for its lifetime.
pub struct Server {
    pub child: Child,
    pub addr: String,
    stdout: Receiver<String>,
    /// Kept so the pipe stays drained: a closed log pipe must not be what a test observes.
    _stderr: Receiver<String>,
}

impl Server {
    pub fn start(data: &Path, envs: &[(&str, &str)]) -> Self {
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
    pub fn printed(&self) -> String {
        self.stdout.try_iter().collect::<Vec<_>>().join("\n")
    }

    /// The first-run banner, up to its last line. Stdout and stderr are drained by two
    /// threads, so the banner may arrive after the address line on stderr.
    pub fn banner(&self) -> String {
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

    pub fn stop(mut self) {
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

pub fn http(addr: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

pub fn login(addr: &str, email: &str, password: &str) -> String {
    let body = format!(r#"{{"email":"{email}","password":"{password}"}}"#);
    http(
        addr,
        &format!(
            "POST /api/auth/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
}
