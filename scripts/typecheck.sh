#!/usr/bin/env bash
# Type-checks each workspace with its own tsconfig (core has no DOM and no Node types).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for project in packages/core packages/server packages/web e2e bench; do
  if [ -n "$(find "$project" -path '*/node_modules' -prune -o \( -name '*.ts' -o -name '*.tsx' \) -print -quit)" ]; then
    echo "tsc -p $project"
    npx tsc -p "$project" || status=1
  fi
done
exit $status
