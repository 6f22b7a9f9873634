#!/usr/bin/env bash
# The live-agent load benchmark (docs/performance.md, "Live agents"): release builds of
# the server and the load generator, then 1,000 customer sockets and 50 desk sockets on
# one instance, and again across two instances through NATS. The servers (and NATS) run
# on core 0 and the load generator on core 1; each run gets a throwaway PostgreSQL
# database (a server on 127.0.0.1:5432 is started, or installed, when missing).
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
say "building release binaries"
cargo build --release --locked -p waybill -p waybill-bench
ensure_postgres
ensure_nats_server
one="waybill_bench_live_$$"
two="waybill_bench_live_nats_$$"
for db in "$one" "$two"; do psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $db" >/dev/null; done
trap "for db in $one $two; do psql -h 127.0.0.1 -U postgres -qc \"DROP DATABASE IF EXISTS \$db WITH (FORCE)\" >/dev/null; done" EXIT
export WAYBILL_BENCH_PG_URL="postgres://postgres@127.0.0.1:5432/$one"
export WAYBILL_BENCH_PG_URL_2="postgres://postgres@127.0.0.1:5432/$two"
# 1,050 sockets on each side of loopback, plus the HTTP clients'.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
say "running the benchmark"
taskset -c 1 "$CARGO_TARGET_DIR/release/waybill-bench" live "$CARGO_TARGET_DIR/release/waybill"
