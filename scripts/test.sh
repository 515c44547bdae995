#!/usr/bin/env bash
# npm test: formatting and lint rules (Biome), type checking, unit tests, HTTP tests against buildApp on fresh
# databases (SQLite, then the same tests on a throwaway PostgreSQL), the production build checked the way the
# Dockerfile makes it, and browser tests in real headless Chromium.
# Suites run one after another (2-core machines); the last line sums them up.
set -uo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
status=0

step() { echo; echo "== $*"; }

step "installing test tools when missing"
bash scripts/ensure-test-tools.sh || exit 1
bash scripts/ensure-media-tools.sh || exit 1
bash scripts/ensure-live-tools.sh || exit 1
bash scripts/ensure-postgres.sh || exit 1

step "format and lint (biome check: no writes; npm run format fixes the formatting)"
npx biome check . || status=1

step "type check"
npx tsc --noEmit -p tsconfig.json || status=1

step "build"
node scripts/build.mjs || exit 1

for suite in unit http http-pg production browser; do
  step "$suite tests"
  npx vitest run --project "$suite" --reporter=default --reporter=json --outputFile="$results/$suite.json" || status=1
done

node scripts/test-summary.mjs "$results"/*.json || status=1
rm -rf "$results"
exit $status
