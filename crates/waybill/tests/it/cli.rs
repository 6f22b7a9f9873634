//! The `waybill` binary as an operator runs it.

use crate::support;

use support::{Server, http, login, temp_dir, waybill};

#[test]
fn first_run_seeds_once_and_the_printed_password_signs_in() {
    let data = temp_dir();
    let server = Server::start(&data, &[]);
    let (addr, banner) = (server.addr.clone(), server.banner());
    let password =
        banner.lines().find_map(|l| l.trim().strip_prefix("password: ")).expect("the password is printed").split_whitespace().next().unwrap().to_owned();
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
            .args([
                "user",
                "create",
                "--email",
                email,
                "--password",
                "long-enough-pw",
                "--tenant",
                "acme",
                "--facility",
                "north",
                "--facility",
                "south",
                "--admin",
            ])
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
