#!/usr/bin/env bash
# Runs a schema-driven fuzzer (schemathesis) against a real `waybill serve`, driven by the
# server's own OpenAPI document: every check, so an undocumented status, a response that
# breaks its schema, a schema-valid request refused or a schema-invalid one accepted all
# fail the run. Bounded by WAYBILL_FUZZ_EXAMPLES per operation (default 25) and seeded by
# WAYBILL_FUZZ_SEED (default 1) so a failure can be replayed; set WAYBILL_FUZZ_SEED=random
# to explore.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ensure_schemathesis

if [ ! -x "$CARGO_TARGET_DIR/debug/waybill" ] || [ "${WAYBILL_FUZZ_BUILD:-1}" = 1 ]; then
  web_deps
  [ -d web/dist ] || (cd web && npm run build --silent)
  cargo build --locked -p waybill
fi
start_test_server

token=$(curl -fsS -X POST "$WAYBILL_URL/api/auth/login" -H 'content-type: application/json' \
  -d "{\"email\":\"$WAYBILL_E2E_EMAIL\",\"password\":\"$WAYBILL_E2E_PASSWORD\"}" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["accessToken"])')

seed=${WAYBILL_FUZZ_SEED:-1}
seed_args=(--seed "$seed")
[ "$seed" = random ] && seed_args=()
say "fuzzing the API from its OpenAPI document (${WAYBILL_FUZZ_EXAMPLES:-25} examples per operation)"
"$SCHEMATHESIS" --config-file scripts/schemathesis.toml run "$WAYBILL_URL/api/openapi.json" \
  -H "Authorization: Bearer $token" -H "X-Tenant-Id: demo" -H "X-Facility-Id: dc-ontario" \
  --checks all --max-examples "${WAYBILL_FUZZ_EXAMPLES:-25}" "${seed_args[@]}" --no-color
