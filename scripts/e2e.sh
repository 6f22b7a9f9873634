#!/usr/bin/env bash
# Builds the web app and the server, starts `waybill serve` on a free port with a fresh
# data directory (its weather tool on a fake Open-Meteo), and runs the Playwright tests in
# Debian's Chromium against it.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

# Chromium, and CJK fonts so Chinese and Japanese render in the screenshots.
apt_install chromium fonts-noto-cjk
export CHROMIUM_PATH=${CHROMIUM_PATH:-$(command -v chromium)}

web_deps
(cd web && npm run build --silent)
cargo build --locked -p waybill

start_test_server

(cd web && npm run e2e --silent) || { echo "--- server log"; tail -50 "$TEST_SERVER_LOG"; exit 1; }
