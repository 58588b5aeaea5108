#!/usr/bin/env bash
# The end-to-end layer drives Debian's Chromium (npm packages cannot download browsers here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "Chromium present: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi
echo "installing Debian's chromium package (about a minute)..."
export DEBIAN_FRONTEND=noninteractive
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update -q
$sudo_cmd apt-get install -y -q chromium
