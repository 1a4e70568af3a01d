#!/usr/bin/env bash
# The scheduled encrypted backup of this stack (deploy/README.md, "Backup and restore"), run by
# the host's cron or a systemd timer, e.g. every night at 03:15:
#   15 3 * * *  cd /srv/pizzakiosken/deploy && ./backup.sh >>/var/log/pizzakiosken-backup.log 2>&1
#
# The app's own scheduled backups (BACKUP_DIR) cover the embedded SQLite store only and this stack
# refuses BACKUP_DIR; here the backup is the export of every event (dist/scripts/eventsExport.js),
# which alone restores a kiosk: it carries each customer's fields readable (erased ones as
# "[raderad]"), and the import seals them again under the key store at hand. So it is encrypted
# at once, with the passphrase BACKUP_PASSPHRASE from .env (openssl, AES-256-CBC, PBKDF2 with
# 600,000 iterations), and the readable export is deleted. The archive goes to the external
# volume mounted at /backups in the worker (pizzakiosken-backups); the newest BACKUP_KEEP (7)
# stay. With BACKUP_OFFSITE set (an rsync destination such as user@host:pizzakiosken/), each new
# archive is copied there too.
set -euo pipefail
cd "$(dirname "$0")"
# Only the BACKUP_ settings are read from .env (compose's .env is not a shell file).
setting() { sed -n "s/^$1=//p" .env 2>/dev/null | tail -n 1; }
BACKUP_PASSPHRASE="${BACKUP_PASSPHRASE:-$(setting BACKUP_PASSPHRASE)}"
BACKUP_OFFSITE="${BACKUP_OFFSITE:-$(setting BACKUP_OFFSITE)}"
BACKUP_KEEP="${BACKUP_KEEP:-$(setting BACKUP_KEEP)}"
export BACKUP_PASSPHRASE
: "${BACKUP_PASSPHRASE:?set BACKUP_PASSPHRASE in .env (at least 12 characters; keep a copy away from this host)}"
keep="${BACKUP_KEEP:-7}"
name="pizzakiosken-$(date -u +%Y%m%dT%H%M%SZ)"

compose() { docker compose "$@"; }
in_worker() { compose exec -T worker "$@"; }

# The readable export goes whatever happens next.
trap 'in_worker rm -f "/backups/$name.ndjson" || true' EXIT
# Consistent up to the position it names, taken while the kiosk runs.
in_worker node dist/scripts/eventsExport.js "/backups/$name.ndjson"
# Encrypted on the way out and back in: the readable export never leaves the volume.
in_worker cat "/backups/$name.ndjson" |
  openssl enc -aes-256-cbc -pbkdf2 -iter 600000 -salt -pass env:BACKUP_PASSPHRASE |
  in_worker sh -c "cat > /backups/$name.ndjson.enc"
in_worker rm -f "/backups/$name.ndjson"
echo "backup: /backups/$name.ndjson.enc"

# The newest $keep archives stay.
in_worker sh -c "ls -1 /backups/pizzakiosken-*.ndjson.enc | sort | head -n -$keep | xargs -r rm -f"

if [ -n "${BACKUP_OFFSITE:-}" ]; then
  tmp="$(mktemp)"
  trap 'rm -f "$tmp"' EXIT
  in_worker cat "/backups/$name.ndjson.enc" >"$tmp"
  rsync -t "$tmp" "${BACKUP_OFFSITE%/}/$name.ndjson.enc"
  echo "backup: copied to ${BACKUP_OFFSITE%/}/$name.ndjson.enc"
fi
