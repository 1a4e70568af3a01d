#!/usr/bin/env bash
# An encrypted backup of this kiosk now, and its off-site copy with the erasure journal
# (deploy/README.md, "Backups"). The app already takes one on its own schedule (BACKUP_DIR=/backups,
# BACKUP_INTERVAL_HOURS, BACKUP_KEEP); run this from the host's cron or a systemd timer to take one
# more and copy it off-site every night, e.g. at 03:15:
#   15 3 * * *  cd /srv/pizzakiosken/deploy && ./backup.sh >>/var/log/pizzakiosken-backup.log 2>&1
#
# The archive is the app's own (dist/scripts/backup.js, api/backup): the events as stored (personal
# fields sealed), the key store (secret, keys, erasure record) and, on the one-kiosk path, the
# web-push pair and session secret, encrypted with AES-256-GCM under the passphrase of the Compose
# secret backup_passphrase, mode 0600, written to the external volume mounted at /backups. Its
# name has the scheduled backups' pattern, so the rotation (the newest BACKUP_KEEP) covers it too.
#
# With BACKUP_OFFSITE set (an rsync destination such as user@host:pizzakiosken/), the new archive
# AND the erasure journal erasures.ndjson are copied there. The journal lists every customer erased
# (ids and key serials, nothing personal): a restore re-applies the erasures made after the
# archive from it, and without it a restore stops rather than bring erased customers back
# (scripts/restore.ts). The auditors' plain export is another script: audit-export.sh.
#
# Works on both paths: the one-kiosk compose.yaml (service app) and the cluster path
# (COMPOSE_FILE=compose.cluster.yaml in .env; service worker).
set -euo pipefail
cd "$(dirname "$0")"
# Only the BACKUP_ settings are read from .env (compose's .env is not a shell file).
setting() { sed -n "s/^$1=//p" .env 2>/dev/null | tail -n 1; }
BACKUP_OFFSITE="${BACKUP_OFFSITE:-$(setting BACKUP_OFFSITE)}"

compose() { docker compose "$@"; }
# The service that takes the backups: the cluster's worker, or the one-kiosk app.
service=app
if compose config --services | grep -qx worker; then service=worker; fi
in_app() { compose exec -T "$service" "$@"; }

# The scheduled backups' name (api/backup/schedule.ts backupName): UTC time to the millisecond.
name="pizzakiosken-$(date -u +%Y%m%dT%H%M%S%3NZ).backup"
# Consistent up to the log's head when it starts, taken while the kiosk runs.
in_app node dist/scripts/backup.js "/backups/$name"
echo "backup: /backups/$name"

if [ -n "${BACKUP_OFFSITE:-}" ]; then
  dir="$(mktemp -d)"
  trap 'rm -rf "$dir"' EXIT
  chmod 700 "$dir"
  # Still encrypted: only the archive travels, never the passphrase.
  in_app cat "/backups/$name" >"$dir/$name"
  # The erasure journal as it stands now (the backup made it if there was none): it only grows,
  # so the newest copy off-site serves every archive there.
  in_app cat /backups/erasures.ndjson >"$dir/erasures.ndjson"
  chmod 600 "$dir/$name" "$dir/erasures.ndjson"
  rsync -t "$dir/$name" "$dir/erasures.ndjson" "${BACKUP_OFFSITE%/}/"
  echo "backup: copied $name and erasures.ndjson to ${BACKUP_OFFSITE%/}/"
fi
