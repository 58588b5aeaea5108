#!/usr/bin/env bash
# Runs every check and every test layer; fails if any fails.
# Installs what it needs: npm packages (npm ci) and, for the end-to-end layer,
# Debian's Chromium. Used by `npm test` and by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

step "runtime: the Node LTS pinned in .node-version"
# shellcheck source=scripts/node-env.sh
source scripts/node-env.sh
echo "node $(node -v), npm $(npm -v)"

step "install: npm packages"
bash scripts/install.sh

if compgen -G "e2e/tests/*.test.ts" >/dev/null; then
  step "install: Chromium for the end-to-end layer"
  bash scripts/install-chromium.sh
fi

step "install: nginx for the load-balancer cluster test"
bash scripts/install-nginx.sh

step "generate: Relay artifacts and persisted operations from the server's schema"
npm run --silent -w @messenger/web relay

step "typecheck"
npm run --silent typecheck

step "lint"
npm run --silent lint

step "folder layers: imports run one way (allowlisted exceptions are printed)"
npm run --silent layers -- --brief

step "format check"
npm run --silent format:check

step "unit, storage contract, server integration and component tests (with core coverage)"
node scripts/run-vitest.mjs

step "web client: build, and the first screen's JavaScript within its budget"
npm run --silent -w @messenger/web size

if compgen -G "e2e/tests/*.test.ts" >/dev/null; then
  step "end-to-end tests (Playwright + Chromium, against the web client built above)"
  npm run --silent -w @messenger/e2e test:run
fi

step "all checks passed"
