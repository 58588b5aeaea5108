#!/usr/bin/env bash
# `npm run build`: what a production start runs. The hashed web client (into a
# new folder under packages/web/builds/, swapped in as packages/web/dist) and
# the persisted GraphQL operations, then the server compiled to JavaScript
# (packages/server/dist/main.js and cli.js). Needs the development packages;
# the production start (`npm run start:prod`) needs only `npm ci --omit=dev`.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/node-env.sh
source scripts/node-env.sh
npm run --silent -w @messenger/web build
npm run --silent -w @messenger/server build
