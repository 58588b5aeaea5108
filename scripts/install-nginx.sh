#!/usr/bin/env bash
# The cluster end-to-end test puts Debian's nginx in front of two nodes (deploy/nginx/).
# Only the binary is needed: the test runs its own nginx as this user, on loopback.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  echo "nginx present: $( (nginx -v 2>&1 || /usr/sbin/nginx -v 2>&1) | head -1)"
  exit 0
fi
echo "installing Debian's nginx package (about 10 seconds)..."
export DEBIAN_FRONTEND=noninteractive
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update -q
# The package's own service is not wanted: the test starts nginx itself.
$sudo_cmd apt-get install -y -q --no-install-recommends nginx
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet nginx 2>/dev/null; then
  $sudo_cmd systemctl disable --now nginx || true
fi
