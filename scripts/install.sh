#!/usr/bin/env bash
# npm ci when the lockfile changed since the last install (or on a fresh clone).
set -euo pipefail
cd "$(dirname "$0")/.."
# Native addons are built for one Node ABI: a new Node version needs a new install too.
want="$(sha256sum package-lock.json | cut -d' ' -f1) $(node -v)"
have=$(cat node_modules/.install-stamp 2>/dev/null || true)
if [ "$want" != "$have" ]; then
  echo "installing npm packages (better-sqlite3 compiles from source: about 2 minutes)..."
  npm ci --no-audit --no-fund
  echo "$want" > node_modules/.install-stamp
else
  echo "npm packages are up to date with package-lock.json"
fi
