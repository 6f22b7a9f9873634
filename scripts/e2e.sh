#!/usr/bin/env bash
# Builds the web app and the server, starts `waybill serve` on a free port with a fresh
# data directory (its weather tool on a fake Open-Meteo), and two more instances sharing a
# PostgreSQL database through NATS for the live-agent test across instances, and runs the
# Playwright tests in Debian's Chromium against them.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

# Chromium, and CJK fonts so Chinese and Japanese render in the screenshots.
apt_install chromium fonts-noto-cjk
export CHROMIUM_PATH=${CHROMIUM_PATH:-$(command -v chromium)}

web_deps
(cd web && npm run build --silent)
cargo build --locked -p waybill

start_test_server

# The live-agent test across two instances: PostgreSQL and NATS between them. In CI both
# are set up; elsewhere the test skips, saying why, when either is missing.
PAIR_SERVER_LOGS=
if [ "${CI:-}" = true ]; then
  ensure_postgres
  ensure_nats_server
fi
if pg_reachable && { command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ]; }; then
  start_instance_pair
fi

(cd web && npm run e2e --silent) || {
  for log in "$TEST_SERVER_LOG" $PAIR_SERVER_LOGS; do echo "--- $log"; tail -50 "$log"; done
  exit 1
}
