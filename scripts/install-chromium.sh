#!/usr/bin/env bash
# The end-to-end layer drives Debian's Chromium (npm packages cannot download browsers here),
# with Debian's colour emoji font: the screenshot baselines (e2e/baselines) and the README's
# screenshots show emoji as people see them, and the same on every machine that runs the tests.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]; then
  echo "Chromium present: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium), with the emoji font"
  exit 0
fi
echo "installing Debian's chromium and fonts-noto-color-emoji packages (about a minute)..."
export DEBIAN_FRONTEND=noninteractive
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update -q
$sudo_cmd apt-get install -y -q chromium fonts-noto-color-emoji
