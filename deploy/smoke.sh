#!/usr/bin/env bash
# Smoke test of the production stack, for a host with Docker (compose 2.24 or later):
#   deploy/smoke.sh            build, start, test, remove everything it made
#   KEEP=1 deploy/smoke.sh     leave the stack running to look around
# It starts the cluster path (compose.cluster.yaml) under its own project name with a mail catcher and a push service, books
# on one API process and confirms through the other, goes through Caddy (the live stream
# unbuffered), then covers a reminder, the waitlist, a reschedule, a web push and an erasure; kills
# the worker (the mail and push sender) and one API process in the middle of a rush of bookings,
# brings them back, and checks that every accepted booking is on every process exactly once and
# that no mail arrived twice; finally it runs the restore drill of deploy/README.md (export, empty
# stores, import) and checks all of that again. Exit 0 only then. Every HTTP call is to a route of
# the OpenAPI document (test/smokeRoutes.test.ts).
set -euo pipefail
cd "$(dirname "$0")"

export COMPOSE_PROJECT_NAME=pizzakiosken-smoke
# Throwaway secrets (written as compose.cluster.yaml's secret files below): this stack lives for the
# length of the run.
# A VAPID pair as web-push makes them: the raw P-256 private scalar and public point, base64url.
vapid_pem="$(openssl ecparam -name prime256v1 -genkey -noout)"
b64url() { base64 | tr '+/' '-_' | tr -d '=\n'; }
export VAPID_PRIVATE_KEY="$(printf '%s\n' "$vapid_pem" | openssl ec -outform DER 2>/dev/null | tail -c +8 | head -c 32 | b64url)"
export VAPID_PUBLIC_KEY="$(printf '%s\n' "$vapid_pem" | openssl ec -pubout -outform DER 2>/dev/null | tail -c 65 | b64url)"
export ADMIN_EMAIL=smoke@pizzakiosken.test
# The mail catcher takes mail without a sign-in: no SMTP password.
export SMTP_URL=smtp://mailpit:1025
export SMTP_PASSWORD_FILE=
export MAIL_FROM='Pizzakiosken <smoke@pizzakiosken.test>'
export SITE_DOMAIN=pizzakiosken.test
export PUBLIC_URL=http://pizzakiosken.test
# A backup volume of its own (compose.cluster.yaml's is external: made here, removed at the end).
export BACKUP_VOLUME=pizzakiosken-smoke-backups

compose() { docker compose -f compose.cluster.yaml -f smoke/compose.smoke.yaml "$@"; }
state="$(mktemp -d)"
chmod 777 "$state" # the app image runs as the unprivileged node user
export SMOKE_STATE="$state"
cleanup() {
  if [ "${KEEP:-0}" = 1 ]; then
    echo "KEEP=1: the stack is still running (docker compose -p $COMPOSE_PROJECT_NAME ...)"
  else
    compose down --volumes --remove-orphans >/dev/null 2>&1 || true
    docker volume rm "$BACKUP_VOLUME" >/dev/null 2>&1 || true
    rm -rf "$state"
  fi
}
trap cleanup EXIT
docker volume create "$BACKUP_VOLUME" >/dev/null
# Throwaway secrets, one file each (compose.cluster.yaml's secrets): the backup passphrase, the session
# secret, the first admin's password (smoke/smoke.mjs signs in with it), the app's MongoDB
# user's password and the administrator's; the SMTP password's file is never read (above).
openssl rand -hex 16 >"$state/backup_passphrase"
openssl rand -base64 32 >"$state/session_secret"
echo "smoke-$(openssl rand -hex 12)" >"$state/admin_password"
echo "smoke$(openssl rand -hex 12)" >"$state/mongo_password"
echo "smoke$(openssl rand -hex 12)" >"$state/mongo_root_password"
: >"$state/smtp_password"
chmod 644 "$state/backup_passphrase" "$state/session_secret" "$state/admin_password" "$state/mongo_password" \
  "$state/mongo_root_password" "$state/smtp_password"
export BACKUP_PASSPHRASE_SECRET="$state/backup_passphrase"
export SESSION_SECRET_SECRET="$state/session_secret"
export ADMIN_PASSWORD_SECRET="$state/admin_password"
export MONGO_PASSWORD_SECRET="$state/mongo_password"
export MONGO_ROOT_PASSWORD_SECRET="$state/mongo_root_password"
export SMTP_PASSWORD_SECRET="$state/smtp_password"

# The push service's certificate, under a CA of the smoke's own that the worker trusts
# (NODE_EXTRA_CA_CERTS in smoke/compose.smoke.yaml), for the name push-sink.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=smoke-ca \
  -keyout "$state/push-ca.key" -out "$state/push-ca.pem" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj /CN=push-sink \
  -keyout "$state/push-sink.key" -out "$state/push-sink.csr" 2>/dev/null
printf 'subjectAltName=DNS:push-sink\n' >"$state/push-sink.ext"
openssl x509 -req -in "$state/push-sink.csr" -CA "$state/push-ca.pem" -CAkey "$state/push-ca.key" -CAcreateserial \
  -days 1 -extfile "$state/push-sink.ext" -out "$state/push-sink.pem" 2>/dev/null
chmod 644 "$state"/*

# The HTTP checks run in a one-off container of the app image on the compose network.
smoke() {
  compose run --rm --no-deps -T \
    -v "$state:/state" -v "$PWD/smoke/smoke.mjs:/smoke/smoke.mjs:ro" \
    --entrypoint node worker /smoke/smoke.mjs "$@"
}

echo "== starting the stack (build, health checks)"
compose up -d --build --wait

echo "== book on one API process, confirm through the other"
smoke first

echo "== through Caddy: ready, the booking page, the live stream unbuffered"
smoke proxy

for phase in reminder waitlist reschedule push erasure; do
  echo "== $phase"
  smoke "$phase"
done

echo "== rush, killing the worker and one API replica in the middle of it"
smoke rush &
rush=$!
sleep 2
compose kill -s SIGKILL worker api-2 >/dev/null
echo "   killed the worker and api-2"
wait "$rush"
compose up -d --wait

echo "== nothing lost, nothing twice"
smoke check

# The restore drill of deploy/README.md ("Restore drill"), steps 1 to 6, on this stack. Mailpit
# keeps running: after the restore no mail of the past may arrive again.
echo "== restore drill: encrypted backup, empty stores, restore"
compose exec -T worker node dist/scripts/backup.js /backups/drill.backup
compose stop caddy api-1 api-2 worker
compose rm -f -s -v eventstore mongo
docker volume rm "${COMPOSE_PROJECT_NAME}_eventstore-data" "${COMPOSE_PROJECT_NAME}_eventstore-logs" "${COMPOSE_PROJECT_NAME}_mongo-data"
compose up -d --wait eventstore mongo
compose run --rm --no-deps -T worker node dist/scripts/restore.js /backups/drill.backup --by "$ADMIN_EMAIL"
compose up -d --wait
smoke restored
echo "smoke: OK"
