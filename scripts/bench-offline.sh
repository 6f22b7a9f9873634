#!/usr/bin/env bash
# The offline model's benchmark (docs/offline.md, docs/performance.md): its corpus of
# questions in seven languages asked over /api/chat of a server with the demo facility,
# the share answered right per language and per family, each case answered wrong, and
# the time per question of the understanding alone — in a release build, on one core.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
say "building the offline corpus benchmark"
cargo bench --locked -p waybill-server --bench offline_corpus --no-run
say "the offline model on its corpus, on one core"
taskset -c 1 cargo bench --locked -p waybill-server --bench offline_corpus
