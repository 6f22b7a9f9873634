#!/usr/bin/env bash
# The business-systems benchmarks (docs/performance.md): operation search over 5,000
# operations, reading a 100,000-row order file, and importing it end to end through
# oms-importOrders into the demo facility.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
say "apiSearch over 5,000 operations"
cargo bench --locked -p waybill-openapi --bench search
say "reading a 100,000-row order file"
cargo bench --locked -p waybill-orders --bench read
say "importing a 100,000-line order file through oms-importOrders"
cargo bench --locked -p waybill-server --bench oms_import
