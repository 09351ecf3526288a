#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing (a test tool's own browser
# download does not work here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "installing chromium"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
