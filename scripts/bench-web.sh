#!/usr/bin/env bash
# The chat page in the browser (docs/performance.md): builds the web app and the server,
# starts `waybill serve` with a fresh data directory, seeds a chat of 2,000 messages with
# 300 tool cards and measures it in headless Chromium. Prints a Markdown table.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
export CHROMIUM_PATH=${CHROMIUM_PATH:-$(command -v chromium || echo /usr/bin/chromium)}

web_deps
say "building the web app and the server"
(cd web && npm run build --silent)
cargo build --locked -p waybill
start_test_server
say "measuring the chat page in Chromium"
(cd web && node bench/chat-page.mjs)
