#!/bin/bash
# Install the kiosk on this PC: the built daemon and UI under /opt/kiosk, the two systemd units,
# the daemon's user, /etc/kiosk/{daemon,browser}.env (created once, never overwritten) and the
# browser's managed policy in /etc/chromium/policies/managed/ (rewritten from those settings).
#
#   npm ci && npm run build          # first, in the repository
#   sudo systemd/install.sh [--facility ID] [--browser-user USER] [--no-start] [--dry-run]
#
# Safe to run again for an update: code and units are replaced, settings and the log spool kept.
set -euo pipefail

PREFIX=/opt/kiosk
FACILITY=demo
BROWSER_USER=kiosk
START=1
DRY_RUN=0
while [ $# -gt 0 ]; do
  case "$1" in
    --facility) FACILITY="$2"; shift 2 ;;
    --browser-user) BROWSER_USER="$2"; shift 2 ;;
    --no-start) START=0; shift ;;
    --dry-run) DRY_RUN=1; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "Unknown option: $1 (see --help)" >&2; exit 2 ;;
  esac
done

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
UNIT_DIR=/etc/systemd/system
CONF_DIR=/etc/kiosk

run() {
  if [ "$DRY_RUN" = 1 ]; then echo "+ $*"; else "$@"; fi
}

fail() { echo "install.sh: $*" >&2; exit 1; }

[ "$DRY_RUN" = 1 ] || [ "$(id -u)" = 0 ] || fail "run as root (sudo), or with --dry-run to see the steps"
[[ "$FACILITY" =~ ^[A-Za-z0-9_-]+$ ]] || fail "--facility must be letters, digits, - or _"
[ -f "$REPO/daemon/dist/main.js" ] || fail "daemon/dist/main.js is missing: run 'npm ci && npm run build' first"
[ -f "$REPO/kiosk-ui/dist/index.html" ] || fail "kiosk-ui/dist is missing: run 'npm run build' first"
[ -d "$REPO/node_modules" ] || fail "node_modules is missing: run 'npm ci' first"
[ -x /usr/bin/node ] || fail "/usr/bin/node not found (the unit runs /usr/bin/node; Node >= 20.19)"

echo "Installing the kiosk from $REPO into $PREFIX (facility $FACILITY)"

# The daemon's own user: no login, no home, nothing else runs as it.
if ! id kiosk-daemon >/dev/null 2>&1; then
  run useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin kiosk-daemon
fi

# Code: replaced as a whole, owned by root, read-only to the services.
run mkdir -p "$PREFIX"
for part in package.json node_modules shared-types daemon kiosk-ui systemd; do
  run rm -rf "$PREFIX/$part.new"
  run cp -a "$REPO/$part" "$PREFIX/$part.new"
  run rm -rf "$PREFIX/$part"
  run mv "$PREFIX/$part.new" "$PREFIX/$part"
done
run chown -R root:root "$PREFIX"
run chmod -R u=rwX,go=rX "$PREFIX"

# Settings: created once with a fresh support token; an update keeps what the operator set.
run mkdir -p "$CONF_DIR"
if [ ! -f "$CONF_DIR/daemon.env" ]; then
  token="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  if [ "$DRY_RUN" = 1 ]; then
    echo "+ write $CONF_DIR/daemon.env (facility $FACILITY, new KIOSK_HEALTH_TOKEN)"
  else
    cat > "$CONF_DIR/daemon.env" <<ENV
# Kiosk daemon settings (all settings: the Configuration table of README.md). Check, then restart:
#   node /opt/kiosk/daemon/dist/check-config.js --file /etc/kiosk/daemon.env
#   systemctl restart kiosk-daemon
KIOSK_FACILITY_ID=$FACILITY
# The facility's operator API (with its versioned application path) and its key: uncomment and
# fill in both. The daemon does not start until they are set (the check-config line above says what is missing).
#KIOSK_UPSTREAM_URL=https://operator.example.com/api/v1
#KIOSK_API_KEY=
# Or, for a demo kiosk on the embedded sandbox and simulated devices (no real rentals or
# payments; the screen shows a DEMO mark), instead of the two lines above:
#KIOSK_SANDBOX=on
# Logging application (the sandbox plays it in a demo).
#KIOSK_LOG_URL=https://logging.example.com/applications/logging/log
KIOSK_CARD_READER_URL=http://127.0.0.1:9002
# Operator hosts of signing pages, identity upload, documents and media, comma-separated. The
# browser's policy allows these only: run install.sh again after a change.
KIOSK_CONTENT_ORIGINS=
KIOSK_SUPPORT_HOST=0.0.0.0
KIOSK_SUPPORT_PORT=9100
KIOSK_HEALTH_TOKEN=$token
# Restart the kiosk browser when no page has been heard for this long (0 = never); allowed by
# /etc/polkit-1/rules.d/50-kiosk-browser-restart.rules.
KIOSK_BROWSER_RESTART_AFTER_SECONDS=300
# The source commit, for kiosk_build_info and the support bundle (rewritten by each install).
KIOSK_BUILD_COMMIT=
LOG_LEVEL=info
ENV
  fi
fi
if [ ! -f "$CONF_DIR/browser.env" ]; then
  if [ "$DRY_RUN" = 1 ]; then
    echo "+ write $CONF_DIR/browser.env (KIOSK_URL=http://127.0.0.1:8080/$FACILITY)"
  else
    printf 'KIOSK_URL=http://127.0.0.1:8080/%s\nDISPLAY=:0\nXAUTHORITY=/home/%s/.Xauthority\n' "$FACILITY" "$BROWSER_USER" > "$CONF_DIR/browser.env"
  fi
fi
# The browser's managed policy (docs/kiosk-browser.md), rewritten on every run from the kiosk URL and
# KIOSK_CONTENT_ORIGINS: only the kiosk and the operator's content hosts load; the password manager,
# autofill, downloads, printing, developer tools, new windows and permission prompts are off.
setting() { # setting NAME FILE: the last NAME=value in FILE, without surrounding quotes
  local value
  value="$(sed -n "s/^$1=//p" "$2" 2>/dev/null | tail -n 1)"
  value="${value%\"}"; value="${value#\"}"; value="${value%\'}"; value="${value#\'}"
  printf '%s' "$value"
}
POLICY_DIR=/etc/chromium/policies/managed
kiosk_url="$(setting KIOSK_URL "$CONF_DIR/browser.env")"
policy_args=(--url "${kiosk_url:-http://127.0.0.1:8080/$FACILITY}")
content_origins="$(setting KIOSK_CONTENT_ORIGINS "$CONF_DIR/daemon.env")"
[ -n "$content_origins" ] && policy_args+=(--content-origin "$content_origins")
if [ "$DRY_RUN" = 1 ]; then
  echo "+ write $POLICY_DIR/storage-kiosk.json (scripts/browser-policy.mjs ${policy_args[*]})"
else
  mkdir -p "$POLICY_DIR"
  /usr/bin/node "$REPO/scripts/browser-policy.mjs" "${policy_args[@]}" > "$POLICY_DIR/storage-kiosk.json.new"
  chmod 0644 "$POLICY_DIR/storage-kiosk.json.new"
  mv "$POLICY_DIR/storage-kiosk.json.new" "$POLICY_DIR/storage-kiosk.json"
fi

# The commit being installed, shown by kiosk_build_info and the support bundle.
commit="$(git -C "$REPO" rev-parse --short=12 HEAD 2>/dev/null || true)"
if [ -n "$commit" ] && [ "$DRY_RUN" = 0 ] && [ -f "$CONF_DIR/daemon.env" ]; then
  if grep -q '^KIOSK_BUILD_COMMIT=' "$CONF_DIR/daemon.env"; then
    sed -i "s/^KIOSK_BUILD_COMMIT=.*/KIOSK_BUILD_COMMIT=$commit/" "$CONF_DIR/daemon.env"
  else
    echo "KIOSK_BUILD_COMMIT=$commit" >> "$CONF_DIR/daemon.env"
  fi
fi
# The token and API key are secrets: readable by root and the daemon's group only.
run chown root:kiosk-daemon "$CONF_DIR/daemon.env"
run chmod 0640 "$CONF_DIR/daemon.env"

# Units (paths inside them are /opt/kiosk).
run install -m 0644 "$REPO/systemd/kiosk-daemon.service" "$UNIT_DIR/kiosk-daemon.service"
sed_user="s/^User=kiosk\$/User=$BROWSER_USER/"
if [ "$DRY_RUN" = 1 ]; then
  echo "+ install kiosk-browser.service (User=$BROWSER_USER)"
else
  sed -e "$sed_user" "$REPO/systemd/kiosk-browser.service" > "$UNIT_DIR/kiosk-browser.service"
  chmod 0644 "$UNIT_DIR/kiosk-browser.service"
fi
run systemctl daemon-reload
# The daemon may restart the browser unit, and only that (the rule names the unit, verb and user).
if [ -d /etc/polkit-1/rules.d ] || [ "$DRY_RUN" = 1 ]; then
  run install -m 0644 "$REPO/systemd/polkit/50-kiosk-browser-restart.rules" /etc/polkit-1/rules.d/50-kiosk-browser-restart.rules
else
  echo "Note: polkit is not installed (apt-get install polkitd); the daemon cannot restart a dead screen's browser." >&2
fi

run systemctl enable kiosk-daemon.service
if id "$BROWSER_USER" >/dev/null 2>&1; then
  run systemctl enable kiosk-browser.service
else
  echo "Note: user '$BROWSER_USER' does not exist; kiosk-browser.service is installed but not enabled." >&2
  echo "      Create the kiosk's desktop (auto-login) user, then: systemctl enable --now kiosk-browser" >&2
fi

# A daemon that would refuse its settings is not started: the operator is told what to set.
settings_ok=1
if [ "$DRY_RUN" = 1 ]; then
  echo "+ node $PREFIX/daemon/dist/check-config.js --file $CONF_DIR/daemon.env"
elif ! /usr/bin/node "$PREFIX/daemon/dist/check-config.js" --file "$CONF_DIR/daemon.env"; then
  settings_ok=0
  echo "Note: fix $CONF_DIR/daemon.env as said above, then: systemctl restart kiosk-daemon kiosk-browser" >&2
fi

if [ "$START" = 1 ] && [ "$settings_ok" = 1 ]; then
  run systemctl restart kiosk-daemon.service
  if id "$BROWSER_USER" >/dev/null 2>&1; then run systemctl restart kiosk-browser.service; fi
fi

echo "Done. Status: systemctl status kiosk-daemon kiosk-browser; logs: journalctl -u kiosk-daemon -f"
echo "Support token: /etc/kiosk/daemon.env (KIOSK_HEALTH_TOKEN)"
