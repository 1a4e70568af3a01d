#!/usr/bin/env bash
# The auditors' export (deploy/README.md, "Backup and restore"): every event as NDJSON with the
# customers' fields readable (erased ones "[raderad]"), for an auditor or a move between engines.
# Not a backup: it holds personal data in plain text and no keys, and restoring it brings back no
# erasure made after it. Written 0600 in /backups/audit of the app (one-kiosk path) or the worker
# (cluster path); copy it out only to the auditor, and delete it once it has served:
#   ./audit-export.sh                     # prints the file's path in the volume
#   docker compose cp app:/backups/audit/events-2026-11-24.ndjson .    # worker: on the cluster path
set -euo pipefail
cd "$(dirname "$0")"
service=app
if docker compose config --services | grep -qx worker; then service=worker; fi
file="/backups/audit/events-$(date -u +%Y-%m-%dT%H%M%SZ).ndjson"
docker compose exec -T "$service" sh -c 'umask 077 && mkdir -p /backups/audit'
docker compose exec -T "$service" node dist/scripts/eventsExport.js "$file"
echo "audit export (personal data, 0600): $file"
