#!/bin/bash
# Install the kiosk on this PC from this checkout: build the Debian package and install it with apt
# (which pulls in Node, Chromium, espeak-ng, ...). Settings are kept by later installs; the package
# is what a fleet installs too (docs/fleet.md).
#
#   sudo systemd/install.sh [--dry-run]
#
# Then set the facility and the operator API in /etc/storage-kiosk/daemon.env (API key in
# /etc/storage-kiosk/secrets.env), check with `storage-kiosk check-config` and
# `systemctl restart kiosk-daemon`.
set -euo pipefail

DRY_RUN=0
case "${1:-}" in
  --dry-run) DRY_RUN=1 ;;
  -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
  "") ;;
  *) echo "Unknown option: $1 (see --help)" >&2; exit 2 ;;
esac
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
run() { if [ "$DRY_RUN" = 1 ]; then echo "+ $*"; else "$@"; fi; }

[ "$DRY_RUN" = 1 ] || [ "$(id -u)" = 0 ] || { echo "install.sh: run as root (sudo), or with --dry-run" >&2; exit 1; }
cd "$REPO"
run npm ci --no-audit --no-fund
run npm run package
deb="$(ls -t "$REPO"/dist/storage-kiosk_*.deb 2>/dev/null | head -n 1 || true)"
run apt-get install -y "${deb:-$REPO/dist/storage-kiosk_<version>_<arch>.deb}"
