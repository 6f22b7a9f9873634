#!/usr/bin/env bash
# Builds the web app and the server (release, web assets embedded), then serves on
# http://127.0.0.1:3000 with ./data as the data directory. Extra arguments go to
# `waybill serve`.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
web_deps
say "building the web app"
(cd web && npm run build --silent)
say "building the server (release)"
cargo build --release --locked -p waybill
mkdir -p data
say "starting Waybill"
exec "$CARGO_TARGET_DIR/release/waybill" serve --data-dir ./data "$@"
