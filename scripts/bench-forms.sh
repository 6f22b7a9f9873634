#!/usr/bin/env bash
# The dynamic forms' benchmark (docs/performance.md): typing in a customer selector over
# 10,000 customers, each keystroke's request through the whole server.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
say "customerSelector search over 10,000 customers"
cargo bench --locked -p waybill-server --bench options_search
