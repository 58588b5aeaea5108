#!/usr/bin/env bash
# `npm start`: on the Node LTS pinned in .node-version (fetched from the npm
# registry when this machine's Node is another), installs what is missing and
# starts the messenger with its embedded default (scripts/start.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/node-env.sh
source scripts/node-env.sh
exec node scripts/start.mjs "$@"
