# Shared by the project's scripts: paths, the cargo target directory, Node.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Builds go outside the clone so a fresh clone on a kept machine reuses them.
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/waybill/target}
export SQLX_OFFLINE=true

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

# The web toolchain (the AI SDK's current major) wants Node 22 or newer. Where the
# system Node is older, Node 22 comes from the npm registry's `node` package and is
# kept outside the clone.
ensure_node() {
  command -v npm >/dev/null || { echo "npm is required (Node.js with npm)"; exit 1; }
  local major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$major" -lt 22 ]; then
    local tools=${WAYBILL_TOOLS_DIR:-$HOME/.cache/waybill/tools}
    if [ ! -x "$tools/node_modules/.bin/node" ]; then
      say "installing Node 22 (system Node is $(node --version 2>/dev/null || echo missing))"
      mkdir -p "$tools"
      npm install --prefix "$tools" --no-audit --no-fund --loglevel=error node@22 >/dev/null
    fi
    export PATH="$tools/node_modules/.bin:$PATH"
  fi
}

# Installs Debian packages that are missing (waits for another apt to finish first).
apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  local sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
}

pg_reachable() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }

# A PostgreSQL server on 127.0.0.1:5432 that lets `postgres` in without a password, with
# a database `test`: started when installed but stopped, installed and set up when missing.
ensure_postgres() {
  pg_reachable && return 0
  local sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
  if [ ! -d /etc/postgresql ]; then
    apt_install postgresql
    local version hba
    version=$(ls /etc/postgresql | sort -V | tail -1)
    hba=/etc/postgresql/$version/main/pg_hba.conf
    # Tests connect over TCP as postgres without a password, as on the machines CI uses.
    printf 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n' | $sudo tee "$hba" >/dev/null
  fi
  say "starting PostgreSQL"
  $sudo pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start || true
  for _ in $(seq 1 100); do pg_reachable && break; sleep 0.2; done
  pg_reachable || { echo "PostgreSQL did not start"; return 1; }
  psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'test'" | grep -q 1 \
    || psql -h 127.0.0.1 -U postgres -c "CREATE DATABASE test" >/dev/null
}

# The NATS server binary, which the multi-instance tests start on ports of their own.
ensure_nats_server() {
  command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ] || apt_install nats-server
}

# Installs the web app's packages when they are missing or stale.
web_deps() {
  ensure_node
  local stamp="$ROOT/web/node_modules/.package-lock.json"
  if [ ! -f "$stamp" ] || [ "$ROOT/web/package-lock.json" -nt "$stamp" ]; then
    say "installing web packages"
    # `npm install --no-save` keeps the lockfile's versions; `npm ci` would refuse a lockfile
    # that lacks the optional binaries of platforms whose packages a registry does not serve.
    (cd "$ROOT/web" && npm install --no-save --no-audit --no-fund --loglevel=error)
  fi
}

# The schema-driven API fuzzer, in a virtual environment of its own outside the clone;
# sets SCHEMATHESIS to its command.
ensure_schemathesis() {
  local venv=${WAYBILL_TOOLS_DIR:-$HOME/.cache/waybill/tools}/schemathesis version=4.32.5
  if [ ! -x "$venv/bin/st" ] || ! "$venv/bin/st" --version 2>/dev/null | grep -q "$version"; then
    say "installing schemathesis $version"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
  fi
  SCHEMATHESIS="$venv/bin/st"
}

# Starts the fake Open-Meteo (web/e2e/fakes/open-meteo.mjs) on a free port, writing its
# output to $1; sets FAKE_OPEN_METEO_PID and FAKE_OPEN_METEO_URL. Needs Node (ensure_node).
start_fake_open_meteo() {
  start_fake open-meteo "$1"
  FAKE_OPEN_METEO_PID=$FAKE_PID
  FAKE_OPEN_METEO_URL=$FAKE_URL
}

# Starts the fake SearXNG (web/e2e/fakes/searxng.mjs) on a free port, writing its output
# to $1; sets FAKE_SEARXNG_PID and FAKE_SEARXNG_URL. Needs Node (ensure_node).
start_fake_searxng() {
  start_fake searxng "$1"
  FAKE_SEARXNG_PID=$FAKE_PID
  FAKE_SEARXNG_URL=$FAKE_URL
}

# Starts web/e2e/fakes/$1.mjs, writing its output to $2; sets FAKE_PID and FAKE_URL.
start_fake() {
  local name=$1 log=$2 url=
  # Created here: the background job may open it only after the first look below.
  : >"$log"
  node "$ROOT/web/e2e/fakes/$name.mjs" >"$log" 2>&1 &
  FAKE_PID=$!
  for _ in $(seq 1 100); do
    url=$(sed -n 's/^listening on \(http:\/\/127\.0\.0\.1:[0-9]*\)$/\1/p' "$log")
    [ -n "$url" ] && break
    kill -0 "$FAKE_PID" 2>/dev/null || { cat "$log"; exit 1; }
    sleep 0.1
  done
  [ -n "$url" ] || { echo "the fake $name did not start"; cat "$log"; exit 1; }
  FAKE_URL=$url
}

# Starts `waybill serve` (the debug build) on a free port with a fresh data directory and
# an admin account for the browser tests, its weather tool pointed at a fake Open-Meteo
# and its web search at a fake SearXNG;
# exports WAYBILL_URL, WAYBILL_E2E_EMAIL and WAYBILL_E2E_PASSWORD, and stops both servers
# and removes the data when the script exits.
start_test_server() {
  local port data server
  port=$(free_port)
  data=$(mktemp -d)
  export WAYBILL_URL="http://127.0.0.1:$port"
  export WAYBILL_E2E_EMAIL=e2e@waybill.local
  export WAYBILL_E2E_PASSWORD="e2e-$(date +%s)-password"
  TEST_SERVER_LOG="$data/server.log"
  start_fake_open_meteo "$data/open-meteo.log"
  start_fake_searxng "$data/searxng.log"
  # One account drives every browser test: its chat quotas and sign-in limit would trip.
  WAYBILL_CHAT_REQUESTS_PER_MINUTE=0 WAYBILL_TOOL_CALLS_PER_MINUTE=0 WAYBILL_LOGIN_ATTEMPTS_PER_ACCOUNT=1000 \
  WAYBILL_ADMIN_EMAIL=$WAYBILL_E2E_EMAIL WAYBILL_ADMIN_PASSWORD=$WAYBILL_E2E_PASSWORD WAYBILL_LOG=warn \
    WAYBILL_WEATHER_GEOCODING_URL=$FAKE_OPEN_METEO_URL WAYBILL_WEATHER_FORECAST_URL=$FAKE_OPEN_METEO_URL \
    WAYBILL_WEB_SEARCH_PROVIDER=searxng WAYBILL_WEB_SEARCH_URL=$FAKE_SEARXNG_URL \
    WAYBILL_OUTBOUND_ALLOW_HOSTS=127.0.0.1 WAYBILL_PROVING_FAMILY=true \
    "$CARGO_TARGET_DIR/debug/waybill" serve --addr "127.0.0.1:$port" --data-dir "$data" >"$TEST_SERVER_LOG" 2>&1 &
  server=$!
  at_exit "kill $server $FAKE_OPEN_METEO_PID $FAKE_SEARXNG_PID 2>/dev/null || true; wait $server $FAKE_OPEN_METEO_PID $FAKE_SEARXNG_PID 2>/dev/null || true; rm -rf '$data'"
  wait_healthy "$WAYBILL_URL" "$server" "$TEST_SERVER_LOG"
}

# Commands run when the script exits, the last added first.
EXIT_COMMANDS=()
at_exit() {
  EXIT_COMMANDS=("$1" "${EXIT_COMMANDS[@]}")
  trap 'for command in "${EXIT_COMMANDS[@]}"; do eval "$command"; done' EXIT
}

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Waits until the server at $1 (process $2, log $3) answers /healthz; exits when it does not.
wait_healthy() {
  local url=$1 pid=$2 log=$3
  for _ in $(seq 1 300); do
    curl -fsS "$url/healthz" >/dev/null 2>&1 && return 0
    kill -0 "$pid" 2>/dev/null || { cat "$log"; exit 1; }
    sleep 0.1
  done
  echo "the server did not start"
  cat "$log"
  exit 1
}

# Two `waybill serve` instances sharing a throwaway PostgreSQL database, a data directory
# (signing keys, files) and a NATS server of their own, with the e2e admin account (call
# start_test_server first); exports WAYBILL_URL_A and WAYBILL_URL_B and removes it all when
# the script exits. Needs PostgreSQL on 127.0.0.1:5432 (ensure_postgres) and nats-server.
start_instance_pair() {
  local data db nats_port nats a b port_a port_b nats_bin
  data=$(mktemp -d)
  db="waybill_e2e_$$_$(date +%s)"
  psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $db" >/dev/null
  at_exit "psql -h 127.0.0.1 -U postgres -qc 'DROP DATABASE IF EXISTS $db WITH (FORCE)' >/dev/null 2>&1 || true; rm -rf '$data'"
  nats_bin=$(command -v nats-server || echo /usr/sbin/nats-server)
  nats_port=$(free_port)
  "$nats_bin" -a 127.0.0.1 -p "$nats_port" >"$data/nats.log" 2>&1 &
  nats=$!
  at_exit "kill $nats 2>/dev/null || true; wait $nats 2>/dev/null || true"
  for _ in $(seq 1 100); do (exec 3<>"/dev/tcp/127.0.0.1/$nats_port") 2>/dev/null && break; sleep 0.1; done
  port_a=$(free_port)
  port_b=$(free_port)
  export WAYBILL_URL_A="http://127.0.0.1:$port_a" WAYBILL_URL_B="http://127.0.0.1:$port_b"
  pair_instance() {
    WAYBILL_CHAT_REQUESTS_PER_MINUTE=0 WAYBILL_TOOL_CALLS_PER_MINUTE=0 WAYBILL_LOGIN_ATTEMPTS_PER_ACCOUNT=1000 \
    WAYBILL_ADMIN_EMAIL=$WAYBILL_E2E_EMAIL WAYBILL_ADMIN_PASSWORD=$WAYBILL_E2E_PASSWORD WAYBILL_LOG=warn \
      DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db" WAYBILL_NATS_URL="nats://127.0.0.1:$nats_port" \
      "$CARGO_TARGET_DIR/debug/waybill" serve --addr "127.0.0.1:$1" --data-dir "$data" >"$data/server-$1.log" 2>&1 &
  }
  # One after the other: the first sets up the database and the keys, the second finds them.
  pair_instance "$port_a"
  a=$!
  at_exit "kill $a 2>/dev/null || true; wait $a 2>/dev/null || true"
  wait_healthy "$WAYBILL_URL_A" "$a" "$data/server-$port_a.log"
  pair_instance "$port_b"
  b=$!
  at_exit "kill $b 2>/dev/null || true; wait $b 2>/dev/null || true"
  wait_healthy "$WAYBILL_URL_B" "$b" "$data/server-$port_b.log"
  PAIR_SERVER_LOGS="$data/server-$port_a.log $data/server-$port_b.log"
}
