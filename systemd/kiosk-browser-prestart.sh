#!/bin/bash
# Run by kiosk-browser.service before Chromium starts:
#  1. wait until the kiosk daemon accepts connections at the URL's host and port (up to 60 s), so
#     the first screen is never a connection error page;
#  2. mark the profile as cleanly exited, so a crash or power cut never shows Chromium's
#     "didn't shut down correctly" restore bar (the flags cover most cases; this covers the rest).
# Needs nothing but bash and sed.
set -u
url="${1:-http://127.0.0.1:8080/}"
profile="${2:-/var/lib/kiosk-browser/profile}"
timeout_s="${KIOSK_WAIT_SECONDS:-60}"

hostport="${url#*://}"
hostport="${hostport%%/*}"
host="${hostport%:*}"
port="${hostport##*:}"
[ "$port" = "$hostport" ] && port=80
host="${host#[}"
host="${host%]}"

preferences="${profile}/Default/Preferences"
if [ -f "$preferences" ]; then
  sed -i -e 's/"exited_cleanly":false/"exited_cleanly":true/' -e 's/"exit_type":"[A-Za-z]*"/"exit_type":"Normal"/' "$preferences" || true
fi

for ((i = 0; i < timeout_s * 2; i++)); do
  if (exec 3<>"/dev/tcp/${host}/${port}") 2>/dev/null; then
    exit 0
  fi
  sleep 0.5
done
echo "kiosk daemon not reachable at ${host}:${port} after ${timeout_s} s" >&2
exit 1
