#!/usr/bin/env bash
# The dashboard page in the browser (docs/performance.md): builds the web app and the
# server, starts `waybill serve` with a fresh data directory, has the offline model build
# the six-tile outbound dashboard, and measures the page's first render in headless
# Chromium (navigation start to every tile drawn; p95 must stay within 1 s).
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
export CHROMIUM_PATH=${CHROMIUM_PATH:-$(command -v chromium || echo /usr/bin/chromium)}

web_deps
say "building the web app and the server"
(cd web && npm run build --silent)
cargo build --locked -p waybill
start_test_server
say "building a six-tile dashboard"
link=$(python3 - <<'PY'
import json, os, urllib.request
base = os.environ["WAYBILL_URL"]
def call(path, body, headers={}):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json", **headers})
    return urllib.request.urlopen(req).read().decode()
login = json.loads(call("/api/auth/login", {"email": os.environ["WAYBILL_E2E_EMAIL"], "password": os.environ["WAYBILL_E2E_PASSWORD"]}))
tenant = next(t for t in login["tenants"] if t["id"] == "demo")
headers = {"Authorization": "Bearer " + login["accessToken"], "X-Tenant-Id": tenant["id"], "X-Facility-Id": tenant["facilities"][0]["id"]}
message = {"id": "u1", "role": "user", "parts": [{"type": "text", "text": "make a dashboard of outbound orders"}]}
stream = call("/api/chat", {"id": "bench-dashboard", "model": "waybill-offline", "messages": [message]}, headers)
for line in stream.splitlines():
    if line.startswith("data: {"):
        chunk = json.loads(line[6:])
        if chunk.get("type") == "tool-output-available" and "dashboard_name" in chunk.get("output", {}):
            assert len(chunk["output"]["tiles"]) == 6, chunk["output"]
            print(base + chunk["output"]["url"])
            break
else:
    raise SystemExit("no dashboard was built")
PY
)
say "measuring the dashboard page in Chromium"
(cd web && node scripts/bench-dashboard.mjs --url "$link")
