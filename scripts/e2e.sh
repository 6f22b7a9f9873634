#!/usr/bin/env bash
# Builds the web app and the server, starts `waybill serve` on a free port with a fresh
# data directory (its weather tool on a fake Open-Meteo), and runs the Playwright tests in
# Debian's Chromium against it.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

# Chromium, and CJK fonts so Chinese and Japanese render in the screenshots.
if ! command -v chromium >/dev/null || ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
  say "installing Chromium and CJK fonts"
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi
export CHROMIUM_PATH=${CHROMIUM_PATH:-$(command -v chromium)}

web_deps
(cd web && npm run build --silent)
cargo build --locked -p waybill

start_test_server

(cd web && npm run e2e --silent) || { echo "--- server log"; tail -50 "$TEST_SERVER_LOG"; exit 1; }
