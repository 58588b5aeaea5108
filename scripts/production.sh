#!/usr/bin/env bash
# The production messenger, from the output of `npm run build`: no TypeScript,
# no development package, and never a build.
#   npm run start:prod                    serves (scripts/production.sh serve)
#   npm run messenger:prod -- COMMAND     the command line (migrate, import, backup, ...)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/node-env.sh
source scripts/node-env.sh
for built in packages/server/dist/main.js packages/server/dist/cli.js packages/web/dist/index.html; do
  if [ ! -e "$built" ]; then
    echo "production: $built is missing; run \`npm run build\` (with the development packages) first" >&2
    exit 1
  fi
done
export NODE_ENV="${NODE_ENV:-production}"
if [ "${1:-}" = "serve" ]; then
  exec node --enable-source-maps packages/server/dist/main.js
fi
exec node --enable-source-maps packages/server/dist/cli.js "$@"
