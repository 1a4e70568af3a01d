#!/usr/bin/env bash
# An encrypted backup of this stack now, and its off-site copy (deploy/README.md, "Backup and
# restore"). The worker already takes one on its own schedule (BACKUP_DIR=/backups,
# BACKUP_INTERVAL_HOURS, BACKUP_KEEP in compose.yaml); run this from the host's cron or a systemd
# timer to copy the newest off-site every night, e.g. at 03:15:
#   15 3 * * *  cd /srv/pizzakiosken/deploy && ./backup.sh >>/var/log/pizzakiosken-backup.log 2>&1
#
# The archive is the app's own (dist/scripts/backup.js, api/backup): the events as stored (personal
# fields sealed), the key store of MONGODB_KEYS_DB (secret, keys, erasure record), encrypted with
# AES-256-GCM under the passphrase of the Compose secret backup_passphrase, mode 0600, written
# to the external volume mounted at /backups in the worker. Nothing readable leaves the container.
# Its name has the scheduled backups' pattern, so the worker's rotation (the newest BACKUP_KEEP)
# covers it too. With BACKUP_OFFSITE set (an rsync destination such as user@host:pizzakiosken/),
# the new archive is copied there. The auditors' plain export is another script: audit-export.sh.
set -euo pipefail
cd "$(dirname "$0")"
# Only the BACKUP_ settings are read from .env (compose's .env is not a shell file).
setting() { sed -n "s/^$1=//p" .env 2>/dev/null | tail -n 1; }
BACKUP_OFFSITE="${BACKUP_OFFSITE:-$(setting BACKUP_OFFSITE)}"

compose() { docker compose "$@"; }
in_worker() { compose exec -T worker "$@"; }

# The scheduled backups' name (api/backup/schedule.ts backupName): UTC time to the millisecond.
name="pizzakiosken-$(date -u +%Y%m%dT%H%M%S%3NZ).backup"
# Consistent up to the log's head when it starts, taken while the kiosk runs.
in_worker node dist/scripts/backup.js "/backups/$name"
echo "backup: /backups/$name"

if [ -n "${BACKUP_OFFSITE:-}" ]; then
  tmp="$(mktemp)"
  trap 'rm -f "$tmp"' EXIT
  # Still encrypted: only the archive travels, never the passphrase.
  in_worker cat "/backups/$name" >"$tmp"
  chmod 600 "$tmp"
  rsync -t "$tmp" "${BACKUP_OFFSITE%/}/$name"
  echo "backup: copied to ${BACKUP_OFFSITE%/}/$name"
fi
