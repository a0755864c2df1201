#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine, then runs every check:
# typecheck, layer rule, unit + property tests, production build, Playwright e2e in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Chromium from Debian (apt)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
echo "== npm ci"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=warn
echo "== checks"
CI=1 npm run check
