#!/usr/bin/env bash
# Builds the web app and the server, starts `waybill serve` on a free port with a fresh
# data directory, and runs the Playwright tests in Debian's Chromium against it.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

if ! command -v chromium >/dev/null; then
  say "installing Chromium"
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
export CHROMIUM_PATH=${CHROMIUM_PATH:-$(command -v chromium)}

web_deps
(cd web && npm run build --silent)
cargo build --locked -p waybill

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
data=$(mktemp -d)
export WAYBILL_URL="http://127.0.0.1:$port"
export WAYBILL_E2E_EMAIL=e2e@waybill.local
export WAYBILL_E2E_PASSWORD="e2e-$(date +%s)-password"
WAYBILL_ADMIN_EMAIL=$WAYBILL_E2E_EMAIL WAYBILL_ADMIN_PASSWORD=$WAYBILL_E2E_PASSWORD WAYBILL_LOG=warn \
  "$CARGO_TARGET_DIR/debug/waybill" serve --addr "127.0.0.1:$port" --data-dir "$data" >"$data/server.log" 2>&1 &
server=$!
cleanup() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$data"; }
trap cleanup EXIT

for _ in $(seq 1 100); do
  curl -fsS "$WAYBILL_URL/healthz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$data/server.log"; exit 1; }
  sleep 0.1
done
curl -fsS "$WAYBILL_URL/healthz" >/dev/null || { echo "the server did not start"; cat "$data/server.log"; exit 1; }

(cd web && npm run e2e --silent) || { echo "--- server log"; tail -50 "$data/server.log"; exit 1; }
