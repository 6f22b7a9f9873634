#!/usr/bin/env bash
# The BI benchmark (docs/performance.md): a grouped cube query on one million order
# lines in Waybill's engine and, side by side, in DuckDB (the Python package, installed
# into a virtual environment under the cache folder on first run).
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
venv="$HOME/.cache/waybill/duckdb-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import duckdb" 2>/dev/null; then
  say "installing DuckDB for the comparison"
  python3 -m venv "$venv" && "$venv/bin/pip" install --quiet duckdb
fi
export WAYBILL_DUCKDB_PYTHON="$venv/bin/python"
say "orders by customer by day over 90 days, 1,000,000 order lines"
cargo bench --locked -p waybill-bi --bench grouped
