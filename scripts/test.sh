#!/usr/bin/env bash
# Runs every test suite: Rust (SQLite and PostgreSQL), web unit tests, and end-to-end
# tests in Chromium against a real `waybill serve`.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

if [ -z "${WAYBILL_TEST_PG_URL:-}" ]; then
  if [ "${CI:-}" = "true" ]; then
    # Under CI the PostgreSQL half is mandatory: start (or install) the server if need be;
    # if that fails, the tests say so loudly.
    ensure_postgres || echo "PostgreSQL could not be started"
    export WAYBILL_TEST_PG_URL=postgres://postgres@127.0.0.1:5432/test
  elif pg_reachable; then
    export WAYBILL_TEST_PG_URL=postgres://postgres@127.0.0.1:5432/test
  fi
fi
ensure_nats_server

say "formatting and lints (Rust)"
cargo fmt --check
cargo clippy --workspace --all-targets --locked -- -D warnings

if [ -n "${WAYBILL_TEST_PG_URL:-}" ]; then
  say "Rust tests (SQLite and PostgreSQL)"
else
  say "Rust tests (SQLite only)"
  echo "PostgreSQL is not reachable on 127.0.0.1:5432: skipped the PostgreSQL suite."
  echo "Set WAYBILL_TEST_PG_URL=postgres://user@host:port/db to run it."
fi
# The protocol conformance test runs the AI SDK's chat client in Node against the server.
web_deps
export WAYBILL_NODE=${WAYBILL_NODE:-$(command -v node)}
cargo test --workspace --locked
if [ "${CI:-}" = "true" ] && [ -n "$(git status --porcelain -- web/src/generated)" ]; then
  echo "web/src/generated is out of date with the Rust wire types: run the tests and commit it."
  git status --short -- web/src/generated
  exit 1
fi

say "web unit tests"
(cd web && npm run typecheck --silent && npm run lint --silent && npm test --silent)

say "end-to-end tests in Chromium"
bash scripts/e2e.sh

say "API fuzzing from the OpenAPI document"
WAYBILL_FUZZ_BUILD=0 bash scripts/fuzz-api.sh
