#!/usr/bin/env bash
# The chat-path load benchmark (docs/performance.md): release builds of the server and
# the load generator, then one run that prints the result tables.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
say "building release binaries"
cargo build --release --locked -p waybill -p waybill-bench
say "running the benchmark"
"$CARGO_TARGET_DIR/release/waybill-bench" "$CARGO_TARGET_DIR/release/waybill"
