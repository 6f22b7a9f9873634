# The two commands: `make run` serves the app, `make test` runs every test suite.
.PHONY: run test test-rust test-web e2e fuzz-api bench bench-web bench-systems bench-forms bench-bi bench-dashboard bench-knowledge bench-live bench-offline

run:
	@bash scripts/run.sh

test:
	@bash scripts/test.sh

test-rust:
	@bash -c 'source scripts/lib.sh && cargo test --workspace --locked'

e2e:
	@bash scripts/e2e.sh

fuzz-api:
	@bash scripts/fuzz-api.sh

bench:
	@bash scripts/bench.sh

bench-web:
	@bash scripts/bench-web.sh

bench-systems:
	@bash scripts/bench-systems.sh

bench-forms:
	@bash scripts/bench-forms.sh

bench-bi:
	@bash scripts/bench-bi.sh

bench-dashboard:
	@bash scripts/bench-dashboard.sh

bench-knowledge:
	@bash scripts/bench-knowledge.sh

bench-live:
	@bash scripts/bench-live.sh

bench-offline:
	@bash scripts/bench-offline.sh
