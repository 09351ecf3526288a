#!/usr/bin/env bash
# Installs Debian's nginx when it is missing: the rolling-restart test (api/tests/api/rolling.rs)
# runs it as the proxy in front of two EduHub processes.
set -euo pipefail
# Root's PATH has /usr/sbin, where Debian puts nginx; another user's may not.
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
echo "installing nginx"
export DEBIAN_FRONTEND=noninteractive
# apt's chatter is shown only when a step fails.
log=$(mktemp)
made_policy=
trap 'rm -f "$log"; if [ -n "$made_policy" ]; then rm -f /usr/sbin/policy-rc.d; fi' EXIT
# The package's install script starts the system nginx (port 80) unless policy-rc.d forbids it;
# the test runs its own, so none is wanted (a Docker image usually has this file already).
if [ ! -e /usr/sbin/policy-rc.d ]; then
  made_policy=1
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
fi
apt-get update -qq >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
# nginx-light (Debian 12) is the core plus one module; later Debian releases only have nginx.
package=nginx
if apt-cache show nginx-light >/dev/null 2>&1; then package=nginx-light; fi
apt-get install -y -qq --no-install-recommends "$package" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
