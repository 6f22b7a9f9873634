#!/usr/bin/env bash
# The chat-path load benchmark (docs/performance.md): release builds of the server and
# the load generator, then one run that prints the result tables. The server runs on
# core 0 and the load generator on core 1; the burst of new chats also runs on
# PostgreSQL when a server answers on 127.0.0.1:5432 (a throwaway database).
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
say "building release binaries"
cargo build --release --locked -p waybill -p waybill-bench
if [ -z "${WAYBILL_BENCH_PG_URL:-}" ] && pg_reachable; then
  db="waybill_bench_$$"
  psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $db" >/dev/null
  trap "psql -h 127.0.0.1 -U postgres -qc 'DROP DATABASE IF EXISTS $db WITH (FORCE)' >/dev/null" EXIT
  export WAYBILL_BENCH_PG_URL="postgres://postgres@127.0.0.1:5432/$db"
fi
say "running the benchmark"
taskset -c 1 "$CARGO_TARGET_DIR/release/waybill-bench" "$CARGO_TARGET_DIR/release/waybill"
