#!/usr/bin/env bash
# The knowledge-base benchmark (docs/performance.md): retrieval over 100,000 passages, by
# words and with vectors, and a 300-page PDF's ingestion, on SQLite in a release build.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
say "knowledge bases: retrieval over 100,000 passages and a 300-page PDF's ingestion"
cargo bench --locked -p waybill-knowledge --bench knowledge
