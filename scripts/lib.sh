# Shared by the project's scripts: paths, the cargo target directory, Node.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Builds go outside the clone so a fresh clone on a kept machine reuses them.
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/waybill/target}
export SQLX_OFFLINE=true

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

# Installs the web app's packages when they are missing or stale.
web_deps() {
  command -v npm >/dev/null || { echo "npm is required (Node.js 20.19 or newer)"; exit 1; }
  local stamp="$ROOT/web/node_modules/.package-lock.json"
  if [ ! -f "$stamp" ] || [ "$ROOT/web/package-lock.json" -nt "$stamp" ]; then
    say "installing web packages"
    (cd "$ROOT/web" && npm ci --no-audit --no-fund)
  fi
}
